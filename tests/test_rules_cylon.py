"""Revealed Cylons (Y1–Y6), character and Cylon cards (X1–X10), morale variant (V1–V2)."""

from __future__ import annotations

from test_engine_helpers import (
    BEFORE_JUMP,
    C_DRADIS_7_1,
    C_UNREST_6_1,
    contribute,
    dice,
    ids,
    kind,
    of,
    opts,
    play,
    settle,
    start,
)

from bsg_desktop.engine import ACTIVE, CONTRIBUTED, RAIDER, REMOVED, SHIP, SPENT, Game
from bsg_desktop.engine.actions import legal_actions

CAST = ("gaius_baltar", "william_adama", "kara_thrace", "laura_roslin")
HUMAN = {0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3", 3: "not_cylon_4"}


def with_cylon(seat: int, card: str = "cylon_one") -> dict[int, str]:
    lo = dict(HUMAN)
    lo[seat] = card
    return lo


def reveal(card: str, chars: tuple[str, ...] = CAST, **ov: object) -> Game:
    """Seat 0 holds ``card`` and reveals it as its action."""
    ov.setdefault("loyalty", with_cylon(0, card))
    g = start(4, chars, step="action", **ov)
    g.apply(f"a9:{card}")
    return g


# --------------------------------------------------------------------------- Y


def test_y1_demoralized_marker_stays_on_revealer_without_effect() -> None:
    g = reveal("cylon_three", demoralized=["gaius_baltar"], dradis_monitor=[])
    assert "gaius_baltar" in g.demoralized_out and g.view(None).seats[0].demoralized
    assert not g.is_demoralized(0)


def test_y2_revealed_cylon_keeps_one_strong_one_weak() -> None:
    g = reveal("cylon_three", dradis_monitor=[],
               dice={0: {"strong": {"spent": 1, "active": 1}}})
    kept = [d for d in g.players[0].dice if d.state != REMOVED]
    assert sorted(d.kind for d in kept) == ["strong", "weak"]
    assert len(of(g.events, "die_returned_to_box")) == 2


def test_y3_revealed_cylon_contributes_exactly_one_die() -> None:
    g = start(4, CAST, loyalty=with_cylon(1), revealed=[1], skill=[4, 3],
              crisis=[C_UNREST_6_1, 0], step="crisis")
    play(g, "crisis:0", "join")
    assert opts(g) == [contribute(i) for i in ids(g, 1)] and len(opts(g)) == 2
    g.apply(contribute(ids(g, 1)[0]))
    assert g.pending.seat == 2 and kind(g) == "join"  # no reroll, no second die


def test_y3_revealed_cylon_in_a_vote_one_die() -> None:
    g = start(4, CAST, loyalty=with_cylon(1), revealed=[1], skill=[-2, -2],
              step="action")
    play(g, "a6:brig,2", "join")
    assert len(opts(g)) == 2 and all("," not in o for o in opts(g))


def test_y4_abilities_and_actions_no_longer_apply() -> None:
    g = start(4, CAST, loyalty=with_cylon(0), revealed=[0], step="action")
    assert not [o for o in opts(g) if o.startswith("a1")]  # Baltar's action is gone
    lee = ("gaius_baltar", "lee_adama", "kara_thrace", "laura_roslin")
    g = start(4, lee, loyalty=with_cylon(1), revealed=[1], skill=[4, 3],
              crisis=[C_UNREST_6_1, 0], step="crisis")
    play(g, "crisis:0", "join")
    assert "initiative" not in opts(g)


def test_y5_revealed_cylon_passing_retrieves_all_spent() -> None:
    g = start(4, CAST, loyalty=with_cylon(1), revealed=[1], crisis=[C_UNREST_6_1, 0],
              step="crisis", dice={1: {"strong": {"spent": 1, "removed": 1},
                                       "weak": {"active": 1, "removed": 1}}})
    g.apply("crisis:0")
    ev = g.apply("pass")
    assert [e.rule for e in of(ev, "die_retrieved") if e.get("seat") == 1] == ["Y5"]
    assert not dice(g, 1, state=SPENT)


def test_y6_revealed_cylon_may_name_the_crisis() -> None:
    g = start(4, CAST, loyalty=with_cylon(0), revealed=[0], step="crisis")
    assert kind(g) == "crisis_mode"
    assert opts(g) == ["roll", "name:unrest", "name:attack", "name:dradis"]
    ev = g.apply("name:attack")
    assert of(ev, "crisis_named")[0].get("face") == "attack/4/1"
    assert not of(ev, "crisis_rolled")
    g2 = start(4, CAST, loyalty=with_cylon(0), revealed=[0], step="crisis", crisis=[0, 0])
    g2.apply("roll")
    assert kind(g2) == "crisis_die"


def test_y6_named_crisis_has_no_jump_icon() -> None:
    g = start(4, CAST, loyalty=with_cylon(0), revealed=[0], step="crisis")
    g.apply("name:dradis")
    settle(g, stop=("action",))
    assert g.jump_track == 0 and len(g.damage_placed) + len(g.demoralized_out) <= 1


# --------------------------------------------------------------------------- X


def crisis_turn(active_chars: tuple[str, ...], skill: list[int], **ov: object) -> Game:
    ov.setdefault("loyalty", HUMAN)
    g = start(4, active_chars, skill=skill, crisis=[C_UNREST_6_1, 0], step="crisis", **ov)
    g.apply("crisis:0")
    return g


def test_x1_adama_minus_one_counts_as_zero_on_his_turn() -> None:
    adama_first = ("william_adama", "gaius_baltar", "kara_thrace", "laura_roslin")
    g = crisis_turn(adama_first, [4, -1, -2, 1])
    play(g, "join", contribute(4, 5, 6))
    assert g.check.compute() == 4 + 0 - 2
    other = ("gaius_baltar", "william_adama", "kara_thrace", "laura_roslin")
    g = crisis_turn(other, [4, -1, -2, 1])
    play(g, "join", contribute(4, 5, 6))
    assert g.check.compute() == 4 - 1 - 2


def test_x2_lee_may_reroll_once_per_turn_instead_of_contributing() -> None:
    lee = ("gaius_baltar", "lee_adama", "kara_thrace", "laura_roslin")
    for brig in ([], [1]):  # same in the brig
        g = crisis_turn(lee, [-2, -2, -1, -1, 4, 2, 3, 1], brig=brig)
        g.apply("join")
        assert "initiative" in opts(g)
        ev = g.apply("initiative")
        assert [v for _, _, v in of(ev, "roll_result")[0].get("values")] == [4, 2, 3, 1]
        assert kind(g) == "contribute" and "initiative" not in opts(g)


def test_x3_roslin_removes_one_contributed_die_from_her_vote() -> None:
    roslin = ("laura_roslin", "gaius_baltar", "kara_thrace", "william_adama")
    for brig in ([], [0]):
        g = start(4, roslin, loyalty=HUMAN, step="action", skill=[-2, -1, 1, 1, 4, 2, 1, 1],
                  brig=brig)
        play(g, "a6:brig,1", "join", contribute(4, 5, 6, 7))  # seat 1: −3 + 2 = −1
        play(g, "join", contribute(8, 9, 10, 11), "keep")  # seat 2 (Kara): 8 → total 7
        settle(g, stop=("influence",))
        assert g.pending.seat == 0 and kind(g) == "influence"
        assert "remove_die:8" in opts(g) and opts(g)[-1] == "keep"
        ev = g.apply("remove_die:8")  # the +4 goes: 7 − 4 = 3, the vote fails
        assert of(ev, "check_result")[0].get("total") == 3
        assert not g.players[1].in_brig and of(ev, "vote_failed")


def test_x4_kara_takes_back_three_or_four_dice_which_still_count() -> None:
    kara = ("gaius_baltar", "kara_thrace", "william_adama", "laura_roslin")
    g = crisis_turn(kara, [4, 2, 1, -1])
    play(g, "join", contribute(4, 5, 6))
    assert kind(g) == "reroll"
    g.apply("stop")
    assert kind(g) == "reckless" and opts(g) == ["reclaim", "keep"]
    g.apply("reclaim")
    assert all(d.state == ACTIVE for d in dice(g, 1))
    assert g.check.compute() == 7
    # In the brig: no ability.
    g = crisis_turn(kara, [4, 2, 1, -1], brig=[1])
    play(g, "join", contribute(4, 5, 6), "stop")
    assert kind(g) != "reckless" and len(dice(g, 1, state=CONTRIBUTED)) == 3


def test_x4_kara_two_dice_no_reclaim() -> None:
    kara = ("gaius_baltar", "kara_thrace", "william_adama", "laura_roslin")
    g = crisis_turn(kara, [4, 2, 1, -1])
    play(g, "join", contribute(4, 5), "stop")
    assert kind(g) != "reckless"


def test_x5_baltar_looks_at_loyalty_once_per_game_also_in_brig() -> None:
    for brig in ([], [0]):
        g = start(4, CAST, loyalty=with_cylon(2, "cylon_two"), step="action", brig=brig)
        ev = g.apply("a1:2")
        seen = of(ev, "loyalty_seen")[0]
        assert seen.to == frozenset({0}) and seen.get("cards") == ["cylon_two"]
        assert g.view(0).known == ((2, ("cylon_two",)),)
        assert g.view(1).known == () and g.view(3).known == ()
        assert g.view(1).seats[0].ability_spent  # used for the game, seen by all
    g = start(4, CAST, loyalty=HUMAN, step="action")
    assert any(str(c).startswith("a1") for c in legal_actions(g, 0, False))
    g.apply("a1:1")
    assert not any(str(c).startswith("a1") for c in legal_actions(g, 0, False))


def test_x6_admiral_card_holder_makes_the_jump_roll() -> None:
    # William Adama (the Admiral) is in the brig: Lee holds the card and rolls.
    g = start(4, ("kara_thrace", "william_adama", "lee_adama", "laura_roslin"), loyalty=HUMAN,
              brig=[1], skill=[4, 1], crisis=[0, 0], jump_track=BEFORE_JUMP, step="crisis")
    assert g.admiral == 2
    g.apply("crisis:0")
    settle(g, stop=("jump_die",))
    assert kind(g) == "jump_die" and g.pending.seat == 2


def test_x7_cylon_one_demoralizes_a_chosen_character() -> None:
    g = reveal("cylon_one", demoralized=["kara_thrace"])
    assert kind(g) == "cylon_demoralize"
    assert "demoralize:kara_thrace" not in opts(g) and "demoralize:laura_roslin" in opts(g)
    g.apply("demoralize:laura_roslin")
    assert g.demoralized_out == ["kara_thrace", "laura_roslin"]


def test_x8_cylon_two_draws_two_damage_places_one() -> None:
    g = reveal("cylon_two", damage_pile=["armory", "press_room"])
    assert kind(g) == "cylon_damage"
    assert sorted(opts(g)) == ["damage:armory", "damage:press_room"]
    drawn = [e for e in g.events if e.kind == "damage_drawn"][0]
    assert drawn.to == frozenset({0})
    g.apply("damage:press_room")
    assert g.damage_placed == ["press_room"] and "armory" in g.damage_pile


def test_x9_cylon_three_draws_two_dradis_markers_with_k8() -> None:
    g = reveal("cylon_three", dradis_monitor=["raider", "ship"], dradis_pile=["raider", "ship"])
    assert kind(g) == "k8_penalty" and g.pending.seat == 0
    g.apply("penalty:damage")
    assert sorted(g.dradis_monitor) == [RAIDER, SHIP] and g.dradis_box == [SHIP]


def test_x10_cylon_six_removes_spent_dice_of_two_players() -> None:
    g = reveal("cylon_six", dice={1: {"strong": {"spent": 2}}, 2: {"weak": {"spent": 1,
                                                                               "active": 1}},
                                  3: {"strong": {"spent": 1, "active": 1}}})
    assert kind(g) == "cylon_steal"
    assert opts(g) == ["steal:1,strong", "steal:2,weak", "steal:3,strong"]
    g.apply("steal:2,weak")
    assert not [o for o in opts(g) if o.startswith("steal:2")]  # two different players
    g.apply("steal:1,strong")
    assert len(dice(g, 1, state=REMOVED)) == 1 and len(dice(g, 2, state=REMOVED)) == 1
    assert len(dice(g, 3, state=REMOVED)) == 0


# --------------------------------------------------------------------------- V


def test_v1_backfiring_speech_draws_a_marker() -> None:
    g = start(4, CAST, loyalty=HUMAN, variant=True, step="action", skill=[-2, -2, -1, -1],
              demoralized=["kara_thrace"])
    ev = play(g, "a4", contribute(0))
    assert of(ev, "speech_backfired") and len(g.demoralized_out) == 2
    plain = start(4, CAST, loyalty=HUMAN, step="action", skill=[-2, -2, -1, -1],
                  demoralized=["kara_thrace"])
    play(plain, "a4", contribute(0))
    assert len(plain.demoralized_out) == 1


def test_v2_last_marker_never_drawn_by_backfire() -> None:
    out = ["kara_thrace", "william_adama", "lee_adama", "laura_roslin"]
    g = start(4, CAST, loyalty=HUMAN, variant=True, step="action", skill=[-2, -2, -1, -1],
              demoralized=out)
    ev = play(g, "a4", contribute(0))
    assert of(ev, "speech_backfire_spared") and g.outcome is None
    assert len(g.demoralized_pile) == 1


def test_v1_positive_die_boosts_without_backfire() -> None:
    g = start(4, CAST, loyalty=HUMAN, variant=True, step="action", skill=[2, -2, -1, -1],
              demoralized=["kara_thrace"], crisis=[C_DRADIS_7_1, 0])
    ev = play(g, "a4", contribute(0))
    assert not of(ev, "speech_backfired") and g.demoralized_out == []
