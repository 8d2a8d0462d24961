/* For the Wine runs in CI only, never shipped: Rust's standard library takes its random bytes
 * from ProcessPrng in bcryptprimitives.dll (Windows 10 and later have it); Debian's Wine lacks
 * it. This DLL, copied into the Wine prefix's system folder by .ci/windows, forwards it to
 * RtlGenRandom (advapi32's SystemFunction036). Built with: x86_64-w64-mingw32-gcc -shared -O2
 * -o bcryptprimitives.dll bcryptprimitives.c bcryptprimitives.def -ladvapi32 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
