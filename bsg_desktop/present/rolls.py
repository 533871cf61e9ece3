"""Rolls the game contributed for a player without asking, kept until that player saw them.

When a seat has exactly one legal way to contribute (one active die left after a
reroll or Lee's initiative, a revealed Cylon's single die, the two dice of a
Prepare jump with two dice), the engine applies it itself: the roll and the
contribution come in the same batch of events as the choice before it, and the
next decision may already belong to someone else. The player would never see
what they rolled. A `RollNote` keeps those dice for their seat until the seat has
seen them: the window shows it on that player's screen before the hot-seat
hand-over, a phone shows it in the seat's frame.

Nothing here is secret: the values are the contributed dice, which the public
log names the moment they go in, and whether the game contributed for a seat
follows from public facts only (that seat's choice, its number of active dice,
its character and whether it is revealed). So a note may be on the shared
screen, and the pause it makes is the same for every loyalty.

No Qt here: the phone frames (`companion.frames`) use it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bsg_desktop.art.dice import signed
from bsg_desktop.data.components import Components
from bsg_desktop.engine import Choice, Event
from bsg_desktop.i18n import text, tr

ACTION_RULES = frozenset({"A2", "A3", "A4", "A5"})  # rolls for an action, not a check


@dataclass(frozen=True)
class RollNote:
    """Dice the game put in for ``seat`` (each ``(die id, kind, value)``)."""

    seat: int
    dice: tuple[tuple[int, str, int], ...]
    check: bool  # into a skill check (D7, Y3) rather than for an action (A2–A5)


def forced_rolls(seat: int, choice: Choice, events: Sequence[Event]) -> dict[int, RollNote]:
    """The contributions in ``events`` that nobody chose, by seat.

    ``events`` are those of one applied ``choice`` by ``seat``. Every public
    ``dice_contributed`` in them was applied by the engine as a single legal option,
    except the one the contribute choice itself made (its first, from ``seat``).
    Whether it was for a check or an action is told by the seat's latest public roll
    in the batch (D2, D8, X2 in a check; A2–A5 for an action).
    """
    out: dict[int, RollNote] = {}
    chosen = choice.verb == "contribute"
    rolled_for: dict[int, str] = {}
    for e in events:
        if e.to is not None:
            continue
        if e.kind == "dice_rolled":
            rolled_for[e.get("seat")] = e.rule
        elif e.kind == "dice_contributed":
            who = e.get("seat")
            if chosen and who == seat:
                chosen = False  # the dice the player picked themselves
                continue
            dice = tuple((int(i), str(k), int(v)) for i, k, v in e.get("dice", ()))
            if dice:
                out[who] = RollNote(who, dice, rolled_for.get(who, "D7") not in ACTION_RULES)
    return out


def die_words(comp: Components, kind: str, value: int) -> str:
    """One die for a sentence: "−1 (strong)"."""
    return tr("ui.roll.die", value=signed(value), kind=text(comp.skill(kind).name))


def roll_sentence(comp: Components, note: RollNote) -> str:
    """"You rolled −1 (strong); it went into the check. …" in the current language."""
    dice = ", ".join(die_words(comp, k, v) for _i, k, v in note.dice)
    key = "ui.roll.check" if note.check else "ui.roll.action"
    return tr(key + ("_many" if len(note.dice) > 1 else ""), dice=dice)
