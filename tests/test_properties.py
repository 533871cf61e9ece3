"""Properties over random play: invariants, no leaks, save/load, determinism.

Hypothesis draws the seed, the player count and the policy's seed; the games are
played by a random legal policy. Example counts stay small so the file runs fast.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from loops import bounded

from bsg_desktop.engine import ACTIVE, Game, Setup, new_game, visible_log
from bsg_desktop.engine.invariants import violations
from bsg_desktop.engine.save import from_json, to_json

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
players_st = st.sampled_from([3, 4, 5])
seed_st = st.integers(min_value=0, max_value=10_000)


def step(g: Game, rng: random.Random, avoid: tuple[str, ...] = ()) -> bool:
    """One random legal choice (never a verb in ``avoid`` if another exists)."""
    if g.outcome is not None or g.pending is None or g.stalled:
        return False
    options = [o for o in g.pending.options if o.verb not in avoid] or list(g.pending.options)
    g.apply(options[rng.randrange(len(options))])
    return True


def state(g: Game) -> tuple:
    """Everything a save must restore, hidden parts included."""
    return (tuple((p.character, tuple(p.loyalty), p.in_brig, p.revealed,
                   tuple(p.revealed_cards), tuple((d.id, d.kind, d.state, d.value)
                                                  for d in p.dice), tuple(p.known.items()))
                  for p in g.players),
            tuple(g.dradis_pile), tuple(g.dradis_monitor), tuple(g.dradis_box),
            tuple(g.damage_pile), tuple(g.damage_placed), tuple(g.demoralized_pile),
            tuple(g.demoralized_out), tuple(g.loyalty_deck), tuple(g.loyalty_box),
            g.jump_track, g.distance, g.jump_bonus, g.admiral, g.active, g.turn, g.outcome,
            g.rng.getstate())


@FAST
@given(players=players_st, seed=seed_st, policy=seed_st,
       variant=st.booleans())
def test_invariants_hold_after_every_step(players: int, seed: int, policy: int,
                                          variant: bool) -> None:
    g = new_game(Setup(players=players, morale_variant=variant), seed)
    rng = random.Random(policy)
    assert violations(g) == []
    for _ in bounded():
        if not step(g, rng):
            break
        assert violations(g) == [], (seed, len(g.choices))
    assert g.outcome is not None and not g.stalled


def no_foreign_secrets(g: Game) -> None:
    """No view shows another seat's loyalty or its rolled-but-kept dice."""
    for seat in range(g.n):
        v = g.view(seat)
        assert v.my_loyalty == tuple(g.players[seat].loyalty)
        for other in v.seats:
            if other.seat == seat:
                continue
            assert all(d.value is None for d in other.dice if d.state == ACTIVE)
        if g.outcome is None:
            assert v.all_loyalty == ()
        if g.pending is None or g.pending.seat != seat:
            assert v.options == () and v.info == ()
        for e in visible_log(g, seat):
            assert e.to is None or seat in e.to
    pub = g.view(None)
    assert pub.my_loyalty == () and pub.options == () and pub.info == ()


@FAST
@given(players=players_st, seed=seed_st, policy=seed_st)
def test_views_never_show_other_seats_secrets(players: int, seed: int, policy: int) -> None:
    g = new_game(Setup(players=players), seed)
    rng = random.Random(policy)
    for _ in bounded():
        no_foreign_secrets(g)
        if not step(g, rng):
            break


@FAST
@given(players=players_st, seed=seed_st, policy=seed_st, data=st.data())
def test_views_equal_when_other_seats_loyalty_swapped(players: int, seed: int, policy: int,
                                                     data: st.DataObject) -> None:
    """Swapping two other seats' loyalty cards changes nothing a third seat sees."""
    a, b, me = data.draw(st.permutations(range(players)))[:3]
    base = new_game(Setup(players=players), seed)
    cards = {p.seat: list(p.loyalty) for p in base.players}
    cards[a], cards[b] = cards[b], cards[a]
    g1 = new_game(Setup(players=players), seed)
    # The same deck order too, so that L1 deals the same cards.
    g2 = new_game(Setup(players=players), seed,
                  overrides={"loyalty": cards, "loyalty_deck": base.loyalty_deck[::-1]})
    assert g2.loyalty_deck == g1.loyalty_deck
    assert g1.players[a].loyalty != g2.players[a].loyalty
    r1, r2 = random.Random(policy), random.Random(policy)
    avoid = ("a9", "a1")  # a reveal or Baltar's look would legitimately tell
    for _ in range(400):
        assert g1.view(me) == g2.view(me)
        assert visible_log(g1, me) == visible_log(g2, me)
        if not (step(g1, r1, avoid) and step(g2, r2, avoid)):
            break
        if g1.outcome is not None:
            break
    assert g1.view(me).seats == g2.view(me).seats


@FAST
@given(seed=seed_st, chosen=st.integers(0, 5), other1=st.integers(0, 5),
       other2=st.integers(0, 5), policy=seed_st)
def test_views_equal_whatever_the_unchosen_crisis_die_showed(
        seed: int, chosen: int, other1: int, other2: int, policy: int) -> None:
    games = [new_game(Setup(players=4), seed, overrides={"step": "crisis"},
                      script_crisis=[chosen, o]) for o in (other1, other2)]
    for g in games:
        g.apply("crisis:0")
    rng1, rng2 = random.Random(policy), random.Random(policy)
    for _ in range(40):
        for seat in (None, 1, 2, 3):
            assert games[0].view(seat) == games[1].view(seat)
            assert visible_log(games[0], seat) == visible_log(games[1], seat)
        if not (step(games[0], rng1) and step(games[1], rng2)):
            break


MOVED = {"damage_drawn", "dradis_placed", "damage_placed", "demoralized_placed", "ship_removed",
         "damage_repaired", "morale_boosted"}


@FAST
@given(seed=seed_st, players=players_st, policy=seed_st)
def test_views_equal_whatever_the_pile_order(seed: int, players: int, policy: int) -> None:
    """Pile order is secret: two orders give the same views until a marker is drawn."""
    games = [new_game(Setup(players=players), seed,
                      overrides={"dradis_pile": top, "damage_pile": dmg,
                                 "demoralized_pile": dem})
             for top, dmg, dem in ((["raider", "ship"], ["armory", "press_room"],
                                    ["lee_adama", "kara_thrace"]),
                                   (["ship", "raider"], ["press_room", "armory"],
                                    ["kara_thrace", "lee_adama"]))]
    assert games[0].dradis_pile != games[1].dradis_pile
    rng1, rng2 = random.Random(policy), random.Random(policy)
    for _ in range(300):
        g1, g2 = games
        # Stop at the first draw or return: a pile that moved has a public history.
        if (len(g1.dradis_pile) != 12 or len(g1.damage_pile) != 6
                or len(g1.demoralized_pile) != 5
                or any(e.kind in MOVED for e in g1.events)):
            break  # a marker was drawn: its face is known (X8: to the drawer) from now on
        for seat in [None, *range(players)]:
            assert g1.view(seat) == g2.view(seat)
        if not (step(g1, rng1) and step(g2, rng2)):
            break


@FAST
@given(players=players_st, seed=seed_st, policy=seed_st, steps=st.integers(0, 150))
def test_save_load_round_trip(players: int, seed: int, policy: int, steps: int) -> None:
    g = new_game(Setup(players=players), seed)
    rng = random.Random(policy)
    for _ in range(steps):
        if not step(g, rng):
            break
    data = json.loads(json.dumps(to_json(g)))
    h = from_json(data)
    assert state(h) == state(g)
    assert h.pending == g.pending
    assert h.events == g.events
    for seat in [None, *range(players)]:
        assert h.view(seat) == g.view(seat)
    # The loaded game plays on exactly like the original.
    r1, r2 = random.Random(policy + 1), random.Random(policy + 1)
    for _ in range(30):
        if not (step(g, r1) and step(h, r2)):
            break
    assert state(h) == state(g) and h.events == g.events


@FAST
@given(players=players_st, seed=seed_st, policy=seed_st, variant=st.booleans())
def test_same_setup_seed_choices_same_events(players: int, seed: int, policy: int,
                                             variant: bool) -> None:
    setup = Setup(players=players, morale_variant=variant)
    g = new_game(setup, seed)
    rng = random.Random(policy)
    for _ in bounded():
        if not step(g, rng):
            break
        pass
    again = new_game(setup, seed)
    for ch in g.choices:
        again.apply(ch)
    assert again.events == g.events and again.outcome == g.outcome
    assert state(again) == state(g)


def test_forced_skip_does_not_tell_a_cylon() -> None:
    """A brigged seat with no dice and no vote has only 'skip' — unless it holds a Cylon card."""
    chars = ("lee_adama", "william_adama", "kara_thrace", "laura_roslin")
    ov = {"step": "action", "brig": [0], "damage": ["admirals_quarters"],
          "dice": {0: {"strong": {"spent": 2}, "weak": {"spent": 2}}}}
    human = {0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3", 3: "not_cylon_4"}
    cylon = {**human, 0: "cylon_one"}
    views = [new_game(Setup(players=4, characters=chars), 1,
                      overrides=dict(ov, loyalty=lo)).view(1) for lo in (human, cylon)]
    assert views[0] == views[1]
