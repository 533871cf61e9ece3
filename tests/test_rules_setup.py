"""Components (C1–C10), setup (S1–S6) and winning (W1–W2)."""

from __future__ import annotations

from collections import Counter

import pytest
from test_engine_helpers import (
    BEFORE_JUMP,
    C4,
    C_ATTACK_5_1,
    C_DRADIS_7_1,
    C_UNREST_4_1_JUMP,
    C_UNREST_6_1,
    settle,
    start,
)

from bsg_desktop.data import load_components
from bsg_desktop.engine import ACTIVE, RAIDER, SHIP, Setup, new_game

COMP = load_components()
RANK = ("william_adama", "lee_adama", "kara_thrace", "laura_roslin", "gaius_baltar")


# ------------------------------------------------------------------ components


def test_c1_board_tracks_and_one_seal_section_per_seat() -> None:
    """C1: jump track 0–3 (a jump at 3), distance track from 0; a check records per seat."""
    assert COMP.jump_max == 3
    assert COMP.distance_win == 6
    g = start(4)
    assert (g.jump_track, g.distance) == (0, 0)
    v = g.view(None)
    assert len(v.seats) == 4 and v.crisis is None


def test_c2_five_characters_with_ability_and_brig_side() -> None:
    assert [c.id for c in COMP.characters] == list(RANK)
    for c in COMP.characters:
        assert c.ability.en and c.brig.en and c.ability.get("hu") and c.brig.get("hu")
    # Only Baltar's ability is an ACTION (X5).
    assert [c.id for c in COMP.characters if c.has_action] == ["gaius_baltar"]


def test_c3_twelve_loyalty_cards_and_admiral() -> None:
    ids = COMP.loyalty_ids
    assert len(ids) == 12
    assert sum(i.startswith("not_cylon") for i in ids) == 8
    assert sorted(c.id for c in COMP.cylons) == ["cylon_one", "cylon_six", "cylon_three",
                                                  "cylon_two"]
    assert COMP.admiral_title.en == "Admiral"


def test_c4_dice_counts_and_crisis_dice_by_player_count() -> None:
    assert [d.count for d in COMP.skill_dice] == [10, 10]
    assert len(COMP.crisis_dice) == 4
    assert [d.four_player for d in COMP.crisis_dice_for(4)] == [True, True]
    for n in (3, 5):
        assert [d.four_player for d in COMP.crisis_dice_for(n)] == [False, False]


def test_c5_skill_die_faces() -> None:
    assert COMP.skill("strong").faces == (-2, -2, -1, -1, 2, 4)
    assert COMP.skill("weak").faces == (-2, -2, -1, -1, 1, 3)


def test_c6_fourteen_dradis_markers() -> None:
    assert COMP.dradis_raiders + COMP.dradis_ships == 14
    g = start(4)
    assert len(g.dradis_pile) + len(g.dradis_monitor) == 14


def test_c7_one_demoralized_marker_per_character() -> None:
    g = start(3)
    assert sorted(g.demoralized_pile) == sorted(RANK)  # all five, even with 3 players


def test_c8_six_damage_locations() -> None:
    names = [loc.name.en for loc in COMP.damage_locations]
    assert names == ["Weapons Control", "Press Room", "Admiral's Quarters", "Communications",
                     "Engine Room", "Armory"]


def test_c9_one_jump_and_one_distance_marker() -> None:
    v = start(5).view(None)
    assert isinstance(v.jump_track, int) and isinstance(v.distance, int)
    assert COMP.distance_loyalty == 4


def test_c10_crisis_face_parts() -> None:
    types = {t.id for t in COMP.crisis_types}
    assert types == {"unrest", "attack", "dradis"}
    for die in COMP.crisis_dice:
        assert len(die.faces) == 6
        for face in die.faces:
            assert face.type in types and face.difficulty >= 0 and face.consequence >= 0
            code = face.code().split("/")
            assert code[:3] == [face.type, str(face.difficulty), str(face.consequence)]
            assert (code[3:] == ["jump"]) == face.jump
    # The dot marks exactly the 4-player dice.
    assert {d.id for d in COMP.crisis_dice if d.four_player} == {d.id for d in
                                                                COMP.crisis_dice_for(4)}


# ------------------------------------------------------------------------ setup


@pytest.mark.parametrize("players", [3, 4, 5])
def test_s1_tracks_and_piles(players: int) -> None:
    g = start(players, seed=players)
    assert (g.jump_track, g.distance) == (0, 0)
    assert g.dradis_monitor == [RAIDER, RAIDER]
    assert Counter(g.dradis_pile) == {RAIDER: COMP.dradis_raiders - 2, SHIP: COMP.dradis_ships}
    assert g.damage_placed == [] and len(g.damage_pile) == 6
    assert g.demoralized_out == [] and len(g.demoralized_pile) == 5
    # Piles are shuffled: different seeds give different orders.
    orders = {tuple(new_game(Setup(players=players), s).dradis_pile) for s in range(8)}
    assert len(orders) > 1


def test_s2_characters_dealt_or_chosen_brig_side_down() -> None:
    g = start(4, ("gaius_baltar", "kara_thrace", "lee_adama", "laura_roslin"))
    assert [p.character for p in g.players] == ["gaius_baltar", "kara_thrace", "lee_adama",
                                                "laura_roslin"]
    dealt = {tuple(p.character for p in new_game(Setup(players=3), s).players)
             for s in range(10)}
    assert len(dealt) > 1 and all(len(set(d)) == 3 for d in dealt)
    assert not any(p.in_brig for p in g.players)


def test_s3_highest_rank_is_admiral() -> None:
    g = start(3, ("gaius_baltar", "laura_roslin", "kara_thrace"))
    assert g.admiral == 2
    g = start(4, ("gaius_baltar", "lee_adama", "kara_thrace", "laura_roslin"))
    assert g.admiral == 1


def test_s4_two_strong_two_weak_each() -> None:
    g = start(5)
    for p in g.players:
        assert Counter(d.kind for d in p.dice) == {"strong": 2, "weak": 2}
        assert all(d.state == ACTIVE for d in p.dice)


@pytest.mark.parametrize("players,cylons,humans,dice", [(3, 1, 5, ("A", "B")),
                                                        (4, 1, 7, ("C", "D")),
                                                        (5, 2, 8, ("A", "B"))])
def test_s5_loyalty_deck_and_crisis_dice(players: int, cylons: int, humans: int,
                                         dice: tuple[str, ...]) -> None:
    seen: set[str] = set()
    for seed in range(12):
        g = new_game(Setup(players=players), seed)
        cards = [c for p in g.players for c in p.loyalty] + g.loyalty_deck
        assert sum(c.startswith("cylon") for c in cards) == cylons
        assert sum(c.startswith("not_cylon") for c in cards) == humans
        assert g.crisis_dice == dice
        seen.update(c for c in cards if c.startswith("cylon"))
    assert len(seen) > 1  # the Cylon cards used are drawn at random


def test_s6_one_card_each_rest_in_deck() -> None:
    g = start(4)
    assert all(len(p.loyalty) == 1 for p in g.players)
    assert len(g.loyalty_deck) == 4
    # Each seat is told only its own card.
    dealt = [e for e in g.events if e.kind == "loyalty_dealt"]
    assert [e.to for e in dealt] == [frozenset({s}) for s in range(4)]


# ----------------------------------------------------------------------- winning


def test_w1_jump_from_distance_six_wins_for_humans() -> None:
    g = start(4, C4, crisis=[C_UNREST_4_1_JUMP, 0], distance=6, jump_track=BEFORE_JUMP,
              step="crisis")
    g.apply("crisis:0")
    settle(g)
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.condition, g.outcome.rule) == ("humans", "jump", "W1")


def test_w1_jump_short_of_six_does_not_win() -> None:
    g = start(4, C4, crisis=[C_UNREST_4_1_JUMP, 0], distance=5, jump_track=BEFORE_JUMP,
              step="crisis")
    g.apply("crisis:0")
    settle(g, stop=("jump_die",))
    assert g.outcome is None and g.jump_track == 0


def test_w2_sixth_raider_wins_for_cylons() -> None:
    g = start(4, C4, crisis=[C_DRADIS_7_1, 0], dradis_monitor=["raider"] * 5,
              dradis_pile=["raider"], step="crisis")
    g.apply("crisis:0")
    settle(g)
    assert (g.outcome.winner, g.outcome.condition, g.outcome.rule) == ("cylons", "raiders", "W2")
    assert g.dradis_monitor.count(RAIDER) == 6


def test_w2_sixth_damage_wins_for_cylons() -> None:
    locs = [loc.id for loc in COMP.damage_locations]
    g = start(4, C4, crisis=[C_ATTACK_5_1, 0], damage=locs[:5], step="crisis")
    g.apply("crisis:0")
    settle(g)
    assert (g.outcome.winner, g.outcome.condition, g.outcome.rule) == ("cylons", "damage", "W2")


def test_w2_last_demoralized_marker_wins_for_cylons() -> None:
    g = start(4, C4, crisis=[C_UNREST_6_1, 0], demoralized=list(RANK[:4]), step="crisis")
    g.apply("crisis:0")
    settle(g)
    assert (g.outcome.winner, g.outcome.condition, g.outcome.rule) == ("cylons", "morale", "W2")


def test_w2_fifth_raider_is_not_yet_a_win() -> None:
    g = start(4, C4, crisis=[C_DRADIS_7_1, 0], dradis_monitor=["raider"] * 4,
              dradis_pile=["raider"], step="crisis")
    g.apply("crisis:0")
    settle(g)
    assert g.outcome is None and g.dradis_monitor.count(RAIDER) == 5
