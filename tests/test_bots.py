"""Bots: legal, fair (they see only their view), and playing by their loyalty."""

from __future__ import annotations

import random
import time

import pytest
from loops import bounded

from bsg_desktop.bots import LEVELS, make_bot
from bsg_desktop.bots.heuristic import HeuristicBot
from bsg_desktop.bots.strong import StrongBot
from bsg_desktop.bots.suspicion import Record, belief, contribution_llr
from bsg_desktop.bots.world import determinize
from bsg_desktop.data import CrisisFace
from bsg_desktop.engine import Choice, Decision, Setup, new_game
from bsg_desktop.engine.invariants import violations


def _advance(g, steps: int, seed: int) -> None:
    bots = [HeuristicBot(seed * 7 + s) for s in range(g.n)]
    for _ in range(steps):
        if g.outcome is not None:
            return
        d = g.pending
        g.apply(bots[d.seat].choose(g.view(d.seat), d))


def _hidden_twin(g, seat: int, rng: random.Random):
    """A copy differing only in what ``seat`` cannot see: others' loyalty, pile order, rng."""
    t = g.copy()
    known = dict(t.players[seat].known)
    others = [p for p in t.players if p.seat != seat and not p.revealed and p.seat not in known]
    pairs = [(a, b) for a in others for b in others
             if a.seat < b.seat and len(a.loyalty) == len(b.loyalty) and a.loyalty != b.loyalty]
    if pairs:
        a, b = pairs[rng.randrange(len(pairs))]
        a.loyalty, b.loyalty = b.loyalty, a.loyalty
    for pile in (t.dradis_pile, t.damage_pile, t.demoralized_pile, t.loyalty_deck):
        rng.shuffle(pile)
    t.rng.seed(rng.randrange(1 << 30))
    return t


def test_every_level_is_registered_and_unknown_levels_fail() -> None:
    assert {"random", "heuristic", "strong"} <= set(LEVELS)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_games_finish_legally_with_invariants(players: int) -> None:
    for seed in range(4):
        g = new_game(Setup(players=players), seed=seed)
        bots = [make_bot("heuristic", seed * 10 + s) for s in range(players)]
        for _ in bounded():
            if not (g.outcome is None and not g.stalled):
                break
            d = g.pending
            c = bots[d.seat].choose(g.view(d.seat), d)
            assert c in d.options
            g.apply(c)
            assert violations(g) == []
        assert g.outcome is not None


def test_view_invariance_many_pairs() -> None:
    """Two games differing only in hidden information: same view, same decision."""
    rng = random.Random(5)
    pairs = swapped = 0
    for seed in range(12):
        g = new_game(Setup(players=3 + seed % 3), seed=seed)
        for step in range(6):
            _advance(g, 9 + step * 3, seed + step)
            if g.outcome is not None:
                break
            d = g.pending
            twin = _hidden_twin(g, d.seat, rng)
            swapped += [p.loyalty for p in twin.players] != [p.loyalty for p in g.players]
            v1, v2 = g.view(d.seat), twin.view(d.seat)
            assert v1 == v2
            for level, opts in (("random", {}), ("heuristic", {}), ("strong", {"worlds": 4})):
                b1 = make_bot(level, 11, **opts)
                b2 = make_bot(level, 11, **opts)
                assert b1.choose(v1, d) == b2.choose(v2, twin.pending)
            pairs += 1
    assert pairs >= 50 and swapped >= 20


def test_determinized_world_agrees_with_the_view_and_ignores_hidden_facts() -> None:
    rng = random.Random(3)
    rebuilt = 0
    for seed in range(10):
        g = new_game(Setup(players=3 + seed % 3), seed=seed)
        for _ in range(8):
            _advance(g, 7, seed)
            if g.outcome is not None:
                break
            d = g.pending
            v = g.view(d.seat)
            rec = Record()
            rec.update(v)
            w = determinize(v, d, rec, random.Random(1))
            if w is None:
                continue
            rebuilt += 1
            assert w.view(d.seat) == v  # the world looks exactly like what the seat saw
            assert violations(w) == []
            twin = _hidden_twin(g, d.seat, rng)
            w2 = determinize(twin.view(d.seat), twin.pending, rec, random.Random(1))
            assert w2 is not None
            assert [p.loyalty for p in w.players] == [p.loyalty for p in w2.players]
            assert w.dradis_pile == w2.dradis_pile and w.loyalty_deck == w2.loyalty_deck
    assert rebuilt >= 40


def test_strong_search_is_reproducible_with_fixed_worlds_and_legal() -> None:
    g = new_game(Setup(players=4), seed=2)
    _advance(g, 3, 2)
    for _ in bounded():
        if g.pending.kind == "action":
            break
        _advance(g, 1, 2)
    d = g.pending
    v = g.view(d.seat)
    a = StrongBot(4, worlds=3).choose(v, d)
    b = StrongBot(4, worlds=3).choose(v, d)
    assert a == b and a in d.options
    # a budget-driven search finishes worlds; the budget is generous because the search
    # stops a fifth of it early and a shared CI machine may stall for tens of milliseconds
    bot = StrongBot(4, budget=1.0)
    bot.choose(v, d)
    assert bot.last_stats["worlds"] >= 1


def test_suspicion_weighs_a_lone_negative_by_the_dice_rolled() -> None:
    assert contribution_llr(4, [-1]) > contribution_llr(1, [-1])
    assert contribution_llr(4, [-1]) > 0.5
    assert contribution_llr(3, [2, 4]) < 0
    assert contribution_llr(4, [-2, -1]) > contribution_llr(4, [-1])


def _crisis_events(seat: int, steps: list[tuple[int, tuple[int, ...]]]) -> list:
    """One crisis check in which ``seat`` rolls and contributes ``steps`` (D7, D8)."""
    from bsg_desktop.engine.core import Event

    evs = [Event("check_started", "K2", (("kind", "crisis"), ("difficulty", 9), ("caller", 0)))]
    for n, values in steps:
        evs.append(Event("dice_rolled", "D2", (("seat", seat), ("count", n))))
        dice = tuple((i, "weak", v) for i, v in enumerate(values))
        evs.append(Event("dice_contributed", "D7", (("seat", seat), ("dice", dice))))
    evs.append(Event("check_result", "K2", (("kind", "crisis"), ("total", 3), ("difficulty", 9),
                                            ("success", False))))
    return evs


def _read(events: list):
    from types import SimpleNamespace

    rec = Record()
    rec.update(SimpleNamespace(record=tuple(events)))
    return rec


def test_d8_a_forced_negative_after_a_reroll_is_not_read_as_sabotage() -> None:
    # A human gives +3, rerolls the three dice it kept, draws only negatives and
    # must contribute one (D8). Read roll by roll that is what a human does; read as
    # one lot ("a negative beside a positive") it looked like sabotage.
    human = _read(_crisis_events(2, [(4, (3,)), (3, (-1,))]))
    saboteur = _read(_crisis_events(2, [(4, (-1,))]))
    assert human.evidence(2) < 0.5
    assert saboteur.evidence(2) > 0.5
    assert saboteur.evidence(2) > human.evidence(2) + 0.5
    # two negatives from one roll are still hard to explain as a human
    assert _read(_crisis_events(2, [(4, (-1, -2))])).evidence(2) > saboteur.evidence(2)


def test_suspicion_is_calibrated_in_self_play() -> None:
    # Humans' beliefs at their action decisions, against who really held a Cylon
    # card: seats believed likely Cylons must be Cylons far more often than seats
    # believed unlikely ones (before the D8 fix, beliefs above 0.7 were right less
    # often than the base rate).
    high = [0, 0]
    low = [0, 0]
    for seed in range(30):
        g = new_game(Setup(players=5), seed=9000 + seed, record=True)
        bots = [HeuristicBot(seed * 10 + s) for s in range(g.n)]
        for _ in bounded():
            if not (g.outcome is None and not g.stalled):
                break
            d = g.pending
            v = g.view(d.seat)
            c = bots[d.seat].choose(v, d)
            if d.kind == "action" and not g.players[d.seat].is_cylon:
                for s, p in bots[d.seat].belief(v).items():
                    if s == d.seat or g.players[s].revealed:
                        continue
                    bucket = high if p >= 0.7 else low if p <= 0.3 else None
                    if bucket is not None:
                        bucket[0] += 1
                        bucket[1] += g.players[s].is_cylon
            g.apply(c)
    assert high[0] >= 30 and low[0] >= 300
    assert high[1] / high[0] > 0.5 > 0.25 > low[1] / low[0]


def test_belief_follows_the_record_but_never_reaches_zero() -> None:
    g = new_game(Setup(players=5), seed=4)
    _advance(g, 150, 4)
    for seat in range(g.n):
        v = g.view(seat)
        rec = Record()
        rec.update(v)
        b = belief(v, rec)
        for s, p in b.items():
            assert 0.0 <= p <= 1.0
            seen = dict(v.known).get(s)
            if seen is not None and len(seen) >= v.seats[s].loyalty_count:
                continue  # Baltar saw every card this seat holds (X5)
            if s != seat and not v.seats[s].revealed and v.seats[s].loyalty_count:
                accounted = sum(1 for x in v.seats if x.revealed) + sum(
                    1 for c in v.my_loyalty if c.startswith("cylon"))
                if accounted >= (2 if v.players == 5 else 1):
                    continue  # every Cylon card is placed: the others are surely human
                assert p > 0.0
        assert b[seat] == (1.0 if v.is_cylon else 0.0)


def _decision_view(overrides: dict, seat: int = 0, players: int = 4):
    g = new_game(Setup(players=players, characters=("william_adama", "lee_adama", "kara_thrace",
                                                    "laura_roslin")[:players]),
                 seed=1, overrides=overrides)
    return g


def test_cylon_picks_the_worse_crisis_face_and_humans_the_better() -> None:
    easy = CrisisFace("unrest", 2, 1, True)
    hard = CrisisFace("attack", 7, 2, False)
    for cylon in (False, True):
        loyalty = {0: ["cylon_one"]} if cylon else {1: ["cylon_one"]}
        g = _decision_view({"loyalty": loyalty, "damage": ["armory", "press_room", "engine_room"],
                            "step": "crisis"})
        d = Decision(0, "crisis_die", (Choice("crisis", (0,)), Choice("crisis", (1,))), "K1",
                     (("faces", (easy, hard)),))
        c = HeuristicBot(1).choose(g.view(0), d)
        assert c == Choice("crisis", (1,) if cylon else (0,))


def test_cylon_reveals_when_the_effect_wins_at_once() -> None:
    g = _decision_view({"loyalty": {0: ["cylon_one"]},
                        "demoralized": ["lee_adama", "kara_thrace", "laura_roslin",
                                        "gaius_baltar"], "step": "action"})
    d = g.pending
    assert d.kind == "action" and d.seat == 0
    c = HeuristicBot(1).choose(g.view(0), d)
    assert c == Choice("a9", ("cylon_one",))
    g.apply(c)
    for _ in bounded():
        if not (g.outcome is None and g.pending.seat == 0):
            break
        g.apply(HeuristicBot(1).choose(g.view(0), g.pending))
    assert g.outcome is not None and g.outcome.winner == "cylons"


def test_hidden_cylon_admiral_takes_the_worse_jump_die() -> None:
    for cylon, expected in ((False, "strong"), (True, "weak")):
        loyalty = {0: ["cylon_one"]} if cylon else {1: ["cylon_one"]}
        g = _decision_view({"loyalty": loyalty})
        d = Decision(0, "jump_die", (Choice("jump_die", ("strong",)),
                                     Choice("jump_die", ("weak",))), "J4",
                     (("strong", 4), ("weak", -1)))
        assert HeuristicBot(2).choose(g.view(0), d) == Choice("jump_die", (expected,))


def test_humans_vote_the_known_cylon_into_the_brig() -> None:
    g = new_game(Setup(players=4, characters=("gaius_baltar", "lee_adama", "kara_thrace",
                                              "laura_roslin")),
                 seed=3, overrides={"loyalty": {2: ["cylon_two"]}, "step": "action"})
    g.apply("a1:2")  # Baltar looks at seat 2
    _advance(g, 0, 0)
    for _ in bounded():
        if g.pending.kind == "action" and g.pending.seat == 0:
            break
        d = g.pending
        g.apply(HeuristicBot(d.seat).choose(g.view(d.seat), d))
        if g.outcome is not None:
            pytest.skip("the game ended before Baltar's next turn")
    c = HeuristicBot(0).choose(g.view(0), g.pending)
    assert c == Choice("a6", ("brig", 2))


def _positions(count: int, players: int, keep):
    """(game, decision) pairs that ``keep(view, decision)`` accepts, from heuristic self-play."""
    out = []
    seed = 0
    while len(out) < count and seed < 60:
        g = new_game(Setup(players=players), seed=seed)
        bots = [HeuristicBot(seed * 7 + s) for s in range(players)]
        for _ in bounded():
            if g.outcome is not None or len(out) >= count:
                break
            d = g.pending
            v = g.view(d.seat)
            if keep(v, d):
                out.append((g.copy(), d))
            g.apply(bots[d.seat].choose(v, d))
        seed += 1
    return out


def _searched_positions(count: int, players: int = 4):
    """(game, decision) pairs where a strong bot searches, from heuristic self-play."""
    probe = StrongBot(0, worlds=0)
    return _positions(count, players, lambda v, d: probe.searched(v, d) and len(d.options) > 1)


def _hidden_check_decisions(players: int, count: int, cylon: bool):
    """(view, decision) for a hidden seat's join or contribute, from heuristic self-play."""
    def keep(v, d) -> bool:
        return (d.kind in ("join", "contribute") and len(d.options) > 1
                and v.is_cylon == cylon and not v.me.revealed)
    return [(g.view(d.seat), d) for g, d in _positions(count, players, keep)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_strong_searches_a_humans_join_and_contribution_at_3_and_5_players(players: int) -> None:
    """At 4 players the search was measured to add nothing clear (docs/balance.md)."""
    bot = StrongBot(0, worlds=0)
    humans = _hidden_check_decisions(players, 6, cylon=False)
    cylons = _hidden_check_decisions(players, 6, cylon=True)
    assert len(humans) == 6 and len(cylons) == 6
    assert {d.kind for _, d in humans} == {"join", "contribute"}
    assert all(bot.searched(v, d) == (players != 4) for v, d in humans)
    assert all(bot.searched(v, d) for v, d in cylons)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_strong_thinking_time_does_not_tell_its_loyalty(players: int) -> None:
    """Every hidden seat's join and contribution get the whole budget in the window,
    whether it searches (a Cylon) or not (a human at 4 players) …"""
    bot = StrongBot(0, budget=0.4)
    for cylon in (False, True):
        for v, d in _hidden_check_decisions(players, 6, cylon):
            assert bot.think_floor(v, d) == 0.4
    # … and the floor never reads the seat's own loyalty cards.
    for v, d in _hidden_check_decisions(players, 4, cylon=False):
        turned = v._replace(my_loyalty=("cylon_x",) + v.my_loyalty[1:], cylon=True)
        assert turned.is_cylon and bot.think_floor(turned, d) == bot.think_floor(v, d)
    # A single option gets the floor too: the engine asks one only where the number of
    # options could tell a secret (the action step's lone skip, A9). Fixed-worlds play
    # (simulations, tests) needs no floor.
    v, d = _hidden_check_decisions(players, 1, cylon=False)[0]
    assert bot.think_floor(v, d._replace(options=d.options[:1])) == 0.4
    assert StrongBot(0, worlds=5).think_floor(v, d) == 0.0


def test_strong_respects_its_budget() -> None:
    """The clock is read before every rollout: the overrun is at most one short rollout.

    Measured in this process's CPU time: the bot stops by the wall clock, and CPU time
    never runs ahead of it, so other work on a shared machine cannot fail the test while
    a search that ignored its deadline still would."""
    budget = 0.03
    worst = 0.0
    for g, d in _searched_positions(12):
        bot = StrongBot(1, budget=budget)
        t = time.process_time()
        c = bot.choose(g.view(d.seat), d)
        worst = max(worst, time.process_time() - t)
        assert c in d.options
    assert worst < budget + 0.05, worst


def test_strong_with_no_worlds_plays_exactly_as_heuristic() -> None:
    """No evidence from search: the heuristic's choice, decision for decision."""
    for seed in range(3):
        g = new_game(Setup(players=3 + seed), seed=seed)
        heur = [HeuristicBot(seed * 10 + s) for s in range(g.n)]
        strong = [StrongBot(seed * 10 + s, worlds=0) for s in range(g.n)]
        for _ in bounded():
            if not (g.outcome is None and not g.stalled):
                break
            d = g.pending
            v = g.view(d.seat)
            c = heur[d.seat].choose(v, d)
            assert strong[d.seat].choose(v, d) == c
            g.apply(c)


def test_strong_keeps_the_heuristic_choice_when_search_shows_no_gain(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(StrongBot, "rollout", lambda self, g, seat, seed, intent=None: 0.5)
    for g, d in _searched_positions(10):
        v = g.view(d.seat)
        bot = StrongBot(2, worlds=6)
        c = bot.choose(v, d)
        assert c == HeuristicBot(2).choose(v, d)
        assert not bot.last_stats.get("overruled", False)


def test_strong_overrules_only_on_a_clear_paired_gain(monkeypatch: pytest.MonkeyPatch) -> None:
    """A candidate that wins every sampled world by a margin is taken over the heuristic's."""
    checked = 0
    for g, d in _searched_positions(6):
        v = g.view(d.seat)
        base = HeuristicBot(3).choose(v, d)
        bot = StrongBot(3, worlds=5)
        cands = bot.candidates(v, d, base)
        if len(cands) < 2:
            continue
        better = cands[-1]
        me_cylon = v.is_cylon

        def rollout(self, w, seat, seed, intent=None, better=better, me_cylon=me_cylon) -> float:
            last = w.choices[-1] if w.choices else None
            good = 0.7 if last == better else 0.5
            return 1 - good if me_cylon else good
        monkeypatch.setattr(StrongBot, "rollout", rollout)
        c = bot.choose(v, d)
        if bot.last_stats["worlds"] >= 3:  # a world that cannot be rebuilt proves nothing
            assert c == better
            checked += 1
    assert checked >= 3


def test_value_model_is_exact_at_the_end_and_grows_with_distance() -> None:
    from bsg_desktop.bots.value import human_win_chance

    g = new_game(Setup(players=4), seed=1)
    p0 = human_win_chance(g)
    assert 0.0 < p0 < 1.0
    far = g.copy()
    far.distance = 5
    assert human_win_chance(far) > p0
    _advance(g, 5000, 1)
    assert g.outcome is not None
    assert human_win_chance(g) == (1.0 if g.outcome.winner == "humans" else 0.0)
