"""The board by keyboard and screen reader: its cards and tokens as a list of stops.

A keyboard player reaches the board with Tab or F6 and steps through what lies on it
with the arrow keys, in the order a player reads the table: each seat's character
card, the Galactica's damage markers, the demoralized markers, the Admiral card, the
crisis die and the check, the DRADIS monitor, the tracks. Enter or Space opens a card
or marker large (the same viewer a click opens); Escape goes back to the choices.

The stops and their words are worked out from the view the board shows, without Qt
(`present.board.board_items`); here `item_rect` finds where one lies in the scene and
`paint_ring` draws the focus ring, in the same yellow as the widgets' ring.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from bsg_desktop.engine.core import CONTRIBUTED

RING = "#ffd84d"      # the widgets' focus ring (decision.PANEL_CSS)
RING_EDGE = "#0c1117"  # a dark edge so the ring shows on the gold board too
RING_PX = 3.0
RING_PAD_MM = 1.2


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
