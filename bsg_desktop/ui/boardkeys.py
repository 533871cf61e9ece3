"""The board by keyboard and screen reader: its cards and tokens as a list of stops.

A keyboard player reaches the board with Tab or F6 and steps through what lies on it
with the arrow keys, in the order a player reads the table: each seat's character
card, the Galactica's damage markers, the demoralized markers, the Admiral card, the
crisis die and the check, the DRADIS monitor, the tracks. Enter or Space opens a card
or marker large (the same viewer a click opens); Escape goes back to the choices.

Every stop's words come from the one view the board shows (the public one, or the
unlocked seat's after the hand-over) through the same phrases the board's whole-board
description uses (`words.board_words`), so a stop can name nothing the screen may not
show. The items are plain values; `item_rect` finds where one lies in the scene and
`paint_ring` draws the focus ring, in the same yellow as the widgets' ring.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from bsg_desktop.data.components import Components
from bsg_desktop.engine.core import CONTRIBUTED
from bsg_desktop.engine.view import PlayerView
from bsg_desktop.i18n import text, tr
from bsg_desktop.ui.cardview import token_words
from bsg_desktop.ui.words import face_words, player_name, seat_words

RING = "#ffd84d"      # the widgets' focus ring (panels.PANEL_CSS)
RING_EDGE = "#0c1117"  # a dark edge so the ring shows on the gold board too
RING_PX = 3.0
RING_PAD_MM = 1.2


@dataclass(frozen=True)
class BoardItem:
    """One stop: ``key`` is the scene token's key (``card.2``, ``damage.armory``,
    ``admiral`` …) or an area (``dradis``, ``check``); ``look`` is what the card viewer
    opens for it, None where there is nothing more to read than its name."""

    key: str
    name: str
    text: str
    look: tuple[object, ...] | None = None


def board_items(comp: Components, view: PlayerView) -> list[BoardItem]:
    """The stops of the board that ``view`` shows, in reading order."""
    out: list[BoardItem] = []

    def card(key: str, name: str, look: tuple[object, ...]) -> None:
        title, body = token_words(comp, look)
        out.append(BoardItem(key, name, f"{title}. {body}", look))

    for sv in view.seats:
        card(f"card.{sv.seat}", tr("ui.board.item.seat", seat=sv.seat + 1,
                                   words=seat_words(comp, view, sv.seat)),
             ("card", sv.character, sv.in_brig))
    for loc in view.damage:
        card(f"damage.{loc}", tr("ui.board.item.damage", location=text(comp.damage(loc).name)),
             ("damage", loc))
    for ch in view.demoralized:
        look: tuple[object, ...] = ("demoralized", ch)
        card(f"demoralized.{ch}", token_words(comp, look)[0], look)
    for sv in view.seats:
        if sv.admiral:
            card("admiral", tr("ui.board.item.admiral", player=player_name(comp, view, sv.seat)),
                 ("admiral",))
    if view.crisis is not None:
        out.append(BoardItem("crisis", tr("ui.access.crisis",
                                          crisis=face_words(comp, view.crisis)), ""))
    if view.check is not None:
        out.append(BoardItem("check", tr("ui.status.check", total=view.check.total,
                                         difficulty=view.check.difficulty), ""))
    raiders = sum(1 for m in view.dradis_monitor if m == "raider")
    out.append(BoardItem("dradis", tr("ui.access.dradis", raiders=raiders,
                                      ships=len(view.dradis_monitor) - raiders), ""))
    out.append(BoardItem("jump", tr("ui.board.item.jump", jump=view.jump_track,
                                    most=comp.jump_max), ""))
    if view.jump_bonus:
        out.append(BoardItem("jump_prepared", tr("ui.board.jump_prepared"), ""))
    out.append(BoardItem("distance", tr("ui.board.item.distance", distance=view.distance,
                                        most=comp.distance_win), ""))
    return out


def item_rect(scene, key: str) -> QRectF | None:  # type: ignore[no-untyped-def]
    """Where a stop lies in the scene (mm), None if the scene does not show it."""
    tok = scene.tokens.get(key)
    if tok is not None:
        return tok.sceneBoundingRect()
    if key == "check":  # the contributed dice on the seal's gold part
        rect = QRectF()
        for t in scene.tokens.values():
            if t.role == "die" and f"/{CONTRIBUTED}/" in t.where:
                rect = rect.united(t.sceneBoundingRect())
        return rect if not rect.isNull() else None
    if key == "dradis":
        pts = [scene.board.anchor(f"dradis.slot.{i}") for i in range(10)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        pad = 12.5
        return QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                      max(ys) - min(ys) + 2 * pad)
    return None


def paint_ring(painter: QPainter, rect: QRectF) -> None:
    """The focus ring around ``rect`` (scene units): 3 px yellow over a dark edge, the
    same width on screen at any zoom (cosmetic pens)."""
    r = rect.adjusted(-RING_PAD_MM, -RING_PAD_MM, RING_PAD_MM, RING_PAD_MM)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for colour, width in ((RING_EDGE, RING_PX + 3.0), (RING, RING_PX)):
        pen = QPen(QColor(colour), width)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawRoundedRect(r, 1.6, 1.6)
    painter.restore()
