"""The log as lines a player reads: the public events (or one seat's own log) in words.

The window's log panel and a phone's log show the same lines, each the rule that
produced it and the event in words (`bsg_desktop.log.Describer`); a private event
(``e.to`` set) is a line only in the log of the seat it was for, which the caller
passes in (`engine.visible_log`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bsg_desktop.engine import Event
from bsg_desktop.log import Describer


@dataclass(frozen=True)
class LogLine:
    rule: str
    words: str
    heading: bool  # a turn's start or the game's end: shown as a heading

    def text(self, gap: str = " ") -> str:
        return f"[{self.rule}]{gap}{self.words}"


def log_line(describer: Describer, e: Event, lang: str | None = None) -> LogLine:
    return LogLine(e.rule, describer.describe(e, lang),
                   e.kind in ("turn_started", "game_over"))


class LogWords:
    """Log lines as text, each event worded once per language.

    Every phone and the table page carry the newest log lines in every frame, and a
    move makes a frame for each of them: worded afresh, one move would say the whole
    log again per seat. The words of an event depend on it, the language and who sits
    where, so a cache serves one table, and another table (a lesson's, a loaded game's)
    starts it afresh. Events are held by identity (many carry lists, so they do not
    hash), and each is kept while its words are, so its identity is never reused. A
    lesson stepped back and forth makes new events each time: past `LIMIT` lines the
    cache starts afresh, so it never grows without end.
    """

    LIMIT = 20_000  # lines kept at most (a long game in two languages is a few thousand)

    def __init__(self) -> None:
        self._comp: object = None
        self._seats: tuple[tuple[str, ...], tuple[str, ...], bool] = ((), (), False)
        self._said: dict[tuple[int, str], tuple[Event, str]] = {}

    def lines(self, describer: Describer, events: Iterable[Event], lang: str) -> list[str]:
        seats = (tuple(describer.characters), tuple(describer.names), describer.spectator)
        if describer.c is not self._comp or seats != self._seats or \
                len(self._said) > self.LIMIT:
            self._comp, self._seats, self._said = describer.c, seats, {}
        out = []
        for e in events:
            said = self._said.get((id(e), lang))
            if said is None:
                said = self._said[id(e), lang] = (e, log_line(describer, e, lang).text())
            out.append(said[1])
        return out


def public_lines(describer: Describer, events: Iterable[Event]) -> list[tuple[Event, LogLine]]:
    """The lines of the shared log: public events only, each with its event."""
    return [(e, log_line(describer, e)) for e in events if e.to is None]
