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

import hashlib
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from bsg_desktop.art.board import Lettering
from bsg_desktop.art.shapes import Drawing
from bsg_desktop.art.svg import to_svg
from bsg_desktop.companion.frames import LOG_LINES, _table, dumps
from bsg_desktop.data.components import Components
from bsg_desktop.engine import Decision, Event, PlayerView
from bsg_desktop.engine.view import SeatView
from bsg_desktop.i18n import LANGUAGES, catalog, speaking, text, tr
from bsg_desktop.log import Describer, condition_words
from bsg_desktop.present.board import board_items
from bsg_desktop.present.dice import skill_face
from bsg_desktop.present.handover import hand_over_needed
from bsg_desktop.present.layout import (
    BOARD_Z,
    PANEL_Z,
    BoardLayout,
    Placed,
    all_looks,
    look_name,
    token_drawing,
)
from bsg_desktop.present.log import LogWords
from bsg_desktop.present.moments import Moment
from bsg_desktop.present.pace import DEFAULT_PACE, moment_ms
from bsg_desktop.present.rolls import RollNote, die_words
from bsg_desktop.present.words import DecisionWords, decision_parts, player_name
from bsg_desktop.rules import rule_note


def table_strings(lang: str) -> dict[str, str]:
    """The table page's own texts (``companion.tablepage.*``), keys without the prefix."""
    if lang not in LANGUAGES:
        lang = "en"
    prefix = "companion.tablepage."
    return {k[len(prefix):]: tr(k, lang) for k in sorted(catalog("en")) if k.startswith(prefix)}


# The seat panels' words on the table page: 24 px where the page draws the board at
# 1920×1080 (3.3 px a millimetre: the board is as tall as the screen leaves it), so the
# names, states and dice of every seat read from a sofa; less only where a panel is too
# narrow for them (`present.layout.seat_panel_items`). They grow with the screen.
SEAT_WORDS_MM = 7.4
# The board's own type on the table page: its names and titles as large as the seats'.
TABLE_LETTERING = Lettering(words=SEAT_WORDS_MM, notes=SEAT_WORDS_MM, fine=False)


# the board art documents made so far, by the name they are served under
_ART: dict[str, str] = {}


def _inner(drawing: Drawing) -> str:
    """A drawing's SVG without its outer element: the page lays it into its own SVG."""
    doc = to_svg(drawing)
    return doc[doc.index(">") + 1:-len("</svg>")]


@lru_cache(maxsize=8)
def layout_for(comp: Components, players: int, lang: str,
               characters: tuple[str, ...] | None = None) -> BoardLayout:
    """The screen board's layout, as the window's `ui.scene.BoardScene` lays it out
    (``characters``: those in the game; the seal greys the others' parts)."""
    return BoardLayout(comp, players, lang, characters, TABLE_LETTERING, table=True)


@lru_cache(maxsize=8)
def board_art(comp: Components, players: int, lang: str,
              characters: tuple[str, ...] | None = None) -> str:
    """The name of the board's art document: the printed board and every token look as
    SVG (millimetres), the same for a whole game in one language. The page fetches it
    once under this name, a hash of its content, and the browser keeps it
    (`art_document`)."""
    lay = layout_for(comp, players, lang, characters)
    looks = {}
    for look in all_looks(comp):
        d = token_drawing(comp, look, lang, SEAT_WORDS_MM, SEAT_WORDS_MM, lay.plate)
        looks[look_name(comp, look)] = {"w": round(d.width, 3), "h": round(d.height, 3),
                                        "svg": _inner(d)}
    doc = dumps({"w": round(lay.width_mm, 3), "h": round(lay.height_mm, 3),
                 "board": {"w": round(lay.board.width, 3), "h": round(lay.board.height, 3),
                           "svg": _inner(lay.board), "z": BOARD_Z},
                 "looks": looks})
    name = f"board-{hashlib.sha256(doc.encode()).hexdigest()[:20]}.json"
    _ART[name] = doc
    return name


def art_document(name: str) -> str | None:
    """The board art document served under ``name``, if one was made (`board_art`)."""
    return _ART.get(name)


def _n(v: float) -> float:
    return round(v, 3) + 0.0  # no "-0.0"


@lru_cache(maxsize=256)
def _panel(lay: BoardLayout, sv: SeatView, deciding: bool, active: bool) -> dict[str, Any]:
    """A seat's panel, kept: most moves change one seat's panel or none, and drawing
    one costs more than the rest of a frame (a table frame is made on the window's
    thread, between the phones' frames going out). Kept by the layout, which is one
    object per game and language (`layout_for`): hashing the components is slow."""
    x, y, _w, _h = lay.seat_rect(sv.seat)
    drawing, words = lay.seat_panel_for(sv, deciding, active, words_mm=SEAT_WORDS_MM,
                                        dice_words=True)
    return {"x": _n(x), "y": _n(y), "w": _n(drawing.width), "h": _n(drawing.height),
            "svg": _inner(drawing), "words": "\n".join(words)}


@lru_cache(maxsize=4096)
def _token(lay: BoardLayout, p: Placed) -> dict[str, Any]:
    """A token as the frame says it (kept: most tokens lie still from move to move)."""
    return {"key": p.key, "role": p.role, "where": p.where,
            "look": look_name(lay.comp, p.look),
            "x": _n(p.pos[0]), "y": _n(p.pos[1]), "scale": _n(p.scale), "turn": _n(p.turn),
            "z": p.z, "opacity": p.opacity}


def board_notes(comp: Components, view: PlayerView) -> list[dict[str, str]]:
    """What the printed board says in fine print and the table page says in its own,
    larger type where it matters (its board leaves fine print out, `TABLE_LETTERING`):
    the distance's next milestone (new loyalty cards, then the next jump wins; one at a
    time, so the side column keeps room for the log), and each damaged room's effect. Each with
    its ``kind`` ("track", "damage"). Said in the current language (`speaking`)."""
    out = []
    if view.outcome is None:
        key = "distance_notes" if view.distance < comp.distance_loyalty else "distance_win"
        out.append({"kind": "track", "text": tr(f"companion.tablepage.{key}",
                                                loyalty=comp.distance_loyalty,
                                                win=comp.distance_win)})
    for loc in view.damage:
        room = comp.damage(loc)
        out.append({"kind": "damage", "text": tr("companion.tablepage.damaged",
                                                 room=text(room.name), effect=text(room.text))})
    return out


def board_state(comp: Components, view: PlayerView, lang: str) -> dict[str, Any]:
    """The board as the window draws it from ``view``: the art's name, the seat panels
    (their drawings, at their places) and every token with its look, centre (board
    millimetres), scale, turn (degrees clockwise), stacking height and opacity."""
    characters = tuple(sv.character for sv in view.seats)
    players = len(view.seats)
    lay = layout_for(comp, players, lang, characters)
    live = view.outcome is None
    return {
        "art": board_art(comp, players, lang, characters), "panel_z": PANEL_Z,
        "panels": [_panel(lay, sv, view.pending_seat == sv.seat,
                          live and view.active == sv.seat) for sv in view.seats],
        "tokens": [_token(lay, p) for p in lay.place(view)],
    }


def _roll_words(comp: Components, note: RollNote) -> str:
    """Dice the game put in for a seat, said to the room: the table page is the screen
    everyone sees, so not "You rolled …" as the window says it to the seat's player."""
    dice = ", ".join(die_words(comp, k, v) for _i, k, v in note.dice)
    key = "table.roll.check" if note.check else "table.roll.action"
    return tr(key + ("_many" if len(note.dice) > 1 else ""), dice=dice)


def table_state(comp: Components, view: PlayerView, log: Sequence[Event], lang: str,
                rolls: Mapping[int, RollNote] | None = None, moment: Moment | None = None,
                moment_at: int = 0, lesson: tuple[str, str] | None = None,
                words: LogWords | None = None, decision: Decision | None = None,
                pace: str = DEFAULT_PACE) -> dict[str, Any]:
    """The table frame's content. ``view`` must be the public view (``seat is None``);
    ``log`` the public events; ``rolls`` the dice the game put in during the last move;
    ``moment`` the moment it made (public) and ``moment_at`` which move made it, so the
    page plays each moment once; ``lesson``: a lesson's title and narration; ``words``:
    the host's log lines already said (the same text either way); ``decision``: the
    pending decision, whose figures the sentence says only if its kind is public
    (`present.handover.PUBLIC_KINDS`: made of public facts, as the window's shared
    screen shows them); a private kind is said from the public view alone; ``pace``: the
    window's Settings -> Pace, which says how long the moment stays (`present.pace.read_ms`)."""
    if view.seat is not None:
        raise ValueError("the table page shows the public view only")
    describer = Describer([sv.character for sv in view.seats], [sv.name for sv in view.seats],
                          comp)
    with speaking(lang):
        outcome = None
        if view.outcome is not None:
            out = view.outcome
            outcome = tr("ui.gameover.text", winner=tr(f"log.winner_{out.winner}"),
                         condition=condition_words(comp, out.condition), rule=out.rule)
        said = view
        if decision is not None and decision.seat == view.pending_seat and \
                not hand_over_needed(decision.kind):
            said = view._replace(info=decision.info)
        now = decision_parts(comp, said) if view.pending_seat is not None else DecisionWords("")
        sentence = now.question
        notes = [{"title": tr("table.roll.title", player=player_name(comp, view, n.seat)),
                  "text": _roll_words(comp, n),
                  "dice": [{"art": f.key, "label": f.label}
                           for f in (skill_face(comp, k, v) for _i, k, v in n.dice)]}
                 for _s, n in sorted((rolls or {}).items())]
        return {
            "type": "table", "lang": lang,
            "table": _table(comp, view),
            "notes": board_notes(comp, view),
            "board": board_state(comp, view, lang),
            "sentence": sentence, "stakes": now.stakes,
            "rule": view.pending_rule or "", "outcome": outcome,
            "rule_note": rule_note(view.pending_rule or "", lang, comp) if sentence else {},
            "rolls": notes,
            "moment": None if moment is None else {"kind": moment.kind,
                                                   "headline": moment.headline,
                                                   "line": moment.line, "at": moment_at,
                                                   "ms": moment_ms(moment, pace)},
            "items": [{"key": it.key, "name": it.name} for it in board_items(comp, view)],
            "lesson": None if lesson is None else {"title": lesson[0], "narration": lesson[1]},
            "log": (words or LogWords()).lines(
                describer, [e for e in log if e.to is None][-LOG_LINES:], lang),
        }


@lru_cache(maxsize=4)
def strings_frame(lang: str) -> str:
    """The table page's texts in ``lang``, kept: the table's publish hands them to the
    server with every frame (which sends them only when they changed), and gathering
    them from the whole catalogue anew cost the window's thread more than a millisecond
    of every move, between the phones' frames going out and the move's redraw."""
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

