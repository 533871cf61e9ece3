"""Secrets at a table of suspicious players: undo, the shape of questions, twin worlds.

The undo rule lives in the engine (``engine/undo.py``): a seat may take back its
own last decision while it still decides, and only if the step made nothing
hidden known. The property tests play each game beside twins that differ only
in facts hidden from one seat (``engine/twins.py``) and check that no undoable
step, and no question's existence, lets anyone tell the twins apart.
"""

from __future__ import annotations

import random

import pytest
from loops import bounded
from test_engine_helpers import (
    C_DRADIS_4_2_JUMP,
    C_UNREST_4_1_JUMP,
    kind,
    of,
    settle,
    start,
)

from bsg_desktop.engine import Choice, Decision, Event, Game, IllegalChoiceError, Setup, new_game
from bsg_desktop.engine.save import from_json, to_json
from bsg_desktop.engine.twins import compare_shape, compare_undo, shape_leak
from bsg_desktop.log import describer_for

CAST = ("kara_thrace", "gaius_baltar", "laura_roslin", "william_adama")
HUMAN = {0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3", 3: "not_cylon_4"}
MIXED = {"strong": {"spent": 2}, "weak": {"active": 1, "spent": 1}}


def undo_game(**ov: object) -> Game:
    ov.setdefault("loyalty", HUMAN)
    g = start(4, CAST, **ov)
    g.keep_undo = True
    return g


# ------------------------------------------------------------------ the undo rule


def test_undo_takes_back_own_public_retrieval() -> None:
    g = undo_game(brig=[0], dice={0: MIXED})  # in the brig: one die back, strong or weak
    assert kind(g) == "retrieve" and g.pending.seat == 0
    asked = g.pending
    g.apply("retrieve:strong")
    assert kind(g) == "action"
    assert g.undoable(0) and not g.undoable(1) and not g.undoable(None)
    with pytest.raises(IllegalChoiceError):
        g.undo(1)  # only the seat that decided
    ev = g.undo(0)
    assert g.pending == asked and not g.undoable(0)  # one step back, no further
    assert [(e.kind, e.to, e.get("seat")) for e in ev] == [("decision_taken_back", None, 0)]
    assert [str(c) for c in g.choices][-2:] == ["retrieve:strong", "undo"]


def test_undo_is_logged_for_everyone_in_both_languages() -> None:
    g = undo_game(brig=[0], dice={0: MIXED})
    g.apply("retrieve:weak")
    ev = g.undo(0)
    d = describer_for(g)
    who = d.player(0, "en")
    assert d.describe(ev[0], "en") == f"{who} takes back the last decision."
    assert d.describe(ev[0], "hu") == f"{d.player(0, 'hu')} visszavonja az utolsó döntését."
    assert ev[0] in g.view(2).record and ev[0] in g.view(None).record


def test_undo_replays_from_a_save() -> None:
    g = undo_game(brig=[0], dice={0: MIXED})
    g.apply("retrieve:strong")
    g.undo(0)
    g.apply("retrieve:weak")
    back = from_json(to_json(g))
    assert back.events == g.events and back.choices == g.choices
    assert not back.undoable(0)  # a loaded game starts behind a hand-over


def test_undo_refused_after_a_roll() -> None:
    g = undo_game(step="crisis", crisis=[C_UNREST_4_1_JUMP, 0])
    g.apply("crisis:0")  # the chosen crisis die: the other face must stay secret
    assert not g.undoable(0)
    settle(g, stop=("join",))
    seat = g.pending.seat
    g.apply("join")  # a roll
    assert kind(g) == "contribute" and g.pending.seat == seat and not g.undoable(seat)


def test_undo_refused_after_a_draw_from_the_secret_damage_pile() -> None:
    """The issue's case: penalty:damage showed press_room, undo, and demoralize showed more."""
    g = undo_game(step="crisis", crisis=[C_DRADIS_4_2_JUMP, 0],
                  dradis_monitor=["raider", "ship", "raider", "ship"],
                  dradis_pile=["raider", "raider"])
    g.apply("crisis:0")
    settle(g, stop=("k8_penalty",))
    assert kind(g) == "k8_penalty"
    seat = g.pending.seat
    ev = g.apply("penalty:damage")
    assert of(ev, "damage_placed")
    assert not g.undoable(seat)
    with pytest.raises(IllegalChoiceError):
        g.undo(seat)


def test_undo_refused_after_the_contributed_value_is_shown() -> None:
    g = undo_game(step="crisis", crisis=[C_UNREST_4_1_JUMP, 0], skill=[2, 4, 1, 1])
    g.apply("crisis:0")
    g.apply("join")  # seat 1 joins and rolls
    assert kind(g) == "contribute"
    g.apply(g.pending.options[0])
    assert kind(g) == "reroll" and g.pending.seat == 1 and not g.undoable(1)


def test_undo_refused_once_another_seat_decides() -> None:
    g = undo_game(step="crisis", crisis=[C_UNREST_4_1_JUMP, 0])
    g.apply("crisis:0")
    g.apply("pass")  # seat 1 passes (nothing to take back, nothing random)
    assert g.pending.seat == 2 and not g.undoable(1) and not g.undoable(2)


def test_undo_refused_after_the_jump_die_is_chosen() -> None:
    # the weak die shows -1: the penalty split is asked of the Admiral next
    ov = {"loyalty": HUMAN, "jump_track": 2}
    g = start(4, CAST, skill=[2, -1], crisis=[C_UNREST_4_1_JUMP, 0], step="crisis", **ov)
    g.keep_undo = True
    g.apply("crisis:0")
    settle(g, stop=("jump_die",))
    adm = g.pending.seat
    g.apply("jump_die:weak")
    assert kind(g) == "jump_penalty" and g.pending.seat == adm
    assert not g.undoable(adm)  # undo, then strong, would show both jump dice


def test_undo_off_unless_the_driver_keeps_it() -> None:
    g = start(4, CAST, loyalty=HUMAN, brig=[0], dice={0: MIXED})
    g.apply("retrieve:strong")
    assert not g.undoable(0)


def test_undo_in_a_recipe_replays_step_by_step_without_kept_state() -> None:
    """A review or a lesson applies a save's choices one by one to a game that keeps
    no undo state: an ``undo`` among them is rebuilt from the recipe, and refused
    there as anywhere when the step it would take back showed something."""
    kept = undo_game(brig=[0], dice={0: MIXED})
    kept.apply("retrieve:strong")
    kept.undo(0)
    plain = start(4, CAST, loyalty=HUMAN, brig=[0], dice={0: MIXED})
    for c in kept.choices:
        plain.apply(c)
    assert plain.events == kept.events and plain.pending == kept.pending
    with pytest.raises(IllegalChoiceError):
        plain.apply("undo")  # nothing left to take back


def test_review_of_a_finished_game_with_undos() -> None:
    from bsg_desktop.review import Review

    for seed in range(40):
        g = new_game(Setup(players=3), seed)
        g.keep_undo = True
        rng = random.Random(seed)
        undos = 0
        for _ in bounded():
            if g.outcome is not None:
                break
            d = g.pending
            g.apply(d.options[rng.randrange(len(d.options))])
            if g.undoable(d.seat) and rng.random() < 0.5:
                g.undo(d.seat)
                undos += 1
        if undos:
            review = Review(g)
            assert review.original_outcome == g.outcome
            return
    raise AssertionError("no game with an undo")


# -------------------------------------------------------------- question shape


def test_i16_j4_jump_die_asked_even_when_both_dice_show_the_same() -> None:
    ov = {"loyalty": HUMAN, "jump_track": 2}
    g = start(4, CAST, skill=[-1, -1], crisis=[C_UNREST_4_1_JUMP, 0], step="crisis", **ov)
    g.apply("crisis:0")
    settle(g, stop=("jump_die",))
    assert kind(g) == "jump_die"
    assert [str(c) for c in g.pending.options] == ["jump_die:strong", "jump_die:weak"]
    ev = g.apply("jump_die:weak")
    assert [e.get("value") for e in of(ev, "distance_advanced")] == [-1]


# ------------------------------------------------------------- twin-world tests

# Decisions compared per player count in CI; benchmarks/leaks.py runs more.
DECISIONS = 1200


@pytest.mark.parametrize("players", [3, 4, 5])
def test_undoable_steps_show_no_secret_in_any_twin_world(players: int) -> None:
    counts = compare_undo(players, DECISIONS, seed=players * 1000)
    assert counts["differences"] == 0, counts["examples"]
    assert counts["decisions"] >= DECISIONS and counts["undoable"] > 20


@pytest.mark.parametrize("players", [3, 4, 5])
def test_i16_question_shape_never_depends_on_a_secret(players: int) -> None:
    counts = compare_shape(players, DECISIONS, seed=players * 1000 + 7)
    assert counts["differences"] == 0, counts["examples"]
    assert counts["decisions"] >= DECISIONS and counts["diverged"] > 50


def test_shape_leak_tells_a_question_from_a_public_event() -> None:
    a, b = Event("x", "T1"), Event("y", "T1")
    ask, other = ("asks", 0, "join", "D3"), ("asks", 1, "join", "D3")
    assert shape_leak([a, ask], [a, ask]) is None  # the same: go on
    assert shape_leak([a, ask], [b, ask]) is False  # told apart by the rules: stop
    assert shape_leak([a, b, ask], [a, ask]) is True  # asked in one world only
    assert shape_leak([a, ask], [a, other]) is True
    assert shape_leak([Event("x", "D5"), ask], [a, ask]) is True  # only the rule differs


# ------------------------------------------------------------------------ timing


def test_think_floor_same_for_a_lone_skip_and_a_cylon_reveal() -> None:
    """A human's lone 'skip' at the action step must take as long as a Cylon's choice
    between skip and reveal (A9): the window holds every answer to this floor."""
    from bsg_desktop.bots import make_bot

    g = new_game(Setup(players=4), 1)
    seat = g.pending.seat
    view = g.view(seat)
    bot = make_bot("strong", seed=1)
    human = Decision(seat, "action", (Choice("skip"),), "A1")
    cylon = Decision(seat, "action", (Choice("skip"), Choice("a9", ("cylon_1",))), "A1")
    assert bot.think_floor(view, human) == bot.think_floor(view, cylon) > 0
