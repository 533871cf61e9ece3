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

from bsg_desktop.data import CrisisFace
from bsg_desktop.engine.core import CONTRIBUTED, Choice, Event, Outcome


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
    baltar_used: bool

    def count(self, state: str, kind: str | None = None) -> int:
        # a plain loop, not sum() over a generator: bots ask this many times a decision;
        # each DieView unpacked (one opcode) rather than read by named-tuple attributes
        n = 0
        for _id, d_kind, d_state, _value in self.dice:
            if d_state == state and (kind is None or d_kind == kind):
                n += 1
        return n


class CheckView(NamedTuple):
    kind: str
    difficulty: int
    caller: int
    entries: tuple[tuple[int, int, str, int, bool], ...]  # seat, die, kind, value, counts
    total: int


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

    def info_dict(self) -> dict[str, Any]:
        return dict(self.info)

    @property
    def me(self) -> SeatView | None:
        return None if self.seat is None else self.seats[self.seat]

    @property
    def is_cylon(self) -> bool:
        return self.cylon


_tnew = tuple.__new__  # a named tuple built from a ready tuple skips its keyword __new__

# Every DieView handed out, by its plain (id, kind, state, value): there are only a few
# hundred (twenty dice, two kinds, four states, a handful of values), and looking one up
# costs about half of building a named tuple (``tuple.__new__`` of a subclass allocates
# and copies). DieViews are immutable, so sharing one between views, seats and games
# gives no one anything to change.
_DIE_VIEWS: dict[tuple[Any, ...], DieView] = {}
_die_views_get = _DIE_VIEWS.get


def _die_view(key: tuple[Any, ...]) -> DieView:
    """The DieView with these values, made (and kept) on first use."""
    if len(_DIE_VIEWS) >= 4096:  # dice changed by hand could bring any values
        _DIE_VIEWS.clear()
    dv = _DIE_VIEWS[key] = _tnew(DieView, key)
    return dv


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
        # a loop rather than a comprehension (a function call in 3.11) for the
        # few events a view usually adds
        new = []
        for e in events[done:]:
            if e.to is None:
                new.append(e)
        vc.record += tuple(new)
        vc.done = n
    return vc.record


def _seat_view(p: Any, own: bool, admiral: bool, demoralized: bool) -> SeatView:
    """One SeatView from scratch: the viewer's own (with its rolled values) or the public one."""
    if own:  # the viewer sees its own rolled values
        dice = tuple([_tnew(DieView, (d.id, d.kind, d.state, d.value)) for d in p.dice])
    else:
        dice = tuple([_tnew(DieView, (d.id, d.kind, d.state,
                                      d.value if d.state == CONTRIBUTED else None))
                      for d in p.dice])
    rc = p.revealed_cards
    return _tnew(SeatView, (p.seat, p.character, p.name, p.in_brig, p.revealed,
                            tuple(rc) if rc else (), admiral, demoralized, dice,
                            len(p.loyalty), p.baltar_used))


def _seats(g: Any, seat: int | None, cache: dict[int, Any]) -> tuple[SeatView, ...]:
    out = g.demoralized_out
    admiral = g.admiral
    get = cache.get
    seats = []
    for p in g.players:
        s = p.seat
        try:  # every player has four dice (S4): unpacked without a len() call
            d0, d1, d2, d3 = p.dice
        except ValueError:  # a test's or a rebuilt world's player: the plain path
            seats.append(_other_seat_view(p, s == seat, admiral == s, p.character in out,
                                          cache))
            continue
        if s == seat:
            # The viewer's own SeatView shows its rolled values, which change with
            # almost every roll: four times in five a kept one was stale, so a key
            # cost more than it saved. It is built anew, four dice without a loop.
            k0 = (d0.id, d0.kind, d0.state, d0.value)
            k1 = (d1.id, d1.kind, d1.state, d1.value)
            k2 = (d2.id, d2.kind, d2.state, d2.value)
            k3 = (d3.id, d3.kind, d3.state, d3.value)
            rc = p.revealed_cards
            seats.append(_tnew(SeatView, (
                s, p.character, p.name, p.in_brig, p.revealed, tuple(rc) if rc else (),
                admiral == s, p.character in out, (
                    _die_views_get(k0) or _die_view(k0), _die_views_get(k1) or _die_view(k1),
                    _die_views_get(k2) or _die_view(k2), _die_views_get(k3) or _die_view(k3)),
                len(p.loyalty), p.baltar_used)))
            continue
        adm = admiral == s
        dem = p.character in out
        rc = p.revealed_cards
        # every input of the public SeatView, flat (no per-die tuples): comparing it is
        # the price of a reuse, and it is a fraction of building the SeatView anew
        key: tuple[Any, ...] = (
            s, p.character, p.name, p.in_brig, p.revealed, tuple(rc) if rc else (), adm,
            dem, len(p.loyalty), p.baltar_used,
            d0.id, d0.kind, d0.state, d0.value, d1.id, d1.kind, d1.state, d1.value,
            d2.id, d2.kind, d2.state, d2.value, d3.id, d3.kind, d3.state, d3.value)
        hit = get(s)
        if hit is not None and hit[0] == key:
            seats.append(hit[1])
            continue
        # _seat_view(p, False, adm, dem) from the key's values: no call, no loop
        k0 = (key[10], key[11], key[12], key[13] if key[12] == CONTRIBUTED else None)
        k1 = (key[14], key[15], key[16], key[17] if key[16] == CONTRIBUTED else None)
        k2 = (key[18], key[19], key[20], key[21] if key[20] == CONTRIBUTED else None)
        k3 = (key[22], key[23], key[24], key[25] if key[24] == CONTRIBUTED else None)
        sv = _tnew(SeatView, (
            s, key[1], key[2], key[3], key[4], key[5], adm, dem, (
                _die_views_get(k0) or _die_view(k0), _die_views_get(k1) or _die_view(k1),
                _die_views_get(k2) or _die_view(k2), _die_views_get(k3) or _die_view(k3)),
            key[8], key[9]))
        cache[s] = (key, sv)
        seats.append(sv)
    return tuple(seats)


def _other_seat_view(p: Any, own: bool, adm: bool, dem: bool,
                     cache: dict[int, Any]) -> SeatView:
    """A player with other than four dice: the SeatView by the plain path (its own
    built anew, a public one kept under the same content key as the fast path's)."""
    if own:
        return _seat_view(p, True, adm, dem)
    key = (p.seat, p.character, p.name, p.in_brig, p.revealed, tuple(p.revealed_cards), adm,
           dem, len(p.loyalty), p.baltar_used,
           tuple([(d.id, d.kind, d.state, d.value) for d in p.dice]))
    hit = cache.get(p.seat)
    if hit is not None and hit[0] == key:
        return hit[1]  # type: ignore[no-any-return]
    sv = _seat_view(p, False, adm, dem)
    cache[p.seat] = (key, sv)
    return sv


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
        key = (ch.kind, ch.difficulty, ch.caller, ch.adama, entries)
        hit = vc.check
        if hit is not None and hit[0] == key:
            check = hit[1]
            # what compute() would do: the total is a function of the key, so it
            # is the kept one (a Check whose total was set by hand gets it back)
            ch.total = check[4]
        else:
            check = _tnew(CheckView, (ch.kind, ch.difficulty, ch.caller, entries,
                                      ch.compute()))
            vc.check = (key, check)
    pending = g.pending
    if pending is not None:
        # one unpacking instead of five named-tuple attribute lookups
        p_seat, p_kind, p_options, p_rule, p_info = pending
        if seat is None or p_seat != seat:  # only the deciding seat sees its options
            p_options = p_info = ()
    else:
        p_seat = p_kind = p_rule = None
        p_options = p_info = ()
    me = g.players[seat] if seat is not None else None
    # positional, in PlayerView's field order (a test checks it against keywords)
    return _tnew(PlayerView, (
        seat, g.n, g.setup.morale_variant, g.turn, g.active, seats,
        # ``tuple(x) if x else ()``: the same empty tuple, without a call, for the
        # lists that are empty most of a game (every view builds all of them)
        tuple(sorted(g.dradis_monitor)) if g.dradis_monitor else (),
        len(g.dradis_pile), len(g.dradis_box),
        tuple(g.dradis_drawn) if g.dradis_drawn else (),
        tuple(g.damage_placed) if g.damage_placed else (), len(g.damage_pile),
        tuple(g.demoralized_out) if g.demoralized_out else (), len(g.demoralized_pile),
        g.jump_track, g.distance, g.jump_bonus, len(g.loyalty_deck), g.loyalty_dealt,
        tuple(g.crisis_dice), g.crisis, g.crisis_source, check,
        tuple(me.loyalty) if me is not None else (),
        tuple(sorted(me.known.items())) if me is not None and me.known else (),
        p_seat, p_kind, p_rule, p_options, p_info,
        g.outcome,
        tuple(tuple(p.loyalty) for p in g.players) if over else (),
        _record(g, vc),
        me.is_cylon if me is not None else False,
    ))


def visible_log(g: Any, seat: int | None) -> list[Event]:
    """The log as ``seat`` may read it: public events plus that seat's private ones."""
    return [e for e in g.events if e.visible_to(seat)]
