"""``bsg-express simulate``: play many complete games and report the results.

Each game is checked for component conservation after every step (the
invariants), so the simulator doubles as a soak test of the rules engine.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bsg_desktop.engine import Choice, PlayerView, Setup, new_game
from bsg_desktop.engine.invariants import violations
from bsg_desktop.errors import UserError


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
    decisions: int = 0
    violations: int = 0
    errors: int = 0
    unfinished: int = 0
    examples: list[str] = field(default_factory=list)


def play_game(players: int, seed: int, variant: bool, check: bool, tally: Tally,
              policy_for: Any = None) -> None:
    """Play one game to the end; ``policy_for(game, seat)`` may supply players (bots)."""
    g = new_game(Setup(players=players, morale_variant=variant), seed=seed, record=False)
    policy = RandomPolicy(seed ^ 0x5EED)
    decisions = 0
    try:
        while g.outcome is None and not g.stalled:
            if check:
                bad = violations(g)
                if bad:
                    tally.violations += 1
                    tally.examples.append(f"seed {seed}: {bad[0]}")
                    return
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
        return
    tally.games += 1
    tally.turns += g.turn
    tally.decisions += decisions
    if g.outcome is None:
        tally.unfinished += 1
        return
    if g.outcome.winner == "humans":
        tally.human_wins += 1
    else:
        tally.cylon_wins += 1
    tally.conditions[g.outcome.condition] += 1


def summary(args: argparse.Namespace, tally: Tally, seconds: float) -> dict[str, Any]:
    n = max(1, tally.games)
    return {
        "games": tally.games,
        "players": args.players,
        "seed": args.seed,
        "variant": args.variant or "standard",
        "human_wins": tally.human_wins,
        "cylon_wins": tally.cylon_wins,
        "wins_by_condition": {k: tally.conditions.get(k, 0)
                              for k in ("jump", "raiders", "damage", "morale")},
        "unfinished": tally.unfinished,
        "mean_turns": round(tally.turns / n, 2),
        "mean_decisions": round(tally.decisions / n, 2),
        "invariant_violations": tally.violations,
        "errors": tally.errors,
        "error_examples": tally.examples[:5],
        "seconds": round(seconds, 3),
        "games_per_second": round(tally.games / seconds, 1) if seconds > 0 else None,
    }


def run(args: argparse.Namespace) -> int:
    if args.games > 10_000_000:
        raise UserError("--games: at most 10,000,000")
    tally = Tally()
    start = time.perf_counter()
    for i in range(args.games):
        play_game(args.players, args.seed + i, args.variant == "morale", not args.no_check, tally)
    out = summary(args, tally, time.perf_counter() - start)
    if args.json:
        print(json.dumps(out))
    else:
        g = max(1, out["games"])
        print(f"{out['games']} games, {args.players} players: humans {out['human_wins']} "
              f"({100 * out['human_wins'] / g:.1f}%), Cylons {out['cylon_wins']} "
              f"({100 * out['cylon_wins'] / g:.1f}%)")
        print("by condition: " + ", ".join(f"{k} {v}" for k, v in
                                           out["wins_by_condition"].items()))
        print(f"mean turns {out['mean_turns']}, mean decisions {out['mean_decisions']}, "
              f"{out['games_per_second']} games/s")
        print(f"invariant violations {out['invariant_violations']}, errors {out['errors']}")
    return 1 if tally.errors or tally.violations else 0
