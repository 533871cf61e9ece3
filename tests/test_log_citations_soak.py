"""2,000 games by the cheapest computer player: every pass cites the rule that limited it.

Each pass is checked the moment the engine works out its retrieval, against a
count worked out here from the rules themselves: the base (A7/I15 in a vote, Y5 for
a revealed Cylon, D4 forced, D5 by choice), then each limit that changes the count
(B2 brig, K4 demoralized, K6 Armory, I9 for a revealed Cylon). The pass's rule must
be the last rule that decided the count, and every Admiral change must cite I13.
Random play (sim.py's RandomPolicy) reaches the brig, reveals and the Armory far
more often than sensible play, and is the cheapest: about 3 seconds for 2,000 games.
"""

from __future__ import annotations

from collections import Counter

import pytest
from loops import bounded

from bsg_desktop.engine import Game, Setup, new_game
from bsg_desktop.sim import RandomPolicy

GAMES = 2000


def expected_pass(g: Game, seat: int, forced: bool, vote: bool) -> tuple[str, int]:
    """(rule, dice retrieved) of a pass, from the rules' words rather than the engine's."""
    p = g.players[seat]
    if vote:
        return ("I15" if p.revealed else "A7"), 0  # A7: a vote's pass retrieves nothing
    if p.revealed:
        rule, n = "Y5", sum(d.state == "spent" for d in p.dice)
    else:
        rule, n = ("D4", 2) if forced else ("D5", 1)
        demoralized = p.character in g.demoralized_out
        if n > 1 and (p.in_brig or demoralized):
            rule, n = ("B2" if p.in_brig else "K4"), 1
    if "armory" in g.damage_placed:  # K6, and I9 for revealed Cylons, never below zero
        rule, n = ("I9" if p.revealed else "K6"), max(0, n - 1)
    return rule, n


def test_k6_b2_k4_i9_i13_two_thousand_games_cite_the_limiting_rule(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: Counter[str] = Counter()
    wrong: list[str] = []
    original = Game.pass_retrieval

    def checked(self: Game, seat: int, forced: bool, vote: bool) -> int:
        rule, count = expected_pass(self, seat, forced, vote)
        n = original(self, seat, forced, vote)
        passed = self.events[-1]  # the pass is logged just before its retrieval is counted
        if (passed.kind, passed.rule, passed.get("seat"), n) != ("passed", rule, seat, count):
            wrong.append(f"seed {self.seed}: {passed.kind} [{passed.rule}] seat "
                         f"{passed.get('seat')} takes {n}; expected [{rule}] seat {seat} "
                         f"takes {count}")
        seen[rule] += 1
        return n

    monkeypatch.setattr(Game, "pass_retrieval", checked)
    admirals: Counter[str] = Counter()
    for i in range(GAMES):
        g = new_game(Setup(players=3 + i % 3, morale_variant=i % 7 == 0), seed=i)
        policy = RandomPolicy(i)
        for _ in bounded():
            if g.outcome is not None or g.stalled:
                break
            g.apply(policy.choose(None, g.pending.options))
        admirals.update(e.rule for e in g.events if e.kind == "admiral_changed")
    assert not wrong, f"{len(wrong)} passes cite the wrong rule, e.g. {wrong[:3]}"
    # the games reached every limit, so the check above was not vacuous
    assert all(seen[r] > 20 for r in ("D4", "D5", "B2", "K4", "K6", "I9", "Y5", "A7", "I15")), seen
    assert set(admirals) == {"I13"} and admirals["I13"] > 100, admirals
