"""Bot speed: heuristic-bot complete 4-player games per second, strong-bot decision time.

    python benchmarks/bots.py [--games 300] [--repeat 5] [--decisions 20] [--budget 0.5]

Games are played the fair way (each seat's bot gets ``g.view(seat)`` and
``g.pending``; the game keeps its public record), on one core.

Games per second swing by tens of percent when anything else runs on the
machine, so the games are played ``--repeat`` times and the best run is the
figure (as ``timeit`` does: a disturbance only ever slows a run down); the
median is printed beside it. To compare two versions, run them alternately several times and
compare ratios, or count instructions, which do not swing:
``valgrind --tool=callgrind`` on a short run, minus a run of zero games.
Any speed-up must leave ``benchmarks/fingerprint.py``'s output unchanged.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from bsg_desktop.bots import make_bot
from bsg_desktop.engine import Setup, new_game


def heuristic_games_per_second(games: int) -> tuple[float, float]:
    start = time.perf_counter()
    decisions = 0
    for seed in range(games):
        g = new_game(Setup(players=4), seed=seed)
        bots = [make_bot("heuristic", seed * 10 + s) for s in range(4)]
        while g.outcome is None and not g.stalled:
            d = g.pending
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
            decisions += 1
    seconds = time.perf_counter() - start
    return games / seconds, decisions / seconds


def strong_decision_times(decisions: int, budget: float) -> list[tuple[str, float, int]]:
    out: list[tuple[str, float, int]] = []
    seed = 0
    while len(out) < decisions:
        g = new_game(Setup(players=4), seed=seed)
        bots = [make_bot("heuristic", s) for s in range(4)]
        strong: Any = make_bot("strong", 1, budget=budget)
        while g.outcome is None and len(out) < decisions:
            d = g.pending
            v = g.view(d.seat)
            if d.seat == 0 and strong.searched(v, d) and len(d.options) > 1:
                t = time.perf_counter()
                c = strong.choose(v, d)
                out.append((d.kind, time.perf_counter() - t,
                            int(strong.last_stats.get("worlds", 0))))
            else:
                c = bots[d.seat].choose(v, d)
                if d.seat == 0:
                    strong.choose(v, d)  # keep its record current, as in a real game
            g.apply(c)
        seed += 1
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--decisions", type=int, default=20)
    p.add_argument("--budget", type=float, default=0.5)
    a = p.parse_args()
    runs = [heuristic_games_per_second(a.games) for _ in range(max(1, a.repeat))]
    gps, dps = max(runs)
    median = statistics.median(r[0] for r in runs)
    print(f"heuristic, 4 players: {gps:.1f} complete games/s ({dps:.0f} decisions/s), "
          f"best of {len(runs)} runs of {a.games} games on one core (median {median:.1f})")
    if a.decisions <= 0:  # --decisions 0: the games alone (instruction counts)
        return
    times = strong_decision_times(a.decisions, a.budget)
    secs = [t for _, t, _ in times]
    worlds = [w for _, _, w in times]
    print(f"strong, budget {a.budget}s: {len(times)} searched decisions, mean "
          f"{statistics.mean(secs):.3f}s, max {max(secs):.3f}s, mean sampled worlds "
          f"{statistics.mean(worlds):.1f} (each world played out once per candidate)")


if __name__ == "__main__":
    main()
