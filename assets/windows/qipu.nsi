; The Windows installer of Qipu, built on Linux with NSIS (Debian's `nsis`):
;   makensis -DVERSION=0.1.0 -DEXE=path/to/qipu.exe -DOUTFILE=path/to/qipu-0.1.0-setup.exe \
;     assets/windows/qipu.nsi
; Paths in this script are from its folder (makensis works there): give EXE and OUTFILE whole.
; Installs for all users under Program Files when run elevated, else for the current user alone
; (under %LOCALAPPDATA%\Programs); /AllUsers or /CurrentUser chooses, /S installs silently.
; A Start-menu entry, .pgn .xqf .cbr .cbf files opening with Qipu, and an uninstaller listed in
; Apps & features.

; A 64-bit installer for the 64-bit program (it also runs on Wine without its 32-bit part).
Target amd64-unicode
SetCompressor /SOLID lzma

!ifndef VERSION
  !error "give the version: -DVERSION=x.y.z"
!endif
!ifndef EXE
  !error "give the program: -DEXE=path/to/qipu.exe"
!endif
!ifndef OUTFILE
  !define OUTFILE "qipu-${VERSION}-setup.exe"
!endif

!define NAME "Qipu"
!define PUBLISHER "The Qipu developers"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Qipu"
!define PROGID "Qipu.Record"

Name "${NAME} ${VERSION}"
OutFile "${OUTFILE}"

!define MULTIUSER_EXECUTIONLEVEL Highest
!define MULTIUSER_MUI
!define MULTIUSER_INSTALLMODE_COMMANDLINE
!define MULTIUSER_USE_PROGRAMFILES64
!define MULTIUSER_INSTALLMODE_INSTDIR "Qipu"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_KEY "Software\Qipu"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_VALUENAME "InstallDir"
!include MultiUser.nsh
!include MUI2.nsh

!define MUI_ICON "qipu.ico"
!define MUI_UNICON "qipu.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\qipu.exe"

!insertmacro MULTIUSER_PAGE_INSTALLMODE
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"
!insertmacro MUI_LANGUAGE "TradChinese"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductName" "${NAME}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileDescription" "${NAME} installer"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "LegalCopyright" "${PUBLISHER}; MIT or Apache-2.0"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductVersion" "${VERSION}"

Function .onInit
  SetRegView 64
  !insertmacro MULTIUSER_INIT
  !insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

Function un.onInit
  SetRegView 64
  !insertmacro MULTIUSER_UNINIT
FunctionEnd

; One extension opening with Qipu: listed among the programs that open it, and Qipu's where no
; other program has it yet.
!macro Associate EXT
  WriteRegStr SHCTX "Software\Classes\.${EXT}\OpenWithProgids" "${PROGID}" ""
  ReadRegStr $0 SHCTX "Software\Classes\.${EXT}" ""
  ${If} $0 == ""
    WriteRegStr SHCTX "Software\Classes\.${EXT}" "" "${PROGID}"
  ${EndIf}
!macroend

!macro Dissociate EXT
  DeleteRegValue SHCTX "Software\Classes\.${EXT}\OpenWithProgids" "${PROGID}"
  ReadRegStr $0 SHCTX "Software\Classes\.${EXT}" ""
  ${If} $0 == "${PROGID}"
    DeleteRegValue SHCTX "Software\Classes\.${EXT}" ""
  ${EndIf}
  DeleteRegKey /ifempty SHCTX "Software\Classes\.${EXT}\OpenWithProgids"
  DeleteRegKey /ifempty SHCTX "Software\Classes\.${EXT}"
!macroend

Section "Qipu" SecMain
  SectionIn RO
  SetOutPath "$INSTDIR"
  File "/oname=qipu.exe" "${EXE}"
  File "/oname=README.md" "../../README.md"
  File "/oname=OFL.txt" "../fonts/OFL.txt"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortCut "$SMPROGRAMS\Qipu.lnk" "$INSTDIR\qipu.exe" "" "$INSTDIR\qipu.exe" 0

  WriteRegStr SHCTX "Software\Qipu" "InstallDir" "$INSTDIR"

  WriteRegStr SHCTX "Software\Classes\${PROGID}" "" "Xiangqi record"
  WriteRegStr SHCTX "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\qipu.exe,0"
  WriteRegStr SHCTX "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\qipu.exe" "%1"'
  WriteRegStr SHCTX "Software\Classes\Applications\qipu.exe\shell\open\command" "" '"$INSTDIR\qipu.exe" "%1"'
  !insertmacro Associate pgn
  !insertmacro Associate xqf
  !insertmacro Associate cbr
  !insertmacro Associate cbf
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayName" "${NAME}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\qipu.exe,0"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode'
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode /S'
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  Delete "$INSTDIR\qipu.exe"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\OFL.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\Qipu.lnk"

  !insertmacro Dissociate pgn
  !insertmacro Dissociate xqf
  !insertmacro Dissociate cbr
  !insertmacro Dissociate cbf
  DeleteRegKey SHCTX "Software\Classes\${PROGID}"
  DeleteRegKey SHCTX "Software\Classes\Applications\qipu.exe"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  DeleteRegKey SHCTX "Software\Qipu"
  DeleteRegKey SHCTX "${UNINSTALL_KEY}"
SectionEnd
