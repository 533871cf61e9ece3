"""Die faces (rules C4, C5, C10): one square Drawing per face, ``size`` mm across.

A face drawing covers exactly the sticker; its ``background`` is the colour that
continues into the bleed, so a sticker cut slightly off still shows no white.
"""

from __future__ import annotations

from bsg_desktop.art.fonts import MIN_TEXT
from bsg_desktop.art.icons import icon
from bsg_desktop.art.palette import palette
from bsg_desktop.art.shapes import Circle, Drawing, Item, Label, Polygon, Rect, Style
from bsg_desktop.data.components import CrisisDie, CrisisFace, SkillDie

MINUS = "\u2212"
CRISIS_COLOURS = {"unrest": "#e0912b", "attack": "#e04a3a", "dradis": "#47d16c"}
ICON_FOR_TYPE = {"unrest": "fist", "attack": "basestar", "dradis": "dradis"}


def signed(value: int) -> str:
    """A skill value as printed: +4, −2 (a true minus sign, not a hyphen)."""
    return f"+{value}" if value > 0 else f"{MINUS}{-value}"


def _centred(text: str, cx: float, cy: float, size: float, colour: str, bold: bool = True
             ) -> Label:
    # 0.36 em is about half the cap height of the shipped font: visually centred digits.
    return Label(cx, cy + 0.36 * size, text, size, Style(fill=colour), "middle", bold)


def kind_marks(kind: str, size: float, colour: str, inset: float) -> list[Item]:
    """Strong and weak dice differ by shape too, not only blue against red (colour-blind
    players, grey printers): a strong die shows a triangle pointing up in its top-left
    and bottom-right corners, a weak die one pointing down."""
    t = size * 0.14  # triangle width
    h = t * 0.87
    out: list[Item] = []
    for x, y in ((inset, inset), (size - inset - t, size - inset - h)):
        if kind == "strong":
            pts = ((x, y + h), (x + t, y + h), (x + t / 2, y))
        else:
            pts = ((x, y), (x + t, y), (x + t / 2, y + h))
        out.append(Polygon(pts, Style(fill=colour)))
    return out


def skill_face(die: SkillDie, value: int, size: float = 12.7, ink: str = "color",
               numeral: float = 0.44) -> Drawing:
    """A skill die face: the value, framed blue (strong) or red (weak) (C4, C5), with the
    kind's corner triangles (up: strong, down: weak) so the kinds differ by shape too.
    ``numeral`` is the value's size as a share of the face: the window, which shows
    dice far smaller than the 16 mm cubes, sets it as large as the frame allows."""
    pal = palette(ink)
    border = pal.strong if die.kind == "strong" else pal.weak
    b = size * 0.11
    items: list[Item]
    if pal.low:
        items = [
            Rect(0, 0, size, size, Style(fill="#ffffff")),
            Rect(b / 2, b / 2, size - b, size - b, Style(stroke=border, width=b * 0.55),
                 radius=size * 0.08),
        ]
        background = None
    else:
        items = [
            Rect(0, 0, size, size, Style(fill=border)),
            Rect(b, b, size - 2 * b, size - 2 * b, Style(fill=pal.paper), radius=size * 0.07),
        ]
        background = border
    colour = pal.text if value > 0 else border
    items += kind_marks(die.kind, size, border, b * 1.3)
    items.append(_centred(signed(value), size / 2, size / 2, size * numeral, colour))
    return Drawing(size, size, tuple(items), background=background)


def crisis_face(die: CrisisDie, face: CrisisFace, size: float = 12.7, ink: str = "color",
                numbers: float | None = None) -> Drawing:
    """A crisis die face laid out as C10: icon centre, difficulty upper left,
    consequence lower left, crosshair lower right (jump), dot upper right (4 players).
    ``numbers`` (mm) sets both numbers larger than printed, for a die seen small on a
    screen; the warning disc grows with its number."""
    pal = palette(ink)
    colour = CRISIS_COLOURS[face.type]
    low = pal.low
    bg = "#ffffff" if low else pal.panel
    fg = pal.text if low else "#ffffff"
    items: list[Item] = [Rect(0, 0, size, size, Style(fill=bg))]
    if low:   # a hairline frame close to the edge, clear of the numbers and badges
        items.append(Rect(size * 0.02, size * 0.02, size * 0.96, size * 0.96,
                          Style(stroke=pal.text, width=size * 0.015), radius=size * 0.06))
    items.append(icon(ICON_FOR_TYPE[face.type], size / 2, size / 2, size * 0.42,
                      colour, cut=bg))
    n = max(size * 0.25, MIN_TEXT) if numbers is None else numbers
    items.append(_centred(str(face.difficulty), size * 0.21, size * 0.21, n, fg))
    # The consequence sits in a small warning disc so it never reads as a difficulty.
    c = max(size * 0.19, MIN_TEXT) if numbers is None else numbers
    disc = size * 0.13 if numbers is None else max(size * 0.13, c * 0.5)
    items.append(Circle(size * 0.21, size * 0.79, disc,
                        Style(fill=None if low else pal.cylon, stroke=pal.cylon,
                              width=size * 0.02)))
    items.append(_centred(str(face.consequence), size * 0.21, size * 0.79, c,
                          pal.text if low else "#ffffff"))
    if face.jump:
        items.append(icon("crosshair", size * 0.79, size * 0.79, size * 0.24, fg))
    if die.four_player:
        items.append(Circle(size * 0.82, size * 0.18, size * 0.06, Style(fill=fg)))
    return Drawing(size, size, tuple(items), background=None if low else bg)
