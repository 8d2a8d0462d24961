// Part of the reference build of ElephantEye's PGN reader, for timing only: LGPL-2.1 or later,
// see ref.h and README.md.
#include "ref.h"
bool PositionStruct::LegalMove(int mv) const {
  int sqSrc, sqDst, sqPin, pcMoved, pcCaptured, x, y, nSideTag;
  nSideTag = SIDE_TAG(sdPlayer); sqSrc = SRC(mv); sqDst = DST(mv); pcMoved = ucpcSquares[sqSrc];
  if ((pcMoved & nSideTag) == 0) return false;
  pcCaptured = ucpcSquares[sqDst];
  if (sqSrc != sqDst && (pcCaptured & nSideTag) != 0) return false;
  switch (PIECE_INDEX(pcMoved)) {
  case KING_FROM: return IN_FORT(sqDst) && KING_SPAN(sqSrc, sqDst);
  case ADVISOR_FROM: case ADVISOR_TO:
    if (sqSrc == sqDst) return CAN_PROMOTE(sqSrc) && CanPromote(); else return IN_FORT(sqDst) && ADVISOR_SPAN(sqSrc, sqDst);
  case BISHOP_FROM: case BISHOP_TO:
    if (sqSrc == sqDst) return CAN_PROMOTE(sqSrc) && CanPromote(); else return SAME_HALF(sqSrc, sqDst) && BISHOP_SPAN(sqSrc, sqDst) && ucpcSquares[BISHOP_PIN(sqSrc, sqDst)] == 0;
  case KNIGHT_FROM: case KNIGHT_TO:
    sqPin = KNIGHT_PIN(sqSrc, sqDst); return sqPin != sqSrc && ucpcSquares[sqPin] == 0;
  case ROOK_FROM: case ROOK_TO:
    x = FILE_X(sqSrc); y = RANK_Y(sqSrc);
    if (x == FILE_X(sqDst)) { if (pcCaptured == 0) return (FileMaskPtr(x, y)->wNonCap & PreGen.wBitFileMask[sqDst]) != 0; else return (FileMaskPtr(x, y)->wRookCap & PreGen.wBitFileMask[sqDst]) != 0; }
    else if (y == RANK_Y(sqDst)) { if (pcCaptured == 0) return (RankMaskPtr(x, y)->wNonCap & PreGen.wBitRankMask[sqDst]) != 0; else return (RankMaskPtr(x, y)->wRookCap & PreGen.wBitRankMask[sqDst]) != 0; }
    else return false;
  case CANNON_FROM: case CANNON_TO:
    x = FILE_X(sqSrc); y = RANK_Y(sqSrc);
    if (x == FILE_X(sqDst)) { if (pcCaptured == 0) return (FileMaskPtr(x, y)->wNonCap & PreGen.wBitFileMask[sqDst]) != 0; else return (FileMaskPtr(x, y)->wCannonCap & PreGen.wBitFileMask[sqDst]) != 0; }
    else if (y == RANK_Y(sqDst)) { if (pcCaptured == 0) return (RankMaskPtr(x, y)->wNonCap & PreGen.wBitRankMask[sqDst]) != 0; else return (RankMaskPtr(x, y)->wCannonCap & PreGen.wBitRankMask[sqDst]) != 0; }
    else return false;
  default:
    if (AWAY_HALF(sqDst, sdPlayer) && (sqDst == sqSrc - 1 || sqDst == sqSrc + 1)) return true; else return sqDst == SQUARE_FORWARD(sqSrc, sdPlayer);
  }
}
int PositionStruct::CheckedBy(bool bLazy) const {
  int pcCheckedBy = 0, i, sqSrc, sqDst, sqPin, pc, x, y, nOppSideTag = OPP_SIDE_TAG(sdPlayer);
  SlideMaskStruct *lpsmsRank, *lpsmsFile;
  sqSrc = ucsqPieces[SIDE_TAG(sdPlayer)];
  if (sqSrc == 0) return 0;
  x = FILE_X(sqSrc); y = RANK_Y(sqSrc); lpsmsRank = RankMaskPtr(x, y); lpsmsFile = FileMaskPtr(x, y);
  sqDst = ucsqPieces[nOppSideTag + KING_FROM];
  if (sqDst != 0) { if (x == FILE_X(sqDst) && (lpsmsFile->wRookCap & PreGen.wBitFileMask[sqDst]) != 0) return CHECK_MULTI; }
  for (i = KNIGHT_FROM; i <= KNIGHT_TO; i ++) {
    sqDst = ucsqPieces[nOppSideTag + i];
    if (sqDst != 0) { sqPin = KNIGHT_PIN(sqDst, sqSrc); if (sqPin != sqDst && ucpcSquares[sqPin] == 0) { if (bLazy || pcCheckedBy > 0) return CHECK_MULTI; pcCheckedBy = nOppSideTag + i; } }
  }
  for (i = ROOK_FROM; i <= ROOK_TO; i ++) {
    sqDst = ucsqPieces[nOppSideTag + i];
    if (sqDst != 0) {
      if (x == FILE_X(sqDst)) { if ((lpsmsFile->wRookCap & PreGen.wBitFileMask[sqDst]) != 0) { if (bLazy || pcCheckedBy > 0) return CHECK_MULTI; pcCheckedBy = nOppSideTag + i; } }
      else if (y == RANK_Y(sqDst)) { if ((lpsmsRank->wRookCap & PreGen.wBitRankMask[sqDst]) != 0) { if (bLazy || pcCheckedBy > 0) return CHECK_MULTI; pcCheckedBy = nOppSideTag + i; } }
    }
  }
  for (i = CANNON_FROM; i <= CANNON_TO; i ++) {
    sqDst = ucsqPieces[nOppSideTag + i];
    if (sqDst != 0) {
      if (x == FILE_X(sqDst)) { if ((lpsmsFile->wCannonCap & PreGen.wBitFileMask[sqDst]) != 0) { if (bLazy || pcCheckedBy > 0) return CHECK_MULTI; pcCheckedBy = nOppSideTag + i; } }
      else if (y == RANK_Y(sqDst)) { if ((lpsmsRank->wCannonCap & PreGen.wBitRankMask[sqDst]) != 0) { if (bLazy || pcCheckedBy > 0) return CHECK_MULTI; pcCheckedBy = nOppSideTag + i; } }
    }
  }
  for (sqDst = sqSrc - 1; sqDst <= sqSrc + 1; sqDst += 2) {
    pc = ucpcSquares[sqDst];
    if ((pc & nOppSideTag) != 0 && PIECE_INDEX(pc) >= PAWN_FROM) { if (bLazy || pcCheckedBy > 0) return CHECK_MULTI; pcCheckedBy = nOppSideTag + i; }
  }
  pc = ucpcSquares[SQUARE_FORWARD(sqSrc, sdPlayer)];
  if ((pc & nOppSideTag) != 0 && PIECE_INDEX(pc) >= PAWN_FROM) { if (bLazy || pcCheckedBy > 0) return CHECK_MULTI; pcCheckedBy = nOppSideTag + i; }
  return pcCheckedBy;
}
bool PositionStruct::IsMate(void) {
  int i, nGenNum; MoveStruct mvsGen[MAX_GEN_MOVES];
  nGenNum = GenCapMoves(mvsGen);
  for (i = 0; i < nGenNum; i ++) if (MakeMove(mvsGen[i].wmv)) { UndoMakeMove(); return false; }
  nGenNum = GenNonCapMoves(mvsGen);
  for (i = 0; i < nGenNum; i ++) if (MakeMove(mvsGen[i].wmv)) { UndoMakeMove(); return false; }
  return true;
}
inline void SetPerpCheck(uint32_t &dwPerpCheck, int nChkChs) {
  if (nChkChs == 0) dwPerpCheck = 0; else if (nChkChs > 0) dwPerpCheck &= 0x10000; else dwPerpCheck &= (1 << -nChkChs);
}
int PositionStruct::RepStatus(int nRecur) const {
  int sd; uint32_t dwPerpCheck, dwOppPerpCheck; const RollbackStruct *lprbs;
  if (ucRepHash[zobr.dwKey & REP_HASH_MASK] == 0) return REP_NONE;
  sd = OPP_SIDE(sdPlayer); dwPerpCheck = dwOppPerpCheck = 0x1ffff; lprbs = rbsList + nMoveNum - 1;
  while (lprbs->mvs.wmv != 0 && lprbs->mvs.CptDrw <= 0) {
    if (sd == sdPlayer) {
      SetPerpCheck(dwPerpCheck, lprbs->mvs.ChkChs);
      if (lprbs->zobr.dwLock0 == zobr.dwLock0 && lprbs->zobr.dwLock1 == zobr.dwLock1) {
        nRecur --;
        if (nRecur == 0) {
          dwPerpCheck = ((dwPerpCheck & 0xffff) == 0 ? dwPerpCheck : 0xffff);
          dwOppPerpCheck = ((dwOppPerpCheck & 0xffff) == 0 ? dwOppPerpCheck : 0xffff);
          return dwPerpCheck > dwOppPerpCheck ? REP_LOSS : dwPerpCheck < dwOppPerpCheck ? REP_WIN : REP_DRAW;
        }
      }
    } else SetPerpCheck(dwOppPerpCheck, lprbs->mvs.ChkChs);
    sd = OPP_SIDE(sd); lprbs --;
  }
  return REP_NONE;
}
bool PositionStruct::Protected(int sd, int sqSrc, int sqExcept) const {
  int i, sqDst, sqPin, pc, x, y, nSideTag = SIDE_TAG(sd); SlideMaskStruct *lpsmsRank, *lpsmsFile;
  if (HOME_HALF(sqSrc, sd)) {
    if (IN_FORT(sqSrc)) {
      sqDst = ucsqPieces[nSideTag + KING_FROM];
      if (sqDst != 0 && sqDst != sqExcept) { if (KING_SPAN(sqSrc, sqDst)) return true; }
      for (i = ADVISOR_FROM; i <= ADVISOR_TO; i ++) { sqDst = ucsqPieces[nSideTag + i]; if (sqDst != 0 && sqDst != sqExcept) { if (ADVISOR_SPAN(sqSrc, sqDst)) return true; } }
    }
    for (i = BISHOP_FROM; i <= BISHOP_TO; i ++) { sqDst = ucsqPieces[nSideTag + i]; if (sqDst != 0 && sqDst != sqExcept) { if (BISHOP_SPAN(sqSrc, sqDst) && ucpcSquares[BISHOP_PIN(sqSrc, sqDst)] == 0) return true; } }
  } else {
    for (sqDst = sqSrc - 1; sqDst <= sqSrc + 1; sqDst += 2) { if (sqDst != sqExcept) { pc = ucpcSquares[sqDst]; if ((pc & nSideTag) != 0 && PIECE_INDEX(pc) >= PAWN_FROM) return true; } }
  }
  sqDst = SQUARE_BACKWARD(sqSrc, sd);
  if (sqDst != sqExcept) { pc = ucpcSquares[sqDst]; if ((pc & nSideTag) != 0 && PIECE_INDEX(pc) >= PAWN_FROM) return true; }
  for (i = KNIGHT_FROM; i <= KNIGHT_TO; i ++) { sqDst = ucsqPieces[nSideTag + i]; if (sqDst != 0 && sqDst != sqExcept) { sqPin = KNIGHT_PIN(sqDst, sqSrc); if (sqPin != sqDst && ucpcSquares[sqPin] == 0) return true; } }
  x = FILE_X(sqSrc); y = RANK_Y(sqSrc); lpsmsRank = RankMaskPtr(x, y); lpsmsFile = FileMaskPtr(x, y);
  for (i = ROOK_FROM; i <= ROOK_TO; i ++) {
    sqDst = ucsqPieces[nSideTag + i];
    if (sqDst != 0 && sqDst != sqSrc && sqDst != sqExcept) {
      if (x == FILE_X(sqDst)) { if ((lpsmsFile->wRookCap & PreGen.wBitFileMask[sqDst]) != 0) return true; }
      else if (y == RANK_Y(sqDst)) { if ((lpsmsRank->wRookCap & PreGen.wBitRankMask[sqDst]) != 0) return true; }
    }
  }
  for (i = CANNON_FROM; i <= CANNON_TO; i ++) {
    sqDst = ucsqPieces[nSideTag + i];
    if (sqDst && sqDst != sqSrc && sqDst != sqExcept) {
      if (x == FILE_X(sqDst)) { if ((lpsmsFile->wCannonCap & PreGen.wBitFileMask[sqDst]) != 0) return true; }
      else if (y == RANK_Y(sqDst)) { if ((lpsmsRank->wCannonCap & PreGen.wBitRankMask[sqDst]) != 0) return true; }
    }
  }
  return false;
}
const int SIMPLE[16] = {5, 1, 1, 1, 1, 3, 3, 4, 4, 3, 3, 2, 2, 2, 2, 2};
int PositionStruct::MvvLva(int sqDst, int pcCaptured, int nLva) const {
  int nMvv = SIMPLE[pcCaptured & 15], nLvaAdjust = (Protected(OPP_SIDE(sdPlayer), sqDst) ? nLva : 0);
  if (nMvv >= nLvaAdjust) return nMvv - nLvaAdjust + 1; else return (nMvv >= 3 || HOME_HALF(sqDst, sdPlayer)) ? 1 : 0;
}
#define CAP(LVA) { pcCaptured = ucpcSquares[sqDst]; if ((pcCaptured & nOppSideTag) != 0) { lpmvsCurr->wmv = MOVE(sqSrc, sqDst); lpmvsCurr->wvl = MvvLva(sqDst, pcCaptured, LVA); lpmvsCurr ++; } }
int PositionStruct::GenCapMoves(MoveStruct *lpmvs) const {
  int i, sqSrc, sqDst, pcCaptured, x, y, nSideTag = SIDE_TAG(sdPlayer), nOppSideTag = OPP_SIDE_TAG(sdPlayer);
  bool bCanPromote = PreEval.bPromotion && CanPromote();
  SlideMoveStruct *lpsmv; uint8_t *lpucsqDst, *lpucsqPin; MoveStruct *lpmvsCurr = lpmvs;
  sqSrc = ucsqPieces[nSideTag + KING_FROM];
  if (sqSrc != 0) { lpucsqDst = PreGen.ucsqKingMoves[sqSrc]; sqDst = *lpucsqDst; while (sqDst != 0) { CAP(5) lpucsqDst ++; sqDst = *lpucsqDst; } }
  for (i = ADVISOR_FROM; i <= ADVISOR_TO; i ++) {
    sqSrc = ucsqPieces[nSideTag + i];
    if (sqSrc != 0) { lpucsqDst = PreGen.ucsqAdvisorMoves[sqSrc]; sqDst = *lpucsqDst; while (sqDst != 0) { CAP(1) lpucsqDst ++; sqDst = *lpucsqDst; }
      if (bCanPromote && CAN_PROMOTE(sqSrc)) { lpmvsCurr->wmv = MOVE(sqSrc, sqSrc); lpmvsCurr->wvl = 0; lpmvsCurr ++; } }
  }
  for (i = BISHOP_FROM; i <= BISHOP_TO; i ++) {
    sqSrc = ucsqPieces[nSideTag + i];
    if (sqSrc != 0) { lpucsqDst = PreGen.ucsqBishopMoves[sqSrc]; lpucsqPin = PreGen.ucsqBishopPins[sqSrc]; sqDst = *lpucsqDst;
      while (sqDst != 0) { if (ucpcSquares[*lpucsqPin] == 0) CAP(1) lpucsqDst ++; sqDst = *lpucsqDst; lpucsqPin ++; }
      if (bCanPromote && CAN_PROMOTE(sqSrc)) { lpmvsCurr->wmv = MOVE(sqSrc, sqSrc); lpmvsCurr->wvl = 0; lpmvsCurr ++; } }
  }
  for (i = KNIGHT_FROM; i <= KNIGHT_TO; i ++) {
    sqSrc = ucsqPieces[nSideTag + i];
    if (sqSrc != 0) { lpucsqDst = PreGen.ucsqKnightMoves[sqSrc]; lpucsqPin = PreGen.ucsqKnightPins[sqSrc]; sqDst = *lpucsqDst;
      while (sqDst != 0) { if (ucpcSquares[*lpucsqPin] == 0) CAP(3) lpucsqDst ++; sqDst = *lpucsqDst; lpucsqPin ++; } }
  }
  for (i = ROOK_FROM; i <= ROOK_TO; i ++) {
    sqSrc = ucsqPieces[nSideTag + i];
    if (sqSrc != 0) { x = FILE_X(sqSrc); y = RANK_Y(sqSrc);
      lpsmv = RankMovePtr(x, y);
      sqDst = lpsmv->ucRookCap[0] + RANK_DISP(y); if (sqDst != sqSrc) CAP(4)
      sqDst = lpsmv->ucRookCap[1] + RANK_DISP(y); if (sqDst != sqSrc) CAP(4)
      lpsmv = FileMovePtr(x, y);
      sqDst = lpsmv->ucRookCap[0] + FILE_DISP(x); if (sqDst != sqSrc) CAP(4)
      sqDst = lpsmv->ucRookCap[1] + FILE_DISP(x); if (sqDst != sqSrc) CAP(4) }
  }
  for (i = CANNON_FROM; i <= CANNON_TO; i ++) {
    sqSrc = ucsqPieces[nSideTag + i];
    if (sqSrc != 0) { x = FILE_X(sqSrc); y = RANK_Y(sqSrc);
      lpsmv = RankMovePtr(x, y);
      sqDst = lpsmv->ucCannonCap[0] + RANK_DISP(y); if (sqDst != sqSrc) CAP(3)
      sqDst = lpsmv->ucCannonCap[1] + RANK_DISP(y); if (sqDst != sqSrc) CAP(3)
      lpsmv = FileMovePtr(x, y);
      sqDst = lpsmv->ucCannonCap[0] + FILE_DISP(x); if (sqDst != sqSrc) CAP(3)
      sqDst = lpsmv->ucCannonCap[1] + FILE_DISP(x); if (sqDst != sqSrc) CAP(3) }
  }
  for (i = PAWN_FROM; i <= PAWN_TO; i ++) {
    sqSrc = ucsqPieces[nSideTag + i];
    if (sqSrc != 0) { lpucsqDst = PreGen.ucsqPawnMoves[sdPlayer][sqSrc]; sqDst = *lpucsqDst; while (sqDst != 0) { CAP(2) lpucsqDst ++; sqDst = *lpucsqDst; } }
  }
  return lpmvsCurr - lpmvs;
}
int PositionStruct::GenNonCapMoves(MoveStruct *lpmvs) const {
  int i, sqSrc, sqDst, x, y, nSideTag = SIDE_TAG(sdPlayer); SlideMoveStruct *lpsmv; uint8_t *lpucsqDst, *lpucsqPin; MoveStruct *lpmvsCurr = lpmvs;
  sqSrc = ucsqPieces[nSideTag + KING_FROM];
  if (sqSrc != 0) { lpucsqDst = PreGen.ucsqKingMoves[sqSrc]; sqDst = *lpucsqDst; while (sqDst != 0) { if (ucpcSquares[sqDst] == 0) { lpmvsCurr->dwmv = MOVE(sqSrc, sqDst); lpmvsCurr ++; } lpucsqDst ++; sqDst = *lpucsqDst; } }
  for (i = ADVISOR_FROM; i <= ADVISOR_TO; i ++) { sqSrc = ucsqPieces[nSideTag + i];
    if (sqSrc != 0) { lpucsqDst = PreGen.ucsqAdvisorMoves[sqSrc]; sqDst = *lpucsqDst; while (sqDst != 0) { if (ucpcSquares[sqDst] == 0) { lpmvsCurr->dwmv = MOVE(sqSrc, sqDst); lpmvsCurr ++; } lpucsqDst ++; sqDst = *lpucsqDst; } } }
  for (i = BISHOP_FROM; i <= BISHOP_TO; i ++) { sqSrc = ucsqPieces[nSideTag + i];
    if (sqSrc != 0) { lpucsqDst = PreGen.ucsqBishopMoves[sqSrc]; lpucsqPin = PreGen.ucsqBishopPins[sqSrc]; sqDst = *lpucsqDst;
      while (sqDst != 0) { if (ucpcSquares[*lpucsqPin] == 0 && ucpcSquares[sqDst] == 0) { lpmvsCurr->dwmv = MOVE(sqSrc, sqDst); lpmvsCurr ++; } lpucsqDst ++; sqDst = *lpucsqDst; lpucsqPin ++; } } }
  for (i = KNIGHT_FROM; i <= KNIGHT_TO; i ++) { sqSrc = ucsqPieces[nSideTag + i];
    if (sqSrc != 0) { lpucsqDst = PreGen.ucsqKnightMoves[sqSrc]; lpucsqPin = PreGen.ucsqKnightPins[sqSrc]; sqDst = *lpucsqDst;
      while (sqDst != 0) { if (ucpcSquares[*lpucsqPin] == 0 && ucpcSquares[sqDst] == 0) { lpmvsCurr->dwmv = MOVE(sqSrc, sqDst); lpmvsCurr ++; } lpucsqDst ++; sqDst = *lpucsqDst; lpucsqPin ++; } } }
  for (i = ROOK_FROM; i <= CANNON_TO; i ++) { sqSrc = ucsqPieces[nSideTag + i];
    if (sqSrc != 0) { x = FILE_X(sqSrc); y = RANK_Y(sqSrc);
      lpsmv = RankMovePtr(x, y);
      sqDst = lpsmv->ucNonCap[0] + RANK_DISP(y); while (sqDst != sqSrc) { lpmvsCurr->dwmv = MOVE(sqSrc, sqDst); lpmvsCurr ++; sqDst --; }
      sqDst = lpsmv->ucNonCap[1] + RANK_DISP(y); while (sqDst != sqSrc) { lpmvsCurr->dwmv = MOVE(sqSrc, sqDst); lpmvsCurr ++; sqDst ++; }
      lpsmv = FileMovePtr(x, y);
      sqDst = lpsmv->ucNonCap[0] + FILE_DISP(x); while (sqDst != sqSrc) { lpmvsCurr->dwmv = MOVE(sqSrc, sqDst); lpmvsCurr ++; sqDst -= 16; }
      sqDst = lpsmv->ucNonCap[1] + FILE_DISP(x); while (sqDst != sqSrc) { lpmvsCurr->dwmv = MOVE(sqSrc, sqDst); lpmvsCurr ++; sqDst += 16; } } }
  for (i = PAWN_FROM; i <= PAWN_TO; i ++) { sqSrc = ucsqPieces[nSideTag + i];
    if (sqSrc != 0) { lpucsqDst = PreGen.ucsqPawnMoves[sdPlayer][sqSrc]; sqDst = *lpucsqDst; while (sqDst != 0) { if (ucpcSquares[sqDst] == 0) { lpmvsCurr->dwmv = MOVE(sqSrc, sqDst); lpmvsCurr ++; } lpucsqDst ++; sqDst = *lpucsqDst; } } }
  return lpmvsCurr - lpmvs;
}
// "ChasedBy" as in genmoves.cpp: the piece the moved piece chases (rook, unprotected cannon/horse/crossed soldier).
int PositionStruct::ChasedBy(int mv) const {
  int i, nSideTag, pcMoved, pcCaptured, sqSrc, sqDst, x, y; uint8_t *lpucsqDst, *lpucsqPin; SlideMoveStruct *lpsmv;
  sqSrc = DST(mv); pcMoved = ucpcSquares[sqSrc]; nSideTag = SIDE_TAG(sdPlayer);
  switch (pcMoved - OPP_SIDE_TAG(sdPlayer)) {
  case KNIGHT_FROM: case KNIGHT_TO:
    lpucsqDst = PreGen.ucsqKnightMoves[sqSrc]; lpucsqPin = PreGen.ucsqKnightPins[sqSrc]; sqDst = *lpucsqDst;
    while (sqDst != 0) {
      if (ucpcSquares[*lpucsqPin] == 0) { pcCaptured = ucpcSquares[sqDst];
        if ((pcCaptured & nSideTag) != 0) { pcCaptured -= nSideTag;
          if (pcCaptured <= ROOK_TO) { if (pcCaptured >= ROOK_FROM) return pcCaptured; }
          else { if (pcCaptured <= CANNON_TO) { if (!Protected(sdPlayer, sqDst)) return pcCaptured; }
                 else { if (AWAY_HALF(sqDst, sdPlayer) && !Protected(sdPlayer, sqDst)) return pcCaptured; } } } }
      lpucsqDst ++; sqDst = *lpucsqDst; lpucsqPin ++;
    }
    break;
  case ROOK_FROM: case ROOK_TO:
    x = FILE_X(sqSrc); y = RANK_Y(sqSrc);
    {
      bool vertical = ((SRC(mv) ^ sqSrc) & 0xf) == 0;
      lpsmv = vertical ? RankMovePtr(x, y) : FileMovePtr(x, y);
      for (i = 0; i < 2; i ++) {
        sqDst = lpsmv->ucRookCap[i] + (vertical ? RANK_DISP(y) : FILE_DISP(x));
        if (sqDst != sqSrc) { pcCaptured = ucpcSquares[sqDst];
          if ((pcCaptured & nSideTag) != 0) { pcCaptured -= nSideTag;
            if (pcCaptured <= ROOK_TO) { if (pcCaptured >= KNIGHT_FROM) { if (pcCaptured <= KNIGHT_TO) { if (!Protected(sdPlayer, sqDst)) return pcCaptured; } } }
            else { if (pcCaptured <= CANNON_TO) { if (!Protected(sdPlayer, sqDst)) return pcCaptured; }
                   else { if (AWAY_HALF(sqDst, sdPlayer) && !Protected(sdPlayer, sqDst)) return pcCaptured; } } } }
      }
    }
    break;
  case CANNON_FROM: case CANNON_TO:
    x = FILE_X(sqSrc); y = RANK_Y(sqSrc);
    {
      bool vertical = ((SRC(mv) ^ sqSrc) & 0xf) == 0;
      lpsmv = vertical ? RankMovePtr(x, y) : FileMovePtr(x, y);
      for (i = 0; i < 2; i ++) {
        sqDst = lpsmv->ucCannonCap[i] + (vertical ? RANK_DISP(y) : FILE_DISP(x));
        if (sqDst != sqSrc) { pcCaptured = ucpcSquares[sqDst];
          if ((pcCaptured & nSideTag) != 0) { pcCaptured -= nSideTag;
            if (pcCaptured <= ROOK_TO) { if (pcCaptured >= KNIGHT_FROM) { if (pcCaptured <= KNIGHT_TO) { if (!Protected(sdPlayer, sqDst)) return pcCaptured; } else return pcCaptured; } }
            else { if (pcCaptured >= PAWN_FROM) { if (AWAY_HALF(sqDst, sdPlayer) && !Protected(sdPlayer, sqDst)) return pcCaptured; } } } }
      }
    }
    break;
  }
  return 0;
}
