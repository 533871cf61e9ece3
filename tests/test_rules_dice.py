"""Dice (D1–D11): private rolls, joining in turn, contributing, rerolling, states."""

from __future__ import annotations

from loops import bounded
from test_engine_helpers import C_UNREST_6_1, contribute, dice, ids, kind, of, opts, play, start

from bsg_desktop.engine import ACTIVE, CONTRIBUTED, REMOVED, SPENT

# Seat 0 (active) is Kara; seats 1 and 2 have no ability that touches a crisis check;
# Adama sits at seat 3, so X1 (his turn only) is off.
CAST = ("kara_thrace", "gaius_baltar", "laura_roslin", "william_adama")
# The crisis faces (4-player die C): index 3 = Unrest 6/1; the other die shows face 0.
# 4-player die D face 5 = Unrest 3/1/jump (the lowest difficulty).
D_UNREST_3_1 = 5


def crisis(skill: list[int] | tuple[int, ...] = (), face: int = C_UNREST_6_1, die: int = 0,
           **ov: object):
    g = start(4, CAST, skill=skill, crisis=[face, D_UNREST_3_1], step="crisis", **ov)
    g.apply(f"crisis:{die}")
    return g


def test_d1_rolls_are_private_contributions_public() -> None:
    g = crisis(skill=[4, -1, 3, 1])
    ev = g.apply("join")
    public = of(ev, "dice_rolled")[0]
    assert public.to is None and public.as_dict() == {"seat": 1, "count": 4}
    private = of(ev, "roll_result")[0]
    assert private.to == frozenset({1})
    assert [v for _, _, v in private.get("values")] == [4, -1, 3, 1]
    for seat in (None, 0, 2, 3):
        assert all(d.value is None for d in g.view(seat).seats[1].dice)
    assert [d.value for d in g.view(1).seats[1].dice] == [4, -1, 3, 1]
    g.apply(contribute(4))
    for seat in (None, 0, 2, 3):
        assert [d.value for d in g.view(seat).seats[1].dice] == [4, None, None, None]


def test_d2_joining_rolls_all_active_dice() -> None:
    g = crisis(dice={1: {"strong": {"active": 1, "spent": 1}}})
    ev = g.apply("join")
    rolled = of(ev, "roll_result")[0].get("values")
    assert sorted(i for i, _, _ in rolled) == ids(g, 1)  # every active die, no spent one
    assert len(rolled) == 3


def test_d3_join_order_clockwise_from_left_active_last() -> None:
    g = crisis()
    asked = []
    for _ in bounded():
        if kind(g) != "join":
            break
        asked.append(g.pending.seat)
        g.apply("pass")
    assert asked == [1, 2, 3, 0]


def test_d3_join_order_wraps_for_a_later_active_seat() -> None:
    g = start(4, CAST, crisis=[C_UNREST_6_1, 0], step="crisis", active=2)
    g.apply("crisis:0")
    asked = []
    for _ in bounded():
        if kind(g) != "join":
            break
        asked.append(g.pending.seat)
        g.apply("pass")
    assert asked == [3, 0, 1, 2]


def test_d4_no_active_dice_forced_pass_retrieves_two_of_choice() -> None:
    g = crisis(dice={1: {"strong": {"spent": 2}, "weak": {"spent": 2}}})
    # Seat 1 is never asked to join: it passes and chooses which two dice come back.
    assert g.pending.seat == 1 and kind(g) == "retrieve"
    forced = [e for e in g.events if e.kind == "passed" and e.get("seat") == 1]
    assert forced and forced[-1].get("forced") is True and forced[-1].rule == "D4"
    play(g, "retrieve:weak", "retrieve:weak")
    assert [d.kind for d in dice(g, 1, state=ACTIVE)] == ["weak", "weak"]
    assert len(dice(g, 1, state=SPENT)) == 2
    assert g.pending.seat == 2 and kind(g) == "join"


def test_d5_voluntary_pass_retrieves_one() -> None:
    g = crisis(dice={1: {"strong": {"active": 1, "spent": 1}, "weak": {"active": 1, "spent": 1}}})
    g.apply("pass")
    assert g.pending.seat == 1 and kind(g) == "retrieve"  # one die, of their choice
    g.apply("retrieve:strong")
    assert len(dice(g, 1, state=SPENT)) == 1 and dice(g, 1, "weak", SPENT)
    assert len(dice(g, 1, state=ACTIVE)) == 3


def test_d5_pass_with_nothing_spent_retrieves_nothing() -> None:
    g = crisis()
    ev = g.apply("pass")
    assert not of(ev, "die_retrieved")
    assert all(d.state == ACTIVE for d in dice(g, 1))


def test_d6_next_player_rolls_only_after_previous_contributed() -> None:
    g = crisis(skill=[4, -1, 3, 1, 2, 2, 1, 1])
    g.apply("join")
    assert g.pending.seat == 1 and kind(g) == "contribute"
    assert all(d.value is None for d in dice(g, 2))
    play(g, contribute(4), "stop")
    assert g.pending.seat == 2 and kind(g) == "join"
    assert all(d.value is None for d in dice(g, 2))


def test_d7_must_contribute_at_least_one_even_when_certain() -> None:
    # Unrest 3/1 on die D: seat 1's +4 already averts it, seat 2 joins anyway.
    g = crisis(skill=[4, -1, 3, 1, -2, -2, -1, -1], die=1)
    play(g, "join", contribute(4), "stop", "join")
    o = opts(g)
    assert o and all(x.startswith("contribute:") for x in o)
    assert "stop" not in o and "pass" not in o
    assert len(o) == 15  # every non-empty subset of 4 dice


def test_d8_reroll_the_rest_and_contribute_again() -> None:
    g = crisis(skill=[4, -1, -2, -1, 2, 3, -1])
    play(g, "join", contribute(4))
    assert kind(g) == "reroll" and opts(g) == ["reroll", "stop"]
    ev = g.apply("reroll")
    again = of(ev, "roll_result")[0].get("values")
    assert [(i, v) for i, _, v in again] == [(5, 2), (6, 3), (7, -1)]
    assert kind(g) == "contribute"
    assert all(o.startswith("contribute:") and "4" not in o.split(":")[1].split(",")
               for o in opts(g))
    play(g, contribute(5, 6, 7))
    # No active dice left: the player is done, the next seat is asked.
    assert g.pending.seat == 2 and kind(g) == "join"
    assert g.check.compute() == 4 + 2 + 3 - 1


def test_d9_contributed_dice_on_the_players_gold_section() -> None:
    g = crisis(skill=[4, -1, 3, 1])
    play(g, "join", contribute(4, 6))
    assert [d.state for d in dice(g, 1)] == [CONTRIBUTED, ACTIVE, CONTRIBUTED, ACTIVE]
    check = g.view(3).check
    assert [(s, d, v) for s, d, _, v, _ in check.entries] == [(1, 4, 4), (1, 6, 3)]


def test_d10_contributed_dice_become_spent_when_check_ends() -> None:
    g = crisis(skill=[4, -1, 3, 1])
    play(g, "pass", "pass", "join", contribute(12, 14), "stop")
    assert [d.state for d in dice(g, 3)] == [CONTRIBUTED, ACTIVE, CONTRIBUTED, ACTIVE]
    ev = g.apply("pass")  # the active player passes last; the check resolves
    kinds = [e.kind for e in ev]
    assert kinds.index("check_result") < kinds.index("dice_spent")
    assert [d.state for d in dice(g, 3)] == [SPENT, ACTIVE, SPENT, ACTIVE]
    assert all(d.value is None for d in dice(g, 3))


def test_d11_four_die_states() -> None:
    g = start(4, CAST, dice={1: {"strong": {"active": 1, "spent": 1},
                                 "weak": {"removed": 1, "active": 1}}})
    assert {d.state for d in g.players[1].dice} == {ACTIVE, SPENT, REMOVED}
    v = g.view(0).seats[1]
    assert (v.count(ACTIVE), v.count(SPENT), v.count(REMOVED), v.count(CONTRIBUTED)) == (2, 1, 1, 0)


def test_d3_ordered_vote_starts_left_of_the_active_player() -> None:
    """A vote called by an ordered player (A8) is still decided from the active player's left."""
    g = start(4, ("william_adama", "lee_adama", "laura_roslin", "gaius_baltar"), step="action",
              loyalty={0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3", 3: "cylon_one"})
    play(g, "a8:2,strong", "act", "a6:brig,3")
    asked = []
    for _ in bounded():
        if kind(g) != "join":
            break
        asked.append(g.pending.seat)
        g.apply("pass")
    assert asked == [1, 2, 3, 0]
    assert g.active == 0
