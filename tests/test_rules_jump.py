"""Jumping (J1–J6) and the second loyalty deal (L1)."""

from __future__ import annotations

from test_engine_helpers import (
    BEFORE_JUMP,
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

from bsg_desktop.engine import ACTIVE, SPENT, Game

# Kara active; William Adama (the Admiral, S3) at seat 3.
CAST = ("kara_thrace", "gaius_baltar", "laura_roslin", "william_adama")
HUMAN = {0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3", 3: "not_cylon_4"}


def to_jump(skill: list[int] | tuple[int, ...] = (), face: int = C_UNREST_4_1_JUMP,
            **ov: object) -> Game:
    """Seat 0's crisis with a jump icon fails one step before the jump: the fleet jumps."""
    ov.setdefault("loyalty", HUMAN)
    ov.setdefault("jump_track", BEFORE_JUMP)
    g = start(4, CAST, skill=skill, crisis=[face, 0], step="crisis", **ov)
    g.apply("crisis:0")
    settle(g, stop=("jump_die", "jump_penalty"))
    return g


def test_j1_jump_icon_advances_track_whether_averted_or_not() -> None:
    failed = start(4, CAST, loyalty=HUMAN, crisis=[C_UNREST_4_1_JUMP, 0], step="crisis")
    ev = failed.apply("crisis:0") + settle(failed, stop=("action",))
    assert of(ev, "crisis_failed") and failed.jump_track == 1
    averted = start(4, CAST, loyalty=HUMAN, skill=[4, 2, 1, 1],
                    crisis=[C_UNREST_4_1_JUMP, 0], step="crisis")
    ev = play(averted, "crisis:0", "join", contribute(4, 5), "stop")
    ev += settle(averted, stop=("action",))
    assert of(ev, "crisis_averted") and averted.jump_track == 1
    plain = start(4, CAST, loyalty=HUMAN, crisis=[C_UNREST_6_1, 0], step="crisis")
    plain.apply("crisis:0")
    settle(plain, stop=("action",))
    assert plain.jump_track == 0


def test_j2_track_at_three_jumps_and_resets() -> None:
    # the rulebook's value: a jump icon at 2 brings the track to 3, and the fleet jumps
    g = to_jump(skill=[2, 1], jump_track=2)
    assert any(e.kind == "fleet_jumped" and e.rule == "J2" for e in g.events), \
        "J2: the fleet jumps when the track reaches 3 (cards.yaml tracks.jump_max)"
    assert g.jump_track == 0


def test_j3_everyone_retrieves_limited_players_one() -> None:
    spent = {"strong": {"spent": 2}, "weak": {"spent": 2}}
    g = to_jump(skill=[2, 1], brig=[1], demoralized=["laura_roslin"],
                dice={0: spent, 1: spent, 2: spent, 3: spent})
    # The crisis check: everyone was forced to pass (no active dice) and retrieved
    # (2, or 1 in the brig / demoralized); then the jump retrieval (J3).
    events = [e for e in g.events if e.kind == "die_retrieved" and e.rule == "J3"]
    by_seat = {s: sum(e.get("seat") == s for e in events) for s in range(4)}
    assert by_seat[1] == 1 and by_seat[2] == 1
    assert by_seat[0] == 2 and by_seat[3] == 2  # all their remaining spent dice
    assert not dice(g, 0, state=SPENT) and not dice(g, 3, state=SPENT)
    assert len(dice(g, 1, state=SPENT)) == 2 and len(dice(g, 2, state=SPENT)) == 2


def test_j4_admiral_chooses_positive_die_and_distance_advances() -> None:
    g = to_jump(skill=[4, 1])
    assert kind(g) == "jump_die" and g.pending.seat == g.admiral == 3
    assert g.pending.info_dict()["strong"] == 4 and g.pending.info_dict()["weak"] == 1
    roll = [e for e in g.events if e.kind == "jump_roll_result"][0]
    assert roll.to == frozenset({3})
    g.apply("jump_die:strong")
    assert g.distance == 4


def test_j4_negative_die_advances_and_admiral_splits_the_penalty() -> None:
    # The failed Unrest crisis draws Kara's marker first; the penalty draws the next.
    g = to_jump(skill=[2, -2], damage_pile=["armory"],
                demoralized_pile=["kara_thrace", "gaius_baltar"])
    g.apply("jump_die:weak")
    assert g.distance == 2
    assert kind(g) == "jump_penalty" and opts(g) == ["split:0", "split:1", "split:2"]
    g.apply("split:1")  # one damage, one demoralized
    assert g.damage_placed == ["armory"]
    assert g.demoralized_out == ["kara_thrace", "gaius_baltar"]
    assert [e.rule for e in g.events if e.kind == "damage_placed"] == ["J4"]


def test_j5_jump_roll_leaves_admirals_dice_alone() -> None:
    g = to_jump(skill=[4, 1], dice={3: {"strong": {"active": 1, "spent": 1}}})
    before = [(d.id, d.state) for d in g.players[3].dice]
    g.apply("jump_die:strong")
    assert [(d.id, d.state) for d in g.players[3].dice] == before
    assert all(d.state == ACTIVE for d in g.players[3].dice)  # J3 already gave them back


def test_j6_jump_from_distance_six_or_more_wins() -> None:
    g = to_jump(distance=7)
    assert g.outcome is not None and g.outcome.winner == "humans"
    assert g.outcome.rule == "W1" and kind(g) is None


def test_l1_first_time_distance_four_deals_one_more_card() -> None:
    g = to_jump(skill=[4, 1])
    deck = list(g.loyalty_deck)
    ev = g.apply("jump_die:strong")
    assert g.distance == 4 and g.loyalty_dealt
    assert [len(p.loyalty) for p in g.players] == [2, 2, 2, 2]
    assert g.loyalty_deck == []
    # Clockwise from the player left of the active one (I7).
    given = [e.get("seat") for e in of(ev, "loyalty_card_given")]
    assert given == [1, 2, 3, 0]
    assert [p.loyalty[1] for p in (g.players[1], g.players[2], g.players[3], g.players[0])] == \
        list(reversed(deck))
    private = of(ev, "loyalty_dealt")
    assert [e.to for e in private] == [frozenset({s}) for s in (1, 2, 3, 0)]


def test_l1_no_deal_below_four_and_only_once() -> None:
    g = to_jump(skill=[2, 1])
    g.apply("jump_die:strong")
    assert g.distance == 2 and not g.loyalty_dealt
    assert all(len(p.loyalty) == 1 for p in g.players)
    again = to_jump(skill=[4, 1], distance=4, loyalty_dealt=True)
    again.apply("jump_die:strong")
    assert all(len(p.loyalty) == 1 for p in again.players)


def test_l1_any_cylon_card_makes_a_cylon() -> None:
    g = to_jump(skill=[4, 1], loyalty=HUMAN, loyalty_deck=["cylon_two", "not_cylon_5",
                                                            "not_cylon_6", "not_cylon_7"])
    assert not any(p.is_cylon for p in g.players)
    g.apply("jump_die:strong")
    assert [p.is_cylon for p in g.players] == [False, True, False, False]
    assert g.pending.seat == 1 and "a9:cylon_two" in opts(g)  # and may reveal (A9)
