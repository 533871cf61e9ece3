"""The project's readings where the rulebook is silent or ambiguous (I1–I24)."""

from __future__ import annotations

from pathlib import Path

import yaml
from test_engine_helpers import (
    BEFORE_JUMP,
    C_ATTACK_6_2_JUMP,
    C_DRADIS_4_2_JUMP,
    C_UNREST_4_1_JUMP,
    C_UNREST_6_1,
    kind,
    of,
    opts,
    play,
    settle,
    start,
)

from bsg_desktop.data import load_components
from bsg_desktop.data.components import default_cards_path
from bsg_desktop.engine import RAIDER, REMOVED, SPENT, Game, Setup, new_game

CAST = ("gaius_baltar", "william_adama", "kara_thrace", "laura_roslin")
HUMAN = {0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3", 3: "not_cylon_4"}
LOCS = ["weapons_control", "press_room", "admirals_quarters", "communications", "engine_room",
        "armory"]


def test_i1_jump_icon_counts_on_a_failed_crisis() -> None:
    g = start(4, CAST, loyalty=HUMAN, crisis=[C_UNREST_4_1_JUMP, 0], step="crisis")
    ev = g.apply("crisis:0") + settle(g, stop=("action",))
    assert of(ev, "crisis_failed") and g.jump_track == 1
    assert of(ev, "jump_track_advanced")[0].rule == "J1"


def test_i2_a5_needs_two_active_dice_others_one() -> None:
    one = {0: {"strong": {"active": 1, "spent": 1}, "weak": {"spent": 2}}}
    o = opts(start(4, CAST, loyalty=HUMAN, step="action", damage=["armory"],
                   demoralized=["kara_thrace"], dice=one))
    assert {"a2", "a3", "a4"} <= set(o) and "a5" not in o and "a8:1,strong" in o
    none = {0: {"strong": {"spent": 2}, "weak": {"spent": 2}}}
    o = opts(start(4, CAST, loyalty=HUMAN, step="action", damage=["armory"],
                   demoralized=["kara_thrace"], dice=none))
    assert not {"a2", "a3", "a4", "a5"} & set(o) and not [x for x in o if x.startswith("a8")]
    assert any(x.startswith("a6") for x in o)  # a vote needs no die of one's own


def test_i3_bonus_waits_over_a_named_crisis_for_the_next_crisis_die() -> None:
    lo = {0: "cylon_one", 1: "not_cylon_1", 2: "not_cylon_2", 3: "not_cylon_3"}
    g = start(4, CAST, loyalty=lo, revealed=[0], jump_bonus=True, step="crisis",
              crisis=[C_UNREST_6_1, 0])
    ev = g.apply("name:unrest")  # Y6: a named crisis has no die and no jump icon
    ev += settle(g, stop=("action",))
    assert g.jump_track == 0 and g.jump_bonus
    assert [e.rule for e in of(ev, "jump_bonus_waits")] == ["I3"]
    assert not of(ev, "jump_bonus_used")
    g.apply("skip")  # seat 1 (William Adama) rolls the next crisis dice
    g.apply("crisis:0")  # Unrest 6/1: no icon of its own, but the bonus applies now
    ev = settle(g, stop=("action",))
    assert g.jump_track == 1 and not g.jump_bonus and of(ev, "jump_bonus_used")


def test_i3_bonus_carries_over_a_turn_without_crisis() -> None:
    g = start(4, CAST, loyalty=HUMAN, brig=[0], jump_bonus=True, step="action",
              crisis=[C_UNREST_6_1, 0])
    g.apply("skip")  # seat 0 is in the brig: no crisis (B3)
    assert g.jump_bonus and g.active == 1
    settle(g, stop=("crisis_die",), answers={"action": "skip"})
    g.apply("crisis:0")  # Unrest 6/1: no icon of its own
    settle(g, stop=("action",))
    assert g.jump_track == 1 and not g.jump_bonus


def test_i4_revealing_admiral_passes_title_to_next_eligible() -> None:
    chars = ("william_adama", "lee_adama", "kara_thrace", "laura_roslin")
    g = start(4, chars, step="action", brig=[1], dradis_monitor=[],
              loyalty={0: "cylon_three", 1: "not_cylon_1", 2: "not_cylon_2", 3: "not_cylon_3"})
    assert g.admiral == 0
    ev = g.apply("a9:cylon_three")
    assert g.admiral == 2  # Lee is in the brig: Kara, next in rank
    assert of(ev, "admiral_changed")[0].rule == "I13"


def test_i5_skip_is_always_offered() -> None:
    spent = {0: {"strong": {"spent": 2}, "weak": {"spent": 2}}}
    for ov in ({}, {"brig": [0]}, {"dice": spent}, {"damage": LOCS[:5]}):
        g = start(4, CAST, loyalty=HUMAN, step="action", **ov)
        assert kind(g) == "action" and opts(g)[0] == "skip"
    ev = start(4, CAST, loyalty=HUMAN, step="action").apply("skip")
    assert of(ev, "action_skipped")[0].rule == "I5"


def five(**ov: object) -> Game:
    chars = ("gaius_baltar", "william_adama", "kara_thrace", "laura_roslin", "lee_adama")
    return start(5, chars, step="action", dradis_monitor=[], **ov)


def test_i6_five_players_reveal_passes_a_held_second_card() -> None:
    g = five(loyalty={0: ["cylon_three", "cylon_one"], 1: "not_cylon_1", 2: "not_cylon_2",
                      3: "not_cylon_3", 4: "not_cylon_4"}, loyalty_dealt=True)
    deck = list(g.loyalty_deck)
    g.apply("a9:cylon_three")
    assert kind(g) == "give_card" and opts(g) == [f"give:{s}" for s in (1, 2, 3, 4)]
    ev = g.apply("give:3")
    assert g.players[3].loyalty == ["not_cylon_3", "cylon_one"] and g.players[3].is_cylon
    assert g.players[0].loyalty == ["cylon_three"] and g.loyalty_deck == deck
    private = of(ev, "loyalty_dealt")
    assert private and all(e.to == frozenset({3}) for e in private)


def test_i6_five_players_reveal_gives_deck_top_when_none_held() -> None:
    g = five(loyalty={0: "cylon_three", 1: "not_cylon_1", 2: "not_cylon_2", 3: "not_cylon_3",
                      4: "not_cylon_4"}, loyalty_deck=["cylon_two", "not_cylon_5"])
    g.apply("a9:cylon_three")
    g.apply("give:2")
    assert g.players[2].loyalty == ["not_cylon_2", "cylon_two"]
    assert g.loyalty_deck == ["not_cylon_5"]


def test_i7_l1_deal_skips_revealed_cylons_while_cards_remain() -> None:
    lo = {0: "not_cylon_1", 1: "cylon_one", 2: "not_cylon_2", 3: "not_cylon_3"}
    g = start(4, ("kara_thrace", "gaius_baltar", "laura_roslin", "william_adama"), loyalty=lo,
              revealed=[1], skill=[4, 1], crisis=[C_UNREST_4_1_JUMP, 0],
              jump_track=BEFORE_JUMP, step="crisis", loyalty_deck=["not_cylon_4", "not_cylon_5"])
    g.apply("crisis:0")
    settle(g, stop=("jump_die",))
    ev = g.apply("jump_die:strong")
    assert [e.get("seat") for e in of(ev, "loyalty_card_given")] == [2, 3]
    assert [len(p.loyalty) for p in g.players] == [1, 1, 2, 2]


def test_i8_markers_one_at_a_time_win_checked_after_each() -> None:
    # Four damage markers placed; a consequence of 2 places two, one by one.
    g = start(4, CAST, loyalty=HUMAN, crisis=[C_ATTACK_6_2_JUMP, 0], step="crisis",
              damage=LOCS[:4], damage_pile=["engine_room", "armory"])
    ev = g.apply("crisis:0") + settle(g)
    placed = of(ev, "damage_placed")
    assert [(e.get("location"), e.get("count")) for e in placed] == [("engine_room", 5),
                                                                      ("armory", 6)]
    assert g.outcome.condition == "damage" and ev[-1].kind == "game_over"
    # The jump icon of that crisis is never reached: the game ended at the 6th marker.
    assert not of(ev, "jump_track_advanced")


def test_i8_win_checked_before_k8() -> None:
    # Five Raiders and a ship: the 6th Raider wins at once, before K8 could remove one.
    g = start(4, CAST, loyalty=HUMAN, crisis=[C_DRADIS_4_2_JUMP, 0], step="crisis",
              dradis_monitor=["raider"] * 4 + ["ship"], dradis_pile=["raider", "raider"])
    g.apply("crisis:0")
    settle(g, stop=("k8_penalty",))
    # First Raider: 5 Raiders + ship → K8 (penalty), back to 4; second: 5 again → K8.
    assert g.outcome is None and kind(g) == "k8_penalty"
    g2 = start(4, CAST, loyalty=HUMAN, crisis=[C_DRADIS_4_2_JUMP, 0], step="crisis",
               dradis_monitor=["raider"] * 5 + ["ship"], dradis_pile=["raider", "ship"])
    g2.apply("crisis:0")
    settle(g2, stop=("k8_penalty",))
    assert g2.outcome is not None and g2.outcome.condition == "raiders"
    assert g2.dradis_monitor.count(RAIDER) == 6 and not g2.dradis_box


def test_i9_armory_applies_to_revealed_cylon_passes_never_below_zero() -> None:
    lo = {0: "not_cylon_1", 1: "cylon_one", 2: "not_cylon_2", 3: "not_cylon_3"}
    g = start(4, CAST, loyalty=lo, revealed=[1], damage=["armory"], crisis=[C_UNREST_6_1, 0],
              step="crisis", dice={1: {"strong": {"spent": 1, "removed": 1},
                                       "weak": {"active": 1, "removed": 1}},
                                   2: {"strong": {"spent": 1, "active": 1}}})
    g.apply("crisis:0")
    ev = g.apply("pass")  # revealed: all spent (1) minus the Armory's one = 0
    assert not of(ev, "die_retrieved")
    assert [d.state for d in g.players[1].dice if d.kind == "strong"] == [SPENT, REMOVED]
    ev = g.apply("pass")  # a voluntary pass: 1 − 1 = 0, not −1
    assert not of(ev, "die_retrieved") and g.pending.seat == 3


def test_i10_x7_only_markers_still_in_the_pile() -> None:
    g = start(4, CAST, step="action", demoralized=["kara_thrace", "gaius_baltar"],
              loyalty={0: "cylon_one", 1: "not_cylon_1", 2: "not_cylon_2", 3: "not_cylon_3"})
    g.apply("a9:cylon_one")
    assert sorted(opts(g)) == ["demoralize:laura_roslin", "demoralize:lee_adama",
                               "demoralize:william_adama"]


def test_i11_jump_roll_does_not_use_admirals_dice() -> None:
    # The Admiral (William Adama, seat 1) has no strong die left: the jump roll still works.
    g = start(4, CAST, loyalty=HUMAN, skill=[4, 1], crisis=[C_UNREST_4_1_JUMP, 0],
              jump_track=BEFORE_JUMP, step="crisis",
              dice={1: {"strong": {"removed": 2}, "weak": {"removed": 1, "spent": 1}}})
    g.apply("crisis:0")
    settle(g, stop=("jump_die",))
    before = [(d.id, d.state, d.value) for d in g.players[1].dice]
    assert g.pending.seat == 1 and g.pending.info_dict()["strong"] == 4
    g.apply("jump_die:strong")
    assert [(d.id, d.state, d.value) for d in g.players[1].dice] == before
    assert g.distance == 4


def test_i12_reconstructed_values_come_from_cards_yaml(tmp_path: Path) -> None:
    """The faces and the DRADIS mix are data: an edited cards.yaml changes the game."""
    c = load_components()
    assert "I12" in c.reconstructed_note.en and "I12" in c.reconstructed_note.get("hu")
    assert c.dradis_raiders + c.dradis_ships == 14
    raw = yaml.safe_load(default_cards_path().read_text(encoding="utf-8"))
    raw["dradis"]["raiders"], raw["dradis"]["colonial_ships"] = 10, 4
    raw["crisis_dice"][2]["faces"][0] = {"type": "attack", "difficulty": 9, "consequence": 3,
                                         "jump": False}
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    edited = load_components(path)
    g = new_game(Setup(players=4), 3, components=edited, script_crisis=[0, 0],
                 overrides={"step": "crisis"})
    assert g.dradis_pile.count(RAIDER) == 8 and len(g.dradis_pile) == 12
    assert g.pending.info_dict()["faces"][0].code() == "attack/9/3"


RANKED = ("william_adama", "lee_adama", "kara_thrace", "laura_roslin")


def _brig_by_vote(g: Game, target: int) -> list:
    """Seat 0 calls a vote to brig ``target`` and carries it alone with a +4."""
    return play(g, f"a6:brig,{target}", "pass", "pass", "pass", "join", "contribute:0", "stop")


def test_i13_admiral_passes_to_the_next_rank_below_not_back_up() -> None:
    # Lee holds the title (William Adama was brigged and released earlier); Lee goes
    # to the brig: the title goes down to Kara, not back up to the released Adama.
    g = start(4, RANKED, loyalty=HUMAN, step="action", admiral=1, skill=[4, 4, 3, 3])
    ev = _brig_by_vote(g, 1)
    assert g.players[1].in_brig and g.admiral == 2
    assert [(e.rule, e.get("seat")) for e in of(ev, "admiral_changed")] == [("I13", 2)]


def test_i13_admiral_succession_wraps_round_to_the_top() -> None:
    # Laura Roslin, lowest in this cast, holds the title and is brigged: it wraps to
    # the top of the ladder, skipping William Adama in the brig, to Lee.
    g = start(4, RANKED, loyalty=HUMAN, step="action", admiral=3, brig=[0], skill=[4, 4, 3, 3])
    _brig_by_vote(g, 3)
    assert g.admiral == 1


def test_i13_nobody_eligible_highest_not_revealed_then_highest() -> None:
    lo = {0: "not_cylon_1", 1: "cylon_one", 2: "not_cylon_2", 3: "not_cylon_3"}
    g = start(4, RANKED, loyalty=lo, step="action", admiral=2, revealed=[1])
    for p in g.players:
        p.in_brig = p.seat != 1
    g.pass_admiral()
    assert g.admiral == 0  # all humans in the brig: the highest-ranked one not revealed
    for p in g.players:
        p.revealed = True
    g.pass_admiral()
    assert g.admiral == 0


def test_i14_revealed_cylon_takes_the_action_step_then_rolls_or_names() -> None:
    lo = {0: "cylon_one", 1: "not_cylon_1", 2: "not_cylon_2", 3: "not_cylon_3"}
    g = start(4, CAST, loyalty=lo, revealed=[0], step="action")
    assert kind(g) == "action" and "a2" in opts(g)
    g.apply("skip")
    assert kind(g) == "crisis_mode" and g.pending.rule == "I14"
    assert opts(g) == ["roll", "name:unrest", "name:attack", "name:dradis"]


def test_i15_revealed_cylon_passing_in_a_vote_retrieves_nothing() -> None:
    lo = {0: "not_cylon_1", 1: "cylon_one", 2: "not_cylon_2", 3: "not_cylon_3"}
    spent = {1: {"strong": {"spent": 1, "removed": 1}, "weak": {"active": 1, "removed": 1}},
             2: {"strong": {"active": 1, "spent": 1}}}
    g = start(4, CAST, loyalty=lo, revealed=[1], step="action", dice=spent)
    ev = play(g, "a6:brig,2", "pass", "pass")
    passes = of(ev, "passed")
    assert [(e.get("seat"), e.rule) for e in passes] == [(1, "I15"), (2, "A7")]
    assert not of(ev, "die_retrieved")
    assert [d.state for d in g.players[1].dice if d.kind == "strong"] == [SPENT, REMOVED]


def test_i16_jump_dice_choice_asked_even_with_equal_values() -> None:
    g = start(4, CAST, loyalty=HUMAN, skill=[-1, -1], crisis=[C_UNREST_4_1_JUMP, 0],
              jump_track=BEFORE_JUMP, step="crisis")
    g.apply("crisis:0")
    settle(g, stop=("jump_die",))
    assert kind(g) == "jump_die" and opts(g) == ["jump_die:strong", "jump_die:weak"]
    assert g.pending.info_dict()["strong"] == g.pending.info_dict()["weak"] == -1


def test_i17_prepare_jump_has_no_reroll_and_no_revealed_cylon_takes_it() -> None:
    g = start(4, CAST, loyalty=HUMAN, step="action", skill=[2, 4, 1, 3])
    g.apply("a5")
    assert kind(g) == "contribute" and all(len(c.args) == 2 for c in g.legal_choices())
    ev = g.apply("contribute:0,1")
    assert of(ev, "jump_prepared") and kind(g) != "reroll" and g.active == 0
    lo = {0: "cylon_one", 1: "not_cylon_1", 2: "not_cylon_2", 3: "not_cylon_3"}
    g = start(4, CAST, loyalty=lo, revealed=[0], step="action")
    assert len(g.players[0].active_dice) == 2 and "a5" not in opts(g)


def test_i18_unrest_draws_as_many_markers_as_the_consequence() -> None:
    # die D's face 2 is Unrest 5/2: two markers drawn from the pile, one at a time
    g = start(4, CAST, loyalty=HUMAN, crisis=[C_UNREST_6_1, 2], step="crisis",
              demoralized_pile=["lee_adama", "kara_thrace"])
    ev = g.apply("crisis:1") + settle(g, stop=("action",))
    placed = of(ev, "demoralized_placed")
    assert [(e.get("character"), e.rule) for e in placed] == [("lee_adama", "K3"),
                                                               ("kara_thrace", "K3")]


def test_i19_command_counts_anyones_minus_one_on_adamas_turn() -> None:
    chars = ("william_adama", "laura_roslin", "gaius_baltar", "kara_thrace")
    g = start(4, chars, loyalty=HUMAN, step="crisis", crisis=[C_UNREST_6_1, 0],
              skill=[-1, -2, -2, -2])
    ev = play(g, "crisis:0", "join", "contribute:4")
    assert g.check.total == 0 and of(ev, "command_applies")[0].rule == "X1"


def test_i20_ordered_player_in_the_brig_retrieves_two() -> None:
    spent = {1: {"strong": {"spent": 2}, "weak": {"spent": 2}}}
    g = start(4, CAST, loyalty=HUMAN, step="action", brig=[1], dice=spent)
    ev = play(g, "a8:1,strong", "retrieve2") + settle(g, stop=("crisis_die",))
    took = [e for e in of(ev, "die_retrieved") if e.get("seat") == 1]
    assert len(took) == 2 and {e.rule for e in took} == {"I20"}
    assert of(ev, "order_retrieve")[0].rule == "I20"
    opts_ordered = start(4, CAST, loyalty=HUMAN, step="action")
    opts_ordered.apply("a8:1,strong")
    opts_ordered.apply("act")
    assert not [o for o in opts(opts_ordered) if o.startswith(("a8", "a9"))]


def test_i21_first_seat_starts_and_offers_follow_the_board() -> None:
    g = new_game(Setup(players=4), 5)
    first = of(g.events, "turn_started")[0]
    assert first.get("seat") == 0 and first.rule == "I21" and g.pending.seat == 0
    o = opts(g)
    assert "a3" not in o and "a4" not in o  # no damage, no demoralized marker yet
    assert "a2" in o  # two Raiders on the monitor from the start (S1)
    assert "a6:brig,0" not in o and "a6:brig,1" in o


def test_i22_revealer_returns_spent_dice_first_six_takes_one_when_only_one() -> None:
    lo = {0: "cylon_six", 1: "not_cylon_1", 2: "not_cylon_2", 3: "not_cylon_3"}
    dice = {0: {"strong": {"active": 1, "spent": 1}, "weak": {"active": 2}},
            2: {"weak": {"active": 1, "spent": 1}}}
    g = start(4, CAST, loyalty=lo, step="action", dice=dice, dradis_monitor=[])
    ev = g.apply("a9:cylon_six")
    strong = [d.state for d in g.players[0].dice if d.kind == "strong"]
    assert sorted(strong) == sorted([REMOVED, "active"])  # the spent one went to the box
    assert len(of(ev, "die_returned_to_box")) == 2
    # only seat 2 has a spent die: Cylon Six takes that one and the effect ends
    assert [(e.get("target"), e.rule) for e in of(ev, "die_stolen")] == [(2, "X10")]


def test_i23_b3_released_during_own_action_rolls_the_crisis() -> None:
    # William Adama, in the brig, calls a vote to release himself and carries it: B3
    # is judged at the crisis step, where he is free, so he rolls the crisis dice.
    g = start(4, CAST, loyalty=HUMAN, brig=[1], active=1, step="action", skill=[4, 4, 3, 3])
    ev = play(g, "a6:release,1", "pass", "pass", "pass", "join", "contribute:4", "stop")
    assert not g.players[1].in_brig and of(ev, "released_from_brig")
    assert kind(g) == "crisis_die" and g.pending.seat == 1
    assert not of(ev, "no_crisis_in_brig")


def test_i23_b3_active_player_brigged_by_an_ordered_vote_gets_no_crisis() -> None:
    # Baltar (seat 0) orders William Adama (seat 1), who calls a vote sending Baltar,
    # the active player, to the brig: Baltar's turn goes on with no crisis (B3) and
    # the prepared jump waits (I3).
    g = start(4, CAST, loyalty=HUMAN, step="action", jump_bonus=True, skill=[4, 4, 3, 3])
    ev = play(g, "a8:1,strong", "act", "a6:brig,0", "join", "contribute:4", "stop")
    ev += settle(g, stop=("action",))
    assert g.players[0].in_brig
    assert [e.get("seat") for e in of(ev, "no_crisis_in_brig")] == [0]
    assert of(ev, "no_crisis_in_brig")[0].rule == "B3"
    assert not of(ev, "crisis_rolled") and of(ev, "jump_bonus_waits") and g.jump_bonus
    assert g.active == 1


def test_i24_fallback_admiral_in_the_brig_keeps_the_title_when_someone_is_released() -> None:
    # William Adama and Lee Adama are in the brig and Kara is a revealed Cylon: nobody
    # is eligible, so Adama holds the title in the brig (I13). Lee is released and
    # becomes eligible; the title stays with Adama (a release never moves it).
    chars = ("william_adama", "lee_adama", "kara_thrace")
    lo = {0: "not_cylon_1", 1: "not_cylon_2", 2: "cylon_one"}
    g = start(3, chars, loyalty=lo, brig=[0, 1], revealed=[2], active=1, step="action",
              skill=[4, 4, 3, 3])
    assert g.admiral == 0 and g.players[0].in_brig
    ev = play(g, "a6:release,1", "pass", "pass", "join", "contribute:4", "stop")
    assert of(ev, "released_from_brig") and not g.players[1].in_brig
    assert g.admiral == 0 and not of(ev, "admiral_changed")
