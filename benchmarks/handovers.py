"""How many hot-seat hand-overs a 5-player game needs, with every seat at the table.

Run: ``python benchmarks/handovers.py [--games 20] [--level heuristic] [--every-decision]``.
Each game is played through the window's own controller (`ui.controller`, no window)
with all five seats human and at the table; the choices are made by computer players
from the deciding seat's view. A hand-over is counted whenever the controller asks
for one (`needs_handover`), which is then confirmed. It prints the median, the least
and the most over the games, under the hand-over rule (`present.handover`: only a
decision that shows the seat something hidden) and under the rule of handing over
for every human decision; ``--every-decision`` prints that count alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QCoreApplication  # noqa: E402

from bsg_desktop.bots import make_bot  # noqa: E402
from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.ui.controller import HUMAN, GameController  # noqa: E402


def hand_overs(seed: int, level: str, every_decision: bool, limit: int = 20_000) -> int:
    """Hand-overs in one 5-player all-human game played to its end."""
    c = GameController(bot_delay_ms=0)
    c.every_decision = every_decision
    c.start(Setup(players=5), seed, [HUMAN] * 5)
    assert c.game is not None
    bots = {s: make_bot(level, seed=seed * 10 + s) for s in range(5)}
    count = 0
    for _ in range(limit):
        g = c.game
        if g.outcome is not None or g.pending is None or g.stalled:
            break
        if c.needs_handover():
            count += 1
            c.unlock()
        seat = g.pending.seat
        choice = bots[seat].choose(g.view(seat), g.pending)
        c.choose(choice if choice in g.pending.options else g.pending.options[0])
    c.stop()
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--level", default="heuristic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every-decision", action="store_true",
                    help="count only under the rule of a hand-over for every human decision")
    args = ap.parse_args()
    QCoreApplication.instance() or QCoreApplication([])
    rules = [("every decision", True)] if args.every_decision else \
        [("hidden facts only", False), ("every decision", True)]
    seeds = range(args.seed, args.seed + args.games)
    for name, every in rules:
        counts = [hand_overs(s, args.level, every) for s in seeds]
        print(f"{name}: median {statistics.median(counts):g} hand-overs per game "
              f"(least {min(counts)}, most {max(counts)}; {args.games} games, 5 players, "
              f"all at the table, {args.level} choices)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
