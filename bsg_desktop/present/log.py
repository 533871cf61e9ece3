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


def public_lines(describer: Describer, events: Iterable[Event]) -> list[tuple[Event, LogLine]]:
    """The lines of the shared log: public events only, each with its event."""
    return [(e, log_line(describer, e)) for e in events if e.to is None]
