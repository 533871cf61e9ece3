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
        return sum(1 for d in self.dice if d.state == state and (kind is None or d.kind == kind))


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

    def info_dict(self) -> dict[str, Any]:
        return dict(self.info)

    @property
    def me(self) -> SeatView | None:
        return None if self.seat is None else self.seats[self.seat]

    @property
    def is_cylon(self) -> bool:
        return any(c.startswith("cylon") for c in self.my_loyalty)


def public_record(g: Any) -> tuple[Event, ...]:
    """The public events so far (``to is None``), extended incrementally.

    The tuple is cached on the game by event count, so building a view stays cheap
    in a long game; a copied game shares the (immutable) prefix safely.
    """
    events = g.events
    cached = g.__dict__.get("_public_record")
    if cached is None or cached[0] > len(events):
        cached = (0, ())
    done, rec = cached
    if done < len(events):
        rec = rec + tuple(e for e in events[done:] if e.to is None)
        g.__dict__["_public_record"] = (len(events), rec)
    return rec


def make_view(g: Any, seat: int | None) -> PlayerView:
    over = g.outcome is not None
    out = g.demoralized_out
    admiral = g.admiral
    seats = []
    for p in g.players:
        if seat == p.seat:  # the viewer sees its own rolled values
            dice = tuple([DieView(d.id, d.kind, d.state, d.value) for d in p.dice])
        else:
            dice = tuple([DieView(d.id, d.kind, d.state,
                                  d.value if d.state == CONTRIBUTED else None) for d in p.dice])
        seats.append(SeatView(p.seat, p.character, p.name, p.in_brig, p.revealed,
                              tuple(p.revealed_cards), admiral == p.seat, p.character in out,
                              dice, len(p.loyalty), p.baltar_used))
    check = None
    if g.check is not None:
        ch = g.check
        check = CheckView(ch.kind, ch.difficulty, ch.caller, tuple(ch.entries), ch.compute())
    pending = g.pending
    deciding = pending is not None and seat is not None and pending.seat == seat
    me = g.players[seat] if seat is not None else None
    return PlayerView(
        seat=seat, players=g.n, morale_variant=g.setup.morale_variant, turn=g.turn,
        active=g.active, seats=tuple(seats),
        dradis_monitor=tuple(sorted(g.dradis_monitor)), dradis_pile=len(g.dradis_pile),
        dradis_destroyed=len(g.dradis_box), dradis_drawn=tuple(g.dradis_drawn),
        damage=tuple(g.damage_placed), damage_pile=len(g.damage_pile),
        demoralized=tuple(g.demoralized_out), demoralized_pile=len(g.demoralized_pile),
        jump_track=g.jump_track, distance=g.distance, jump_bonus=g.jump_bonus,
        loyalty_deck=len(g.loyalty_deck), loyalty_dealt=g.loyalty_dealt,
        crisis_dice=tuple(g.crisis_dice), crisis=g.crisis, crisis_source=g.crisis_source,
        check=check,
        my_loyalty=tuple(me.loyalty) if me is not None else (),
        known=tuple(sorted(me.known.items())) if me is not None else (),
        pending_seat=pending.seat if pending else None,
        pending_kind=pending.kind if pending else None,
        pending_rule=pending.rule if pending else None,
        options=pending.options if deciding else (),
        info=pending.info if deciding else (),
        outcome=g.outcome,
        all_loyalty=tuple(tuple(p.loyalty) for p in g.players) if over else (),
        record=public_record(g),
    )


def visible_log(g: Any, seat: int | None) -> list[Event]:
    """The log as ``seat`` may read it: public events plus that seat's private ones."""
    return [e for e in g.events if e.visible_to(seat)]
