"""The turn sequence (T0), turn start (T1), actions (A1–A9) and the brig (B1–B3)."""

from __future__ import annotations

from loops import bounded
from test_engine_helpers import (
    BEFORE_JUMP,
    C_UNREST_4_1_JUMP,
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

# Seat 0 is Baltar (the only character ACTION), then plain seats for votes and checks.
CAST = ("gaius_baltar", "william_adama", "kara_thrace", "laura_roslin")
HUMAN = ["not_cylon_1", "not_cylon_2", "not_cylon_3", "not_cylon_4"]


def action(skill: list[int] | tuple[int, ...] = (), chars: tuple[str, ...] = CAST,
           **ov: object) -> Game:
    """Seat 0 at its action step."""
    ov.setdefault("loyalty", dict(enumerate(HUMAN)))
    return start(4, chars, skill=skill, step="action", **ov)


# --------------------------------------------------------------------------- T0


def test_t0_a_turn_runs_its_seven_steps_in_order() -> None:
    g = start(4, CAST, loyalty=dict(enumerate(HUMAN)), jump_track=BEFORE_JUMP, distance=3,
              crisis=[C_UNREST_4_1_JUMP, 0], skill=[4, 1],
              dice={0: {"strong": {"active": 1, "spent": 1}}})
    assert kind(g) == "action"  # step 1 (T1) needed no decision: one spent die
    ev = list(g.events)
    ev += play(g, "skip", "crisis:0") + settle(g, stop=("jump_die",))
    ev += g.apply("jump_die:strong") + settle(g, stop=("action",))
    steps = ["die_retrieved", "action_skipped", "crisis_chosen", "check_result",
             "crisis_failed", "jump_track_advanced", "fleet_jumped", "loyalty_round",
             "turn_ended"]
    at = [next(i for i, e in enumerate(ev) if e.kind == k) for k in steps]
    assert at == sorted(at), [ev[i].kind for i in sorted(at)]
    nxt = of(ev, "turn_started")[-1]
    assert nxt.get("seat") == 1 and nxt.rule == "T0" and g.pending.seat == 1


# --------------------------------------------------------------------------- T1


def test_t1_active_player_retrieves_all_spent_dice() -> None:
    g = start(4, CAST, dice={0: {"strong": {"spent": 2}, "weak": {"active": 1, "spent": 1}},
                             1: {"strong": {"spent": 2}}})
    assert kind(g) == "action" and g.pending.seat == 0
    assert all(d.state == ACTIVE for d in dice(g, 0))
    assert len(dice(g, 1, state=SPENT)) == 2  # only the active player retrieves
    assert sum(e.rule == "T1" for e in g.events if e.kind == "die_retrieved") == 3


def test_t1_demoralized_player_retrieves_one_of_choice() -> None:
    g = start(4, CAST, demoralized=["gaius_baltar"],
              dice={0: {"strong": {"spent": 2}, "weak": {"spent": 2}}})
    assert kind(g) == "retrieve" and opts(g) == ["retrieve:strong", "retrieve:weak"]
    g.apply("retrieve:weak")
    assert [d.kind for d in dice(g, 0, state=ACTIVE)] == ["weak"]
    assert kind(g) == "action"


def test_t1_brigged_player_retrieves_one() -> None:
    g = start(4, CAST, brig=[0], dice={0: {"strong": {"spent": 2}, "weak": {"active": 2}}})
    assert kind(g) == "action"
    assert len(dice(g, 0, "strong", ACTIVE)) == 1 and len(dice(g, 0, "strong", SPENT)) == 1


# --------------------------------------------------------------------------- A1


def test_a1_character_action_only_for_a_card_with_an_action() -> None:
    g = action()
    assert [o for o in opts(g) if o.startswith("a1:")] == ["a1:1", "a1:2", "a1:3"]
    g = action(chars=("william_adama", "gaius_baltar", "kara_thrace", "laura_roslin"))
    assert not [o for o in opts(g) if o.startswith("a1:")]


# --------------------------------------------------------------------------- A2


def test_a2_each_positive_die_removes_a_ship_of_choice() -> None:
    g = action(skill=[4, -1, 3, 1], dradis_monitor=["raider", "ship"], dradis_pile=[])
    pile = len(g.dradis_pile)
    play(g, "a2")
    assert len(opts(g)) == 15  # contribute 1–4 of the 4 rolled dice
    play(g, contribute(0, 1, 2))  # +4, −1, +3: two removals
    assert kind(g) == "remove_ship" and opts(g) == ["remove:raider", "remove:ship"]
    ev = play(g, "remove:ship")  # the last removal has one option and is applied for us
    assert g.dradis_monitor == [] and len(g.dradis_pile) == pile + 2
    assert [e.get("marker") for e in of(ev, "ship_removed")] == [SHIP, RAIDER]
    assert [d.state for d in dice(g, 0)] == [SPENT, SPENT, SPENT, ACTIVE]  # no reroll


def test_a2_negative_dice_do_nothing() -> None:
    g = action(skill=[-2, -1, 3, 1], dradis_monitor=["raider", "raider"])
    play(g, "a2", contribute(0, 1))
    assert g.dradis_monitor == [RAIDER, RAIDER]
    assert kind(g) != "remove_ship"


def test_a2_needs_a_ship_on_dradis() -> None:
    assert "a2" not in opts(action(dradis_monitor=[]))
    assert "a2" in opts(action(dradis_monitor=["ship"]))


# --------------------------------------------------------------------------- A3


def test_a3_repair_one_damage_of_choice_with_exactly_one_die() -> None:
    g = action(skill=[2, -1, 1, -2], damage=["armory", "press_room"])
    play(g, "a3")
    assert opts(g) == [contribute(i) for i in range(4)]
    play(g, contribute(0))
    assert opts(g) == ["repair:armory", "repair:press_room"]
    ev = g.apply("repair:press_room")
    assert g.damage_placed == ["armory"] and "press_room" in g.damage_pile
    assert of(ev, "damage_repaired")[0].rule == "A3"


def test_a3_negative_die_repairs_nothing() -> None:
    g = action(skill=[-2, -1, 1, -2], damage=["armory"])
    ev = play(g, "a3", contribute(0))
    assert g.damage_placed == ["armory"] and of(ev, "action_failed")


# --------------------------------------------------------------------------- A4


def test_a4_boost_morale_removes_a_marker_of_choice() -> None:
    g = action(skill=[-1, -1, 3, -2], demoralized=["gaius_baltar", "kara_thrace"])
    play(g, "a4", contribute(2))
    assert opts(g) == ["boost:gaius_baltar", "boost:kara_thrace"]  # yourself or another
    g.apply("boost:kara_thrace")
    assert g.demoralized_out == ["gaius_baltar"] and "kara_thrace" in g.demoralized_pile


def test_a4_negative_die_boosts_nobody() -> None:
    g = action(skill=[-1, -1, -2, -2], demoralized=["kara_thrace"])
    play(g, "a4", contribute(0))
    assert g.demoralized_out == ["kara_thrace"]


# --------------------------------------------------------------------------- A5


def test_a5_two_dice_positive_sum_prepares_jump() -> None:
    g = action(skill=[4, -1, -2, 1])
    play(g, "a5")
    assert len(opts(g)) == 6 and all(len(o.split(",")) == 2 for o in opts(g))
    ev = g.apply(contribute(0, 1))  # 4 − 1 = 3 > 0
    assert g.jump_bonus is True and of(ev, "jump_prepared")


def test_a5_non_positive_sum_prepares_nothing() -> None:
    g = action(skill=[4, -1, -2, -2])
    play(g, "a5", contribute(2, 3))
    assert g.jump_bonus is False


def test_a5_bonus_never_gives_two_icons() -> None:
    # The next crisis has its own jump icon: the track still moves one space.
    g = action(skill=[4, 2, 1, 1], dradis_monitor=[])
    play(g, "a5", contribute(0, 1))
    g.script_crisis.extend([0, 0])  # die C face 0: Unrest 4/1 with a jump icon
    g.apply("crisis:0")
    settle(g, answers={"k8_penalty": "penalty:damage"})
    assert g.jump_track == 1 and g.jump_bonus is False


# --------------------------------------------------------------------------- A6


def vote(g: Game, values: dict[int, list[int]]) -> None:
    """Answer a vote: seats in ``values`` join and contribute all their dice."""
    for _ in bounded():
        if not (g.outcome is None and kind(g) in ("join", "reckless")):
            break
        seat = g.pending.seat
        if kind(g) == "reckless":
            g.apply("keep")
        elif seat in values:
            g.script_skill.extend(values[seat])
            g.apply("join")
            g.apply(contribute(*ids(g, seat)))
        else:
            g.apply("pass")
    settle(g, stop=("action", "crisis_die"))


def test_a6_vote_sends_a_player_to_the_brig_and_admiral_passes() -> None:
    g = action(dice={0: {"strong": {"spent": 2}, "weak": {"spent": 2}}})
    assert g.admiral == 1  # William Adama
    ev = g.apply("a6:brig,1")
    assert of(ev, "check_started")[0].get("difficulty") == 4
    assert g.pending.seat == 1  # clockwise from the caller's left
    vote(g, {2: [2, -1, 1, 1]})  # 2 − 1 + 1 + 1 = 3: fails
    assert not g.players[1].in_brig and g.admiral == 1
    g3 = action(dice={0: {"strong": {"spent": 2}, "weak": {"spent": 2}}})
    g3.apply("a6:brig,1")
    vote(g3, {2: [2, -1, 1, 1], 3: [4, -1, -1, -1]})  # 3 + 1 = 4: success
    assert g3.players[1].in_brig
    assert g3.admiral == 2  # next in rank: Kara Thrace


def test_a6_release_oneself_from_the_brig() -> None:
    g = action(brig=[0])
    assert "a6:release,0" in opts(g)
    g.apply("a6:release,0")
    vote(g, {1: [4, 2, 1, 1]})
    assert not g.players[0].in_brig


def test_a6_revealed_cylon_cannot_be_sent_to_the_brig() -> None:
    g = action(loyalty={0: "not_cylon_1", 1: "not_cylon_2", 2: "cylon_one", 3: "not_cylon_3"},
               revealed=[2])
    assert "a6:brig,2" not in opts(g) and "a6:brig,1" in opts(g)


# --------------------------------------------------------------------------- A7


def test_a7_passing_in_a_vote_retrieves_nothing() -> None:
    g = action(dice={1: {"strong": {"active": 1, "spent": 1}, "weak": {"active": 2}},
                     2: {"strong": {"spent": 2}, "weak": {"spent": 2}}})
    g.apply("a6:brig,3")
    ev = g.apply("pass")  # seat 1 passes voluntarily, seat 2 is forced
    assert not of(ev, "die_retrieved")
    assert len(dice(g, 1, state=SPENT)) == 1 and len(dice(g, 2, state=SPENT)) == 4


# --------------------------------------------------------------------------- A8


def test_a8_order_spends_one_die_unrolled_and_target_retrieves_two() -> None:
    g = action(dice={2: {"strong": {"spent": 2}, "weak": {"spent": 1, "active": 1}}})
    ev = g.apply("a8:2,weak")
    assert not of(ev, "dice_rolled")
    assert [d.state for d in dice(g, 0, "weak")] == [SPENT, ACTIVE]
    assert g.pending.seat == 2 and opts(g) == ["act", "retrieve2"]
    g.apply("retrieve2")
    assert g.pending.seat == 2 and kind(g) == "retrieve"
    play(g, "retrieve:strong", "retrieve:strong")
    assert len(dice(g, 2, state=SPENT)) == 1


def test_a8_ordered_player_takes_one_action() -> None:
    g = action(skill=[4, -1, -1, -1], dradis_monitor=["ship"])
    play(g, "a8:1,strong", "act")
    assert g.pending.seat == 1 and kind(g) == "action"
    assert not [o for o in opts(g) if o.startswith(("a8", "a9"))]  # no order from an order
    play(g, "a2", contribute(4))
    assert g.dradis_monitor == []
    # Then seat 0's turn goes on to its crisis.
    assert g.pending.seat == 0 and kind(g) == "crisis_die"


# --------------------------------------------------------------------------- A9


def test_a9_reveal_resolves_effect_returns_dice_and_ends_turn() -> None:
    g = start(3, ("gaius_baltar", "william_adama", "kara_thrace"), step="action",
              loyalty={0: "cylon_three", 1: "not_cylon_1", 2: "not_cylon_2"},
              dradis_monitor=[], dradis_pile=["ship", "ship"])
    assert "a9:cylon_three" in opts(g)
    ev = g.apply("a9:cylon_three")
    p = g.players[0]
    assert p.revealed and p.revealed_cards == ["cylon_three"]
    assert g.dradis_monitor == [SHIP, SHIP]  # X9 resolved at once
    assert [d.kind for d in p.dice if d.state != REMOVED] == ["strong", "weak"]
    kinds = [e.kind for e in ev]
    assert "crisis_rolled" not in kinds and "turn_ended" in kinds  # the turn ends at once
    assert g.active == 1


def test_a9_reveal_in_brig_flips_card_and_loses_effect() -> None:
    g = start(3, ("gaius_baltar", "william_adama", "kara_thrace"), step="action", brig=[0],
              loyalty={0: "cylon_three", 1: "not_cylon_1", 2: "not_cylon_2"},
              dradis_monitor=[])
    ev = g.apply("a9:cylon_three")
    assert g.players[0].revealed and not g.players[0].in_brig
    assert g.dradis_monitor == [] and of(ev, "reveal_in_brig")


def test_a9_four_players_second_cylon_card_even_in_brig() -> None:
    expected = {"cylon_one": "cylon_demoralize", "cylon_two": "cylon_damage",
                "cylon_six": "cylon_steal"}
    seen = set()
    for seed in range(6):
        g = start(4, CAST, seed=seed, step="action", brig=[0],
                  loyalty={0: "cylon_three", 1: "not_cylon_1", 2: "not_cylon_2",
                           3: "not_cylon_3"},
                  dradis_monitor=[], dice={1: {"strong": {"spent": 2}},
                                           2: {"weak": {"spent": 2}}})
        box = [c for c in g.loyalty_box if c.startswith("cylon")]
        assert sorted(box) == sorted(expected)
        ev = g.apply("a9:cylon_three")
        second = of(ev, "second_cylon_card")
        card = second[0].get("card")
        seen.add(card)
        assert g.players[0].revealed_cards == ["cylon_three", card]
        assert card not in g.loyalty_box
        assert g.dradis_monitor == []  # the first effect (X9) was lost in the brig
        # ... but the second card's effect is resolved: its decision is pending.
        assert g.pending.seat == 0 and kind(g) == expected[card]
    assert len(seen) > 1  # drawn at random from the box


def test_a9_not_offered_to_a_human() -> None:
    g = action()
    assert not [o for o in opts(g) if o.startswith("a9")]


# --------------------------------------------------------------------------- B


def test_b1_brig_forbids_a2_to_a5() -> None:
    free = opts(action(damage=["armory"], demoralized=["kara_thrace"]))
    assert {"a2", "a3", "a4", "a5"} <= set(free)
    jailed = opts(action(damage=["armory"], demoralized=["kara_thrace"], brig=[0]))
    assert not {"a2", "a3", "a4", "a5"} & set(jailed)
    assert "a1:1" in jailed and "a8:1,strong" in jailed and "a6:release,0" in jailed


def test_b2_brig_retrieves_one_when_passing_even_forced() -> None:
    g = start(4, CAST, crisis=[C_UNREST_6_1, 0], step="crisis", brig=[1],
              dice={1: {"strong": {"spent": 2}, "weak": {"spent": 2}}})
    g.apply("crisis:0")
    # Seat 1 is forced to pass: one die of its choice instead of two.
    assert g.pending.seat == 1 and kind(g) == "retrieve"
    g.apply("retrieve:weak")
    assert len(dice(g, 1, state=SPENT)) == 3 and g.pending.seat == 2


def test_b3_no_crisis_in_the_brig() -> None:
    g = action(brig=[0])
    ev = g.apply("skip")
    kinds = [e.kind for e in ev]
    assert "no_crisis_in_brig" in kinds and "crisis_rolled" not in kinds
    assert g.active == 1


def test_b3_contributed_state_not_left_behind() -> None:
    """After a brigged turn nothing stays contributed (D10 still holds)."""
    g = action(brig=[0])
    g.apply("a8:1,strong")
    settle(g, stop=("action",))
    assert not [d for p in g.players for d in p.dice if d.state == CONTRIBUTED]
