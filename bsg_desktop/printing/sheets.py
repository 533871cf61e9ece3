"""Sheet layouts as data: paper sizes, margins, pieces and where they land.

A *piece* is what the crafter cuts out in one go: a die strip, a card folded
from front and back, a marker pair, a board section. It knows its cut box, its
bleed, where its cut lines run (for the crop marks) and where it folds. `flow`
places pieces in centred rows on pages of a `Sheet`; nothing about a particular
component lives here, so the same code lays out cards, markers and dice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

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
# A fold mark is exactly three dashes with two gaps (3 × 0.9 + 2 × 0.9 = FOLD_LEN), so
# it prints as a dashed line, never as a bar: a dash pattern longer than its mark
# (2 mm on a 3 mm mark) is one solid stroke on paper.
FOLD_DASH = (0.9, 0.9)
FOLD_DASHES = 3
FOLD_LEN = FOLD_DASHES * FOLD_DASH[0] + (FOLD_DASHES - 1) * FOLD_DASH[1]
# Fold lines printed across a piece (the dice screens): dash-dot, grey, the whole length
# of the fold and never in the margin, so they cannot pass for crop marks, which are
# short, solid, black and only in the margin.
FOLD_ACROSS_DASH = (4.0, 1.2, 0.8, 1.2)
FOLD_ACROSS_COLOUR = "#8c8c8c"
CAPTION = 4.0        # height of a caption line above a piece
GAP = 1.0            # between the outer boxes of neighbouring pieces
# Duplex sheets (cards and markers in a grid, backs on the next page, mirrored) print to
# 5 mm of the edge with a one-line footer, and with the bleed the crafter asked for: a
# back printed out of register by no more than the bleed (at least `pack.MIN_BLEED`,
# which `PrintOptions.check` enforces) shows its own bleed or the same back next to it,
# never the paper. Further out, or on the markers' sheets, see `duplex_pages`.
DUPLEX_MARGIN = 5.0
DUPLEX_FOOTER = 6.0
REG_R = 1.0          # registration target: a circle and a cross, outside the bleed corner
REG_ARM = 1.5
REG_OFFSET = 2.0     # centre this far beyond the bleed, diagonally off each grid corner


def registration_reach(bleed: float) -> float:
    """How far beyond the cut box a duplex grid's registration targets extend: the one
    figure the grid's fit, its place on the sheet and its piece's marks all use."""
    return bleed + REG_OFFSET + REG_ARM


def crop_reach(bleed: float) -> float:
    """How far beyond the cut box a crop mark ends."""
    return bleed + CROP_GAP + CROP_LEN


def fold_reach(bleed: float) -> float:
    """How far beyond the cut box a fold mark ends (fold marks are the longer)."""
    return bleed + CROP_GAP + max(CROP_LEN, FOLD_LEN)


def turned_size(w: float, h: float, rotate_deg: float) -> tuple[float, float]:
    """Width and height of a w × h drawing once turned by ``rotate_deg`` (0, ±90, 180)."""
    return (h, w) if round(rotate_deg) % 180 == 90 else (w, h)


@dataclass(frozen=True, slots=True)
class Part:
    """A drawing inside a piece, at (dx, dy) of the piece's cut box, turned about its
    centre by ``rotate_deg`` (0, ±90, 180); (dx, dy) is where the unturned drawing's
    top-left corner goes, so a quarter turn needs the offset `footprint` accounts for."""

    drawing: Drawing
    dx: float
    dy: float
    rotate_deg: float = 0.0
    tag: str = ""          # "<component id>:front" or ":back", for checks of the sheet

    @property
    def footprint(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of the area the (turned) drawing covers, in the piece's frame."""
        w, h = self.drawing.width, self.drawing.height
        cx, cy = self.dx + w / 2, self.dy + h / 2
        w, h = turned_size(w, h, self.rotate_deg)
        return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)

    @staticmethod
    def in_cell(drawing: Drawing, x: float, y: float, rotate_deg: float = 0.0,
                tag: str = "") -> Part:
        """The drawing turned by ``rotate_deg`` and filling the cell whose corner is (x, y)."""
        w, h = drawing.width, drawing.height
        cw, ch = turned_size(w, h, rotate_deg)
        return Part(drawing, x + (cw - w) / 2, y + (ch - h) / 2, rotate_deg, tag)


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
    registration: bool = False           # targets off the four corners (duplex sheets)
    folds_across: bool = False           # folds printed across the piece, not in the margin

    @property
    def reach(self) -> float:
        """How far beyond the cut box the piece's marks extend."""
        if self.registration:
            return registration_reach(self.bleed)
        if self.folds and not self.folds_across:
            return fold_reach(self.bleed)
        return crop_reach(self.bleed) if (self.cuts_x or self.cuts_y) else self.bleed

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
    margin: float = MARGIN
    footer: float = FOOTER

    @property
    def size(self) -> tuple[float, float]:
        w, h = PAPERS[self.paper]
        return (h, w) if self.landscape else (w, h)

    @property
    def content(self) -> tuple[float, float, float, float]:
        """x, y, w, h of the area for pieces: inside the margin, above the footer."""
        w, h = self.size
        m = self.margin
        return (m, m, w - 2 * m - SIDE, h - 2 * m - self.footer)


@dataclass(slots=True)
class Placed:
    item: Piece | Note | Drawing
    x: float            # top-left of the cut box (pieces), the text line (notes), a drawing
    y: float


@dataclass(slots=True)
class Page:
    placed: list[Placed] = field(default_factory=list)
    hint_key: str = ""
    sheet: Sheet | None = None      # this page's own frame, when not the document's
    vbar_y: float | None = None     # top of the upright scale bar, when not the default
    part: str = ""                  # what the page holds, for the paper list (print.guide.f.*)
    sides: int = 1                  # 2: this page and its neighbour print as one duplex sheet


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


@dataclass(frozen=True, slots=True)
class Grid:
    """How many cells of one size a duplex sheet holds, and whether they are turned."""

    cols: int
    rows: int
    rotate_deg: float
    cell_w: float
    cell_h: float
    gutter: float = 0.0

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def origin(self, col: int, row: int) -> tuple[float, float]:
        """Top-left corner of a cell, from the grid's top-left corner."""
        return col * (self.cell_w + self.gutter), row * (self.cell_h + self.gutter)

    def size(self, cols: int, rows: int) -> tuple[float, float]:
        """Width and height of the first ``cols`` × ``rows`` cells, gutters included."""
        return (cols * self.cell_w + (cols - 1) * self.gutter,
                rows * self.cell_h + (rows - 1) * self.gutter)


def duplex_sheet(paper: str) -> Sheet:
    return Sheet(paper, margin=DUPLEX_MARGIN, footer=DUPLEX_FOOTER)


def grid_for(sheet: Sheet, w: float, h: float, bleed: float, gutter: float = 0.0) -> Grid:
    """The fullest grid of w × h cells on the sheet, upright or turned a quarter, with
    ``gutter`` mm between neighbouring cells."""
    pw, ph = sheet.size
    reach = registration_reach(bleed)
    m = sheet.margin
    best: Grid | None = None
    for rot in (0.0, 90.0):
        cw, ch = turned_size(w, h, rot)
        cols = int((pw - 2 * (m + reach) + gutter) // (cw + gutter))
        rows = int((ph - 2 * (m + reach) - sheet.footer + gutter) // (ch + gutter))
        g = Grid(cols, rows, rot, cw, ch, gutter)
        if best is None or g.per_sheet > best.per_sheet:
            best = g
    assert best is not None and best.per_sheet > 0
    return best


def duplex_pages(items: Sequence[tuple[str, Drawing, Drawing]], paper: str, bleed: float,
                 hint_front: str, hint_back: str, part: str, gutter: float = 0.0,
                 per_sheet: int | None = None) -> list[Page]:
    """Fronts on one page, backs on the next, mirrored for a long-edge flip.

    A card in column c of the fronts has its back in column ``cols - 1 - c`` of the
    backs, and the back grid is the mirror image of the front grid about the page's
    centre line, so after flipping the sheet each back lies behind its front. A
    quarter-turned front gets its back turned the other way, so both read upright
    when the card is turned over side to side. Registration targets off the grid's
    corners let the crafter check the two sides meet before cutting.

    Cells butt (their shared edges are one cut) unless ``gutter`` is given: then each
    cell has its own bleed all round and the crop marks of both its edges. So a back
    printed out of register shows, past its cut, its neighbour's back (the same back,
    since a deck's cards share their sheets) or, on the grid's edge, its own bleed, but
    only up to the bleed: with a shift past it the edge cells alone show paper, which is
    why `PrintOptions.check` asks for at least `pack.MIN_BLEED` mm. At most
    ``per_sheet`` cells are filled on each sheet (the grid's size by default).
    """
    sheet = duplex_sheet(paper)
    first = items[0][1]
    g = grid_for(sheet, first.width, first.height, bleed, gutter)
    per = min(per_sheet or g.per_sheet, g.per_sheet)
    pw, _ = sheet.size
    reach = registration_reach(bleed)
    pages: list[Page] = []
    for start in range(0, len(items), per):
        chunk = items[start:start + per]
        rows = -(-len(chunk) // g.cols)
        gw, gh = g.size(g.cols, rows)
        cuts_x = sorted({v for c in range(g.cols) for v in (g.origin(c, 0)[0],
                                                             g.origin(c, 0)[0] + g.cell_w)})
        cuts_y = sorted({v for r in range(rows) for v in (g.origin(0, r)[1],
                                                          g.origin(0, r)[1] + g.cell_h)})
        fronts, backs = [], []
        for i, (pid, front, back) in enumerate(chunk):
            c, r = i % g.cols, i // g.cols
            fx, fy = g.origin(c, r)
            bx, _ = g.origin(g.cols - 1 - c, r)
            fronts.append(Part.in_cell(front, fx, fy, g.rotate_deg, f"{pid}:front"))
            backs.append(Part.in_cell(back, bx, fy, -g.rotate_deg, f"{pid}:back"))
        x = (pw - gw) / 2
        y = sheet.margin + reach
        # the upright bar beside the middle of a row tall enough, clear of the crop marks
        vbar = y + (g.cell_h - 50.0) / 2 if g.cell_h >= 52 else None
        for parts, hint, px in ((fronts, hint_front, x), (backs, hint_back, pw - x - gw)):
            piece = Piece(gw, gh, bleed, tuple(parts), cuts_x=tuple(cuts_x),
                          cuts_y=tuple(cuts_y), registration=True)
            pages.append(Page([Placed(piece, px, y)], hint, sheet, vbar, part, 2))
    return pages


def fold_sheet(paper: str, landscape: bool = False) -> Sheet:
    """A gutter-fold sheet: the paper to 5 mm of its edge, like a duplex sheet, so four
    poker cards and their backs fit on A4 and US Letter."""
    return Sheet(paper, landscape, margin=DUPLEX_MARGIN, footer=DUPLEX_FOOTER)


def fold_grid(paper: str, w: float, h: float, bleed: float) -> tuple[Sheet, Grid]:
    """The gutter-fold sheet holding the most w × h cards: the fronts in a grid left of
    the page's centre line, their backs mirrored right of it.

    The paper may lie either way and the cards may be turned a quarter; crop marks
    reach `crop_reach` beyond the cut box left and right, fold marks `fold_reach`
    above and below (the gutter's marks). Ties keep the paper upright and the cards
    unturned. ``Grid.cols`` counts the columns of one side.
    """
    best: tuple[Sheet, Grid] | None = None
    for landscape in (False, True):
        sheet = fold_sheet(paper, landscape)
        pw, ph = sheet.size
        m = sheet.margin
        for rot in (0.0, 90.0):
            cw, ch = turned_size(w, h, rot)
            cols = int((pw - 2 * (m + crop_reach(bleed))) // (2 * cw))
            rows = int((ph - 2 * (m + fold_reach(bleed)) - sheet.footer) // ch)
            g = Grid(cols, rows, rot, cw, ch)
            if best is None or g.per_sheet > best[1].per_sheet:
                best = (sheet, g)
    assert best is not None and best[1].per_sheet > 0
    return best


def fold_pages(items: Sequence[tuple[str, Drawing, Drawing]], paper: str, bleed: float,
               hint: str, part: str, per_sheet: int | None = None) -> list[Page]:
    """Gutter fold: on each sheet the fronts left of the page's centre line and their
    backs right of it, each back the mirror image of its front's place, so folding the
    sheet in half along the centre line (the gutter) puts every back behind its front.

    The geometry is a duplex sheet's two sides laid side by side: a quarter-turned
    front gets its back turned the other way, so both read upright when the card is
    turned over. Front and back butt on the fold (their colour stops there), cards
    butt on their shared cut lines; the dashed fold marks stand above and below the
    gutter, the solid crop marks at every cut line, never at the fold. At most
    ``per_sheet`` cards go on a sheet (all the grid holds by default).
    """
    first = items[0][1]
    sheet, g = fold_grid(paper, first.width, first.height, bleed)
    per = min(per_sheet or g.per_sheet, g.per_sheet)
    pw, _ = sheet.size
    pages: list[Page] = []
    for start in range(0, len(items), per):
        chunk = items[start:start + per]
        rows = -(-len(chunk) // g.cols)
        side_w, gh = g.size(g.cols, rows)
        parts = []
        for i, (pid, front, back) in enumerate(chunk):
            c, r = i % g.cols, i // g.cols
            fx, fy = g.origin(c, r)
            bx = 2 * side_w - fx - g.cell_w       # the mirror image about the gutter
            parts.append(Part.in_cell(front, fx, fy, g.rotate_deg, f"{pid}:front"))
            parts.append(Part.in_cell(back, bx, fy, -g.rotate_deg, f"{pid}:back"))
        cuts_x = sorted({v for c in range(g.cols) for x in (g.origin(c, 0)[0],
                                                             g.origin(c, 0)[0] + g.cell_w)
                         for v in (x, 2 * side_w - x)} - {side_w})
        cuts_y = tuple(g.origin(0, r)[1] for r in range(rows + 1))
        piece = Piece(2 * side_w, gh, bleed, tuple(parts), cuts_x=tuple(cuts_x),
                      cuts_y=cuts_y, folds=((side_w, 0.0, side_w, gh),))
        x = pw / 2 - side_w
        y = sheet.margin + fold_reach(bleed)
        # the upright bar beside the middle of a row tall enough, clear of the crop marks
        vbar = y + (g.cell_h - 50.0) / 2 if g.cell_h >= 52 else None
        pages.append(Page([Placed(piece, x, y)], hint, sheet, vbar, part, 1))
    return pages


T = TypeVar("T")


def mixed(items: Sequence[T], hidden: Callable[[T], bool], per_sheet: int, cols: int
          ) -> list[T]:
    """The items in the order that fills sheets of ``per_sheet`` cells, ``cols`` to a row,
    with the hidden ones (the fewer kind, say Cylon loyalty cards) spread out.

    The arrangement is fixed, so it is public: anyone can look up which cell held a
    Cylon. So it gives a cell's place away as little as it can. Every sheet gets its
    share of hidden items (a sheet printed paler or cut worse tells no more than
    which sheet a card came from), the sheets are filled equally, and on each sheet
    the hidden items sit on alternate cells of a chessboard, spread from the first to
    the last, so no two touch along an edge and none form a block, a row or a column;
    every other sheet turns the pattern round, so the same cell holds a hidden item
    on one sheet and not on the next.
    """
    secret = [it for it in items if hidden(it)]
    plain = [it for it in items if not hidden(it)]
    n, n_secret = len(items), len(secret)
    sheets = max(1, -(-n // per_sheet))
    out: list[T] = []
    for s in range(sheets):
        size = (s + 1) * n // sheets - s * n // sheets
        k = (s + 1) * n_secret // sheets - s * n_secret // sheets
        cells = list(range(size))
        black = [i for i in cells if (i % cols + i // cols) % 2 == 1]
        white = [i for i in cells if i not in black]
        pick = [black[int((j + 0.5) * len(black) / k)] for j in range(min(k, len(black)))] \
            if k else []
        pick += white[:k - len(pick)]
        if s % 2:   # every other sheet the other way round: no cell is always a Cylon's
            pick = [size - 1 - i for i in pick]
        for i in cells:
            out.append(secret.pop(0) if i in pick else plain.pop(0))
    return out


def per_row(sheet: Sheet, piece: Piece) -> int:
    """How many pieces like this one `flow` puts in a row of the sheet."""
    cw = sheet.content[2]
    return max(1, int((cw + GAP + 1e-6) // (piece.outer[0] + GAP)))
