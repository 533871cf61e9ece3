"""The engine's speed in two or more source trees, measured in one run.

    git worktree add /tmp/base <commit>
    python benchmarks/compare.py /tmp/base . [--rounds 7] [--games 400] [--players 4]

On a shared machine one run's games/s swing by a third with the others' load,
so figures taken at different times cannot be compared. Here each round plays
the same random 4-player games (``benchmarks/engine.py``'s policy and seeds) once
in every tree, each in a fresh subprocess importing that tree's ``bsg_desktop``,
in an order that alternates from round to round; the table gives each tree's
median over the rounds and its ratio to the first tree's. ``cpu`` counts only the
time the process was on a core (``time.process_time``), which others' work on
the machine takes away less than it takes wall-clock time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

# Run inside each tree, with that tree's bsg_desktop: benchmarks/engine.py's own games
# (this checkout's `play`, so every tree plays by the same policy), timed after a warm-up.
SNIPPET = """
import json, sys, time
sys.path.insert(0, sys.argv[3])
from engine import play

games, players = int(sys.argv[1]), int(sys.argv[2])
for seed in range(20):
    play(players, seed)
wall, cpu = time.perf_counter(), time.process_time()
decisions = sum(play(players, seed) for seed in range(games))
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
print(json.dumps({"wall": games / wall, "cpu": games / cpu, "decisions": decisions}))
"""


def measure(tree: Path, games: int, players: int) -> dict[str, float]:
    """One subprocess's games/s (wall and cpu) for the tree's engine."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    here = str(Path(__file__).resolve().parent)
    out = subprocess.run([sys.executable, "-c", SNIPPET, str(games), str(players), here],
                         cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("trees", nargs="+", type=Path, help="source trees; the first is the base")
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--games", type=int, default=400, help="games per measurement")
    p.add_argument("--players", type=int, default=4)
    a = p.parse_args()
    trees = [t.resolve() for t in a.trees]
    runs: dict[Path, list[dict[str, float]]] = {t: [] for t in trees}
    for r in range(a.rounds):
        order = trees if r % 2 == 0 else trees[::-1]
        for t in order:
            runs[t].append(measure(t, a.games, a.players))
        print(f"round {r + 1}: " + "  ".join(
            f"{t.name} {runs[t][-1]['wall']:.0f}" for t in trees), file=sys.stderr)
    decisions = {runs[t][0]["decisions"] for t in trees}
    if len(decisions) > 1:
        print("note: the trees play different games (decision counts differ)")
    base = {k: statistics.median(m[k] for m in runs[trees[0]]) for k in ("wall", "cpu")}
    print(f"{a.players} players, {a.games} random games x {a.rounds} rounds, medians")
    print(f"{'tree':<24} {'wall games/s':>12} {'ratio':>6} {'cpu games/s':>12} {'ratio':>6}")
    for t in trees:
        wall = statistics.median(m["wall"] for m in runs[t])
        cpu = statistics.median(m["cpu"] for m in runs[t])
        print(f"{t.name:<24} {wall:12.1f} {wall / base['wall']:6.3f} "
              f"{cpu:12.1f} {cpu / base['cpu']:6.3f}")


if __name__ == "__main__":
    main()
