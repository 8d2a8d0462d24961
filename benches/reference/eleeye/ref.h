// Reference build of ElephantEye's PGN reader (xqbase/eleeye, LGPL-2.1): cchess/pgnfile.cpp with the
// parts of eleeye/pregen.cpp, position.cpp, genmoves.cpp and cchess/cchess.cpp that Read() runs.
// Transcribed for timing only (benches/reading.rs builds it with the system C++ compiler); never
// linked into qipu. See README.md beside it.
// ElephantEye, designed by Morning Yellow, Copyright (C) 2004 onwards www.elephantbase.net (now
// www.xqbase.com). This library is free software; you can redistribute it and/or modify it under
// the terms of the GNU Lesser General Public License as published by the Free Software
// Foundation; either version 2.1 of the License, or (at your option) any later version. It is
// distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without even the
// implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the GNU Lesser
// General Public License for more details.
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <strings.h>

template <typename T> inline T MIN(T a, T b) { return a < b ? a : b; }
template <typename T> inline T ABS(T a) { return a < 0 ? -a : a; }
template <typename T> inline void SWAP(T &a, T &b) { T t = a; a = b; b = t; }
inline int Bsf(uint32_t v) { return __builtin_ctz(v); }

struct RC4Struct {
  uint8_t s[256]; int x, y;
  void Init(void *lpKey, int nKeyLen) {
    int i, j; x = y = j = 0;
    for (i = 0; i < 256; i ++) s[i] = i;
    for (i = 0; i < 256; i ++) { j = (j + s[i] + ((uint8_t *) lpKey)[i % nKeyLen]) & 255; SWAP(s[i], s[j]); }
  }
  void InitZero(void) { uint32_t k = 0; Init(&k, 4); }
  uint8_t NextByte(void) { x = (x + 1) & 255; y = (y + s[x]) & 255; SWAP(s[x], s[y]); return s[(s[x] + s[y]) & 255]; }
  uint32_t NextLong(void) { union { uint8_t uc[4]; uint32_t dw; } r; r.uc[0] = NextByte(); r.uc[1] = NextByte(); r.uc[2] = NextByte(); r.uc[3] = NextByte(); return r.dw; }
};

const int RANK_TOP = 3, RANK_BOTTOM = 12, FILE_LEFT = 3, FILE_CENTER = 7, FILE_RIGHT = 11;
extern bool cbcInBoard[256], cbcInFort[256], cbcCanPromote[256];
extern int8_t ccLegalSpanTab[512], ccKnightPinTab[512];
inline bool IN_BOARD(int sq) { return cbcInBoard[sq]; }
inline bool IN_FORT(int sq) { return cbcInFort[sq]; }
inline bool CAN_PROMOTE(int sq) { return cbcCanPromote[sq]; }
inline int RANK_Y(int sq) { return sq >> 4; }
inline int FILE_X(int sq) { return sq & 15; }
inline int COORD_XY(int x, int y) { return x + (y << 4); }
inline int SQUARE_FLIP(int sq) { return 254 - sq; }
inline int OPP_SIDE(int sd) { return 1 - sd; }
inline int SQUARE_FORWARD(int sq, int sd) { return sq - 16 + (sd << 5); }
inline int SQUARE_BACKWARD(int sq, int sd) { return sq + 16 - (sd << 5); }
inline bool KING_SPAN(int a, int b) { return ccLegalSpanTab[b - a + 256] == 1; }
inline bool ADVISOR_SPAN(int a, int b) { return ccLegalSpanTab[b - a + 256] == 2; }
inline bool BISHOP_SPAN(int a, int b) { return ccLegalSpanTab[b - a + 256] == 3; }
inline int BISHOP_PIN(int a, int b) { return (a + b) >> 1; }
inline int KNIGHT_PIN(int a, int b) { return a + ccKnightPinTab[b - a + 256]; }
inline bool HOME_HALF(int sq, int sd) { return (sq & 0x80) != (sd << 7); }
inline bool AWAY_HALF(int sq, int sd) { return (sq & 0x80) == (sd << 7); }
inline bool SAME_HALF(int a, int b) { return ((a ^ b) & 0x80) == 0; }
inline int RANK_DISP(int y) { return y << 4; }
inline int FILE_DISP(int x) { return x; }

struct SlideMoveStruct { uint8_t ucNonCap[2], ucRookCap[2], ucCannonCap[2], ucSuperCap[2]; };
struct SlideMaskStruct { uint16_t wNonCap, wRookCap, wCannonCap, wSuperCap; };
struct ZobristStruct {
  uint32_t dwKey, dwLock0, dwLock1;
  void InitZero(void) { dwKey = dwLock0 = dwLock1 = 0; }
  void InitRC4(RC4Struct &rc4) { dwKey = rc4.NextLong(); dwLock0 = rc4.NextLong(); dwLock1 = rc4.NextLong(); }
  void Xor(const ZobristStruct &z) { dwKey ^= z.dwKey; dwLock0 ^= z.dwLock0; dwLock1 ^= z.dwLock1; }
  void Xor(const ZobristStruct &a, const ZobristStruct &b) { dwKey ^= a.dwKey ^ b.dwKey; dwLock0 ^= a.dwLock0 ^ b.dwLock0; dwLock1 ^= a.dwLock1 ^ b.dwLock1; }
};
extern struct PreGenStruct {
  ZobristStruct zobrPlayer, zobrTable[14][256];
  uint16_t wBitRankMask[256], wBitFileMask[256];
  SlideMoveStruct smvRankMoveTab[9][512], smvFileMoveTab[10][1024];
  SlideMaskStruct smsRankMaskTab[9][512], smsFileMaskTab[10][1024];
  uint8_t ucsqKingMoves[256][8], ucsqAdvisorMoves[256][8], ucsqBishopMoves[256][8], ucsqBishopPins[256][4];
  uint8_t ucsqKnightMoves[256][12], ucsqKnightPins[256][8], ucsqPawnMoves[2][256][4];
} PreGen;
extern struct PreEvalStruct { bool bPromotion; int vlAdvanced; uint8_t ucvlWhitePieces[7][256], ucvlBlackPieces[7][256]; } PreEval;
void PreGenInit(void);

const int MAX_MOVE_NUM = 1024, MAX_GEN_MOVES = 128, DRAW_MOVES = 100, REP_HASH_MASK = 4095;
const bool CHECK_LAZY = true; const int CHECK_MULTI = 48;
const int KING_TYPE = 0, ADVISOR_TYPE = 1, BISHOP_TYPE = 2, KNIGHT_TYPE = 3, ROOK_TYPE = 4, CANNON_TYPE = 5, PAWN_TYPE = 6;
const int KING_FROM = 0, ADVISOR_FROM = 1, ADVISOR_TO = 2, BISHOP_FROM = 3, BISHOP_TO = 4, KNIGHT_FROM = 5, KNIGHT_TO = 6;
const int ROOK_FROM = 7, ROOK_TO = 8, CANNON_FROM = 9, CANNON_TO = 10, PAWN_FROM = 11, PAWN_TO = 15;
const int KNIGHT_BITPIECE = (1 << KNIGHT_FROM) | (1 << KNIGHT_TO), ROOK_BITPIECE = (1 << ROOK_FROM) | (1 << ROOK_TO);
const int CANNON_BITPIECE = (1 << CANNON_FROM) | (1 << CANNON_TO);
const int PAWN_BITPIECE = (1 << PAWN_FROM) | (1 << (PAWN_FROM + 1)) | (1 << (PAWN_FROM + 2)) | (1 << (PAWN_FROM + 3)) | (1 << PAWN_TO);
const int ATTACK_BITPIECE = KNIGHT_BITPIECE | ROOK_BITPIECE | CANNON_BITPIECE | PAWN_BITPIECE;
inline uint32_t BIT_PIECE(int pc) { return 1 << (pc - 16); }
inline uint32_t BOTH_BITPIECE(int n) { return n + (n << 16); }
const int REP_NONE = 0, REP_DRAW = 1, REP_LOSS = 3, REP_WIN = 5;
inline int SIDE_TAG(int sd) { return 16 + (sd << 4); }
inline int OPP_SIDE_TAG(int sd) { return 32 - (sd << 4); }
inline int PIECE_INDEX(int pc) { return pc & 15; }
extern const char *const cszStartFen; extern const char *const cszPieceBytes; extern const int cnPieceTypes[48];
inline char PIECE_BYTE(int pt) { return cszPieceBytes[pt]; }
inline int PIECE_TYPE(int pc) { return cnPieceTypes[pc]; }
int FenPiece(int Arg);
union MoveStruct { uint32_t dwmv; struct { uint16_t wmv, wvl; }; struct { uint8_t Src, Dst; int8_t CptDrw, ChkChs; }; };
inline int SRC(int mv) { return mv & 255; }
inline int DST(int mv) { return mv >> 8; }
inline int MOVE(int a, int b) { return a + (b << 8); }
struct RollbackStruct { ZobristStruct zobr; int vlWhite, vlBlack; MoveStruct mvs; };

struct PositionStruct {
  int sdPlayer; uint8_t ucpcSquares[256]; uint8_t ucsqPieces[48]; ZobristStruct zobr;
  union { uint32_t dwBitPiece; uint16_t wBitPiece[2]; };
  uint16_t wBitRanks[16], wBitFiles[16];
  int vlWhite, vlBlack;
  int nMoveNum, nDistance; RollbackStruct rbsList[MAX_MOVE_NUM]; uint8_t ucRepHash[REP_HASH_MASK + 1];
  SlideMoveStruct *RankMovePtr(int x, int y) const { return PreGen.smvRankMoveTab[x - FILE_LEFT] + wBitRanks[y]; }
  SlideMoveStruct *FileMovePtr(int x, int y) const { return PreGen.smvFileMoveTab[y - RANK_TOP] + wBitFiles[x]; }
  SlideMaskStruct *RankMaskPtr(int x, int y) const { return PreGen.smsRankMaskTab[x - FILE_LEFT] + wBitRanks[y]; }
  SlideMaskStruct *FileMaskPtr(int x, int y) const { return PreGen.smsFileMaskTab[y - RANK_TOP] + wBitFiles[x]; }
  void ClearBoard(void) { sdPlayer = 0; memset(ucpcSquares, 0, 256); memset(ucsqPieces, 0, 48); zobr.InitZero(); dwBitPiece = 0;
    memset(wBitRanks, 0, 16 * sizeof(uint16_t)); memset(wBitFiles, 0, 16 * sizeof(uint16_t)); vlWhite = vlBlack = 0; }
  void ChangeSide(void) { sdPlayer = OPP_SIDE(sdPlayer); zobr.Xor(PreGen.zobrPlayer); }
  void SaveStatus(void) { RollbackStruct *p = rbsList + nMoveNum; p->zobr = zobr; p->vlWhite = vlWhite; p->vlBlack = vlBlack; }
  void Rollback(void) { RollbackStruct *p = rbsList + nMoveNum; zobr = p->zobr; vlWhite = p->vlWhite; vlBlack = p->vlBlack; }
  void AddPiece(int sq, int pc, bool bDel = false);
  int MovePiece(int mv); void UndoMovePiece(int mv, int pcCaptured);
  int Promote(int sq); void UndoPromote(int sq, int pcCaptured);
  bool MakeMove(int mv); void UndoMakeMove(void);
  void SetIrrev(void) { rbsList[0].mvs.dwmv = 0; rbsList[0].mvs.ChkChs = CheckedBy(); nMoveNum = 1; nDistance = 0; memset(ucRepHash, 0, REP_HASH_MASK + 1); }
  void FromFen(const char *szFen);
  bool LegalMove(int mv) const; int CheckedBy(bool bLazy = false) const; bool IsMate(void);
  MoveStruct LastMove(void) const { return rbsList[nMoveNum - 1].mvs; }
  bool CanPromote(void) const { return (wBitPiece[sdPlayer] & PAWN_BITPIECE) != PAWN_BITPIECE && LastMove().ChkChs <= 0; }
  bool IsDraw(void) const { return (!PreEval.bPromotion && (dwBitPiece & BOTH_BITPIECE(ATTACK_BITPIECE)) == 0) || -LastMove().CptDrw >= DRAW_MOVES || nMoveNum == MAX_MOVE_NUM; }
  int RepStatus(int nRecur = 1) const;
  bool Protected(int sd, int sqSrc, int sqExcept = 0) const; int ChasedBy(int mv) const;
  int MvvLva(int sqDst, int pcCaptured, int nLva) const;
  int GenCapMoves(MoveStruct *lpmvs) const; int GenNonCapMoves(MoveStruct *lpmvs) const;
};

bool TryMove(PositionStruct &pos, int &nStatus, int mv);
uint32_t Chin2File(uint64_t qwChinStr);
int File2Move(uint32_t dwFileStr, const PositionStruct &pos);
const int MOVE_ILLEGAL = 256, MOVE_INCHECK = 128, MOVE_DRAW = 64, MOVE_PERPETUAL = 8, MOVE_MATE = 4, MOVE_CHECK = 2, MOVE_CAPTURE = 1;

const int MAX_STR_LEN = 256, MAX_MOVE_LEN = 1999, MAX_COUNTER = 1000, MAX_REM_LEN = 4096;
struct PgnFileStruct {
  char szEvent[MAX_STR_LEN], szRound[MAX_STR_LEN], szDate[MAX_STR_LEN], szSite[MAX_STR_LEN];
  char szRedTeam[MAX_STR_LEN], szRed[MAX_STR_LEN], szRedElo[MAX_STR_LEN];
  char szBlackTeam[MAX_STR_LEN], szBlack[MAX_STR_LEN], szBlackElo[MAX_STR_LEN];
  char szEcco[MAX_STR_LEN], szOpen[MAX_STR_LEN], szVar[MAX_STR_LEN];
  int nMaxMove, nResult; PositionStruct posStart;
  unsigned short wmvMoveTable[MAX_MOVE_LEN]; char *szCommentTable[MAX_MOVE_LEN];
  void Init(void); PgnFileStruct(void) { Init(); } ~PgnFileStruct(void);
  void Reset(void) { this->~PgnFileStruct(); Init(); }
  bool Read(const char *szFileName, bool bNoAdvert = false);
};
inline bool StrEqv(const char *a, const char *b) { return strncasecmp(a, b, strlen(b)) == 0; }
inline bool StrEqvSkip(const char *&a, const char *b) { if (strncasecmp(a, b, strlen(b)) == 0) { a += strlen(b); return true; } return false; }
