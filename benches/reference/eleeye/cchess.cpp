// Part of the reference build of ElephantEye's PGN reader, for timing only: LGPL-2.1 or later,
// see ref.h and README.md.
#include "ref.h"
const int MAX_DIGIT = 9, MAX_PIECE = 7, MAX_DIRECT = 3, MAX_POS = 8, DIRECT_TO_POS = 5, MAX_FIX_FILE = 28;
static const char ccDirect2Byte[4] = {'+', '.', '-', ' '};
static const char ccPos2Byte[12] = {'a', 'b', 'c', 'd', 'e', '+', '.', '-', ' ', ' ', ' ', ' '};
static const uint16_t cwDigit2WordSimp[2][10] = {{0xbbd2, 0xfeb6, 0xfdc8, 0xc4cb, 0xe5ce, 0xf9c1, 0xdfc6, 0xcbb0, 0xc5be, 0xa1a1},
  {0xb1a3, 0xb2a3, 0xb3a3, 0xb4a3, 0xb5a3, 0xb6a3, 0xb7a3, 0xb8a3, 0xb9a3, 0xa1a1}};
static const uint16_t cwPiece2WordSimp[2][8] = {{0xa7cb, 0xcbca, 0xe0cf, 0xedc2, 0xb5b3, 0xdac5, 0xf8b1, 0xa1a1}, {0xabbd, 0xbfca, 0xf3cf, 0xedc2, 0xb5b3, 0xdac5, 0xe4d7, 0xa1a1}};
static const uint16_t cwDirect2WordSimp[4] = {0xf8bd, 0xbdc6, 0xcbcd, 0xa1a1};
static const uint16_t cwPos2WordSimp[10] = {0xbbd2, 0xfeb6, 0xfdc8, 0xc4cb, 0xe5ce, 0xb0c7, 0xd0d6, 0xf3ba, 0xa1a1, 0xa1a1};
static const uint16_t cwDigit2WordTrad[2][10] = {{0x40a4, 0x47a4, 0x54a4, 0x7ca5, 0xada4, 0xbba4, 0x43a4, 0x4ba4, 0x45a4, 0x40a1},
  {0xb0a2, 0xb1a2, 0xb2a2, 0xb3a2, 0xb4a2, 0xb5a2, 0xb6a2, 0xb7a2, 0xb8a2, 0x40a1}};
static const uint16_t cwPiece2WordTrad[2][8] = {{0xd3ab, 0x4ba5, 0xdbac, 0xa8b0, 0xaea8, 0xb6ac, 0x4ca7, 0x40a1}, {0x4eb1, 0x68a4, 0x48b6, 0xa8b0, 0xaea8, 0xb6ac, 0xf2a8, 0x40a1}};
static const uint16_t cwDirect2WordTrad[4] = {0x69b6, 0xada5, 0x68b0, 0x40a1};
static const uint16_t cwPos2WordTrad[10] = {0x40a4, 0x47a4, 0x54a4, 0x7ca5, 0xada4, 0x65ab, 0xa4a4, 0xe1ab, 0x40a1, 0x40a1};
static const uint32_t cdwFixFile[28] = {
  0x352d3441, 0x352b3441, 0x342d3541, 0x342b3541, 0x362d3541, 0x362b3541, 0x352d3641, 0x352b3641,
  0x332d3142, 0x332b3142, 0x312d3342, 0x312b3342, 0x352d3342, 0x352b3342, 0x332d3542, 0x332b3542,
  0x372d3542, 0x372b3542, 0x352d3742, 0x352b3742, 0x392d3742, 0x392b3742, 0x372d3942, 0x372b3942,
  0x503d3441, 0x503d3641, 0x503d3342, 0x503d3742};
static const uint8_t cucFixMove[28][2] = {
  {0xa8, 0xb7}, {0xc8, 0xb7}, {0xb7, 0xc8}, {0xb7, 0xa8}, {0xb7, 0xc6}, {0xb7, 0xa6}, {0xa6, 0xb7}, {0xc6, 0xb7},
  {0xab, 0xc9}, {0xab, 0x89}, {0x89, 0xab}, {0xc9, 0xab}, {0x89, 0xa7}, {0xc9, 0xa7}, {0xa7, 0xc9}, {0xa7, 0x89},
  {0xa7, 0xc5}, {0xa7, 0x85}, {0x85, 0xa7}, {0xc5, 0xa7}, {0x85, 0xa3}, {0xc5, 0xa3}, {0xa3, 0xc5}, {0xa3, 0x85},
  {0xc8, 0xc8}, {0xc6, 0xc6}, {0xc9, 0xc9}, {0xc5, 0xc5}};
// cucSquare2FileSq / cucFileSq2Square of cchess.cpp, filled with the same values: file-major, right to left.
static uint8_t cucSquare2FileSq[256], cucFileSq2Square[256];
void FileSqInit(void) {
  memset(cucSquare2FileSq, 0, 256); memset(cucFileSq2Square, 0, 256);
  for (int y = 3; y <= 12; y ++) for (int x = 3; x <= 11; x ++) {
    int fsq = ((11 - x) << 4) + (y - 3);
    cucSquare2FileSq[x + (y << 4)] = fsq; cucFileSq2Square[fsq] = x + (y << 4);
  }
}
inline uint8_t SQUARE_FILESQ(int sq) { return cucSquare2FileSq[sq]; }
inline uint8_t FILESQ_SQUARE(int sq) { return cucFileSq2Square[sq]; }
inline int FILESQ_RANK_Y(int sq) { return sq & 15; }
inline int FILESQ_FILE_X(int sq) { return sq >> 4; }
inline int FILESQ_COORD_XY(int x, int y) { return (x << 4) + y; }
inline int FILESQ_SIDE_PIECE(const PositionStruct &pos, int n) { int sq = pos.ucsqPieces[SIDE_TAG(pos.sdPlayer) + n]; return (sq == 0 ? -1 : pos.sdPlayer == 0 ? SQUARE_FILESQ(sq) : SQUARE_FILESQ(SQUARE_FLIP(sq))); }
inline int FIRST_PIECE(int pt, int pc) { return pt * 2 - 1 + pc; }
inline int Digit2Byte(int n) { return n + '1'; }
inline int Byte2Digit(int n) { return (n >= '1' && n <= '9' ? n - '1' : MAX_DIGIT); }
inline int Byte2Piece(int n) { return (n >= '1' && n <= '7' ? n - '1' : n >= 'A' && n <= 'Z' ? FenPiece(n) : n >= 'a' && n <= 'z' ? FenPiece(n - 'a' + 'A') : MAX_PIECE); }
inline int Byte2Direct(int n) { return (n == '+' ? 0 : n == '.' || n == '=' ? 1 : n == '-' ? 2 : 3); }
inline int Byte2Pos(int n) { return (n >= 'a' && n <= 'e' ? n - 'a' : Byte2Direct(n) + DIRECT_TO_POS); }
static int Word2Digit(int n) { int i; for (i = 0; i < MAX_DIGIT; i ++) if (n == cwDigit2WordSimp[0][i] || n == cwDigit2WordSimp[1][i] || n == cwDigit2WordTrad[0][i] || n == cwDigit2WordTrad[1][i]) break; return i; }
static int Word2Piece(int n) {
  int i;
  if (n == 0x9b8e || n == 0xa28c) return 0;
  else if (n == 0x52f1 || n == 0xd882 || n == 0x58d8) return 3;
  else if (n == 0x87dc || n == 0x8cb3 || n == 0xcfda || n == 0x6582) return 4;
  else if (n == 0xfcb0 || n == 0x5da5 || n == 0x68b3 || n == 0xa5af) return 5;
  for (i = 0; i < MAX_PIECE; i ++) if (n == cwPiece2WordSimp[0][i] || n == cwPiece2WordSimp[1][i] || n == cwPiece2WordTrad[0][i] || n == cwPiece2WordTrad[1][i]) break;
  return i;
}
static int Word2Direct(int n) { int i; if (n == 0x4ddf) return 0; for (i = 0; i < MAX_DIRECT; i ++) if (n == cwDirect2WordSimp[i] || n == cwDirect2WordTrad[i]) break; return i; }
static int Word2Pos(int n) { int i; if (n == 0xe1e1 || n == 0x5aa6) return 2 + DIRECT_TO_POS; for (i = 0; i < MAX_POS; i ++) if (n == cwPos2WordSimp[i] || n == cwPos2WordTrad[i]) break; return i; }
bool TryMove(PositionStruct &pos, int &nStatus, int mv) {
  if (!pos.LegalMove(mv)) { nStatus = MOVE_ILLEGAL; return false; }
  if (!pos.MakeMove(mv)) { nStatus = MOVE_INCHECK; return false; }
  nStatus = 0;
  nStatus += (pos.LastMove().CptDrw > 0 ? MOVE_CAPTURE : 0);
  nStatus += (pos.LastMove().ChkChs > 0 ? MOVE_CHECK : 0);
  nStatus += (pos.IsMate() ? MOVE_MATE : 0);
  nStatus += pos.RepStatus(3) * MOVE_PERPETUAL;
  nStatus += (pos.IsDraw() ? MOVE_DRAW : 0);
  return true;
}
union C4dwStruct { char c[4]; uint32_t dw; };
uint32_t Chin2File(uint64_t qwChinStr) {
  int nPos; uint16_t *lpwArg = (uint16_t *) (void *) &qwChinStr; C4dwStruct Ret;
  nPos = Word2Pos(lpwArg[0]);
  Ret.c[0] = PIECE_BYTE(Word2Piece(nPos == MAX_POS ? lpwArg[0] : lpwArg[1]));
  Ret.c[1] = (nPos == MAX_POS ? Digit2Byte(Word2Digit(lpwArg[1])) : ccPos2Byte[nPos]);
  if ((lpwArg[2] == 0xe4b1 || lpwArg[2] == 0xdcc5 || lpwArg[2] == 0x83d7) && Word2Piece(lpwArg[3]) == 6) { Ret.c[2] = '='; Ret.c[3] = 'P'; }
  else { Ret.c[2] = ccDirect2Byte[Word2Direct(lpwArg[2])]; Ret.c[3] = Digit2Byte(Word2Digit(lpwArg[3])); }
  return Ret.dw;
}
int File2Move(uint32_t dwFileStr, const PositionStruct &pos) {
  int i, j, nPos, pt, sq, nPieceNum, xSrc, ySrc, xDst, yDst; C4dwStruct FileStr; int nFileList[9], nPieceList[5];
  FileStr.dw = dwFileStr;
  switch (FileStr.c[0]) { case '2': case 'a': FileStr.c[0] = 'A'; break; case '3': case 'b': case 'E': case 'e': FileStr.c[0] = 'B'; break; default: break; }
  if (FileStr.c[3] == 'p') FileStr.c[3] = 'P';
  for (i = 0; i < MAX_FIX_FILE; i ++) if (FileStr.dw == cdwFixFile[i]) {
    if (pos.sdPlayer == 0) return MOVE(cucFixMove[i][0], cucFixMove[i][1]); else return MOVE(SQUARE_FLIP(cucFixMove[i][0]), SQUARE_FLIP(cucFixMove[i][1])); }
  nPos = Byte2Direct(FileStr.c[0]);
  if (nPos == MAX_DIRECT) { pt = Byte2Piece(FileStr.c[0]); nPos = Byte2Pos(FileStr.c[1]); } else { pt = Byte2Piece(FileStr.c[1]); nPos += DIRECT_TO_POS; }
  if (nPos == MAX_POS) {
    xSrc = Byte2Digit(FileStr.c[1]);
    if (pt == KING_TYPE) sq = FILESQ_SIDE_PIECE(pos, 0);
    else if (pt >= KNIGHT_TYPE && pt <= PAWN_TYPE) {
      j = (pt == PAWN_TYPE ? 5 : 2);
      for (i = 0; i < j; i ++) { sq = FILESQ_SIDE_PIECE(pos, FIRST_PIECE(pt, i)); if (sq != -1) { if (FILESQ_FILE_X(sq) == xSrc) break; } }
      sq = (i == j ? -1 : sq);
    } else sq = -1;
  } else {
    if (pt >= KNIGHT_TYPE && pt <= PAWN_TYPE) {
      for (i = 0; i < 9; i ++) nFileList[i] = 0;
      j = (pt == PAWN_TYPE ? 5 : 2);
      for (i = 0; i < j; i ++) { sq = FILESQ_SIDE_PIECE(pos, FIRST_PIECE(pt, i)); if (sq != -1) nFileList[FILESQ_FILE_X(sq)] ++; }
      nPieceNum = 0;
      for (i = 0; i < j; i ++) { sq = FILESQ_SIDE_PIECE(pos, FIRST_PIECE(pt, i)); if (sq != -1) { if (nFileList[FILESQ_FILE_X(sq)] > 1) { nPieceList[nPieceNum] = FIRST_PIECE(pt, i); nPieceNum ++; } } }
      for (i = 0; i < nPieceNum - 1; i ++) for (j = nPieceNum - 1; j > i; j --) if (FILESQ_SIDE_PIECE(pos, nPieceList[j - 1]) > FILESQ_SIDE_PIECE(pos, nPieceList[j])) SWAP(nPieceList[j - 1], nPieceList[j]);
      if (nPieceNum == 2 && nPos == 2 + DIRECT_TO_POS) sq = FILESQ_SIDE_PIECE(pos, nPieceList[1]);
      else { nPos -= (nPos >= DIRECT_TO_POS ? DIRECT_TO_POS : 0); sq = (nPos >= nPieceNum ? -1 : FILESQ_SIDE_PIECE(pos, nPieceList[nPos])); }
    } else sq = -1;
  }
  if (sq == -1) return 0;
  xSrc = FILESQ_FILE_X(sq); ySrc = FILESQ_RANK_Y(sq);
  if (pt == KNIGHT_TYPE) { xDst = Byte2Digit(FileStr.c[3]); if (FileStr.c[2] == '+') yDst = ySrc - 3 + ABS(xDst - xSrc); else yDst = ySrc + 3 - ABS(xDst - xSrc); }
  else { if (FileStr.c[2] == '+') { xDst = xSrc; yDst = ySrc - Byte2Digit(FileStr.c[3]) - 1; } else if (FileStr.c[2] == '-') { xDst = xSrc; yDst = ySrc + Byte2Digit(FileStr.c[3]) + 1; } else { xDst = Byte2Digit(FileStr.c[3]); yDst = ySrc; } }
  if (yDst < 0 || yDst > 9) return 0;
  if (pos.sdPlayer == 0) return MOVE(FILESQ_SQUARE(FILESQ_COORD_XY(xSrc, ySrc)), FILESQ_SQUARE(FILESQ_COORD_XY(xDst, yDst)));
  else return MOVE(SQUARE_FLIP(FILESQ_SQUARE(FILESQ_COORD_XY(xSrc, ySrc))), SQUARE_FLIP(FILESQ_SQUARE(FILESQ_COORD_XY(xDst, yDst))));
}
