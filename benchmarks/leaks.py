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

Then, for each bot level and player count, pair-world timing (``--timing N``
decisions per side, 0: skip): at every decision of a seat whose loyalty is hidden,
a twin world in which that seat holds the other side's card (a human's becomes a
Cylon's or back, everything public the same) asks a fresh bot of that level the
same question in both worlds. How long each took, and when the window would
release its answer (`bots.release.release_after`, held to the window's pace or
the strong level's `think_floor`), are compared between the humans' and the
hidden Cylons' sides with a two-sample Kolmogorov-Smirnov test. The strong
level's budget is scaled down (``--budget``, with the window's pace scaled alike)
so that thousands of searches fit in minutes. Exit 1 if any difference was found
or a release test rejects at p < 0.01.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

# This file's own folder comes first on the path, and its name would hide the standard
# library's ``secrets`` (the engine's seeds): put the project root there instead.
sys.path[0] = str(Path(__file__).resolve().parents[1])

from bsg_desktop.bots import make_bot  # noqa: E402
from bsg_desktop.bots.release import release_after  # noqa: E402
from bsg_desktop.bots.strong import DEFAULT_BUDGET  # noqa: E402
from bsg_desktop.engine import Game, Setup, new_game  # noqa: E402
from bsg_desktop.engine.twins import compare_shape, compare_undo, flipped  # noqa: E402

# the window's fixed release hold (GameController.bot_delay_ms); the pace of the last
# move's public changes (present.pace) is the same in both worlds of a pair, so it is
# left out here and tested in tests/test_ui_pace.py
PACE = 0.35
LEVELS = ("random", "heuristic", "strong")


def ks_two_sample(a: list[float], b: list[float]) -> tuple[float, float]:
    """The Kolmogorov-Smirnov statistic D of two samples and its asymptotic p-value."""
    xs, ys = sorted(a), sorted(b)
    n, m = len(xs), len(ys)
    i = j = 0
    d = 0.0
    while i < n and j < m:
        v = min(xs[i], ys[j])
        while i < n and xs[i] == v:
            i += 1
        while j < m and ys[j] == v:
            j += 1
        d = max(d, abs(i / n - j / m))
    if d == 0.0:
        return 0.0, 1.0
    lam = math.sqrt(n * m / (n + m)) * d
    p = 2.0 * sum((-1) ** (k - 1) * math.exp(-2.0 * k * k * lam * lam) for k in range(1, 101))
    return d, min(1.0, max(0.0, p))


def timed(level: str, seed: int, g: Game, budget: float) -> tuple[float, float, bool]:
    """(seconds a fresh bot took on g's question, when the window releases it, whether
    that is later than the hold fixed before it thought)."""
    d = g.pending
    assert d is not None
    bot = make_bot(level, seed=seed, **({"budget": budget} if level == "strong" else {}))
    view = g.view(d.seat)
    start = time.monotonic()
    bot.choose(view, d)
    elapsed = time.monotonic() - start
    floor = getattr(bot, "think_floor", None)
    pace = PACE * budget / DEFAULT_BUDGET
    hold = max(pace, floor(view, d) if floor is not None else 0.0)
    shown = release_after(hold, elapsed)
    return elapsed, shown, shown > hold


def compare_timing(level: str, players: int, per_side: int, seed: int,
                   budget: float) -> dict[str, object]:
    """Pair-world think and release times of hidden humans and hidden Cylons."""
    rng = random.Random(seed)
    think: dict[bool, list[float]] = {False: [], True: []}
    release: dict[bool, list[float]] = {False: [], True: []}
    late = {False: 0, True: 0}
    game_seed = seed
    while min(len(think[False]), len(think[True])) < per_side:
        g = new_game(Setup(players=players), game_seed)
        game_seed += 1
        movers = {s: make_bot("heuristic", seed=game_seed * 10 + s) for s in range(players)}
        while g.outcome is None and not g.stalled:
            d = g.pending
            assert d is not None
            me = g.players[d.seat]
            t = None if me.revealed else flipped(g, d.seat)
            if t is not None:
                ask = rng.randrange(1 << 30)
                for world in (g, t):
                    side = world.players[d.seat].is_cylon
                    elapsed, shown, overran = timed(level, ask, world, budget)
                    think[side].append(elapsed)
                    release[side].append(shown)
                    late[side] += overran
            g.apply(movers[d.seat].choose(g.view(d.seat), d))
    think_d, think_p = ks_two_sample(think[False], think[True])
    rel_d, rel_p = ks_two_sample(release[False], release[True])
    return {"humans": len(think[False]), "cylons": len(think[True]),
            "think_d": think_d, "think_p": think_p, "release_d": rel_d, "release_p": rel_p,
            "late": late, "release_max": max(release[False] + release[True])}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=20_000, help="per player count and search")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timing", type=int, default=2_000,
                    help="pair-world timing: decisions per side (0: skip)")
    ap.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    ap.add_argument("--budget", type=float, default=0.05,
                    help="the strong level's seconds per decision in the timing search")
    ap.add_argument("--skip-twins", action="store_true", help="only the timing search")
    a = ap.parse_args()
    found = 0
    if not a.skip_twins:
        print(f"{'players':>7} {'search':>6} {'decisions':>9} {'undoable':>8} "
              f"{'twin steps':>10} {'diverged':>8} {'differences':>11} {'seconds':>7}")
    for n in a.players if not a.skip_twins else ():
        for name, fn in (("undo", compare_undo), ("shape", compare_shape)):
            t = time.perf_counter()
            r = fn(n, a.decisions, seed=a.seed * 100_000 + n * 1000)
            found += r["differences"]
            print(f"{n:>7} {name:>6} {r['decisions']:>9,} {r.get('undoable', '-'):>8} "
                  f"{r.get('twin_steps', '-'):>10} {r.get('diverged', '-'):>8} "
                  f"{r['differences']:>11} {time.perf_counter() - t:>7.1f}")
            for ex in r["examples"]:
                print("    e.g.", ex)
    if not a.skip_twins:
        print(f"differences found: {found}")
    rejected = 0
    if a.timing:
        print()
        print(f"pair-world timing, strong budget {a.budget:.3f} s (window pace scaled alike); "
              "KS two-sample test, humans against hidden Cylons")
        print(f"{'level':>9} {'players':>7} {'humans':>6} {'cylons':>6} {'think D':>7} "
              f"{'think p':>8} {'release D':>9} {'release p':>9} {'late h/c':>8} "
              f"{'seconds':>7}")
        for level in a.levels:
            for n in a.players:
                t = time.perf_counter()
                r = compare_timing(level, n, a.timing, a.seed * 100_000 + n * 1000 + 7,
                                   a.budget)
                late = r["late"]
                assert isinstance(late, dict)
                rejected += float(r["release_p"]) < 0.01  # type: ignore[arg-type]
                print(f"{level:>9} {n:>7} {r['humans']:>6,} {r['cylons']:>6,} "
                      f"{r['think_d']:>7.3f} {r['think_p']:>8.2g} {r['release_d']:>9.3f} "
                      f"{r['release_p']:>9.2g} {late[False]:>3}/{late[True]:<4} "
                      f"{time.perf_counter() - t:>7.1f}")
        print(f"release tests rejecting at p < 0.01: {rejected}")
    return 1 if found or rejected else 0


if __name__ == "__main__":
    sys.exit(main())
