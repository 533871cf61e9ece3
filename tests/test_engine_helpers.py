"""Helpers the rule tests share, plus perft-style checks of the opening.

Rule tests start from a chosen position (overrides), script the dice, and then
answer the decisions they do not care about with dull defaults (pass, keep,
stop), so each test reads as the few choices that the rule is about.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from loops import bounded

from bsg_desktop.data import CrisisFace, load_components
from bsg_desktop.data.components import CrisisDie
from bsg_desktop.engine import ACTIVE, Event, Game, Setup, new_game
from bsg_desktop.engine.invariants import violations
from bsg_desktop.engine.state import Die

C3 = ("william_adama", "lee_adama", "kara_thrace")
C4 = ("william_adama", "lee_adama", "kara_thrace", "laura_roslin")
C5 = ("william_adama", "lee_adama", "kara_thrace", "laura_roslin", "gaius_baltar")
CAST = {3: C3, 4: C4, 5: C5}
# the jump track's last step before the fleet jumps (J2), whatever cards.yaml makes it
BEFORE_JUMP = load_components().jump_max - 1
# Neutral casts without the characters whose abilities change checks (X1–X4).
PLAIN4 = ("laura_roslin", "gaius_baltar", "lee_adama", "kara_thrace")



def _die(die_id: str, players: tuple[int, ...], faces: str) -> CrisisDie:
    out = []
    for code in faces.split():
        t, d, c, *j = code.split("/")
        out.append(CrisisFace(t, int(d), int(c), bool(j)))
    return CrisisDie(die_id, players, tuple(out))


# Rule tests pin the crisis faces to the first table the engine shipped, so that calibrating
# cards.yaml (I12) cannot silently change what a rule test sets up. Everything else
# comes from the shipped cards.yaml.
PINNED = replace(load_components(), crisis_dice=(
    _die("A", (3, 5), "unrest/3/1/j attack/4/1 dradis/3/2/j unrest/5/1 attack/5/2/j dradis/6/1"),
    _die("B", (3, 5), "attack/3/1/j dradis/4/1 unrest/4/2/j attack/6/1 dradis/5/2/j unrest/2/1/j"),
    _die("C", (4,), "unrest/4/1/j attack/5/1 dradis/4/2/j unrest/6/1 attack/6/2/j dradis/7/1"),
    _die("D", (4,), "attack/4/1/j dradis/5/1 unrest/5/2/j attack/7/1 dradis/6/2/j unrest/3/1/j"),
))

# 4-player crisis dice C and D (PINNED): face indexes used by the tests.
C_UNREST_4_1_JUMP = 0
C_ATTACK_5_1 = 1
C_DRADIS_4_2_JUMP = 2
C_UNREST_6_1 = 3
C_ATTACK_6_2_JUMP = 4
C_DRADIS_7_1 = 5

# Answers to decisions a test does not care about.
DULL = {"join": "pass", "reroll": "stop", "reckless": "keep", "influence": "keep",
        "k8_penalty": "penalty:damage", "ordered": "retrieve2", "jump_die": None,
        "retrieve": None, "jump_penalty": None}


def start(players: int = 4, chars: tuple[str, ...] | None = None, seed: int = 1,
          skill: list[int] | tuple[int, ...] = (), crisis: list[int] | tuple[int, ...] = (),
          variant: bool = False, **overrides: Any) -> Game:
    """A game from a chosen position; ``chars`` defaults to the ranked cast."""
    setup = Setup(players=players, characters=chars if chars is not None else CAST[players],
                  morale_variant=variant)
    return new_game(setup, seed, PINNED, overrides=overrides or None, script_skill=skill,
                    script_crisis=crisis)


def opts(g: Game) -> list[str]:
    """The legal choices as text (the one source of legality)."""
    return [str(c) for c in g.legal_choices()]


def kind(g: Game) -> str | None:
    return g.pending.kind if g.pending else None


def play(g: Game, *choices: str) -> list[Event]:
    """Apply the choices in order; return every event they caused."""
    out: list[Event] = []
    for ch in choices:
        out += g.apply(ch)
    return out


def settle(g: Game, stop: tuple[str, ...] = (), answers: dict[str, str | None] | None = None,
           limit: int = 200) -> list[Event]:
    """Answer dull decisions (pass, keep, first option …) until one in ``stop`` or another."""
    table = dict(DULL)
    table.update(answers or {})
    out: list[Event] = []
    for _ in range(limit):
        if g.outcome is not None or g.pending is None:
            break
        k = g.pending.kind
        if k in stop or k not in table:
            break
        answer = table[k]
        out += g.apply(answer if answer is not None else g.pending.options[0])
    return out


def of(events: list[Event], kind_: str) -> list[Event]:
    return [e for e in events if e.kind == kind_]


def dice(g: Game, seat: int, kind_: str | None = None, state: str | None = None) -> list[Die]:
    return [d for d in g.players[seat].dice
            if (kind_ is None or d.kind == kind_) and (state is None or d.state == state)]


def ids(g: Game, seat: int, kind_: str | None = None, state: str = ACTIVE) -> list[int]:
    return [d.id for d in dice(g, seat, kind_, state)]


def contribute(*die_ids: int) -> str:
    return "contribute:" + ",".join(str(i) for i in sorted(die_ids))


def random_play(g: Game, rng: random.Random, steps: int, check: bool = False) -> list[str]:
    """Random legal choices; returns the choices made (and checks invariants if asked)."""
    made: list[str] = []
    for _ in range(steps):
        if g.outcome is not None or g.pending is None or g.stalled:
            break
        if check:
            assert violations(g) == []
        ch = g.pending.options[rng.randrange(len(g.pending.options))]
        g.apply(ch)
        made.append(str(ch))
    return made


# ---------------------------------------------------------------- perft-style


def test_engine_opening_choice_counts() -> None:
    """Perft-style: the first decision of a 4-player game offers a known set."""
    g = start(4, C4)
    # Turn 1 has nothing to retrieve, so the first decision is the action.
    assert kind(g) == "action" and g.pending.seat == 0
    got = opts(g)
    # skip, A2 (two Raiders start on DRADIS), A5, 3 brig votes, 3 seats x 2 kinds of A8.
    assert got[:3] == ["skip", "a2", "a5"]
    assert sum(o.startswith("a6:brig") for o in got) == 3
    assert sum(o.startswith("a8:") for o in got) == 6
    cylon = [c for c in g.players[0].loyalty if c.startswith("cylon")]
    assert len(got) == 12 + len(cylon)


def test_engine_every_decision_has_two_or_more_options() -> None:
    """Forced moves are applied by the engine; a pending decision is a real choice.

    The one exception is the action step, always asked because whether it offers
    more than 'skip' depends on the seat's secret loyalty (A9).
    """
    from bsg_desktop.engine.game import ALWAYS_ASK

    rng = random.Random(3)
    for seed in range(40):
        g = start(4, seed=seed)
        for _ in range(300):
            if g.outcome is not None:
                break
            assert len(g.pending.options) >= 2 or g.pending.kind in ALWAYS_ASK
            assert len(set(g.pending.options)) == len(g.pending.options)
            g.apply(g.pending.options[rng.randrange(len(g.pending.options))])


def test_engine_turn_limit_stops_a_runaway_simulation() -> None:
    g = start(3, seed=1)
    g.turn_limit = 2
    rng = random.Random(0)
    for _ in bounded():
        if not (g.outcome is None and not g.stalled):
            break
        g.apply(g.pending.options[rng.randrange(len(g.pending.options))])
    assert g.stalled and g.turn == 3 and g.pending is None
