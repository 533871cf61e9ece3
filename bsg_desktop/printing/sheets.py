"""Sheet layouts as data: paper sizes, margins, pieces and where they land.

A *piece* is what the crafter cuts out in one go: a die strip, a card folded
from front and back, a marker pair, a board section. It knows its cut box, its
bleed, where its cut lines run (for the crop marks) and where it folds. `flow`
places pieces in centred rows on pages of a `Sheet`; nothing about a particular
component lives here, so the same code lays out cards, markers and dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bsg_desktop.art.shapes import Drawing

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}
LARGE_PAPERS = ("a3", "tabloid")
MARGIN = 10.0        # nothing is printed closer than this to the paper edge
FOOTER = 13.0        # scale bar, hint and page number, inside the margin
SIDE = 3.5           # the vertical scale bar, right of the content, inside the margin
CROP_GAP = 0.5       # crop marks start this far outside the bleed: they never touch a piece
CROP_LEN = 3.0
CUT_WIDTH = 0.2      # crop marks (cut lines), solid
FOLD_WIDTH = 0.3     # fold lines, dashed
FOLD_DASH = (2.0, 1.5)
CAPTION = 4.0        # height of a caption line above a piece
GAP = 1.0            # between the outer boxes of neighbouring pieces


@dataclass(frozen=True, slots=True)
class Part:
    """A drawing inside a piece, at (dx, dy) of the piece's cut box, maybe turned 180°."""

    drawing: Drawing
    dx: float
    dy: float
    rotate_deg: float = 0.0


@dataclass(frozen=True, slots=True)
class Piece:
    """One thing to cut out. Coordinates are relative to the top-left of the cut box."""

    w: float
    h: float
    bleed: float
    parts: tuple[Part, ...]
    cuts_x: tuple[float, ...] = ()       # vertical cut lines (crop marks above and below)
    cuts_y: tuple[float, ...] = ()       # horizontal cut lines (crop marks left and right)
    folds: tuple[tuple[float, float, float, float], ...] = ()
    caption: str = ""
    bleed_colour: str | None = None      # fills the bleed behind all parts (die strips)

    @property
    def reach(self) -> float:
        """How far beyond the cut box the piece's marks extend."""
        return self.bleed + CROP_GAP + CROP_LEN if (self.cuts_x or self.cuts_y) else self.bleed

    @property
    def outer(self) -> tuple[float, float]:
        """Width and height of the space the piece needs, marks and caption included."""
        return (self.w + 2 * self.reach,
                self.h + 2 * self.reach + (CAPTION if self.caption else 0.0))


@dataclass(frozen=True, slots=True)
class Note:
    """A line of text on its own row (e.g. above the calibration faces)."""

    text: str


@dataclass(frozen=True, slots=True)
class PageBreak:
    """Start the following pieces on a new page (a new kind of component)."""

    hint_key: str = ""


@dataclass(frozen=True, slots=True)
class Sheet:
    paper: str
    landscape: bool = False

    @property
    def size(self) -> tuple[float, float]:
        w, h = PAPERS[self.paper]
        return (h, w) if self.landscape else (w, h)

    @property
    def content(self) -> tuple[float, float, float, float]:
        """x, y, w, h of the area for pieces: inside the margin, above the footer."""
        w, h = self.size
        return (MARGIN, MARGIN, w - 2 * MARGIN - SIDE, h - 2 * MARGIN - FOOTER)


@dataclass(slots=True)
class Placed:
    item: Piece | Note | Drawing
    x: float            # top-left of the cut box (pieces), the text line (notes), a drawing
    y: float


@dataclass(slots=True)
class Page:
    placed: list[Placed] = field(default_factory=list)
    hint_key: str = ""


def flow(items: list[Piece | Note | PageBreak], sheet: Sheet, hint_key: str) -> list[Page]:
    """Pack items in centred rows, page after page, in order."""
    cx, cy, cw, ch = sheet.content
    pages: list[Page] = [Page(hint_key=hint_key)]
    row: list[Piece | Note] = []
    y = cy

    def row_height(r: list[Piece | Note]) -> float:
        return max(CAPTION + 1 if isinstance(it, Note) else it.outer[1] for it in r)

    def emit(r: list[Piece | Note], top: float) -> None:
        widths = [cw if isinstance(it, Note) else it.outer[0] for it in r]
        x = cx + (cw - (sum(widths) + GAP * (len(r) - 1))) / 2
        for it, w in zip(r, widths, strict=True):
            if isinstance(it, Note):
                pages[-1].placed.append(Placed(it, cx, top + CAPTION - 1))
            else:
                cap = CAPTION if it.caption else 0.0
                pages[-1].placed.append(Placed(it, x + it.reach, top + cap + it.reach))
            x += w + GAP

    def close_row() -> None:
        nonlocal y, row
        if not row:
            return
        hgt = row_height(row)
        if y + hgt > cy + ch + 1e-6 and pages[-1].placed:
            pages.append(Page(hint_key=pages[-1].hint_key))
            y = cy
        emit(row, y)
        y += hgt + GAP
        row = []

    for it in items:
        if isinstance(it, PageBreak):
            close_row()
            if pages[-1].placed:
                pages.append(Page(hint_key=it.hint_key or pages[-1].hint_key))
                y = cy
            elif it.hint_key:
                pages[-1].hint_key = it.hint_key
            continue
        w = cw if isinstance(it, Note) else it.outer[0]
        used = sum(cw if isinstance(r, Note) else r.outer[0] for r in row) + GAP * len(row)
        if row and (isinstance(it, Note) or isinstance(row[-1], Note) or used + w > cw + 1e-6):
            close_row()
        row.append(it)
    close_row()
    while len(pages) > 1 and not pages[-1].placed:  # a trailing break opens no blank page
        pages.pop()
    return pages
