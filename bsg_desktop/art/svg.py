"""The SVG backend of the shared art: a `Drawing` as a standalone SVG document.

The phone page shows the same die faces as the window and the printed stickers;
this module only translates the backend-neutral description (millimetres, y down)
into SVG elements, one per item. Text uses the shipped font's family name with a
sans-serif fallback (a phone has no DejaVu Sans, and the page loads nothing from
outside), anchored exactly as the Label says and held to the length the shipped font
gives it (``textLength``), so a fallback font cannot run a line past its box.
"""

from __future__ import annotations

from html import escape

from bsg_desktop.art.fonts import text_width
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

FONT = "DejaVu Sans, Verdana, sans-serif"


def _n(v: float) -> str:
    """A coordinate with at most three decimals and no trailing zeros (short, stable text)."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(style: Style, stroke_only: bool = False) -> str:
    fill = "none" if stroke_only or not style.fill else style.fill
    out = f' fill="{fill}"'
    if style.stroke and style.width > 0:
        out += f' stroke="{style.stroke}" stroke-width="{_n(style.width)}" stroke-linejoin="round"'
        if style.dash:
            out += f' stroke-dasharray="{" ".join(_n(d) for d in style.dash)}"'
    return out


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def path_data(shape: Path) -> str:
    """A `Path` as SVG path data again (absolute M, L, C and Z; SVG fills non-zero)."""
    return " ".join(str(op[0]) + " ".join(_n(float(v)) for v in op[1:]) for op in shape.ops)


def _items(items: tuple[Item, ...], out: list[str]) -> None:
    for it in items:
        if isinstance(it, Group):
            out.append(f'<g transform="translate({_n(it.dx)} {_n(it.dy)}) '
                       f'rotate({_n(it.rotate_deg)}) scale({_n(it.scale)})">')
            _items(it.items, out)
            out.append("</g>")
        elif isinstance(it, Rect):
            r = f' rx="{_n(it.radius)}"' if it.radius > 0 else ""
            out.append(f'<rect x="{_n(it.x)}" y="{_n(it.y)}" width="{_n(it.w)}" '
                       f'height="{_n(it.h)}"{r}{_paint(it.style)}/>')
        elif isinstance(it, Circle):
            out.append(f'<circle cx="{_n(it.cx)}" cy="{_n(it.cy)}" r="{_n(it.r)}"'
                       f'{_paint(it.style)}/>')
        elif isinstance(it, Line):
            out.append(f'<line x1="{_n(it.x1)}" y1="{_n(it.y1)}" x2="{_n(it.x2)}" '
                       f'y2="{_n(it.y2)}"{_paint(it.style, True)}/>')
        elif isinstance(it, Polygon):
            if it.points:
                out.append(f'<polygon points="{_points(it.points)}"{_paint(it.style)}/>')
        elif isinstance(it, Polyline):
            if it.points:
                out.append(f'<polyline points="{_points(it.points)}"{_paint(it.style, True)}/>')
        elif isinstance(it, Path):
            if it.ops:
                out.append(f'<path d="{path_data(it)}"{_paint(it.style)}/>')
        elif isinstance(it, Label):
            if it.text:
                weight = ' font-weight="bold"' if it.bold else ""
                # the line's length as the shipped font sets it: a browser without that
                # font (or with a wider face of it) squeezes its glyphs to fit, so a line
                # ends where the art measured it, as in the window and the PDFs
                length = _n(text_width(it.text, it.size_mm, it.bold))
                out.append(f'<text x="{_n(it.x)}" y="{_n(it.y)}" font-size="{_n(it.size_mm)}" '
                           f'text-anchor="{it.anchor}" textLength="{length}" '
                           f'lengthAdjust="spacingAndGlyphs"{weight}{_paint(it.style)}>'
                           f"{escape(it.text)}</text>")


def to_svg(drawing: Drawing, title: str = "") -> str:
    """``drawing`` as one SVG document whose user unit is a millimetre.

    It has a viewBox and no fixed size, so the page sizes it with CSS; ``title``
    becomes the picture's accessible name.
    """
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(drawing.width)} '
           f'{_n(drawing.height)}" font-family="{FONT}" role="img">']
    if title:
        out.append(f"<title>{escape(title)}</title>")
    _items(drawing.items, out)
    out.append("</svg>")
    return "".join(out)
