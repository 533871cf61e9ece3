"""The moments that matter and their sounds, from one applied choice's public events.

A batch of events (one applied choice and what followed it) makes at most one
moment: the most important public event of `MOMENT_OF`, else "roll" where the game
put dice in for a player without asking (`rolls.forced_rolls`, which the controller
keeps for the move as ``forced``). The banner shows a roll only on that player's own
screen; the sound of a roll is heard for every seat. Both read the same record of
the move, so they cannot disagree with the roll the panel and the phone show.

Only public events count, so a moment and its sound never depend on anything hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bsg_desktop.engine import Event
from bsg_desktop.i18n import tr
from bsg_desktop.present.rolls import RollNote

# event kind -> moment kind, most important first (one banner per applied choice)
MOMENT_OF = {"game_over": "end", "cylon_revealed": "reveal", "fleet_jumped": "jump",
             "sent_to_brig": "brig", "crisis_failed": "failed", "crisis_averted": "averted"}


@dataclass(frozen=True)
class Moment:
    """One moment to show: its kind (the banner's colour, the sound), headline and line."""

    kind: str
    headline: str
    line: str


def pick_moment(events: Sequence[Event]) -> Event | None:
    """The one public event of a batch worth a moment (the most important), if any."""
    found = [e for e in events if e.to is None and e.kind in MOMENT_OF]
    order = list(MOMENT_OF)
    return min(found, key=lambda e: order.index(e.kind)) if found else None


def headline(kind: str, event: Event | None = None) -> str:
    if kind == "end" and event is not None:
        winner = event.get("winner", "")
        return tr("ui.moment.end", winner=tr(f"log.winner_{winner}"))
    return tr(f"ui.moment.{kind}")


def _roll_event(events: Sequence[Event], note: RollNote) -> Event | None:
    """The public contribution that put ``note``'s dice in."""
    for e in events:
        if e.kind == "dice_contributed" and e.to is None and e.get("seat") == note.seat and \
                tuple((int(i), str(k), int(v)) for i, k, v in e.get("dice", ())) == note.dice:
            return e
    return None


def moment_for(events: Sequence[Event], forced: Mapping[int, RollNote], me: int | None,
               describe: Callable[[Event], str]) -> Moment | None:
    """The moment a screen shows for one move: the batch's big public event, else the
    roll the game put in for ``me``, the seat whose screen it is (None: the public
    screen, which shows no one's roll as "Your roll")."""
    e = pick_moment(events)
    if e is not None:
        kind = MOMENT_OF[e.kind]
        return Moment(kind, headline(kind, e), describe(e))
    note = forced.get(me) if me is not None else None
    ev = _roll_event(events, note) if note is not None else None
    if ev is None:
        return None
    return Moment("roll", tr("ui.moment.roll"), describe(ev))


def sound_for(events: Sequence[Event], forced: Mapping[int, RollNote]) -> str | None:
    """The sound of one move: its moment's kind, else "roll" when the game put dice in
    for any seat, else none. Which seat it was, who is at the screen and what anyone
    holds play no part."""
    e = pick_moment(events)
    if e is not None:
        return MOMENT_OF[e.kind]
    return "roll" if forced else None
