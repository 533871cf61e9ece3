"""The Qt backend of the shared art: `bsg_desktop.art` Drawings painted with QPainter.

The printed pack and the window draw from the same backend-neutral description
(millimetres, y down); this module only translates it. A Drawing is compiled
once into a list of (QPainterPath, QPen, QBrush) operations, so painting is a
tight loop with no Python-side layout, and every shape stays vector: the board
is as crisp at 4K as on paper. Text is turned into outlines of the shipped
DejaVu font (the same TTF the PDFs embed), so line breaks decided by the art
land in the same places on screen.

One scene unit is one millimetre.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

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
    Polygon,
    Polyline,
    Rect,
    Style,
    labels,
)

_EM = 100.0  # text is shaped at 100 px and scaled down: exact advances, no hinting jitter
Op = tuple[QPainterPath, QPen, QBrush, bool]  # path, pen, brush, is_text


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
    f = QFont(bold_family if bold else regular)
    f.setPixelSize(int(_EM))
    f.setBold(bold)
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


def _compile(items: Iterable[Item], t: QTransform, out: list[Op]) -> None:
    for it in items:
        path = QPainterPath()
        if isinstance(it, Group):
            local = QTransform()
            local.translate(it.dx, it.dy)
            local.rotate(it.rotate_deg)
            local.scale(it.scale, it.scale)
            _compile(it.items, local * t, out)
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
            out.append((t.map(path), QPen(Qt.PenStyle.NoPen), _brush(it.style), True))
            continue
        else:  # pragma: no cover - a new primitive the backend does not know yet
            continue
        style = it.style
        brush = _brush(style) if not isinstance(it, Line | Polyline) else QBrush()
        out.append((t.map(path), _pen(style), brush, False))


def compile_drawing(drawing: Drawing) -> list[Op]:
    """A Drawing as ready-to-paint operations in its own mm frame."""
    ops: list[Op] = []
    _compile(drawing.items, QTransform(), ops)
    return ops


def paint_ops(painter: QPainter, ops: list[Op]) -> None:
    for path, pen, brush, _text in ops:
        painter.setPen(pen)
        painter.setBrush(brush)
        painter.drawPath(path)


class DrawingItem(QGraphicsRectItem):
    """One Drawing as a scene item, origin at its top-left corner (or centred).

    Built from plain QGraphicsPathItem children (one per shape; runs of text in one
    colour merged), so painting stays in C++: PySide6 6.12 leaks a reference to None
    on every Python ``paint`` override call, which aborts the interpreter at exit.
    ``name`` says what the item stands for; `texts()` lists every text it shows, so
    the tests can search the item tree.
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
        for path, pen, brush, _t in ops if ops is not None else merged_ops(drawing):
            child = QGraphicsPathItem(shift.map(path), self)
            child.setPen(pen)
            child.setBrush(brush)

    def texts(self) -> list[str]:
        return labels(self.drawing)


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
        self._ops = compile_drawing(drawing)
        self._rect = QRectF(0, 0, drawing.width, drawing.height)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def texts(self) -> list[str]:
        return labels(self.drawing)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        return self._rect

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        paint_ops(painter, self._ops)


def merge_text_runs(ops: list[Op]) -> list[Op]:
    """Join consecutive text outlines of the same colour into one path (fewer items)."""
    out: list[Op] = []
    for path, pen, brush, is_text in ops:
        if is_text and out and out[-1][3] and out[-1][2].color() == brush.color():
            merged = QPainterPath(out[-1][0])
            merged.addPath(path)
            out[-1] = (merged, pen, brush, True)
        else:
            out.append((path, pen, brush, is_text))
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
