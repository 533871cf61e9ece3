"""Twin worlds: a copy of a game that differs only in facts hidden from one seat.

The leak tests and ``benchmarks/leaks.py`` play a game and its twins side by
side: whatever a seat can tell apart between two worlds it cannot tell apart
from its own view is a leak. ``twin(g, seat, rng)`` redraws every fact hidden
from ``seat`` (``None``: hidden from the public, so everything secret to anyone):
the random generator, the order of every secret pile, the loyalty cards of seats
whose cards ``seat`` has not seen (dealt again from the same cards, the deck and
the box), other seats' rolled but uncontributed dice, the crisis faces and the
jump roll of another seat. The twin's view for ``seat`` is the game's.
``flipped(g, seat)`` is the narrower twin of one seat's loyalty alone: that seat holds
the other side's card and nothing else differs (the timing tests' pair worlds).

``trace_step`` gives what the table sees of one step: its public events and then
who is asked which kind of question, so that the shape of the questions of two
worlds can be compared up to the first public event that tells them apart.

``compare_undo`` and ``compare_shape`` play random games beside twins and count
what they compared and every difference found; ``tests/test_secrets.py`` runs
them over 2,000 decisions per player count, ``benchmarks/leaks.py`` over more.
"""

from __future__ import annotations

import random
from typing import Any

from bsg_desktop.data import CrisisFace
from bsg_desktop.engine.core import ACTIVE, Event, Setup
from bsg_desktop.engine.game import Game, new_game


def twin(g: Game, seat: int | None, rng: random.Random) -> Game:
    """A copy of ``g`` whose facts hidden from ``seat`` are drawn anew."""
    t = g.copy()
    t._undo = t._undo_seat = None  # an undo in the twin must not bring back g's state
    t.rng = random.Random(rng.getrandbits(64))
    for pile in (t.dradis_pile, t.damage_pile, t.demoralized_pile):
        rng.shuffle(pile)
    me = t.players[seat] if seat is not None else None
    seen = set(me.known) if me is not None else set()
    hidden = [p for p in t.players if p is not me and not p.revealed and p.seat not in seen]
    pool = [c for p in hidden for c in p.loyalty] + t.loyalty_deck + t.loyalty_box
    rng.shuffle(pool)
    for p in hidden:
        p.loyalty, pool = pool[: len(p.loyalty)], pool[len(p.loyalty):]
    t.loyalty_deck, t.loyalty_box = pool[: len(t.loyalty_deck)], pool[len(t.loyalty_deck):]
    for p in t.players:
        if p is me:
            continue
        for d in p.dice:
            if d.state == ACTIVE and d.value is not None:
                d.value = rng.choice(t.c.skill(d.kind).faces)
    if t.crisis_rolled and seat != t.active:
        t.crisis_rolled = tuple(rng.randrange(6) if not isinstance(f, CrisisFace) else f
                                for f in t.crisis_rolled)
    admiral = t.admiral if t.admiral is not None else t.active
    for task in t.stack:
        if getattr(task, "rolls", None) and seat != admiral:  # jump.Jump, J4
            task.rolls = (rng.choice(t.c.skill("strong").faces),  # type: ignore[attr-defined]
                          rng.choice(t.c.skill("weak").faces))
    if t.pending is not None and t.pending.kind == "action":
        # the action step's options hold the decider's Cylon cards (A9): ask it anew
        t.pending = t.stack[-1].run(t)
    return t


def flipped(g: Game, seat: int) -> Game | None:
    """A copy of ``g`` in which ``seat`` holds a card of the other side (a human's
    first card swapped for a Cylon card from the deck, the box or another hidden
    seat, or back), and nothing public differs; None if there is no such card."""
    t = g.copy()
    t._undo = t._undo_seat = None
    me = t.players[seat]
    cylon = me.is_cylon
    mine = next((k for k, c in enumerate(me.loyalty) if t.c.is_cylon_card(c) == cylon), None)
    if mine is None:
        return None
    for pile in (t.loyalty_deck, t.loyalty_box,
                 *(p.loyalty for p in t.players if p is not me and not p.revealed)):
        k = next((k for k, c in enumerate(pile) if t.c.is_cylon_card(c) != cylon), None)
        if k is not None:
            pile[k], me.loyalty[mine] = me.loyalty[mine], pile[k]
            break
    else:
        return None
    if me.is_cylon == cylon:
        return None
    if t.pending is not None and t.pending.kind == "action":
        t.pending = t.stack[-1].run(t)  # the action step's options hold the Cylon cards
    return t


def trace_step(g: Game, events: list[Event]) -> list[Any]:
    """What everyone sees of a step: its public events, then the question (or the end)."""
    out: list[Any] = [e for e in events if e.to is None]
    if g.pending is not None:  # who, what kind, which rule: all public (PlayerView.pending_*)
        out.append(("asks", g.pending.seat, g.pending.kind, g.pending.rule))
    else:
        out.append(("over", g.outcome))
    return out


def shape_leak(a: list[Any], b: list[Any]) -> bool | None:
    """Compare two worlds' traces of one step.

    None: the same, keep going. False: a public event differs first (the worlds
    are told apart by the rules, as a roll or a draw does), stop comparing. True:
    a question (or its absence) differs first, or an event differs only in the rule
    it cites: its shape depends on a secret.
    """
    for x, y in zip(a, b, strict=False):
        if x != y:
            if isinstance(x, tuple) or isinstance(y, tuple):
                return True
            return bool(x.kind == y.kind and x.data == y.data)  # the rule alone differs
    if len(a) != len(b):
        return True  # one world asked where the other went on
    return None


def _game(players: int, seed: int) -> Game:
    g = new_game(Setup(players=players), seed)
    g.keep_undo = True
    return g


def compare_undo(players: int, decisions: int, seed: int,
                 examples: int = 5) -> dict[str, Any]:
    """Random games; before every step a twin for the public and one for every seat.

    The same choice is applied in each; then whether the step is undoable must be
    the same in every twin (the Undo menu is public), and when it is, each twin's
    view for its seat must equal the game's, again after the undo. Figures:
    decisions, undoable steps, twin steps compared, differences (with examples).
    """
    rng = random.Random(seed)
    out: dict[str, Any] = {"decisions": 0, "undoable": 0, "twin_steps": 0,
                           "differences": 0, "examples": []}

    def differ(what: str, where: tuple[Any, ...]) -> None:
        out["differences"] += 1
        if len(out["examples"]) < examples:
            out["examples"].append((what, *where))

    game_seed = seed
    while out["decisions"] < decisions:
        g = _game(players, game_seed)
        game_seed += 1
        while g.outcome is None and not g.stalled and out["decisions"] < decisions:
            d = g.pending
            assert d is not None
            choice = d.options[rng.randrange(len(d.options))]
            where = (players, game_seed - 1, len(g.choices), d.kind, str(choice))
            twins = []
            for s in (None, *range(players)):
                t = twin(g, s, rng)
                if t.view(s) != g.view(s):
                    differ("a twin shows a difference before the step", (*where, s))
                twins.append((s, t))
            g.apply(choice)
            ok = g.undoable(d.seat)
            out["decisions"] += 1
            out["undoable"] += ok
            stepped = []
            for s, t in twins:
                if t.pending is None or choice not in t.pending.options:
                    continue  # an action only this world's cards allow (A9)
                t.apply(choice)
                out["twin_steps"] += 1
                if t.undoable(d.seat) != ok:
                    differ("undoable in one world, not in its twin", (*where, s))
                elif ok and t.view(s) != g.view(s):
                    differ("an undoable step shows a secret", (*where, s))
                else:
                    stepped.append((s, t))
            if ok and rng.random() < 0.5:
                g.undo(d.seat)
                for s, t in stepped:
                    t.undo(d.seat)
                    if t.view(s) != g.view(s):
                        differ("an undo shows a secret", (*where, s))
    return out


def compare_shape(players: int, decisions: int, seed: int,
                  examples: int = 5) -> dict[str, Any]:
    """Random games beside a twin differing in every hidden fact (``twin(g, None)``).

    After each step the two traces (public events, then who is asked what) must
    agree up to their first difference, and that difference must be a public event
    (a roll or a draw the rules show), never a question asked in one world and not
    the other. The twin is made again after such a difference, and now and then
    anyway, so the hidden facts change at every kind of moment. Figures: decisions
    compared, divergences (legitimate), differences (leaks, with examples).
    """
    rng = random.Random(seed)
    out: dict[str, Any] = {"decisions": 0, "diverged": 0, "differences": 0, "examples": []}
    game_seed = seed
    while out["decisions"] < decisions:
        g = _game(players, game_seed)
        game_seed += 1
        t = twin(g, None, rng)
        while g.outcome is None and not g.stalled and out["decisions"] < decisions:
            d = g.pending
            assert d is not None
            choice = d.options[rng.randrange(len(d.options))]
            mine = trace_step(g, g.apply(choice))
            same = t.pending is not None and choice in t.pending.options
            if same:
                theirs = trace_step(t, t.apply(choice))
                leak = shape_leak(mine, theirs)
                out["decisions"] += 1
                if leak:
                    out["differences"] += 1
                    if len(out["examples"]) < examples:
                        out["examples"].append((players, game_seed - 1, len(g.choices), d.kind,
                                                str(choice), mine[-1], theirs[-1]))
                same = leak is None
                out["diverged"] += not same
            if not same or rng.random() < 0.25:
                t = twin(g, None, rng)
    return out
