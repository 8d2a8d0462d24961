// Part of the reference build of ElephantEye's PGN reader, for timing only: LGPL-2.1 or later,
// see ref.h and README.md.
#include "ref.h"
#include <stdlib.h>
void FileSqInit(void);
void PgnFileStruct::Init(void) {
  int i;
  szEvent[0] = szRound[0] = szDate[0] = szSite[0] = '\0'; szRedTeam[0] = szRed[0] = szRedElo[0] = '\0';
  szBlackTeam[0] = szBlack[0] = szBlackElo[0] = '\0'; szEcco[0] = szOpen[0] = szVar[0] = '\0';
  nMaxMove = nResult = 0; posStart.ClearBoard(); posStart.SetIrrev();
  for (i = 0; i < MAX_MOVE_LEN; i ++) szCommentTable[i] = NULL;
}
PgnFileStruct::~PgnFileStruct(void) { for (int i = 0; i < MAX_MOVE_LEN; i ++) if (szCommentTable[i] != NULL) delete[] szCommentTable[i]; }
static bool GetLabel(char *szDestStr, const char *szLineStr, const char *szLabelName) {
  int nValueLen; const char *lpLabelEnd; char szTempLabel[MAX_STR_LEN];
  strcpy(szTempLabel, "["); strcat(szTempLabel, szLabelName); strcat(szTempLabel, " \"");
  if (StrEqvSkip(szLineStr, szTempLabel)) {
    lpLabelEnd = strchr(szLineStr, '\"');
    if (lpLabelEnd == NULL) nValueLen = strlen(szLineStr) - 1; else nValueLen = lpLabelEnd - szLineStr;
    if (nValueLen >= MAX_STR_LEN) nValueLen = MAX_STR_LEN - 1;
    strncpy(szDestStr, szLineStr, nValueLen); szDestStr[nValueLen] = '\0'; return true;
  }
  return false;
}
static void AppendStr(char *&szDst, const char *szSrc) {
  int nDstLen; if (szDst == NULL) { szDst = new char[MAX_REM_LEN]; szDst[0] = '\0'; }
  nDstLen = strlen(szDst); strncpy(szDst + nDstLen, szSrc, MAX_REM_LEN - nDstLen - 1); szDst[MAX_REM_LEN - 1] = '\0';
}
inline int ICCS_MOVE(const char *s) {
  int sqSrc = COORD_XY(s[0] - 'A' + FILE_LEFT, '9' + RANK_TOP - s[1]), sqDst = COORD_XY(s[3] - 'A' + FILE_LEFT, '9' + RANK_TOP - s[4]);
  return MOVE(sqSrc, sqDst);
}
static const char *const cszAdvertStr = "\r\n============================\r\n ad \r\n ad \r\nhttp://www.elephantbase.net/\r\n";
bool PgnFileStruct::Read(const char *szFileName, bool bNoAdvert) {
  FILE *fp; int nRemLevel, nRemLen; bool bReturned, bDetail, bEndFor; int nNotation, nCounter, nStatus, mv;
  const char *lpLineChar; char szLineStr[MAX_STR_LEN], szRem[MAX_REM_LEN]; PositionStruct pos;
  Reset();
  fp = fopen(szFileName, "rb");
  if (fp == NULL) return false;
  posStart.FromFen(cszStartFen);
  bReturned = true; bDetail = false; nRemLevel = 0; nRemLen = 0; nNotation = 0; nCounter = 1; pos = posStart; lpLineChar = NULL;
  while (!(feof(fp) && bReturned)) {
    if (bReturned) { fgets(szLineStr, 256, fp); lpLineChar = szLineStr; bReturned = false; }
    if (bDetail) {
      if (nRemLevel > 0) {
        bEndFor = true;
        while (*lpLineChar != '\0' && *lpLineChar != '\r' && *lpLineChar != '\n') {
          nRemLevel += (*lpLineChar == '(' || *lpLineChar == '{' ? 1 : *lpLineChar == ')' || *lpLineChar == '}' ? -1 : 0);
          if (nRemLevel == 0) { szRem[nRemLen] = '\0'; AppendStr(szCommentTable[nMaxMove], szRem); nRemLen = 0; bEndFor = false; lpLineChar ++; break; }
          else { if (nRemLen < MAX_STR_LEN) { szRem[nRemLen] = *lpLineChar; nRemLen ++; } }
          lpLineChar ++;
        }
        if (bEndFor) {
          szRem[nRemLen] = '\0'; AppendStr(szCommentTable[nMaxMove], szRem); nRemLen = 0;
          if (*lpLineChar == '\r' || *lpLineChar == '\n') AppendStr(szCommentTable[nMaxMove], "\r\n");
          bReturned = true;
        }
      } else {
        bEndFor = true;
        while (*lpLineChar != '\0' && *lpLineChar != '\r' && *lpLineChar != '\n') {
          switch (*lpLineChar) {
          case '(': case '{': nRemLevel ++; bEndFor = false; break;
          case '0': if (strncmp(lpLineChar, "0-1", 3) == 0) { if (!bNoAdvert) AppendStr(szCommentTable[nMaxMove], cszAdvertStr); fclose(fp); return true; } break;
          case '1': if (strncmp(lpLineChar, "1-0", 3) == 0 || strncmp(lpLineChar, "1/2-1/2", 7) == 0) { if (!bNoAdvert) AppendStr(szCommentTable[nMaxMove], cszAdvertStr); fclose(fp); return true; } break;
          case '*': if (!bNoAdvert) AppendStr(szCommentTable[nMaxMove], cszAdvertStr); fclose(fp); return true;
          default:
            if (nNotation > 0) {
              if ((*lpLineChar >= 'A' && *lpLineChar <= 'Z') || (*lpLineChar >= 'a' && *lpLineChar <= 'z') || *lpLineChar == '+' || *lpLineChar == '-' || *lpLineChar == '=') {
                if (nNotation == 1) mv = File2Move(*(uint32_t *) lpLineChar, pos); else mv = ICCS_MOVE(lpLineChar);
                if (TryMove(pos, nStatus, mv)) {
                  if (pos.nMoveNum == MAX_MOVE_NUM) pos.SetIrrev();
                  if (nCounter < MAX_COUNTER) { if (pos.sdPlayer == 0) nCounter ++; nMaxMove ++; wmvMoveTable[nMaxMove] = mv; if (nNotation == 1) lpLineChar += 3; else lpLineChar += 5; }
                }
                bEndFor = false; break;
              }
            } else {
              if (*lpLineChar < 0) {
                mv = File2Move(Chin2File(*(uint64_t *) lpLineChar), pos);
                if (TryMove(pos, nStatus, mv)) {
                  if (pos.nMoveNum == MAX_MOVE_NUM) pos.SetIrrev();
                  if (nCounter < MAX_COUNTER) { if (pos.sdPlayer == 0) nCounter ++; nMaxMove ++; wmvMoveTable[nMaxMove] = mv; lpLineChar += 7; }
                }
              }
            }
            break;
          }
          lpLineChar ++;
          if (!bEndFor) break;
        }
        if (bEndFor) bReturned = true;
      }
    } else {
      if (szLineStr[0] == '\0') bReturned = true;
      else if (szLineStr[0] == '[') {
        if (GetLabel(szEvent, szLineStr, "EVENT")) {} else if (GetLabel(szRound, szLineStr, "ROUND")) {} else if (GetLabel(szDate, szLineStr, "DATE")) {}
        else if (GetLabel(szSite, szLineStr, "SITE")) {} else if (GetLabel(szRedTeam, szLineStr, "REDTEAM")) {} else if (GetLabel(szRed, szLineStr, "RED")) {}
        else if (GetLabel(szRedElo, szLineStr, "REDELO")) {} else if (GetLabel(szBlackTeam, szLineStr, "BLACKTEAM")) {} else if (GetLabel(szBlack, szLineStr, "BLACK")) {}
        else if (GetLabel(szBlackElo, szLineStr, "BLACKELO")) {}
        else if (GetLabel(szRem, szLineStr, "RESULT")) {
          if (strcmp(szRem, "*") == 0) nResult = 0; else if (strcmp(szRem, "1-0") == 0) nResult = 1; else if (strcmp(szRem, "1/2-1/2") == 0) nResult = 2; else if (strcmp(szRem, "0-1") == 0) nResult = 3; else nResult = 0;
        } else if (GetLabel(szEcco, szLineStr, "ECCO")) {} else if (GetLabel(szOpen, szLineStr, "OPENING")) {} else if (GetLabel(szVar, szLineStr, "VARIATION")) {}
        else if (GetLabel(szRem, szLineStr, "FORMAT")) { if (StrEqv(szRem, "WXF")) nNotation = 1; else if (StrEqv(szRem, "ICCS")) nNotation = 2; else nNotation = 0; }
        else if (GetLabel(szRem, szLineStr, "FEN")) { posStart.FromFen(szRem); lpLineChar = strchr(szRem, '-'); pos = posStart; nCounter = 1; }
        bReturned = true;
      } else bDetail = true;
    }
  }
  if (!bNoAdvert) AppendStr(szCommentTable[nMaxMove], cszAdvertStr);
  fclose(fp);
  return true;
}
// Driver (not ElephantEye's): reads every file named on the command line, or with `-` every file
// named one per line on standard input, with PgnFileStruct::Read, and prints files and plies.
int main(int argc, char **argv) {
  PreGenInit(); FileSqInit();
  static PgnFileStruct pgn;
  static char szName[4096];
  long files = 0, plies = 0;
  for (int i = 1; i < argc; i ++) {
    if (strcmp(argv[i], "-") != 0) { if (pgn.Read(argv[i], true)) { files ++; plies += pgn.nMaxMove; } continue; }
    while (fgets(szName, sizeof(szName), stdin) != NULL) {
      szName[strcspn(szName, "\r\n")] = '\0';
      if (szName[0] != '\0' && pgn.Read(szName, true)) { files ++; plies += pgn.nMaxMove; }
    }
  }
  printf("files %ld, plies %ld\n", files, plies);
  return 0;
}
