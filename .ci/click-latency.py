#!/usr/bin/env python3
"""Click-to-frame latency of the window on software rendering.

Starts Xvfb (1400x950), runs QIPU (a qipu binary) on it with the environment given as NAME=VALUE
arguments, sizes the window to 1400x950, then clicks the piece at the point CLICK again and again
(select, put back) with XTest and polls the screen until the pixels around WATCH change (a
destination dot appears or goes). Prints the median, 10th and 90th percentile, and the app's CPU
time per click.

    .ci/click-latency.py target/release/qipu [--clicks N] [--click X,Y] [--watch X,Y] [NAME=VALUE...]

The default points are Red's cannon on h2 and the point h4 in the window's layout at 1400x950.
"""

import argparse
import ctypes
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

X11 = ctypes.CDLL("libX11.so.6")
XTST = ctypes.CDLL("libXtst.so.6")
X11.XOpenDisplay.restype = ctypes.c_void_p
X11.XOpenDisplay.argtypes = [ctypes.c_char_p]
X11.XDefaultRootWindow.restype = ctypes.c_ulong
X11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
X11.XGetImage.restype = ctypes.c_void_p
X11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                          ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
X11.XFree.argtypes = [ctypes.c_void_p]
X11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
XTST.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                      ctypes.c_int, ctypes.c_ulong]
XTST.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                      ctypes.c_ulong]
Z_PIXMAP = 2
BOX = 9


def point(text):
    x, y = text.split(",")
    return int(x), int(y)


def grab(display, root, x, y):
    """The 32-bit pixels of a BOX-wide square centred on (x, y)."""
    image = X11.XGetImage(display, root, x - BOX // 2, y - BOX // 2, BOX, BOX, 0xFFFFFFFF, Z_PIXMAP)
    # XImage starts with width, height, xoffset, format (four ints), then the data pointer.
    data = ctypes.cast(image + 16, ctypes.POINTER(ctypes.c_void_p))[0]
    pixels = ctypes.string_at(data, BOX * BOX * 4)
    X11.XFree(data)
    X11.XFree(image)
    return pixels


def click(display, x, y):
    """Move to (x, y), press and release; the time of the release."""
    XTST.XTestFakeMotionEvent(display, -1, x, y, 0)
    X11.XSync(display, 0)
    time.sleep(0.05)
    XTST.XTestFakeButtonEvent(display, 1, 1, 0)
    X11.XSync(display, 0)
    time.sleep(0.03)
    XTST.XTestFakeButtonEvent(display, 1, 0, 0)
    X11.XSync(display, 0)
    return time.perf_counter()


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("qipu")
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--click", type=point, default=(924, 636))
    parser.add_argument("--watch", type=point, default=(924, 485))
    parser.add_argument("--display", default=":93")
    parser.add_argument("env", nargs="*", help="NAME=VALUE for the app")
    args = parser.parse_args()

    home = tempfile.mkdtemp(prefix="qipu-latency-")
    runtime = os.path.join(home, "run")
    os.mkdir(runtime, 0o700)
    xvfb = subprocess.Popen(["Xvfb", args.display, "-screen", "0", "1400x950x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    app = None
    try:
        time.sleep(1)
        env = dict(os.environ, DISPLAY=args.display, HOME=home, XDG_RUNTIME_DIR=runtime)
        env.update(item.split("=", 1) for item in args.env)
        app = subprocess.Popen([args.qipu], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(6)
        xdotool = ["xdotool", "search", "--sync", "--name", "Qipu"]
        subprocess.run(xdotool + ["windowsize", "1400", "950"], env=env, check=True)
        time.sleep(1)
        subprocess.run(xdotool + ["windowfocus"], env=env, check=False)
        display = X11.XOpenDisplay(args.display.encode())
        root = X11.XDefaultRootWindow(display)
        # A first click to settle focus and hover; then select / put back, in pairs.
        click(display, *args.click)
        time.sleep(1.5)
        if args.clicks % 2:
            args.clicks += 1
        start_cpu = cpu_seconds(app.pid)
        latencies = []
        timeouts = 0
        for _ in range(args.clicks):
            time.sleep(0.6)
            before = grab(display, root, *args.watch)
            released = click(display, *args.click)
            while grab(display, root, *args.watch) == before:
                if time.perf_counter() - released > 5:
                    timeouts += 1
                    break
                time.sleep(0.001)
            latencies.append((time.perf_counter() - released) * 1000)
        cpu = (cpu_seconds(app.pid) - start_cpu) * 1000 / args.clicks
        latencies.sort()
        print(f"clicks {len(latencies)}  median {statistics.median(latencies):.0f} ms  "
              f"p10 {latencies[len(latencies) // 10]:.0f}  "
              f"p90 {latencies[len(latencies) * 9 // 10]:.0f}  "
              f"app CPU per click {cpu:.0f} ms" + (f"  TIMEOUTS {timeouts}" if timeouts else ""))
        return 1 if timeouts else 0
    finally:
        if app:
            app.terminate()
            app.wait()
        xvfb.terminate()
        xvfb.wait()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
