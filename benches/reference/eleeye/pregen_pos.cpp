// Part of the reference build of ElephantEye's PGN reader, for timing only: LGPL-2.1 or later,
// see ref.h and README.md.
#include "ref.h"
bool cbcInBoard[256], cbcInFort[256], cbcCanPromote[256];
int8_t ccLegalSpanTab[512], ccKnightPinTab[512];
PreGenStruct PreGen; PreEvalStruct PreEval;
static const int cnKingMoveTab[4] = {-0x10, -0x01, +0x01, +0x10};
static const int cnAdvisorMoveTab[4] = {-0x11, -0x0f, +0x0f, +0x11};
static const int cnBishopMoveTab[4] = {-0x22, -0x1e, +0x1e, +0x22};
static const int cnKnightMoveTab[8] = {-0x21, -0x1f, -0x12, -0x0e, +0x0e, +0x12, +0x1f, +0x21};

// The constant tables of pregen.cpp, filled with the same values.
static void ConstTables(void) {
  for (int sq = 0; sq < 256; sq ++) {
    int x = FILE_X(sq), y = RANK_Y(sq);
    cbcInBoard[sq] = x >= 3 && x <= 11 && y >= 3 && y <= 12;
    cbcInFort[sq] = x >= 6 && x <= 8 && ((y >= 3 && y <= 5) || (y >= 10 && y <= 12));
    cbcCanPromote[sq] = x >= 3 && x <= 11 && (y == 3 || y == 12);
  }
  memset(ccLegalSpanTab, 0, 512); memset(ccKnightPinTab, 0, 512);
  for (int i = 0; i < 4; i ++) { ccLegalSpanTab[256 + cnKingMoveTab[i]] = 1; ccLegalSpanTab[256 + cnAdvisorMoveTab[i]] = 2; ccLegalSpanTab[256 + cnBishopMoveTab[i]] = 3; }
  const int pins[8] = {-16, -16, -1, 1, -1, 1, 16, 16};
  for (int i = 0; i < 8; i ++) ccKnightPinTab[256 + cnKnightMoveTab[i]] = pins[i];
}

void PreGenInit(void) {
  int i, j, k, n, sqSrc, sqDst; RC4Struct rc4; SlideMoveStruct smv; SlideMaskStruct sms;
  ConstTables();
  rc4.InitZero(); PreGen.zobrPlayer.InitRC4(rc4);
  for (i = 0; i < 14; i ++) for (j = 0; j < 256; j ++) PreGen.zobrTable[i][j].InitRC4(rc4);
  for (sqSrc = 0; sqSrc < 256; sqSrc ++) {
    if (IN_BOARD(sqSrc)) { PreGen.wBitRankMask[sqSrc] = 1 << (FILE_X(sqSrc) - FILE_LEFT); PreGen.wBitFileMask[sqSrc] = 1 << (RANK_Y(sqSrc) - RANK_TOP); }
    else { PreGen.wBitRankMask[sqSrc] = 0; PreGen.wBitFileMask[sqSrc] = 0; }
  }
  for (i = 0; i < 9; i ++) for (j = 0; j < 512; j ++) {
    smv.ucNonCap[0] = smv.ucNonCap[1] = smv.ucRookCap[0] = smv.ucRookCap[1] = smv.ucCannonCap[0] = smv.ucCannonCap[1] = smv.ucSuperCap[0] = smv.ucSuperCap[1] = i + FILE_LEFT;
    sms.wNonCap = sms.wRookCap = sms.wCannonCap = sms.wSuperCap = 0;
    for (k = i + 1; k <= 8; k ++) { if ((j & (1 << k)) != 0) { smv.ucRookCap[0] = FILE_DISP(k + FILE_LEFT); sms.wRookCap |= 1 << k; break; } smv.ucNonCap[0] = FILE_DISP(k + FILE_LEFT); sms.wNonCap |= 1 << k; }
    for (k ++; k <= 8; k ++) { if ((j & (1 << k)) != 0) { smv.ucCannonCap[0] = FILE_DISP(k + FILE_LEFT); sms.wCannonCap |= 1 << k; break; } }
    for (k ++; k <= 8; k ++) { if ((j & (1 << k)) != 0) { smv.ucSuperCap[0] = FILE_DISP(k + FILE_LEFT); sms.wSuperCap |= 1 << k; break; } }
    for (k = i - 1; k >= 0; k --) { if ((j & (1 << k)) != 0) { smv.ucRookCap[1] = FILE_DISP(k + FILE_LEFT); sms.wRookCap |= 1 << k; break; } smv.ucNonCap[1] = FILE_DISP(k + FILE_LEFT); sms.wNonCap |= 1 << k; }
    for (k --; k >= 0; k --) { if ((j & (1 << k)) != 0) { smv.ucCannonCap[1] = FILE_DISP(k + FILE_LEFT); sms.wCannonCap |= 1 << k; break; } }
    for (k --; k >= 0; k --) { if ((j & (1 << k)) != 0) { smv.ucSuperCap[1] = FILE_DISP(k + FILE_LEFT); sms.wSuperCap |= 1 << k; break; } }
    PreGen.smvRankMoveTab[i][j] = smv; PreGen.smsRankMaskTab[i][j] = sms;
  }
  for (i = 0; i < 10; i ++) for (j = 0; j < 1024; j ++) {
    smv.ucNonCap[0] = smv.ucNonCap[1] = smv.ucRookCap[0] = smv.ucRookCap[1] = smv.ucCannonCap[0] = smv.ucCannonCap[1] = smv.ucSuperCap[0] = smv.ucSuperCap[1] = (i + RANK_TOP) * 16;
    sms.wNonCap = sms.wRookCap = sms.wCannonCap = sms.wSuperCap = 0;
    for (k = i + 1; k <= 9; k ++) { if ((j & (1 << k)) != 0) { smv.ucRookCap[0] = RANK_DISP(k + RANK_TOP); sms.wRookCap |= 1 << k; break; } smv.ucNonCap[0] = RANK_DISP(k + RANK_TOP); sms.wNonCap |= 1 << k; }
    for (k ++; k <= 9; k ++) { if ((j & (1 << k)) != 0) { smv.ucCannonCap[0] = RANK_DISP(k + RANK_TOP); sms.wCannonCap |= 1 << k; break; } }
    for (k ++; k <= 9; k ++) { if ((j & (1 << k)) != 0) { smv.ucSuperCap[0] = RANK_DISP(k + RANK_TOP); sms.wSuperCap |= 1 << k; break; } }
    for (k = i - 1; k >= 0; k --) { if ((j & (1 << k)) != 0) { smv.ucRookCap[1] = RANK_DISP(k + RANK_TOP); sms.wRookCap |= 1 << k; break; } smv.ucNonCap[1] = RANK_DISP(k + RANK_TOP); sms.wNonCap |= 1 << k; }
    for (k --; k >= 0; k --) { if ((j & (1 << k)) != 0) { smv.ucCannonCap[1] = RANK_DISP(k + RANK_TOP); sms.wCannonCap |= 1 << k; break; } }
    for (k --; k >= 0; k --) { if ((j & (1 << k)) != 0) { smv.ucSuperCap[1] = RANK_DISP(k + RANK_TOP); sms.wSuperCap |= 1 << k; break; } }
    PreGen.smvFileMoveTab[i][j] = smv; PreGen.smsFileMaskTab[i][j] = sms;
  }
  for (sqSrc = 0; sqSrc < 256; sqSrc ++) {
    if (IN_BOARD(sqSrc)) {
      n = 0; for (i = 0; i < 4; i ++) { sqDst = sqSrc + cnKingMoveTab[i]; if (IN_FORT(sqDst)) { PreGen.ucsqKingMoves[sqSrc][n] = sqDst; n ++; } } PreGen.ucsqKingMoves[sqSrc][n] = 0;
      n = 0; for (i = 0; i < 4; i ++) { sqDst = sqSrc + cnAdvisorMoveTab[i]; if (IN_FORT(sqDst)) { PreGen.ucsqAdvisorMoves[sqSrc][n] = sqDst; n ++; } } PreGen.ucsqAdvisorMoves[sqSrc][n] = 0;
      n = 0; for (i = 0; i < 4; i ++) { sqDst = sqSrc + cnBishopMoveTab[i]; if (IN_BOARD(sqDst) && SAME_HALF(sqSrc, sqDst)) { PreGen.ucsqBishopMoves[sqSrc][n] = sqDst; PreGen.ucsqBishopPins[sqSrc][n] = BISHOP_PIN(sqSrc, sqDst); n ++; } } PreGen.ucsqBishopMoves[sqSrc][n] = 0;
      n = 0; for (i = 0; i < 8; i ++) { sqDst = sqSrc + cnKnightMoveTab[i]; if (IN_BOARD(sqDst)) { PreGen.ucsqKnightMoves[sqSrc][n] = sqDst; PreGen.ucsqKnightPins[sqSrc][n] = KNIGHT_PIN(sqSrc, sqDst); n ++; } } PreGen.ucsqKnightMoves[sqSrc][n] = 0;
      for (i = 0; i < 2; i ++) {
        n = 0; sqDst = sqSrc + (i == 0 ? -16 : 16);
        if (IN_BOARD(sqDst)) { PreGen.ucsqPawnMoves[i][sqSrc][n] = sqDst; n ++; }
        if (AWAY_HALF(sqSrc, i)) { for (j = -1; j <= 1; j += 2) { sqDst = sqSrc + j; if (IN_BOARD(sqDst)) { PreGen.ucsqPawnMoves[i][sqSrc][n] = sqDst; n ++; } } }
        PreGen.ucsqPawnMoves[i][sqSrc][n] = 0;
      }
    }
  }
  memset(&PreEval, 0, sizeof(PreEvalStruct)); PreEval.bPromotion = false;
}

const char *const cszStartFen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
const char *const cszPieceBytes = "KABNRCP";
const int cnPieceTypes[48] = {0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,1,1,2,2,3,3,4,4,5,5,6,6,6,6,6, 0,1,1,2,2,3,3,4,4,5,5,6,6,6,6,6};
int FenPiece(int a) { switch (a) { case 'K': return 0; case 'A': return 1; case 'B': case 'E': return 2; case 'N': case 'H': return 3; case 'R': return 4; case 'C': return 5; case 'P': return 6; default: return 7; } }

void PositionStruct::AddPiece(int sq, int pc, bool bDel) {
  int pt;
  if (bDel) { ucpcSquares[sq] = 0; ucsqPieces[pc] = 0; } else { ucpcSquares[sq] = pc; ucsqPieces[pc] = sq; }
  wBitRanks[RANK_Y(sq)] ^= PreGen.wBitRankMask[sq]; wBitFiles[FILE_X(sq)] ^= PreGen.wBitFileMask[sq];
  dwBitPiece ^= BIT_PIECE(pc); pt = PIECE_TYPE(pc);
  if (pc < 32) { if (bDel) vlWhite -= PreEval.ucvlWhitePieces[pt][sq]; else vlWhite += PreEval.ucvlWhitePieces[pt][sq]; }
  else { if (bDel) vlBlack -= PreEval.ucvlBlackPieces[pt][sq]; else vlBlack += PreEval.ucvlBlackPieces[pt][sq]; pt += 7; }
  zobr.Xor(PreGen.zobrTable[pt][sq]);
}
int PositionStruct::MovePiece(int mv) {
  int sqSrc = SRC(mv), sqDst = DST(mv), pcMoved = ucpcSquares[sqSrc], pcCaptured = ucpcSquares[sqDst], pt; uint8_t *lpucvl;
  if (pcCaptured == 0) { wBitRanks[RANK_Y(sqDst)] ^= PreGen.wBitRankMask[sqDst]; wBitFiles[FILE_X(sqDst)] ^= PreGen.wBitFileMask[sqDst]; }
  else {
    ucsqPieces[pcCaptured] = 0; dwBitPiece ^= BIT_PIECE(pcCaptured); pt = PIECE_TYPE(pcCaptured);
    if (pcCaptured < 32) vlWhite -= PreEval.ucvlWhitePieces[pt][sqDst]; else { vlBlack -= PreEval.ucvlBlackPieces[pt][sqDst]; pt += 7; }
    zobr.Xor(PreGen.zobrTable[pt][sqDst]);
  }
  ucpcSquares[sqSrc] = 0; ucpcSquares[sqDst] = pcMoved; ucsqPieces[pcMoved] = sqDst;
  wBitRanks[RANK_Y(sqSrc)] ^= PreGen.wBitRankMask[sqSrc]; wBitFiles[FILE_X(sqSrc)] ^= PreGen.wBitFileMask[sqSrc];
  pt = PIECE_TYPE(pcMoved);
  if (pcMoved < 32) { lpucvl = PreEval.ucvlWhitePieces[pt]; vlWhite += lpucvl[sqDst] - lpucvl[sqSrc]; }
  else { lpucvl = PreEval.ucvlBlackPieces[pt]; vlBlack += lpucvl[sqDst] - lpucvl[sqSrc]; pt += 7; }
  zobr.Xor(PreGen.zobrTable[pt][sqDst], PreGen.zobrTable[pt][sqSrc]);
  return pcCaptured;
}
void PositionStruct::UndoMovePiece(int mv, int pcCaptured) {
  int sqSrc = SRC(mv), sqDst = DST(mv), pcMoved = ucpcSquares[sqDst];
  ucpcSquares[sqSrc] = pcMoved; ucsqPieces[pcMoved] = sqSrc;
  wBitRanks[RANK_Y(sqSrc)] ^= PreGen.wBitRankMask[sqSrc]; wBitFiles[FILE_X(sqSrc)] ^= PreGen.wBitFileMask[sqSrc];
  if (pcCaptured > 0) { ucpcSquares[sqDst] = pcCaptured; ucsqPieces[pcCaptured] = sqDst; dwBitPiece ^= BIT_PIECE(pcCaptured); }
  else { ucpcSquares[sqDst] = 0; wBitRanks[RANK_Y(sqDst)] ^= PreGen.wBitRankMask[sqDst]; wBitFiles[FILE_X(sqDst)] ^= PreGen.wBitFileMask[sqDst]; }
}
int PositionStruct::Promote(int sq) {
  int pcCaptured = ucpcSquares[sq], pcPromoted = SIDE_TAG(sdPlayer) + Bsf(~wBitPiece[sdPlayer] & PAWN_BITPIECE), pt;
  dwBitPiece ^= BIT_PIECE(pcPromoted) ^ BIT_PIECE(pcCaptured); ucsqPieces[pcCaptured] = 0; pt = PIECE_TYPE(pcCaptured);
  if (pcCaptured < 32) vlWhite -= PreEval.ucvlWhitePieces[pt][sq]; else { vlBlack -= PreEval.ucvlBlackPieces[pt][sq]; pt += 7; }
  zobr.Xor(PreGen.zobrTable[pt][sq]);
  ucpcSquares[sq] = pcPromoted; ucsqPieces[pcPromoted] = sq; pt = PIECE_TYPE(pcPromoted);
  if (pcPromoted < 32) vlWhite += PreEval.ucvlWhitePieces[pt][sq]; else { vlBlack += PreEval.ucvlBlackPieces[pt][sq]; pt += 7; }
  zobr.Xor(PreGen.zobrTable[pt][sq]);
  return pcCaptured;
}
void PositionStruct::UndoPromote(int sq, int pcCaptured) {
  int pcPromoted = ucpcSquares[sq];
  ucsqPieces[pcPromoted] = 0; ucpcSquares[sq] = pcCaptured; ucsqPieces[pcCaptured] = sq; dwBitPiece ^= BIT_PIECE(pcPromoted) ^ BIT_PIECE(pcCaptured);
}
bool PositionStruct::MakeMove(int mv) {
  int sq, pcCaptured; uint32_t dwOldZobristKey; RollbackStruct *lprbs;
  if (nMoveNum == MAX_MOVE_NUM) return false;
  dwOldZobristKey = zobr.dwKey; SaveStatus();
  sq = SRC(mv);
  if (sq == DST(mv)) pcCaptured = Promote(sq);
  else { pcCaptured = MovePiece(mv); if (CheckedBy(CHECK_LAZY) > 0) { UndoMovePiece(mv, pcCaptured); Rollback(); return false; } }
  ChangeSide();
  if (ucRepHash[dwOldZobristKey & REP_HASH_MASK] == 0) ucRepHash[dwOldZobristKey & REP_HASH_MASK] = nMoveNum;
  lprbs = rbsList + nMoveNum; lprbs->mvs.wmv = mv; lprbs->mvs.ChkChs = CheckedBy();
  if (pcCaptured == 0) {
    if (lprbs->mvs.ChkChs == 0) lprbs->mvs.ChkChs = -ChasedBy(mv);
    if (LastMove().CptDrw == -100) lprbs->mvs.CptDrw = -100;
    else lprbs->mvs.CptDrw = MIN((int) LastMove().CptDrw, 0) - (lprbs->mvs.ChkChs > 0 || LastMove().ChkChs > 0 ? 0 : 1);
  } else lprbs->mvs.CptDrw = pcCaptured;
  nMoveNum ++; nDistance ++;
  return true;
}
void PositionStruct::UndoMakeMove(void) {
  int sq; RollbackStruct *lprbs;
  nMoveNum --; nDistance --; lprbs = rbsList + nMoveNum; sq = SRC(lprbs->mvs.wmv);
  if (sq == DST(lprbs->mvs.wmv)) UndoPromote(sq, lprbs->mvs.CptDrw); else UndoMovePiece(lprbs->mvs.wmv, lprbs->mvs.CptDrw);
  sdPlayer = OPP_SIDE(sdPlayer); Rollback();
  if (ucRepHash[zobr.dwKey & REP_HASH_MASK] == nMoveNum) ucRepHash[zobr.dwKey & REP_HASH_MASK] = 0;
}
void PositionStruct::FromFen(const char *szFen) {
  int i, j, k, pcWhite[7], pcBlack[7]; const char *lpFen;
  pcWhite[0] = SIDE_TAG(0) + KING_FROM; pcWhite[1] = SIDE_TAG(0) + ADVISOR_FROM; pcWhite[2] = SIDE_TAG(0) + BISHOP_FROM; pcWhite[3] = SIDE_TAG(0) + KNIGHT_FROM;
  pcWhite[4] = SIDE_TAG(0) + ROOK_FROM; pcWhite[5] = SIDE_TAG(0) + CANNON_FROM; pcWhite[6] = SIDE_TAG(0) + PAWN_FROM;
  for (i = 0; i < 7; i ++) pcBlack[i] = pcWhite[i] + 16;
  ClearBoard(); lpFen = szFen;
  if (*lpFen == '\0') { SetIrrev(); return; }
  i = RANK_TOP; j = FILE_LEFT;
  while (*lpFen != ' ') {
    if (*lpFen == '/') { j = FILE_LEFT; i ++; if (i > RANK_BOTTOM) break; }
    else if (*lpFen >= '1' && *lpFen <= '9') { for (k = 0; k < (*lpFen - '0'); k ++) { if (j >= FILE_RIGHT) break; j ++; } }
    else if (*lpFen >= 'A' && *lpFen <= 'Z') { if (j <= FILE_RIGHT) { k = FenPiece(*lpFen); if (k < 7) { if (pcWhite[k] < 32) { if (ucsqPieces[pcWhite[k]] == 0) { AddPiece(COORD_XY(j, i), pcWhite[k]); pcWhite[k] ++; } } } j ++; } }
    else if (*lpFen >= 'a' && *lpFen <= 'z') { if (j <= FILE_RIGHT) { k = FenPiece(*lpFen + 'A' - 'a'); if (k < 7) { if (pcBlack[k] < 48) { if (ucsqPieces[pcBlack[k]] == 0) { AddPiece(COORD_XY(j, i), pcBlack[k]); pcBlack[k] ++; } } } j ++; } }
    lpFen ++;
    if (*lpFen == '\0') { SetIrrev(); return; }
  }
  lpFen ++;
  if (*lpFen == 'b') ChangeSide();
  SetIrrev();
}
