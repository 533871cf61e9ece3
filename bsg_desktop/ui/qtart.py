"""The Qt backend of the shared art: `bsg_desktop.art` Drawings painted with QPainter.

The printed pack and the window draw from the same backend-neutral description
(millimetres, y down); this module only translates it. A Drawing is compiled
once into a list of (QPainterPath, QPen, QBrush) operations, so painting is a
tight loop with no Python-side layout, and every shape stays vector: the board
is as crisp at 4K as on paper. Text is turned into outlines of the shipped
DejaVu font (the same TTF the PDFs embed), so line breaks decided by the art
land in the same places on screen.

One scene unit is one millimetre.

Every text keeps its font size (em, in mm) through compilation, so the scene can
give it a role by size (`text_role`): *words* (names, titles, track numbers) are
laid out at least `WORDS_MM` on the screen board and always painted; *detail*
(rule sentences, legends, the fine print of cards) is painted only when it reaches
`MIN_PX` on screen (`text_shown`), and is otherwise reachable from a tooltip over
its place. Level of detail as in Qt's "40000 chips" example, decided from the
view's scale when it changes (`set_px_per_mm`), not on every frame.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem

from bsg_desktop.art.fonts import FONT_FILES, REGULAR
from bsg_desktop.art.shapes import (
    Circle,
    Drawing,
    Group,
    Item,
    Label,
    Line,
    Path,
    Polygon,
    Polyline,
    Rect,
    Style,
    labels,
)
from bsg_desktop.present.layout import WORDS_MM as _WORDS_MM

_EM = 100.0  # text is shaped at 100 px and scaled down: exact advances, no hinting jitter
MIN_PX = 12.0  # 9 pt at 96 dpi, in logical pixels (24 device pixels at 200 % scaling)
# The least size of the screen board's words (`present.layout.WORDS_MM`).
WORDS_MM = _WORDS_MM


class Op(NamedTuple):
    """One paint operation; a text keeps its size (mm, in the drawing's frame) and words.

    ``em`` 0 is a shape painted always; a shape with an ``em`` and no ``texts`` belongs
    to a note of that size (`Group.with_text`) and is painted only with it."""

    path: QPainterPath
    pen: QPen
    brush: QBrush
    em: float = 0.0
    texts: tuple[str, ...] = ()


def text_role(em_mm: float) -> str:
    """``"words"`` a player needs at any size (laid out at `WORDS_MM` or more), else
    ``"detail"`` (shown when the view is large enough)."""
    return "words" if em_mm >= WORDS_MM - 1e-6 else "detail"


def text_shown(em_mm: float, px_per_mm: float) -> bool:
    """Whether a text of this size (mm in the scene) is painted at this view scale."""
    return text_role(em_mm) == "words" or em_mm * px_per_mm >= MIN_PX - 1e-6


@lru_cache(maxsize=1)
def font_families() -> tuple[str, str]:
    """Load the shipped TTFs into Qt once; (regular, bold) family names."""
    fams: list[str] = []
    for name in (REGULAR, REGULAR + "-Bold"):
        fid = QFontDatabase.addApplicationFont(str(FONT_FILES[name]))
        found = QFontDatabase.applicationFontFamilies(fid) if fid >= 0 else []
        fams.append(found[0] if found else "DejaVu Sans")
    return fams[0], fams[1]


@lru_cache(maxsize=2)
def _font(bold: bool) -> QFont:
    regular, bold_family = font_families()
    family = bold_family if bold else regular
    f = QFont(family)
    f.setPixelSize(int(_EM))
    f.setBold(bold)
    # The shipped TTFs are the condensed faces of their family; ask for that style, or a
    # system-wide DejaVu Sans of normal width is chosen and lines overrun what the art
    # measured for them.
    style = "Condensed Bold" if bold else "Condensed"
    if style in QFontDatabase.styles(family):
        f.setStyleName(style)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    f.setKerning(True)
    return f


@lru_cache(maxsize=4096)
def _text_path(text: str, bold: bool) -> tuple[QPainterPath, float]:
    """The outline of one line at 100 px, baseline at y=0, and its advance width."""
    f = _font(bold)
    path = QPainterPath()
    path.addText(0, 0, f, text)
    return path, QFontMetricsF(f).horizontalAdvance(text)


def clear_caches() -> None:
    """Drop cached Qt objects before the interpreter shuts down (PySide6 must not free
    QFont/QPainterPath wrappers after QApplication is gone)."""
    _text_path.cache_clear()
    _font.cache_clear()


def _pen(style: Style) -> QPen:
    if not style.stroke or style.width <= 0:
        return QPen(Qt.PenStyle.NoPen)
    pen = QPen(QColor(style.stroke), style.width)
    pen.setCosmetic(False)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if style.dash:
        # Qt dashes are in pen widths; the art gives millimetres.
        pen.setDashPattern([max(d / style.width, 0.01) for d in style.dash])
    return pen


def _brush(style: Style) -> QBrush:
    return QBrush(QColor(style.fill)) if style.fill else QBrush(Qt.BrushStyle.NoBrush)


def _trace(path: QPainterPath, shape: Path) -> None:
    """A `Path`'s operations into ``path``, filled by the non-zero rule as the SVG it
    came from (Qt's default, odd-even, would punch holes where two parts overlap)."""
    path.setFillRule(Qt.FillRule.WindingFill)
    for op in shape.ops:
        kind, v = op[0], [float(n) for n in op[1:]]
        if kind == "M":
            path.moveTo(v[0], v[1])
        elif kind == "L":
            path.lineTo(v[0], v[1])
        elif kind == "C":
            path.cubicTo(v[0], v[1], v[2], v[3], v[4], v[5])
        else:
            path.closeSubpath()


def _compile(items: Iterable[Item], t: QTransform, out: list[Op], with_text: float = 0.0
             ) -> None:
    """Append `items` as operations; ``with_text``: the size (mm, after `t`) of the note
    the shapes belong to (`Group.with_text`), kept as their ``em`` so they show with it."""
    for it in items:
        path = QPainterPath()
        if isinstance(it, Group):
            local = QTransform()
            local.translate(it.dx, it.dy)
            local.rotate(it.rotate_deg)
            local.scale(it.scale, it.scale)
            inner = local * t
            note = it.with_text * math.sqrt(abs(inner.determinant())) if it.with_text \
                else with_text
            _compile(it.items, inner, out, note)
            continue
        if isinstance(it, Rect):
            if it.radius > 0:
                path.addRoundedRect(QRectF(it.x, it.y, it.w, it.h), it.radius, it.radius)
            else:
                path.addRect(QRectF(it.x, it.y, it.w, it.h))
        elif isinstance(it, Circle):
            path.addEllipse(QPointF(it.cx, it.cy), it.r, it.r)
        elif isinstance(it, Line):
            path.moveTo(it.x1, it.y1)
            path.lineTo(it.x2, it.y2)
        elif isinstance(it, Polygon | Polyline):
            if not it.points:
                continue
            path.moveTo(*it.points[0])
            for p in it.points[1:]:
                path.lineTo(*p)
            if isinstance(it, Polygon):
                path.closeSubpath()
        elif isinstance(it, Path):
            if not it.ops:
                continue
            _trace(path, it)
        elif isinstance(it, Label):
            if not it.text:
                continue
            glyphs, advance = _text_path(it.text, it.bold)
            k = it.size_mm / _EM
            shift = {"start": 0.0, "middle": advance / 2, "end": advance}[it.anchor]
            lt = QTransform()
            lt.translate(it.x - shift * k, it.y)
            lt.scale(k, k)
            path = lt.map(glyphs)
            em = it.size_mm * math.sqrt(abs(t.determinant()))
            out.append(Op(t.map(path), QPen(Qt.PenStyle.NoPen), _brush(it.style), em,
                          (it.text,)))
            continue
        else:  # pragma: no cover - a new primitive the backend does not know yet
            continue
        style = it.style
        brush = _brush(style) if not isinstance(it, Line | Polyline) else QBrush()
        out.append(Op(t.map(path), _pen(style), brush, with_text))


def compile_drawing(drawing: Drawing) -> list[Op]:
    """A Drawing as ready-to-paint operations in its own mm frame."""
    ops: list[Op] = []
    _compile(drawing.items, QTransform(), ops)
    return ops


def paint_ops(painter: QPainter, ops: Iterable[Op]) -> None:
    for op in ops:
        painter.setPen(op.pen)
        painter.setBrush(op.brush)
        painter.drawPath(op.path)


class DrawingItem(QGraphicsRectItem):
    """One Drawing as a scene item, origin at its top-left corner (or centred).

    Built from plain QGraphicsPathItem children (one per shape; runs of text in one
    colour merged), so painting stays in C++: PySide6 6.12 leaks a reference to None
    on every Python ``paint`` override call, which aborts the interpreter at exit.
    ``name`` says what the item stands for; `texts()` lists every text it shows, so
    the tests can search the item tree. Its text children are in ``text_parts`` with
    their size, and `show_texts` hides the detail a view is too small to show.
    """

    def __init__(self, drawing: Drawing, name: str = "", centred: bool = False,
                 parent: QGraphicsItem | None = None, ops: list[Op] | None = None) -> None:
        ox, oy = (-drawing.width / 2, -drawing.height / 2) if centred else (0.0, 0.0)
        super().__init__(QRectF(ox, oy, drawing.width, drawing.height), parent)
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        self.drawing = drawing
        self.name = name
        shift = QTransform.fromTranslate(ox, oy)
        self.text_parts: list[tuple[QGraphicsPathItem, Op]] = []
        for op in ops if ops is not None else merged_ops(drawing):
            child = QGraphicsPathItem(shift.map(op.path), self)
            child.setPen(op.pen)
            child.setBrush(op.brush)
            if op.em:
                self.text_parts.append((child, op))

    def texts(self) -> list[str]:
        return labels(self.drawing)

    def show_texts(self, px_per_mm: float) -> None:
        """Paint each text only if it is legible at this view scale (see `text_shown`)."""
        k = self.scale()
        for child, op in self.text_parts:
            child.setVisible(text_shown(op.em * k, px_per_mm))


def merged_ops(drawing: Drawing) -> list[Op]:
    return merge_text_runs(compile_drawing(drawing))


class CachedDrawingItem(QGraphicsItem):
    """A large static Drawing (the board) painted once per zoom level into a device
    cache, so gliding tokens over it cost a blit, not hundreds of paths. A Python
    ``paint`` is safe here because `bsg_desktop.ui` pins the singletons (see there)."""

    def __init__(self, drawing: Drawing, name: str = "") -> None:
        super().__init__()
        self.drawing = drawing
        self.name = name
        self.ops = compile_drawing(drawing)
        self._shown = self.ops
        self._rect = QRectF(0, 0, drawing.width, drawing.height)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def texts(self) -> list[str]:
        return labels(self.drawing)

    def shown_ops(self) -> list[Op]:
        """What `paint` draws at the current view scale."""
        return self._shown

    def set_px_per_mm(self, px_per_mm: float) -> None:
        """Keep only the texts legible at this view scale; repaint if that changed."""
        shown = [op for op in self.ops if not op.em or text_shown(op.em, px_per_mm)]
        if len(shown) != len(self._shown):
            self._shown = shown
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        return self._rect

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        paint_ops(painter, self._shown)


def merge_text_runs(ops: list[Op]) -> list[Op]:
    """Join consecutive text outlines of the same colour and size into one path (fewer
    items); a run keeps its words, so a tooltip or a test can tell what it says. Lines
    more than a line apart stay apart: they are different notes."""
    out: list[Op] = []
    for op in ops:
        last = out[-1] if out else None
        if op.texts and last is not None and last.texts and last.em == op.em and \
                last.brush.color() == op.brush.color() and \
                op.path.boundingRect().top() - last.path.boundingRect().bottom() <= op.em:
            merged = QPainterPath(last.path)
            merged.addPath(op.path)
            out[-1] = last._replace(path=merged, texts=last.texts + op.texts)
        else:
            out.append(op)
    return out


def drawing_image(drawing: Drawing, px_per_mm: float, dpr: float = 1.0) -> QImage:
    """Rasterise a Drawing (for widget icons and PNG output) at a given density."""
    w = max(1, round(drawing.width * px_per_mm * dpr))
    h = max(1, round(drawing.height * px_per_mm * dpr))
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.scale(px_per_mm * dpr, px_per_mm * dpr)
    paint_ops(p, compile_drawing(drawing))
    p.end()
    img.setDevicePixelRatio(dpr)
    return img


def drawing_pixmap(drawing: Drawing, height_px: int, dpr: float = 1.0) -> QPixmap:
    """A Drawing scaled to ``height_px`` logical pixels, sharp on high-DPI screens."""
    return QPixmap.fromImage(drawing_image(drawing, height_px / drawing.height, dpr))


def icon_size(drawing: Drawing, height_px: int) -> QSize:
    return QSize(round(drawing.width * height_px / drawing.height), height_px)
