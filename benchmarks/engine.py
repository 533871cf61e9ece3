"""Random-policy complete games per second for 3, 4 and 5 players, on one core.

Run: ``python benchmarks/engine.py [--seconds 3]``. Games are made with
``record=False`` (no event log) and without invariant checks, as the simulator
plays them when it only needs results. Aim (issue 2): 1,000 4-player games/s.
"""

from __future__ import annotations

import argparse
import random
import time

from bsg_desktop.engine import Setup, new_game


def play(players: int, seed: int) -> int:
    """One complete game with uniformly random legal choices; returns its decisions."""
    g = new_game(Setup(players=players), seed, record=False)
    rng = random.Random(seed)
    n = 0
    while g.outcome is None and not g.stalled:
        options = g.pending.options
        g.apply(options[rng.randrange(len(options))])
        n += 1
    return n


def measure(players: int, seconds: float) -> tuple[float, float]:
    """Games per second and decisions per second over about ``seconds``."""
    games = decisions = 0
    start = time.perf_counter()
    while True:
        decisions += play(players, games)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, decisions / elapsed


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=3.0, help="time per player count")
    args = p.parse_args()
    for players in (3, 4, 5):
        gps, dps = measure(players, args.seconds)
        print(f"{players} players: {gps:8.1f} games/s  ({dps:,.0f} decisions/s)")


if __name__ == "__main__":
    main()
