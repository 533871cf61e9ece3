"""The reportlab backend: paints `bsg_desktop.art` Drawings onto a canvas.

The canvas is switched to millimetres with the y axis down (`begin_page`), the
same frame the art is written in, so no coordinate is converted by hand and a
Group's rotation means the same here as in the window.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from bsg_desktop.art.fonts import font_name
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
)


def begin_page(c: Canvas, page_h_mm: float) -> None:
    """Put the origin at the top-left corner, units in mm, y down."""
    c.translate(0, page_h_mm * mm)
    c.scale(mm, -mm)


def _paint(c: Canvas, s: Style) -> tuple[int, int]:
    """Set colours/width/dash for a style; returns (stroke, fill) flags for reportlab."""
    fill = 1 if s.fill else 0
    stroke = 1 if s.stroke and s.width > 0 else 0
    if fill:
        c.setFillColor(HexColor(s.fill))
    if stroke:
        c.setStrokeColor(HexColor(s.stroke))
        c.setLineWidth(s.width)
        if s.dash:
            c.setDash(list(s.dash), 0)
        else:
            c.setDash()
    return stroke, fill


def draw_items(c: Canvas, items: tuple[Item, ...]) -> None:
    for it in items:
        if isinstance(it, Group):
            c.saveState()
            c.translate(it.dx, it.dy)
            if it.rotate_deg:
                c.rotate(it.rotate_deg)
            if it.scale != 1:
                c.scale(it.scale, it.scale)
            draw_items(c, it.items)
            c.restoreState()
        elif isinstance(it, Label):
            if not it.text or not it.style.fill:
                continue
            c.saveState()
            c.setFillColor(HexColor(it.style.fill))
            c.translate(it.x, it.y)
            c.scale(1, -1)
            c.setFont(font_name(it.bold), it.size_mm)
            if it.anchor == "middle":
                c.drawCentredString(0, 0, it.text)
            elif it.anchor == "end":
                c.drawRightString(0, 0, it.text)
            else:
                c.drawString(0, 0, it.text)
            c.restoreState()
        else:
            stroke, fill = _paint(c, it.style)
            if not (stroke or fill):
                continue
            if isinstance(it, Rect):
                if it.radius > 0:
                    c.roundRect(it.x, it.y, it.w, it.h, it.radius, stroke=stroke, fill=fill)
                else:
                    c.rect(it.x, it.y, it.w, it.h, stroke=stroke, fill=fill)
            elif isinstance(it, Circle):
                c.circle(it.cx, it.cy, it.r, stroke=stroke, fill=fill)
            elif isinstance(it, Line):
                if stroke:
                    c.line(it.x1, it.y1, it.x2, it.y2)
            elif isinstance(it, Polygon | Polyline):
                p = c.beginPath()
                p.moveTo(*it.points[0])
                for pt in it.points[1:]:
                    p.lineTo(*pt)
                if isinstance(it, Polygon):
                    p.close()
                    c.drawPath(p, stroke=stroke, fill=fill)
                elif stroke:
                    c.drawPath(p, stroke=1, fill=0)
            elif isinstance(it, Path):
                _path(c, it, stroke, fill)


def _path(c: Canvas, shape: Path, stroke: int, fill: int) -> None:
    """A `Path` (a vendored icon's outline), filled by the non-zero rule as in its SVG."""
    if not shape.ops:
        return
    p = c.beginPath()
    for op in shape.ops:
        kind, v = op[0], [float(n) for n in op[1:]]
        if kind == "M":
            p.moveTo(v[0], v[1])
        elif kind == "L":
            p.lineTo(v[0], v[1])
        elif kind == "C":
            p.curveTo(*v)
        else:
            p.close()
    c.drawPath(p, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)


def draw(c: Canvas, d: Drawing, x: float, y: float, rotate_deg: float = 0.0,
         bleed: float = 0.0) -> None:
    """Paint drawing ``d`` with its top-left corner at (x, y) mm.

    With ``rotate_deg`` 180 the drawing is turned about its centre and still fills
    the same box (the backs of gutter-folded cards). ``bleed`` extends the
    drawing's background colour that far beyond its edges.
    """
    c.saveState()
    c.translate(x, y)
    if rotate_deg:
        c.translate(d.width / 2, d.height / 2)
        c.rotate(rotate_deg)
        c.translate(-d.width / 2, -d.height / 2)
    if bleed > 0 and d.background:
        c.setFillColor(HexColor(d.background))
        c.rect(-bleed, -bleed, d.width + 2 * bleed, d.height + 2 * bleed, stroke=0, fill=1)
    draw_items(c, d.items)
    c.restoreState()
