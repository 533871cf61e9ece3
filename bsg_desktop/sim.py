"""``bsg-express simulate``: play many complete games and report the results.

Each game is checked for component conservation after every step (the
invariants), so the simulator doubles as a soak test of the rules engine.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import signal
import time
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bsg_desktop.bots.stats import pct, wilson
from bsg_desktop.data import load_components, shipped_cards_path
from bsg_desktop.engine import Choice, PlayerView, Setup, new_game
from bsg_desktop.engine.invariants import violations
from bsg_desktop.errors import UserError
from bsg_desktop.inputs import budget_seconds, job_count, output_file, world_count
from bsg_desktop.outputs import Outputs
from bsg_desktop.progress import Bar, wanted

# The tracks the report charts by turn, in the order Tally.tracks keeps them.
TRACKS = ("distance", "jump", "damage", "demoralized", "raiders")


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {v}")
    return v


def _players(text: str) -> int:
    if text not in ("3", "4", "5"):
        raise argparse.ArgumentTypeError(f"expected 3, 4 or 5, got {text!r}")
    return int(text)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=_positive, default=100, help="how many games (default 100)")
    p.add_argument("--players", type=_players, default=4, help="3, 4 or 5 (default 4)")
    p.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed+i")
    p.add_argument("--variant", choices=["morale"], help="play with the morale variant (V1–V2)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--no-check", action="store_true",
                   help="skip the per-step invariant check (faster)")
    p.add_argument("--bots", type=parse_spec, default=None, metavar="SPEC",
                   help="computer players: one level for every seat (random, heuristic, "
                        "strong) or humans=LEVEL,cylons=LEVEL by loyalty at the end of setup")
    p.add_argument("--budget", type=budget_seconds, default=None, metavar="SECONDS",
                   help="strong bots' thinking time per decision (default 0.5)")
    p.add_argument("--worlds", type=world_count, default=None, metavar="N",
                   help="strong bots sample exactly N worlds per searched decision instead "
                        "of thinking for --budget seconds (reproducible, machine-independent)")
    p.add_argument("--jobs", type=job_count, default=1, metavar="N",
                   help="play games in N worker processes (default 1). With --worlds the "
                        "results are the same as with 1, since every game is fixed by its "
                        "seed; with a time budget (strong bots without --worlds) how far a "
                        "bot thinks depends on the machine's load, so results differ "
                        "between runs, parallel or not")
    p.add_argument("--report", metavar="FILE.md", type=output_file,
                   help="play --games games for 3, 4 and 5 players and write the balance "
                        "tables (win rates with 95%% intervals, conditions, game length)")


def parse_spec(text: str) -> dict[str, str]:
    """``heuristic`` or ``humans=strong,cylons=heuristic`` -> {"humans": …, "cylons": …}."""
    from bsg_desktop.bots import LEVELS

    text = text.strip()
    if "=" not in text:
        spec = {"humans": text, "cylons": text}
    else:
        spec = {}
        for part in text.split(","):
            side, _, level = part.partition("=")
            side, level = side.strip(), level.strip()
            if side not in ("humans", "cylons"):
                raise argparse.ArgumentTypeError(
                    f"expected humans=LEVEL,cylons=LEVEL, got side {side!r}")
            spec[side] = level
        if set(spec) != {"humans", "cylons"}:
            raise argparse.ArgumentTypeError("name a level for both humans and cylons")
    for level in spec.values():
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(
                f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
    return spec


def spec_text(spec: dict[str, str] | None) -> str:
    if spec is None:
        return "random-policy"
    if spec["humans"] == spec["cylons"]:
        return spec["humans"]
    return f"humans={spec['humans']},cylons={spec['cylons']}"


class RandomPolicy:
    """Legal choices at random: the baseline every other player is measured against."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView | None, options: tuple[Choice, ...]) -> Choice:
        return options[self.rng.randrange(len(options))]


@dataclass
class Tally:
    games: int = 0
    human_wins: int = 0
    cylon_wins: int = 0
    conditions: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    lengths: list[int] = field(default_factory=list)
    decisions: int = 0
    violations: int = 0
    errors: int = 0
    unfinished: int = 0
    examples: list[str] = field(default_factory=list)
    # tracks[t] sums each of TRACKS at the start of turn t over the games still
    # running then; track_games[t] counts those games, so a mean is sum / count.
    tracks: list[list[int]] = field(default_factory=list)
    track_games: list[int] = field(default_factory=list)

    def add_tracks(self, turn: int, values: tuple[int, ...] | list[int], games: int = 1) -> None:
        """Count ``games`` games' track sums ``values`` at the start of ``turn``."""
        while len(self.tracks) <= turn:
            self.tracks.append([0] * len(TRACKS))
            self.track_games.append(0)
        row = self.tracks[turn]
        for i, v in enumerate(values):
            row[i] += v
        self.track_games[turn] += games

    def merge(self, other: Tally) -> None:
        """Add another worker's games, so parallel runs report like one run."""
        self.games += other.games
        self.human_wins += other.human_wins
        self.cylon_wins += other.cylon_wins
        self.conditions.update(other.conditions)
        self.turns += other.turns
        self.lengths += other.lengths
        self.decisions += other.decisions
        self.violations += other.violations
        self.errors += other.errors
        self.unfinished += other.unfinished
        self.examples += other.examples
        for turn, (row, n) in enumerate(zip(other.tracks, other.track_games, strict=True)):
            self.add_tracks(turn, row, n)


def bots_for(g: Any, spec: dict[str, str], seed: int, budget: float | None = None,
             worlds: int | None = None) -> list[Any]:
    """One bot per seat, its level chosen by the seat's loyalty at the end of setup."""
    from bsg_desktop.bots import make_bot

    out = []
    for p in g.players:
        level = spec["cylons" if p.is_cylon else "humans"]
        opts: dict[str, Any] = {}
        if level == "strong":
            if budget is not None:
                opts["budget"] = budget
            if worlds is not None:
                opts["worlds"] = worlds
        out.append(make_bot(level, seed * 31 + p.seat, **opts))
    return out


def play_game(players: int, seed: int, variant: bool, check: bool, tally: Tally,
              policy_for: Any = None, spec: dict[str, str] | None = None,
              budget: float | None = None, worlds: int | None = None,
              cards: str | None = None) -> Any:
    """Play one game to the end and count it in ``tally``; returns the finished game.

    ``cards`` names the cards file to play (None: the one in use, BSG_CARDS or shipped).

    With ``spec`` each seat's bot is handed ``g.view(seat)`` and ``g.pending`` and
    nothing else (the game keeps its public record on, which bots read from the
    view). ``policy_for(game, decision)`` is the old hook for a driver that may
    see the whole game (tests).
    """
    g = new_game(Setup(players=players, morale_variant=variant), seed=seed,
                 components=load_components(cards) if cards is not None else None,
                 record=spec is not None)
    if spec is not None:
        bots = bots_for(g, spec, seed, budget, worlds)

        def policy_for(g: Any, d: Any) -> Choice:
            return bots[d.seat].choose(g.view(d.seat), d)
    policy = RandomPolicy(seed ^ 0x5EED)
    decisions = 0
    turn = -1
    try:
        while g.outcome is None and not g.stalled:
            if g.turn != turn:
                turn = g.turn
                tally.add_tracks(turn, track_values(g))
            if check:
                bad = violations(g)
                if bad:
                    tally.violations += 1
                    tally.examples.append(f"seed {seed}: {bad[0]}")
                    return g
            d = g.pending
            if policy_for is not None:
                choice = policy_for(g, d)
            else:
                choice = policy.choose(None, d.options)
            g.apply(choice)
            decisions += 1
    except Exception as e:  # a bug in the engine: count it and keep going
        tally.errors += 1
        tally.examples.append(f"seed {seed}: {e.__class__.__name__}: {e}")
        return g
    tally.games += 1
    tally.turns += g.turn
    tally.lengths.append(g.turn)
    tally.decisions += decisions
    if g.outcome is None:
        tally.unfinished += 1
        return g
    if g.outcome.winner == "humans":
        tally.human_wins += 1
    else:
        tally.cylon_wins += 1
    tally.conditions[g.outcome.condition] += 1
    return g


def track_values(g: Any) -> tuple[int, ...]:
    """The public tracks, in the order of TRACKS: what a chart of a game's course shows."""
    return (g.distance, g.jump_track, len(g.damage_placed), len(g.demoralized_out),
            g.raiders())


def summary(args: argparse.Namespace, tally: Tally, seconds: float,
            players: int | None = None) -> dict[str, Any]:
    n = max(1, tally.games)
    lo, hi = wilson(tally.human_wins, tally.games)
    return {
        "games": tally.games,
        "players": players if players is not None else args.players,
        "seed": args.seed,
        "variant": args.variant or "standard",
        "bots": spec_text(getattr(args, "bots", None)),
        "human_wins": tally.human_wins,
        "cylon_wins": tally.cylon_wins,
        "human_win_rate": round(tally.human_wins / n, 4),
        "human_win_rate_95": [round(lo, 4), round(hi, 4)],
        "wins_by_condition": {k: tally.conditions.get(k, 0)
                              for k in ("jump", "raiders", "damage", "morale")},
        "unfinished": tally.unfinished,
        "mean_turns": round(tally.turns / n, 2),
        "turns_quartiles": quartiles(tally.lengths),
        "mean_decisions": round(tally.decisions / n, 2),
        "invariant_violations": tally.violations,
        "errors": tally.errors,
        "error_examples": tally.examples[:5],
        "turns_histogram": {str(t): n for t, n in sorted(Counter(tally.lengths).items())},
        "mean_tracks_by_turn": [
            {"games": n} | {name: round(total / n, 3)
                            for name, total in zip(TRACKS, row, strict=True)}
            for row, n in zip(tally.tracks, tally.track_games, strict=True) if n],
        "seconds": round(seconds, 3),
        "games_per_second": round(tally.games / seconds, 1) if seconds > 0 else None,
    }


def win_rate_shift(wins: int, games: int, base_wins: int, base_games: int
                   ) -> tuple[float, float, float]:
    """The difference of two win rates with its 95% interval (Newcombe's method from
    the two Wilson intervals): how far a variant moves the balance, and how surely."""
    p1, p2 = wins / max(1, games), base_wins / max(1, base_games)
    l1, u1 = wilson(wins, games)
    l2, u2 = wilson(base_wins, base_games)
    d = p1 - p2
    return (d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def quartiles(xs: list[int]) -> list[float]:
    """Lower quartile, median, upper quartile of game lengths (turns)."""
    if not xs:
        return [0, 0, 0]
    ys = sorted(xs)
    return [float(ys[(len(ys) - 1) * k // 4]) for k in (1, 2, 3)]


def _play_seeds(job: tuple[int, list[int], bool, bool, dict[str, str] | None,
                            float | None, int | None, str | None]) -> Tally:
    """One worker's share of a run (module level, so a process pool can pickle it)."""
    players, seeds, variant, check, spec, budget, worlds, cards = job
    tally = Tally()
    for seed in seeds:
        play_game(players, seed, variant, check, tally, spec=spec, budget=budget, worlds=worlds,
                  cards=cards)
    return tally


def _ignore_sigint() -> None:
    """Workers leave Ctrl+C to the parent, which stops them and reports what is done;
    otherwise every worker would print its own traceback over the results."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def run_jobs(fn: Any, seeds: list[int], jobs: int, make_job: Any) -> Iterator[tuple[int, Any]]:
    """Yield ``(len(chunk), fn(make_job(chunk)))`` for consecutive chunks of ``seeds``,
    in seed order, computed in ``jobs`` processes when > 1.

    Chunks are small so a progress bar moves and Ctrl+C loses little; results come
    back in seed order whatever ``jobs`` is, so a merged result does not depend on
    it (with a fixed number of worlds: a time budget makes each game depend on the
    machine's speed). Closing the iterator early stops the workers.
    """
    jobs = max(1, min(jobs, len(seeds)))
    size = 1 if jobs == 1 else max(1, min(50, len(seeds) // (jobs * 20)))
    chunks = [seeds[i:i + size] for i in range(0, len(seeds), size)]
    if jobs == 1:
        for chunk in chunks:
            yield len(chunk), fn(make_job(chunk))
        return
    import multiprocessing
    import threading

    # `kill` (SIGTERM) stops the run like Ctrl+C: without it the parent would die at
    # once and leave its workers playing on, orphaned, until their next result.
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _interrupt) if main_thread else None
    try:
        with multiprocessing.get_context("spawn").Pool(jobs,
                                                       initializer=_ignore_sigint) as pool:
            # At most two chunks per worker are queued at a time: a run of thousands of
            # chunks handed over at once would have to be drained again before the pool
            # can stop, and under load that made Ctrl+C hang.
            todo = iter(chunks)
            queued: deque[tuple[list[int], Any]] = deque()

            def queue_next() -> None:
                chunk = next(todo, None)
                if chunk is not None:
                    queued.append((chunk, pool.apply_async(fn, (make_job(chunk),))))

            for _ in range(2 * jobs):
                queue_next()
            while queued:
                chunk, pending = queued.popleft()
                result = pending.get()
                queue_next()
                yield len(chunk), result
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous)


def collect(parts: Iterator[tuple[int, Any]], total: int, unit: str, show: bool,
            label: str, take: Any) -> bool:
    """Feed each finished part to ``take`` under a progress bar; True if Ctrl+C cut it short.

    The parts done so far are kept, so an interrupted run can still report them.
    """
    with Bar(total, unit, show, label) as bar:
        try:
            for n, part in parts:
                take(part)
                bar.advance(n)
        except KeyboardInterrupt:
            return True
        finally:
            parts.close()  # type: ignore[attr-defined]
    return False


def simulate(args: argparse.Namespace, players: int,
             cards: str | None = None) -> tuple[Tally, float, bool]:
    """Play the run's games for one player count: (tally, seconds, interrupted)."""
    start = time.perf_counter()
    spec = getattr(args, "bots", None)
    budget = getattr(args, "budget", None)
    worlds = getattr(args, "worlds", None)
    seeds = list(range(args.seed, args.seed + args.games))
    tally = Tally()
    parts = run_jobs(_play_seeds, seeds, getattr(args, "jobs", 1),
                     lambda chunk: (players, chunk, args.variant == "morale",
                                    not args.no_check, spec, budget, worlds, cards))
    label = f"{players} players" + (" (shipped cards)" if cards is not None else "")
    cut = collect(parts, len(seeds), "games", wanted(args.json), label, tally.merge)
    return tally, time.perf_counter() - start, cut


def report_markdown(args: argparse.Namespace, results: list[dict[str, Any]]) -> str:
    """The balance tables: human win rate by player count with 95% intervals,
    how the Cylons won, and how long games last."""
    lines = [f"# Balance report ({spec_text(getattr(args, 'bots', None))} bots, "
             f"{args.games} games per player count, seeds {args.seed}–"
             f"{args.seed + args.games - 1}, {args.variant or 'standard'} rules)", "",
             "| players | games | human wins | 95% interval | jump | raiders | damage | morale "
             "| unfinished | mean turns | turns (q1/median/q3) |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        g = max(1, r["games"])
        lo, hi = r["human_win_rate_95"]
        c = r["wins_by_condition"]
        q = r["turns_quartiles"]
        lines.append(
            f"| {r['players']} | {r['games']} | {pct(r['human_wins'] / g)} | "
            f"{pct(lo)}–{pct(hi)} | {c['jump']} | {c['raiders']} | {c['damage']} | "
            f"{c['morale']} | {r['unfinished']} | {r['mean_turns']} | "
            f"{q[0]:.0f}/{q[1]:.0f}/{q[2]:.0f} |")
    lines += ["", "Cylon wins by condition (share of Cylon wins):", ""]
    for r in results:
        cw = max(1, r["cylon_wins"])
        c = r["wins_by_condition"]
        lines.append(f"- {r['players']} players: raiders {pct(c['raiders'] / cw)}, damage "
                     f"{pct(c['damage'] / cw)}, morale {pct(c['morale'] / cw)}")
    lines.append("")
    return "\n".join(lines)


INTERRUPTED = 130  # the shell's code for a run stopped by Ctrl+C (128 + SIGINT)


def run(args: argparse.Namespace) -> int:
    if args.games > 10_000_000:
        raise UserError("--games: at most 10,000,000")
    if getattr(args, "budget", None) is not None and args.budget <= 0:
        raise UserError("--budget: expected a positive number of seconds")
    if getattr(args, "report", None):
        return _report(args)
    tally, seconds, cut = simulate(args, args.players)
    out = summary(args, tally, seconds)
    out["partial"] = cut
    shift = None
    if os.environ.get("BSG_CARDS") and not cut:
        # a user's cards file: the same seeds with the shipped cards, for the difference
        base, base_seconds, cut = simulate(args, args.players, str(shipped_cards_path()))
        out["shipped"] = summary(args, base, base_seconds)
        shift = win_rate_shift(tally.human_wins, tally.games, base.human_wins, base.games)
        out["human_win_rate_shift"] = round(shift[0], 4)
        out["human_win_rate_shift_95"] = [round(shift[1], 4), round(shift[2], 4)]
        out["partial"] = cut
    if args.json:
        print(json.dumps(out))
    else:
        g = max(1, out["games"])
        lo, hi = out["human_win_rate_95"]
        if cut:
            print(f"interrupted: the {out['games']} games finished before Ctrl+C "
                  f"(of {args.games} asked for)")
        print(f"{out['games']} games, {args.players} players, bots {out['bots']}: humans "
              f"{out['human_wins']} ({100 * out['human_wins'] / g:.1f}%, 95% "
              f"{pct(lo)}–{pct(hi)}), Cylons {out['cylon_wins']} "
              f"({100 * out['cylon_wins'] / g:.1f}%)")
        print("by condition: " + ", ".join(f"{k} {v}" for k, v in
                                           out["wins_by_condition"].items()))
        print(f"mean turns {out['mean_turns']}, mean decisions {out['mean_decisions']}, "
              f"{out['games_per_second']} games/s")
        print(f"invariant violations {out['invariant_violations']}, errors {out['errors']}")
        if shift is not None:
            b = out["shipped"]
            print(f"against the shipped cards (same seeds): humans "
                  f"{100 * b['human_wins'] / max(1, b['games']):.1f}%; this file shifts the "
                  f"human win rate by {100 * shift[0]:+.1f} points (95% {100 * shift[1]:+.1f} "
                  f"to {100 * shift[2]:+.1f})")
    if cut:
        return INTERRUPTED
    return 1 if tally.errors or tally.violations else 0


def _report(args: argparse.Namespace) -> int:
    """``--report FILE.md``: every player count, the tables, and charts beside them."""
    from bsg_desktop import charts

    results = []
    bad = 0
    cut = False
    for players in (3, 4, 5):
        tally, seconds, cut = simulate(args, players)
        results.append(summary(args, tally, seconds, players))
        bad += tally.errors + tally.violations
        if cut:
            break
    text = report_markdown(args, results)
    if cut:
        text = text.replace("\n", f"\n\n**Partial:** stopped by Ctrl+C after "
                            f"{sum(r['games'] for r in results)} games.\n", 1)
    with Outputs("--report") as out:  # the Markdown and its charts: all new, or all old
        text += charts.report_section(args.report, charts.simulate_charts, results, out)
        out.add(args.report, text.encode("utf-8"))
    if args.json:
        print(json.dumps(results))
    else:
        print(text)
    if cut:
        return INTERRUPTED
    return 1 if bad else 0
