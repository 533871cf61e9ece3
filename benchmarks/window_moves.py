"""The window's CPU per move, and how it grows with the game's log.

    QT_QPA_PLATFORM=offscreen python benchmarks/window_moves.py [--moves 400] [--size 1280x720]

Five-player hot-seat games (seeds 3, 4, 5 …) in the shown (offscreen) window, each
choice a seeded random legal one, until ``--moves`` choices are made. For each, the CPU
time of the choice itself (the engine, the autosave, the window's own update in the
same call) and of the 0.7 s of events after it (the board's motion, every repaint, the
log laid out again), printed overall and by the log's length in lines. A move's cost
should not grow with the game: it is what every move of a long game pays on the
host's machine, beside the phones' pages when they share it.

``BSG_TREE=/other/checkout`` measures another tree with this script, to compare two
trees back to back.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, os.environ.get("BSG_TREE") or str(Path(__file__).resolve().parent.parent))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=400)
    ap.add_argument("--size", default="1280x720", help="the window's size, WxH")
    args = ap.parse_args()
    try:
        w, h = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        ap.error(f"--size: not WxH: {args.size!r}")

    from PySide6.QtWidgets import QApplication

    from bsg_desktop.engine import Setup
    from bsg_desktop.ui.controller import HUMAN
    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    app = QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        win = MainWindow(settings=Settings(Path(tmp) / "settings.ini"),
                         autosave_path=Path(tmp) / "autosave.json")
        win.resize(w, h)
        win.show()
        c = win.controller
        moves: list[tuple[int, float, float]] = []  # log lines, choice CPU, after it (ms)
        seed = 3
        while len(moves) < args.moves:
            win.start_game(Setup(players=5), seed, [HUMAN] * 5)
            for _ in range(30):
                app.processEvents()
            rnd = random.Random(seed)
            while c.game is not None and c.game.outcome is None and len(moves) < args.moves:
                t0 = time.process_time()
                c.choose(rnd.choice(c.game.pending.options))
                t1 = time.process_time()
                end = time.monotonic() + 0.7  # the board's motion and its last frame
                while time.monotonic() < end:
                    app.processEvents()
                    time.sleep(0.002)
                moves.append((win.log.count(), (t1 - t0) * 1000,
                              (time.process_time() - t1) * 1000))
            seed += 1
        c.stop()
    for label, k in (("the choice", 1), ("the 0.7 s after it", 2)):
        ms = sorted(m[k] for m in moves)
        print(f"{label}: {len(ms)} moves, mean {statistics.mean(ms):.1f} ms CPU, "
              f"p50 {statistics.median(ms):.1f}, p95 {ms[int(0.95 * (len(ms) - 1))]:.1f}")
    by = collections.defaultdict(list)
    for lines, choice, after in moves:
        by[lines // 100 * 100].append(choice + after)
    for start in sorted(by):
        print(f"  with {start}-{start + 99} log lines: {len(by[start])} moves, "
              f"mean {statistics.mean(by[start]):.1f} ms CPU a move")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
