"""The log says what happened and cites the rule that decided it, in both languages.

A pass whose retrieval is cut by the brig, a demoralized marker or the Armory cites
that limit (B2, K4, K6, I9), not D4/D5 with a count D4 contradicts; an Admiral
change cites I13; a marker that demoralizes nobody does not read as if it did.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from loops import bounded
from test_engine_helpers import C3, C4, C_UNREST_6_1, of, play, settle, start

from bsg_desktop import cli
from bsg_desktop.engine import Event, Setup, new_game
from bsg_desktop.engine.save import save_game
from bsg_desktop.i18n import set_language
from bsg_desktop.log import describer_for

HUMAN4 = {0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3", 3: "not_cylon_4"}
NO_ACTIVE_TWO_SPENT = {"strong": {"spent": 2}, "weak": {"spent": 2}}


def words(g, e: Event, lang: str, spectator: bool = False) -> str:
    return describer_for(g, spectator).describe(e, lang)


def _forced_pass(**overrides) -> tuple[object, list[Event]]:
    """Seat 1 has no active die when the crisis check reaches it: a forced pass."""
    g = start(4, C4, loyalty=HUMAN4, step="crisis", crisis=[C_UNREST_6_1, 0],
              dice={1: NO_ACTIVE_TWO_SPENT}, **overrides)
    ev = g.apply("crisis:0")
    return g, ev + settle(g, stop=("action",))


def _seat1(ev: list[Event], kind: str) -> list[Event]:
    """Seat 1's events of ``kind`` in the check (not its own turn's retrieval, T1)."""
    return [e for e in of(ev, kind) if e.get("seat") == 1 and e.rule != "T1"]


def test_D4_forced_pass_without_a_limit_cites_d4_and_takes_two() -> None:
    _, ev = _forced_pass()
    assert [e.rule for e in _seat1(ev, "passed")][:1] == ["D4"]
    assert [e.rule for e in _seat1(ev, "die_retrieved")][:2] == ["D4", "D4"]


def test_B2_forced_pass_in_the_brig_cites_b2_not_d4() -> None:
    g, ev = _forced_pass(brig=[1])
    passed = _seat1(ev, "passed")[0]
    took = _seat1(ev, "die_retrieved")
    assert passed.rule == "B2" and len(took) == 1 and took[0].rule == "B2"
    assert "retrieves" in words(g, took[0], "en")


def test_K4_forced_pass_demoralized_cites_k4_not_d4() -> None:
    _, ev = _forced_pass(demoralized=["lee_adama"])
    assert _seat1(ev, "passed")[0].rule == "K4"
    took = _seat1(ev, "die_retrieved")
    assert [e.rule for e in took] == ["K4"]


def test_K6_armory_pass_cites_k6_and_takes_one_fewer() -> None:
    _, ev = _forced_pass(damage=["armory"])
    assert _seat1(ev, "passed")[0].rule == "K6"
    assert [e.rule for e in _seat1(ev, "die_retrieved")] == ["K6"]  # 2 − 1


def test_K6_armory_after_b2_cites_the_last_limit_with_nothing_retrieved() -> None:
    _, ev = _forced_pass(damage=["armory"], brig=[1])
    assert _seat1(ev, "passed")[0].rule == "K6"
    assert not _seat1(ev, "die_retrieved")  # 2 → 1 (B2) → 0 (K6)


def test_D5_voluntary_pass_in_the_brig_is_not_limited_and_cites_d5() -> None:
    g = start(4, C4, loyalty=HUMAN4, step="crisis", crisis=[C_UNREST_6_1, 0], brig=[1],
              dice={1: {"strong": {"spent": 1, "active": 1}, "weak": {"spent": 2}}})
    ev = play(g, "crisis:0", "pass", "retrieve:weak")
    assert _seat1(ev, "passed")[0].rule == "D5"
    assert [e.rule for e in _seat1(ev, "die_retrieved")] == ["D5"]


def test_I9_revealed_cylon_pass_with_the_armory_cites_i9() -> None:
    lo = {0: "not_cylon_1", 1: "cylon_one", 2: "not_cylon_2", 3: "not_cylon_3"}
    g = start(4, C4, loyalty=lo, revealed=[1], damage=["armory"], crisis=[C_UNREST_6_1, 0],
              step="crisis", dice={1: {"strong": {"spent": 1, "removed": 1},
                                       "weak": {"active": 1, "removed": 1}}})
    ev = play(g, "crisis:0", "pass")
    assert _seat1(ev, "passed")[0].rule == "I9"


def test_I13_admiral_changed_cites_i13_when_the_admiral_is_brigged() -> None:
    g = start(4, C4, loyalty=HUMAN4, step="action", active=1, skill=[4, 4, 3, 3])
    ev = play(g, "a6:brig,0", "join", "contribute:8", "stop")
    ev += settle(g, stop=("crisis_die",))
    changed = of(ev, "admiral_changed")
    assert g.players[0].in_brig and [(e.rule, e.get("seat")) for e in changed] == [("I13", 1)]
    assert words(g, changed[0], "en") == "Lee Adama is now the Admiral."


def test_I13_admiral_changed_cites_i13_when_the_admiral_reveals() -> None:
    g = start(4, C4, step="action", dradis_monitor=[],
              loyalty={0: "cylon_three", 1: "not_cylon_1", 2: "not_cylon_2", 3: "not_cylon_3"})
    ev = g.apply("a9:cylon_three")
    assert [e.rule for e in of(ev, "admiral_changed")] == ["I13"]


def _unrest_fails(players: int, chars: tuple[str, ...], marker: str, **overrides):
    crisis = [C_UNREST_6_1, 0] if players == 4 else [3, 0]  # Unrest 6/1 or 5/1
    g = start(players, chars, step="crisis", crisis=crisis, **overrides)
    g.demoralized_pile = [c for c in g.demoralized_pile if c != marker] + [marker]  # drawn next
    ev = g.apply("crisis:0") + settle(g, stop=("action",))
    return g, of(ev, "demoralized_placed")[0]


def test_K3_absent_characters_marker_goes_to_an_unused_section_demoralizing_nobody() -> None:
    g, e = _unrest_fails(3, C3, "gaius_baltar",
                         loyalty={0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3"})
    assert e.get("seat") is None
    assert words(g, e, "en") == (
        "Gaius Baltar's demoralized marker is drawn (1 of 5): Gaius Baltar is not in the "
        "game, so it goes to an unused section of the seal and demoralizes nobody.")
    assert words(g, e, "hu") == (
        "Gaius Baltar demoralizáló jelzőjét felhúzták (1/5 demoralizáló jelző kint): Gaius "
        "Baltar nincs játékban, "
        "ezért a jelző a pecsét egy nem használt szegletébe kerül, és senkit sem demoralizál.")
    assert "is demoralized" not in words(g, e, "en")


def test_Y1_revealed_cylons_marker_has_no_effect_and_reads_so() -> None:
    lo = {0: "not_cylon_1", 1: "cylon_one", 2: "not_cylon_2", 3: "not_cylon_3"}
    g, e = _unrest_fails(4, C4, "lee_adama", loyalty=lo, revealed=[1])
    assert e.get("seat") == 1 and e.get("revealed") is True
    assert words(g, e, "en") == ("Lee Adama's demoralized marker is drawn (1 of 5): it lies "
                                 "on a revealed Cylon and has no effect.")
    assert words(g, e, "hu") == ("Lee Adama demoralizáló jelzőjét felhúzták (1/5 demoralizáló "
                                 "jelző kint): a jelző egy felfedett Cylonra kerül, és "
                                 "nincs hatása.")


def test_K3_a_players_marker_reads_as_demoralizing_them() -> None:
    g, e = _unrest_fails(4, C4, "kara_thrace", loyalty=HUMAN4)
    assert words(g, e, "en") == 'Kara "Starbuck" Thrace is demoralized (1 of 5 markers drawn).'
    assert words(g, e, "hu") == (
        "Kara „Starbuck” Thrace demoralizált lett (1/5 demoralizáló jelző kint).")


def test_W1_states_that_the_fleet_jumped_once_more_after_reaching_distance_6() -> None:
    g = new_game(Setup(players=4), 1)
    e = Event("game_over", "W1", (("winner", "humans"), ("condition", "jump"), ("cylons", [2])))
    en, hu = words(g, e, "en"), words(g, e, "hu")
    assert "jumped once more after reaching distance 6" in en and "beyond" not in en
    # the distance is the cards' (tracks.distance_win), so it is said without a suffix
    assert "még egyszer ugrott, miután a távolság legalább 6 lett" in hu and "túl" not in hu


def test_I3_jump_bonus_waits_is_logged_when_a_reveal_ends_the_turn() -> None:
    g = start(3, C3, step="action", jump_bonus=True, dradis_monitor=[],
              loyalty={0: "cylon_three", 1: "not_cylon_1", 2: "not_cylon_2"})
    ev = g.apply("a9:cylon_three")
    waits = of(ev, "jump_bonus_waits")
    assert [e.rule for e in waits] == ["I3"] and g.jump_bonus
    assert [e.kind for e in ev].index("jump_bonus_waits") < [e.kind for e in ev].index(
        "turn_ended")


def test_J4_jump_dice_are_signed_like_every_other_roll() -> None:
    g = new_game(Setup(players=4), 1)
    e = Event("jump_roll_result", "J4", (("seat", 0), ("strong", 4), ("weak", -1)))
    assert words(g, e, "en") == "Your jump dice: strong +4, weak −1."
    assert words(g, e, "hu") == "Az ugráskockáid: magas +4, alacsony −1."


@pytest.mark.parametrize(("data", "en", "hu"), [
    ((("seat", 0), ("count", 1)), "William Adama rolls their only active die.",
     "William Adama dob az egyetlen aktív kockájával."),
    ((("seat", 0), ("count", 3)), "William Adama rolls 3 dice in secret.",
     "William Adama titokban dob 3 kockával."),
])
def test_D2_dice_rolled_reads_as_english_and_hungarian(data, en: str, hu: str) -> None:
    g = new_game(Setup(players=4, characters=C4), 1)
    e = Event("dice_rolled", "D2", data)
    assert (words(g, e, "en"), words(g, e, "hu")) == (en, hu)


def test_K7_one_colonial_ship_is_not_written_as_ships() -> None:
    g = new_game(Setup(players=4), 1)
    e = Event("dradis_placed", "K7", (("marker", "ship"), ("raiders", 1), ("ships", 1)))
    en = words(g, e, "en")
    assert "1 Colonial Ships" not in en and "1 Raiders" not in en
    assert en == "A Colonial Ship appears on DRADIS (Raiders: 1, Colonial Ships: 1)."


def test_D1_a_spectators_replay_all_names_the_roller_instead_of_you(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = new_game(Setup(players=4), 9)
    for _ in bounded():
        if g.outcome is not None:
            break
        g.apply(g.pending.options[0])
    path = tmp_path / "game.json"
    save_game(g, path)
    assert cli.main(["replay", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    assert "You rolled" not in out and "Your " not in out and "You saw" not in out
    assert " rolled: " in out
    try:
        assert cli.main(["replay", str(path), "--all", "--lang", "hu"]) == 0
    finally:
        set_language("en")  # replay switches the process's language; the next test reads en
    hu = capsys.readouterr().out
    assert "A dobásod" not in hu and " dobása: " in hu


# Each action's own choices from seat 0's action step, and the board it needs.
_ACTIONS = {
    "a2": ({"dradis_monitor": ["raider"]}, ("a2", "contribute:0")),
    "a3": ({"damage": ["armory"]}, ("a3", "contribute:0")),
    "a4": ({"demoralized": ["lee_adama"]}, ("a4", "contribute:0")),
    "a5": ({}, ("a5", "contribute:0,2")),
    "a8": ({}, ("a8:1,strong",)),
}


@pytest.mark.parametrize("action", sorted(_ACTIONS))
def test_D10_contributed_dice_become_spent_cites_d10_not_the_action(action: str) -> None:
    """D10 decides that an action's dice become spent; the action only used them."""
    board, choices = _ACTIONS[action]
    g = start(4, C4, loyalty=HUMAN4, step="action", skill=[2, -1, 1, -2], **board)
    ev = play(g, *choices)
    spent = of(ev, "dice_spent")
    assert of(ev, "action_started" if action != "a8" else "order_issued")
    assert [e.rule for e in spent] == ["D10"]
    assert words(g, spent[0], "en") == "Contributed dice become spent."


def _order_retrieve(spent: int) -> tuple[object, list[Event]]:
    """Seat 0 orders seat 1, who holds ``spent`` spent dice, and takes dice back."""
    dice = {1: {"strong": {"spent": min(spent, 2), "active": 2 - min(spent, 2)},
                "weak": {"spent": max(0, spent - 2), "active": 2 - max(0, spent - 2)}}}
    g = start(4, C4, loyalty=HUMAN4, step="action", dice=dice)
    ev = play(g, "a8:1,strong", "retrieve2")
    ev += settle(g, stop=("crisis_die",), answers={"retrieve": None})
    return g, ev


@pytest.mark.parametrize(("spent", "en", "hu"), [
    (3, "Lee Adama takes back 2 spent dice instead.",
     "Lee Adama inkább visszavesz 2 elhasznált kockát."),
    (2, "Lee Adama takes back 2 spent dice instead.",
     "Lee Adama inkább visszavesz 2 elhasznált kockát."),
    (1, "Lee Adama takes back their only spent die instead.",
     "Lee Adama inkább visszaveszi egyetlen elhasznált kockáját."),
    (0, "Lee Adama chooses to take back spent dice, but has none.",
     "Lee Adama inkább az elhasznált kockáit venné vissza, de nincs egy sem."),
])
def test_A8_order_retrieve_says_how_many_dice_come_back(spent: int, en: str, hu: str) -> None:
    g, ev = _order_retrieve(spent)
    line = of(ev, "order_retrieve")[0]
    took = [e for e in of(ev, "die_retrieved") if e.get("seat") == 1 and e.rule == "A8"]
    assert line.get("count") == len(took) == min(2, spent)
    assert (words(g, line, "en"), words(g, line, "hu")) == (en, hu)
