"""What the table page is sent: the public board, as the table screen shows it.

A table frame is a function of the public view (``view(None)``), the public log,
the language and the public facts of the last move (the dice the game put in for a
player, the moment it made), all worked out by the presentation layer. Nothing of
any seat's secrets is read, so the frame is the same in every world that differs
only in hidden facts, whoever's hand-over is on the window, and a TV, a projector or
a spectator's laptop may show it. A lesson shown on the window is shown here too:
its position's public view, its title and the teacher's narration.

Like the seat frames the bytes are canonical JSON, numbered only when the content
changes (`TableFeed`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bsg_desktop.companion.frames import LOG_LINES, _table, dumps
from bsg_desktop.data.components import Components
from bsg_desktop.engine import Event, PlayerView
from bsg_desktop.i18n import LANGUAGES, catalog, speaking, tr
from bsg_desktop.log import Describer
from bsg_desktop.present.board import board_items
from bsg_desktop.present.dice import skill_face
from bsg_desktop.present.log import log_line
from bsg_desktop.present.moments import Moment
from bsg_desktop.present.rolls import RollNote, roll_sentence
from bsg_desktop.present.words import decision_words, player_name


def table_strings(lang: str) -> dict[str, str]:
    """The table page's own texts (``companion.tablepage.*``), keys without the prefix."""
    if lang not in LANGUAGES:
        lang = "en"
    prefix = "companion.tablepage."
    return {k[len(prefix):]: tr(k, lang) for k in sorted(catalog("en")) if k.startswith(prefix)}


def table_state(comp: Components, view: PlayerView, log: Sequence[Event], lang: str,
                rolls: Mapping[int, RollNote] | None = None, moment: Moment | None = None,
                moment_at: int = 0, lesson: tuple[str, str] | None = None) -> dict[str, Any]:
    """The table frame's content. ``view`` must be the public view (``seat is None``);
    ``log`` the public events; ``rolls`` the dice the game put in during the last move;
    ``moment`` the moment it made (public) and ``moment_at`` which move made it, so the
    page plays each moment once; ``lesson``: a lesson's title and narration."""
    if view.seat is not None:
        raise ValueError("the table page shows the public view only")
    describer = Describer([sv.character for sv in view.seats], [sv.name for sv in view.seats],
                          comp)
    with speaking(lang):
        outcome = None
        if view.outcome is not None:
            out = view.outcome
            outcome = tr("ui.gameover.text", winner=tr(f"log.winner_{out.winner}"),
                         condition=tr(f"log.condition_{out.condition}"), rule=out.rule)
        sentence = decision_words(comp, view) if view.pending_seat is not None else ""
        notes = [{"title": tr("ui.roll.title", player=player_name(comp, view, n.seat)),
                  "text": roll_sentence(comp, n),
                  "dice": [{"art": f.key, "label": f.label}
                           for f in (skill_face(comp, k, v) for _i, k, v in n.dice)]}
                 for _s, n in sorted((rolls or {}).items())]
        return {
            "type": "table", "lang": lang,
            "table": _table(comp, view),
            "sentence": sentence, "rule": view.pending_rule or "", "outcome": outcome,
            "rolls": notes,
            "moment": None if moment is None else {"kind": moment.kind,
                                                   "headline": moment.headline,
                                                   "line": moment.line, "at": moment_at},
            "items": [{"key": it.key, "name": it.name} for it in board_items(comp, view)],
            "lesson": None if lesson is None else {"title": lesson[0], "narration": lesson[1]},
            "log": [log_line(describer, e, lang).text()
                    for e in [e for e in log if e.to is None][-LOG_LINES:]],
        }


def strings_frame(lang: str) -> str:
    return dumps({"type": "strings", "lang": lang, "strings": table_strings(lang),
                  "languages": dict(LANGUAGES)})


class TableFeed:
    """The table page's current frame: numbered anew only when its content changes."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.seq = 0
        self._content = ""
        self._frame = ""

    def frame(self, content: dict[str, Any]) -> str:
        text = dumps(content)
        if text != self._content:
            self._content = text
            self.seq += 1
            self._frame = f'{{"seq":{self.seq},{text[1:]}'
        return self._frame

