"""Crises (K1–K9): choosing the die, the check, the three consequences, Raiders."""

from __future__ import annotations

import pytest
from loops import bounded
from test_engine_helpers import (
    C_ATTACK_6_2_JUMP,
    C_DRADIS_4_2_JUMP,
    C_DRADIS_7_1,
    C_UNREST_4_1_JUMP,
    C_UNREST_6_1,
    contribute,
    dice,
    kind,
    of,
    opts,
    play,
    settle,
    start,
)

from bsg_desktop.engine import ACTIVE, RAIDER, SHIP, SPENT, Game

# Kara is active (her ability needs 3–4 of her own dice); Adama is not active (X1 off).
CAST = ("kara_thrace", "gaius_baltar", "laura_roslin", "william_adama")
HUMAN = {0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3", 3: "not_cylon_4"}


def crisis(face: int, other: int = 0, skill: list[int] | tuple[int, ...] = (),
           chars: tuple[str, ...] = CAST, **ov: object) -> Game:
    """Seat 0 has rolled: die C shows ``face``, die D shows ``other``."""
    ov.setdefault("loyalty", HUMAN)
    return start(4, chars, skill=skill, crisis=[face, other], step="crisis", **ov)


def fail(g: Game, choice: str = "crisis:0") -> list:
    """Choose the die and let everyone pass: the crisis fails."""
    return g.apply(choice) + settle(g, stop=("k8_penalty", "jump_die"))


def test_k1_both_dice_rolled_secretly_one_chosen() -> None:
    g = crisis(C_UNREST_6_1, 3)
    assert kind(g) == "crisis_die" and g.pending.seat == 0
    assert opts(g) == ["crisis:0", "crisis:1"]
    faces = g.pending.info_dict()["faces"]
    assert [f.code() for f in faces] == ["unrest/6/1", "attack/7/1"]
    private = [e for e in g.events if e.kind == "crisis_roll_result"]
    assert private[0].to == frozenset({0})
    for seat in (None, 1, 2, 3):
        v = g.view(seat)
        assert v.crisis is None and v.info == ()
    ev = g.apply("crisis:1")
    assert of(ev, "crisis_chosen")[0].get("face") == "attack/7/1"
    assert g.crisis_rolled == ()  # the other die's result is forgotten
    assert g.view(2).crisis.code() == "attack/7/1"
    for seat in (None, 1, 2, 3):
        assert "unrest/6/1" not in repr(g.view(seat))


def test_k2_total_reaching_difficulty_averts() -> None:
    g = crisis(C_UNREST_6_1, skill=[4, 2, -1, -1])
    g.apply("crisis:0")
    ev = play(g, "join", contribute(4, 5), "stop") + settle(g, stop=("action",))
    res = of(ev, "check_result")[0]
    assert (res.get("total"), res.get("success")) == (6, True)
    assert of(ev, "crisis_averted") and not g.demoralized_out


def test_k2_negative_dice_subtract_and_failure_brings_consequence() -> None:
    g = crisis(C_UNREST_6_1, skill=[4, 2, -1, -1])
    g.apply("crisis:0")
    ev = play(g, "join", contribute(4, 5, 6), "stop") + settle(g, stop=("action",))
    res = of(ev, "check_result")[0]
    assert (res.get("total"), res.get("success")) == (5, False)
    assert of(ev, "crisis_failed")[0].rule == "K3"
    assert len(g.demoralized_out) == 1


def test_k3_unrest_marker_goes_to_drawn_character() -> None:
    g = crisis(C_UNREST_6_1, demoralized_pile=["laura_roslin"])
    ev = fail(g)
    placed = of(ev, "demoralized_placed")
    assert [(e.get("character"), e.get("seat")) for e in placed] == [("laura_roslin", 2)]
    assert g.demoralized_out == ["laura_roslin"]


def test_k3_marker_of_absent_character_still_counts() -> None:
    g = start(3, ("kara_thrace", "gaius_baltar", "laura_roslin"), crisis=[0, 0], step="crisis",
              demoralized=["lee_adama", "kara_thrace", "gaius_baltar"],
              demoralized_pile=["william_adama"])
    ev = fail(g)  # die A face 0: Unrest 3/1/jump
    placed = of(ev, "demoralized_placed")
    assert placed[0].get("character") == "william_adama" and placed[0].get("seat") is None
    assert len(g.demoralized_out) == 4 and g.outcome is None  # 4 of 5 drawn: not yet lost


def test_k4_demoralized_retrieves_one_when_passing() -> None:
    g = crisis(C_UNREST_6_1, demoralized=["gaius_baltar"],
               dice={1: {"strong": {"spent": 2}, "weak": {"spent": 2}}})
    g.apply("crisis:0")
    assert g.pending.seat == 1 and kind(g) == "retrieve"  # forced pass: one, not two
    g.apply("retrieve:strong")
    assert len(dice(g, 1, state=ACTIVE)) == 1 and g.pending.seat == 2


def test_k4_marker_on_revealed_cylon_has_no_effect() -> None:
    g = start(4, CAST, demoralized=["kara_thrace"], revealed=[0],
              loyalty={0: "cylon_one", 1: "not_cylon_1", 2: "not_cylon_2", 3: "not_cylon_3"},
              dice={0: {"strong": {"spent": 1, "removed": 1},
                        "weak": {"spent": 1, "removed": 1}}})
    # T1: a demoralized player would retrieve one; the revealed Cylon retrieves both.
    assert all(d.state == ACTIVE for d in g.players[0].dice if d.state != "removed")
    assert not g.is_demoralized(0)


def test_k4_humans_may_still_remove_marker_of_revealed_cylon() -> None:
    g = start(4, ("gaius_baltar", "kara_thrace", "laura_roslin", "william_adama"), step="action",
              skill=[4, -1, -1, -1], demoralized=["kara_thrace"], revealed=[1],
              loyalty={0: "not_cylon_1", 1: "cylon_one", 2: "not_cylon_2", 3: "not_cylon_3"})
    play(g, "a4", contribute(0))
    assert g.demoralized_out == []


def test_k5_basestar_attack_places_consequence_damage() -> None:
    g = crisis(C_ATTACK_6_2_JUMP, damage_pile=["armory", "press_room"])
    ev = fail(g)
    assert [e.get("location") for e in of(ev, "damage_placed")] == ["armory", "press_room"]
    assert all(e.rule == "K5" for e in of(ev, "damage_placed"))
    assert g.damage_placed == ["armory", "press_room"]


@pytest.mark.parametrize("location,action", [("weapons_control", "a2"), ("press_room", "a4"),
                                             ("engine_room", "a5")])
def test_k6_damage_disables_an_action(location: str, action: str) -> None:
    ov = dict(step="action", loyalty=HUMAN, dradis_monitor=["raider"],
              demoralized=["kara_thrace"])
    assert action in opts(start(4, CAST, **ov))
    assert action not in opts(start(4, CAST, damage=[location], **ov))


def test_k6_admirals_quarters_disables_votes_communications_orders() -> None:
    base = opts(start(4, CAST, step="action", loyalty=HUMAN))
    assert any(o.startswith("a6") for o in base) and any(o.startswith("a8") for o in base)
    quarters = opts(start(4, CAST, step="action", loyalty=HUMAN, damage=["admirals_quarters"]))
    assert not any(o.startswith("a6") for o in quarters)
    comms = opts(start(4, CAST, step="action", loyalty=HUMAN, damage=["communications"]))
    assert not any(o.startswith("a8") for o in comms)


def test_k6_armory_passing_retrieves_one_fewer() -> None:
    g = crisis(C_UNREST_6_1, damage=["armory"],
               dice={1: {"strong": {"spent": 2}, "weak": {"spent": 2}},
                     2: {"strong": {"spent": 1, "active": 1}}})
    g.apply("crisis:0")
    # Seat 1, forced: 2 − 1 = one die. Seat 2, voluntary: 1 − 1 = none.
    assert g.pending.seat == 1 and kind(g) == "retrieve"
    g.apply("retrieve:weak")
    assert g.pending.seat == 2 and kind(g) == "join"
    ev = g.apply("pass")
    assert not of(ev, "die_retrieved") and len(dice(g, 2, state=SPENT)) == 1


def test_k7_unknown_contact_places_consequence_markers() -> None:
    g = crisis(C_DRADIS_4_2_JUMP, dradis_monitor=[], dradis_pile=["raider", "ship"])
    ev = fail(g)
    placed = of(ev, "dradis_placed")
    assert [e.get("marker") for e in placed] == [RAIDER, SHIP]
    assert sorted(g.dradis_monitor) == [RAIDER, SHIP]


def test_k8_second_raider_destroys_ship() -> None:
    g = crisis(C_DRADIS_4_2_JUMP, dradis_monitor=["raider", "ship"],
               dradis_pile=["raider", "ship"])
    box = len(g.dradis_box)
    ev = fail(g)
    assert of(ev, "ship_destroyed") and kind(g) == "k8_penalty" and g.pending.seat == 0
    assert opts(g) == ["penalty:damage", "penalty:demoralize"]
    assert len(g.dradis_box) == box + 1 and g.dradis_box[-1] == SHIP
    ev = g.apply("penalty:demoralize") + settle(g, stop=("k8_penalty", "action"))
    assert len(g.demoralized_out) == 1
    # The second drawn marker (a ship) joins the one Raider left: no further loss.
    assert sorted(g.dradis_monitor) == [RAIDER, SHIP]


def test_k8_repeats_while_condition_holds() -> None:
    # A Raider arrives among three Raiders and two ships: K8 applies twice in a row.
    g = crisis(C_DRADIS_7_1, dradis_monitor=["raider"] * 3 + ["ship"] * 2,
               dradis_pile=["raider"])
    fail(g)
    penalties = 0
    for _ in bounded():
        if kind(g) != "k8_penalty":
            break
        g.apply("penalty:damage")
        penalties += 1
    assert penalties == 2 and len(g.damage_placed) == 2
    assert g.dradis_monitor == [RAIDER, RAIDER] and g.dradis_box == [SHIP, SHIP]


def test_k9_rulebook_example() -> None:
    for seed in range(6):  # the outcome must not depend on the reshuffle
        g = crisis(C_DRADIS_4_2_JUMP, seed=seed, dradis_monitor=["raider", "raider"],
                   dradis_pile=["ship", "ship"])
        fail(g)
        assert kind(g) == "k8_penalty"
        g.apply("penalty:damage")
        settle(g, stop=("action", "jump_die"))
        assert sorted(g.dradis_monitor) == [RAIDER, SHIP]
        assert len(g.damage_placed) == 1 and len(g.dradis_box) == 1


def test_k8_raider_later_arriving_triggers() -> None:
    g = crisis(C_UNREST_4_1_JUMP, dradis_monitor=["raider", "ship"])
    fail(g)
    assert g.dradis_monitor.count(SHIP) == 1  # one Raider alone: the ship survives
    g2 = crisis(C_DRADIS_4_2_JUMP, seed=2, dradis_monitor=["raider", "ship"],
                dradis_pile=["raider", "raider"])
    fail(g2)
    assert kind(g2) == "k8_penalty"
