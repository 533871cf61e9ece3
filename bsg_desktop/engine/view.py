"""What one seat may know, and nothing more: the only way anything sees the game.

`make_view` is a pure function of the game and a seat. Other seats' loyalty
cards, dice they rolled but did not contribute, the unchosen crisis die and the
order of every pile never enter another seat's view (D1, K1, S6). ``seat=None``
is the public view (a spectator, the board between hot-seat hand-overs).
The view is built from named tuples (immutable, and cheap to build for every
decision of every simulated game), so a bot cannot reach back into the game
through it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from bsg_desktop.data import Components, CrisisFace
from bsg_desktop.engine import abilities
from bsg_desktop.engine.core import CONTRIBUTED, SPENT, Choice, Entry, Event, Outcome


class DieView(NamedTuple):
    id: int
    kind: str
    state: str
    value: int | None  # only for contributed dice, and for the viewer's own rolled dice


class SeatView(NamedTuple):
    seat: int
    character: str
    name: str
    in_brig: bool
    revealed: bool
    revealed_cards: tuple[str, ...]
    admiral: bool
    demoralized: bool  # the character's marker is on its section (K4 effect aside)
    dice: tuple[DieView, ...]
    loyalty_count: int
    # the seat's ability is used up until the end of this turn or the game (engine/abilities)
    ability_spent: bool

    def count(self, state: str, kind: str | None = None) -> int:
        return sum(1 for d in self.dice if d.state == state and (kind is None or d.kind == kind))


class CheckView(NamedTuple):
    kind: str
    difficulty: int
    caller: int
    entries: tuple[Entry, ...]
    total: int
    # X1 in force: (value shown, what it counts for) pairs of an ability, empty without one
    counts_as: tuple[tuple[int, int], ...] = ()

    def value_of(self, value: int) -> int:
        """What a die showing ``value`` counts for in this check (X1)."""
        return dict(self.counts_as).get(value, value)


class PlayerView(NamedTuple):
    seat: int | None
    players: int
    morale_variant: bool
    turn: int
    active: int
    seats: tuple[SeatView, ...]
    dradis_monitor: tuple[str, ...]
    dradis_pile: int
    dradis_destroyed: int
    dradis_drawn: tuple[str, ...]  # drawn by a consequence, face up, not yet placed (I8)
    damage: tuple[str, ...]
    damage_pile: int
    demoralized: tuple[str, ...]  # characters whose marker is out (in drawing order)
    demoralized_pile: int
    jump_track: int
    distance: int
    jump_bonus: bool
    loyalty_deck: int
    loyalty_dealt: bool
    crisis_dice: tuple[str, ...]
    crisis: CrisisFace | None
    crisis_source: str
    check: CheckView | None
    my_loyalty: tuple[str, ...]
    known: tuple[tuple[int, tuple[str, ...]], ...]  # X5: loyalty cards this seat has seen
    pending_seat: int | None
    pending_kind: str | None
    pending_rule: str | None
    options: tuple[Choice, ...]  # only when this seat decides
    info: tuple[tuple[str, Any], ...]  # the decision's private info, only for the decider
    outcome: Outcome | None
    all_loyalty: tuple[tuple[str, ...], ...]  # only once the game is over
    # The public record: every event all seats saw (who joined, rolled how many dice,
    # contributed which values, passed, called which vote …), oldest first. Bots read
    # it to build their suspicion; it holds no private event. Empty when the game
    # was made with record=False.
    record: tuple[Event, ...] = ()
    # L1: this seat holds a Cylon card (by the cards' faction in cards.yaml); the seat's
    # own secret, like my_loyalty
    cylon: bool = False
    # (die id, face) of each spent die that was contributed showing that face: public
    # since the contribution (D9), and still face up on the black part (D10)
    spent_faces: tuple[tuple[int, int], ...] = ()
    # The game's components (cards.yaml, or a user's cards file): public rules data that
    # every seat knows, carried so that a bot plays by the game it is in, not by the
    # shipped cards. Constant for a game; never a secret.
    components: Components | None = None

    def spent_face(self, die: int) -> int | None:
        """The face a spent die shows, None for one spent without being contributed."""
        return dict(self.spent_faces).get(die)

    def info_dict(self) -> dict[str, Any]:
        return dict(self.info)

    @property
    def me(self) -> SeatView | None:
        return None if self.seat is None else self.seats[self.seat]

    @property
    def is_cylon(self) -> bool:
        return self.cylon


class ViewCache:
    """The parts of one game's recent views that can be handed out again.

    Every decision of every simulated game builds a view, and between two views
    little changes: usually one player's dice. Each seat's public SeatView is
    kept with the full list of values it was built from, and reused only when
    all of them are still the same; a version counter would be cheaper to check
    but would go stale when a test, a scenario or a rebuilt world changes the
    state behind the engine's back. The viewer's own SeatView (with its rolled
    values) is never kept: it changes with nearly every roll. Everything kept is
    an immutable tuple, so sharing it between views, seats and copied games gives
    no one anything to change. The public record is extended, not rebuilt, as
    events come in.
    """

    __slots__ = ("seats", "done", "record", "check")

    def __init__(self) -> None:
        # seat -> (inputs, its public SeatView); the owner's own SeatView is never kept
        self.seats: dict[int, tuple[tuple[Any, ...], SeatView]] = {}
        self.done = 0  # events read into ``record``
        self.record: tuple[Event, ...] = ()
        # ((kind, difficulty, caller, X1 in force, entries), its CheckView): a check's
        # view is asked for at every step of the check, and changes only with an entry
        self.check: tuple[tuple[Any, ...], CheckView] | None = None

    def copy(self) -> ViewCache:
        c = ViewCache()
        c.seats = dict(self.seats)
        c.done, c.record, c.check = self.done, self.record, self.check
        return c


def _cache(g: Any) -> ViewCache:
    vc: ViewCache | None = getattr(g, "view_cache", None)
    if vc is None:
        vc = g.view_cache = ViewCache()
    return vc


def public_record(g: Any) -> tuple[Event, ...]:
    """The public events so far (``to is None``), extended incrementally.

    The tuple is cached on the game by event count, so building a view stays cheap
    in a long game; a copied game shares the (immutable) prefix safely.
    """
    return _record(g, _cache(g))


def _record(g: Any, vc: ViewCache) -> tuple[Event, ...]:
    events = g.events
    n = len(events)
    done = vc.done
    if done > n:  # the events were replaced by a shorter list: read them again
        done, vc.record = 0, ()
    if done < n:
        vc.record += tuple(e for e in events[done:] if e.to is None)
        vc.done = n
    return vc.record


def _seat_view(p: Any, own: bool, admiral: bool, demoralized: bool, spent: bool) -> SeatView:
    """One SeatView: the viewer's own (with its rolled values) or the public one."""
    dice = tuple(DieView(d.id, d.kind, d.state,
                         d.value if own or d.state == CONTRIBUTED else None) for d in p.dice)
    return SeatView(p.seat, p.character, p.name, p.in_brig, p.revealed,
                    tuple(p.revealed_cards), admiral, demoralized, dice, len(p.loyalty),
                    spent)


def _seats(g: Any, seat: int | None, cache: dict[int, Any]) -> tuple[SeatView, ...]:
    """Every seat's SeatView, a public one handed out again while its inputs are the same.

    The viewer's own SeatView shows its rolled values, which change with almost
    every roll, so it is built anew each time; a public one is kept with the full
    list of values it was built from.
    """
    seats = []
    for p in g.players:
        own, adm, dem = p.seat == seat, g.admiral == p.seat, p.character in g.demoralized_out
        spent = abilities.spent(g, p.seat)
        if own:
            seats.append(_seat_view(p, True, adm, dem, spent))
            continue
        key = (p.seat, p.character, p.name, p.in_brig, p.revealed, tuple(p.revealed_cards),
               adm, dem, len(p.loyalty), spent,
               tuple((d.id, d.kind, d.state, d.value) for d in p.dice))
        hit = cache.get(p.seat)
        if hit is not None and hit[0] == key:
            seats.append(hit[1])
            continue
        sv = _seat_view(p, False, adm, dem, spent)
        cache[p.seat] = (key, sv)
        seats.append(sv)
    return tuple(seats)


def make_view(g: Any, seat: int | None) -> PlayerView:
    over = g.outcome is not None
    vc = g.view_cache
    if vc is None:
        vc = g.view_cache = ViewCache()
    seats = _seats(g, seat, vc.seats)
    check = None
    ch = g.check
    if ch is not None:
        entries = tuple(ch.entries)
        key = (ch.kind, ch.difficulty, ch.caller, ch.counts_as, entries)
        hit = vc.check
        if hit is not None and hit[0] == key:
            check = hit[1]
            # what compute() would do: the total is a function of the key, so it
            # is the kept one (a Check whose total was set by hand gets it back)
            ch.total = check[4]
        else:
            check = CheckView(ch.kind, ch.difficulty, ch.caller, entries, ch.compute(),
                              ch.counts_as)
            vc.check = (key, check)
    pending = g.pending
    decides = pending is not None and seat is not None and pending.seat == seat
    me = g.players[seat] if seat is not None else None
    return PlayerView(
        seat=seat, players=g.n, morale_variant=g.setup.morale_variant, turn=g.turn,
        active=g.active, seats=seats, dradis_monitor=tuple(sorted(g.dradis_monitor)),
        dradis_pile=len(g.dradis_pile), dradis_destroyed=len(g.dradis_box),
        dradis_drawn=tuple(g.dradis_drawn), damage=tuple(g.damage_placed),
        damage_pile=len(g.damage_pile), demoralized=tuple(g.demoralized_out),
        demoralized_pile=len(g.demoralized_pile), jump_track=g.jump_track,
        distance=g.distance, jump_bonus=g.jump_bonus, loyalty_deck=len(g.loyalty_deck),
        loyalty_dealt=g.loyalty_dealt, crisis_dice=tuple(g.crisis_dice), crisis=g.crisis,
        crisis_source=g.crisis_source, check=check,
        my_loyalty=tuple(me.loyalty) if me is not None else (),
        known=tuple(sorted(me.known.items())) if me is not None else (),
        pending_seat=pending.seat if pending is not None else None,
        pending_kind=pending.kind if pending is not None else None,
        pending_rule=pending.rule if pending is not None else None,
        options=pending.options if decides else (),
        info=pending.info if decides else (),
        outcome=g.outcome,
        all_loyalty=tuple(tuple(p.loyalty) for p in g.players) if over else (),
        record=_record(g, vc),
        cylon=me.is_cylon if me is not None else False,
        spent_faces=tuple((d.id, d.shown) for p in g.players for d in p.dice
                          if d.state == SPENT and d.shown is not None),
        components=g.c,
    )


def visible_log(g: Any, seat: int | None) -> list[Event]:
    """The log as ``seat`` may read it: public events plus that seat's private ones."""
    return [e for e in g.events if e.visible_to(seat)]
