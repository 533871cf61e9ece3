"""The moments that matter and their sounds, from one applied choice's public events.

A batch of events (one applied choice and what followed it) makes at most one
moment: the most important public event of `MOMENT_OF`, else "roll" where the game
put dice in for a player without asking (`rolls.forced_rolls`, which the controller
keeps for the move as ``forced``). The banner shows a roll only on that player's own
screen; the sound of a roll is heard for every seat. Both read the same record of
the move, so they cannot disagree with the roll the panel and the phone show.

Only public events count, so a moment and its sound never depend on anything hidden.

A seat's own moments are private: a loyalty card dealt after the first deal says to its
holder alone what it makes them ("You are now a Cylon", `loyalty_moment`), and at the
end each seat is told whether it won, and as what (`verdict`). The controller keeps a
seat's loyalty moment until that seat has seen it on its own screen or phone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bsg_desktop.data.components import Components
from bsg_desktop.engine import Event, PlayerView
from bsg_desktop.i18n import tr
from bsg_desktop.log import hand_words
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


# --------------------------------------------------------------- a seat's own moments
# Private: each is shown only on its seat's own screen (after its hand-over, or on its
# phone), never on the shared screen.

NEW_LOYALTY_RULES = frozenset({"L1", "I6"})  # a loyalty card dealt after the first deal


@dataclass(frozen=True)
class OwnMoment:
    """A moment for one seat's eyes: ``kind`` is now_cylon, still_human, still_cylon,
    won or lost."""

    seat: int
    kind: str
    headline: str
    line: str


def new_loyalty(events: Sequence[Event]) -> dict[int, Event]:
    """The loyalty cards dealt in a batch after the first deal (L1, I6), by seat: the
    private event each seat alone sees."""
    return {int(e.get("seat")): e for e in events
            if e.kind == "loyalty_dealt" and e.rule in NEW_LOYALTY_RULES and e.to is not None}


def loyalty_moment(comp: Components, event: Event) -> OwnMoment:
    """What a new loyalty card makes its holder, said to that holder: "You are now a
    Cylon", "You are still human" (or still a Cylon), with the new card in words."""
    cards = [str(c) for c in event.get("cards", ())]
    new, before = cards[-1:], cards[:-1]
    was = any(comp.is_cylon_card(c) for c in before)
    now = any(comp.is_cylon_card(c) for c in cards)
    kind = "still_cylon" if was else "now_cylon" if now else "still_human"
    line = tr("ui.own.card", card=hand_words(comp, new))
    if kind == "now_cylon":
        line += " " + tr("ui.own.goal_cylon")
    return OwnMoment(int(event.get("seat")), kind, tr(f"ui.own.{kind}"), line)


def side_of(comp: Components, cards: Sequence[str]) -> str:
    """The side a seat's loyalty cards put it on (core.Outcome.winner's words)."""
    return "cylons" if any(comp.is_cylon_card(c) for c in cards) else "humans"


def verdict(comp: Components, view: PlayerView, seat: int) -> OwnMoment | None:
    """A seat's own verdict once the game is over: won or lost, and as what."""
    if view.outcome is None or not 0 <= seat < len(view.all_loyalty):
        return None
    cards = view.all_loyalty[seat]
    side = side_of(comp, cards)
    kind = "won" if side == view.outcome.winner else "lost"
    line = tr("ui.verdict.as_human") if side == "humans" else \
        tr("ui.verdict.as_cylon", loyalty=hand_words(comp, list(cards)))
    return OwnMoment(seat, kind, tr(f"ui.verdict.{kind}"), line)


def seat_verdict(comp: Components, view: PlayerView, seat: int) -> str:
    """One seat's result as the game-over list says it: "Won (human)"."""
    cards = view.all_loyalty[seat]
    won = view.outcome is not None and side_of(comp, cards) == view.outcome.winner
    return tr("ui.verdict.seat_won" if won else "ui.verdict.seat_lost",
              loyalty=hand_words(comp, list(cards)))
