"""Twin-world leak search, longer than CI's: decisions compared and differences found.

Run: ``python3 benchmarks/leaks.py [--decisions 20000] [--players 3 4 5] [--seed 1]``.

For each player count two searches play random games (``engine/twins.py``):

- undo: before every step, a twin world for the public and one for every seat
  (the facts hidden from that seat drawn anew); the same choice in each; whether
  the step is undoable must agree, and for an undoable step every twin's view
  for its seat must equal the game's, before and after the undo;
- shape: beside a twin differing in every hidden fact, the public trace (events,
  then who is asked which kind of question) must agree up to its first public
  event difference; a question in one world and not the other is a leak.

``tests/test_secrets.py`` runs the same searches over 2,000 decisions per count.
Exit 1 if any difference was found.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

# This file's own folder comes first on the path, and its name would hide the standard
# library's ``secrets`` (the engine's seeds): put the project root there instead.
sys.path[0] = str(Path(__file__).resolve().parents[1])

from bsg_desktop.engine.twins import compare_shape, compare_undo  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=20_000, help="per player count and search")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    found = 0
    print(f"{'players':>7} {'search':>6} {'decisions':>9} {'undoable':>8} {'twin steps':>10} "
          f"{'diverged':>8} {'differences':>11} {'seconds':>7}")
    for n in a.players:
        for name, fn in (("undo", compare_undo), ("shape", compare_shape)):
            t = time.perf_counter()
            r = fn(n, a.decisions, seed=a.seed * 100_000 + n * 1000)
            found += r["differences"]
            print(f"{n:>7} {name:>6} {r['decisions']:>9,} {r.get('undoable', '-'):>8} "
                  f"{r.get('twin_steps', '-'):>10} {r.get('diverged', '-'):>8} "
                  f"{r['differences']:>11} {time.perf_counter() - t:>7.1f}")
            for ex in r["examples"]:
                print("    e.g.", ex)
    print(f"differences found: {found}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
