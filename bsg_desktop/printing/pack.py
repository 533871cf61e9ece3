"""The print-and-play pack: the PDFs and README.txt built from the art and the sheet layouts.

`build_pack` returns the files as bytes (nothing touches the disk), so the CLI
can write them all-or-nothing and the tests can compare them with the
checked-in copies. Output is byte-reproducible: reportlab's invariant mode fixes
dates and ids, and every text is measured with the shipped font.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from bsg_desktop import __version__
from bsg_desktop.art import aids as aid_art
from bsg_desktop.art import board as board_art
from bsg_desktop.art import cards as card_art
from bsg_desktop.art import dice as dice_art
from bsg_desktop.art import markers as marker_art
from bsg_desktop.art.emblems import credits
from bsg_desktop.art.fonts import fit, register_fonts, text_width
from bsg_desktop.art.palette import INKS
from bsg_desktop.art.shapes import Drawing, Item, Label, Line, Rect, Style
from bsg_desktop.data.components import Components
from bsg_desktop.i18n import LANGUAGES, tr
from bsg_desktop.printing import guide, rulebook
from bsg_desktop.printing.render import begin_page, draw, draw_items
from bsg_desktop.printing.sheets import (
    CAPTION,
    CROP_GAP,
    CROP_LEN,
    CUT_WIDTH,
    FOLD_ACROSS_COLOUR,
    FOLD_ACROSS_DASH,
    FOLD_DASH,
    FOLD_LEN,
    FOLD_WIDTH,
    FOOTER,
    LARGE_PAPERS,
    PAPERS,
    REG_ARM,
    REG_OFFSET,
    REG_R,
    SIDE,
    Note,
    Page,
    PageBreak,
    Part,
    Piece,
    Placed,
    Sheet,
    duplex_pages,
    duplex_sheet,
    flow,
    fold_grid,
    fold_pages,
    grid_for,
    mixed,
    per_row,
    turned_size,
)
from bsg_desktop.printing.textflow import Block, Heading, Para, layout, plain_text

START_FILE = "BSG_Express_Start.pdf"
BOARD_FILE = "BSG_Express_Gameboard.pdf"
CARDS_FILE = "BSG_Express_Cards.pdf"
DICE_FILE = "BSG_Express_DiceMarkers.pdf"
RULES_FILE = "BSG_Express_Rulebook.pdf"
AIDS_FILE = "BSG_Express_Aids.pdf"
README_FILE = "README.txt"
PDF_FILES = (START_FILE, BOARD_FILE, CARDS_FILE, DICE_FILE, RULES_FILE, AIDS_FILE)
FILES = (*PDF_FILES, README_FILE)
DIE_FACE_RANGE = (8.0, 25.0)
# The least bleed: on every sheet of cards and markers the pieces butt on shared cut
# lines, so a back printed (duplex) or folded (fold) out of register shows its
# neighbour's colour inside the sheet but whatever lies beyond the bleed at the sheet's
# edge. Up to MIN_BLEED mm off, that is still its own colour everywhere; with less, the
# edge cells alone would show paper, and which card sits in an edge cell is public.
MIN_BLEED = 2.0
BLEED_RANGE = (MIN_BLEED, 5.0)
SCALE_BAR = 50.0
LAYOUTS = ("fold", "duplex")
MARK = "#000000"


@dataclass(frozen=True, slots=True)
class PrintOptions:
    """What the crafter chose; validated by `check` before anything is drawn."""

    paper: str = "a4"
    lang: str = "en"
    ink: str = "color"
    die_face: float = 12.7
    bleed: float = 3.0
    layout: str = "fold"      # "fold": front and back side by side; "duplex": grid sheets
    exports: bool = False     # also the print-on-demand PNGs and Tabletop Simulator sheets

    def check(self) -> None:
        """Raise ValueError with a one-line reason for the first bad option."""
        if self.paper not in PAPERS:
            raise ValueError(f"unknown paper {self.paper!r}; expected one of {', '.join(PAPERS)}")
        if self.lang not in LANGUAGES:
            raise ValueError(f"unknown language {self.lang!r}; expected one of "
                             f"{', '.join(LANGUAGES)}")
        if self.ink not in INKS:
            raise ValueError(f"unknown ink {self.ink!r}; expected one of {', '.join(INKS)}")
        lo, hi = DIE_FACE_RANGE
        if not lo <= self.die_face <= hi:
            raise ValueError(f"die face {self.die_face:g} mm is out of range; expected "
                             f"{lo:g} to {hi:g} mm")
        if self.layout not in LAYOUTS:
            raise ValueError(f"unknown layout {self.layout!r}; expected one of "
                             f"{', '.join(LAYOUTS)}")
        lo, hi = BLEED_RANGE
        if 0 <= self.bleed < lo:
            raise ValueError(f"bleed {self.bleed:g} mm is too little: a back printed or folded "
                             f"up to {lo:g} mm out of register would show paper at the "
                             f"sheet's edge cards only, which tells where they lay; use "
                             f"--bleed {lo:g} or more")
        if not lo <= self.bleed <= hi:
            raise ValueError(f"bleed {self.bleed:g} mm is out of range; expected {lo:g} to "
                             f"{hi:g} mm")


# --- pieces -------------------------------------------------------------------------------

def marker_piece(face: Drawing, back: Drawing, bleed: float, tag: str = "") -> Piece:
    """Face left, back right, fold between (a vertical fold keeps the back upright)."""
    s = face.width
    return Piece(2 * s, s, bleed, (Part(face, 0, 0, tag=f"{tag}:front"),
                                   Part(back, s, 0, tag=f"{tag}:back")),
                 cuts_x=(0.0, 2 * s), cuts_y=(0.0, s), folds=((s, 0.0, s, s),))


def strip_piece(faces: Sequence[Drawing], caption: str, bleed: float) -> Piece:
    """Six faces side by side: each face's neighbour is its bleed inside the strip."""
    s = faces[0].width
    parts = tuple(Part(f, i * s, 0) for i, f in enumerate(faces))
    return Piece(s * len(faces), s, bleed, parts,
                 cuts_x=tuple(i * s for i in range(len(faces) + 1)), cuts_y=(0.0, s),
                 caption=caption, bleed_colour=faces[0].background)


def single_piece(d: Drawing, bleed: float, caption: str = "", rotate_deg: float = 0.0
                 ) -> Piece:
    w, h = turned_size(d.width, d.height, rotate_deg)
    return Piece(w, h, bleed, (Part.in_cell(d, 0, 0, rotate_deg),), cuts_x=(0.0, w),
                 cuts_y=(0.0, h), caption=caption)


def board_piece(sections: Sequence[Drawing], bleed: float) -> Piece:
    """Sections joined edge to edge, cut as one (A3/Tabloid)."""
    parts, x = [], 0.0
    for d in sections:
        parts.append(Part(d, x, 0))
        x += d.width
    h = sections[0].height
    return Piece(x, h, bleed, tuple(parts), cuts_x=(0.0, x), cuts_y=(0.0, h))


# --- the three documents ------------------------------------------------------------------

def board_pages(comp: Components, o: PrintOptions) -> tuple[Sheet, list[Page]]:
    secs = board_art.sections(comp, o.lang, o.ink)
    if o.paper in LARGE_PAPERS:
        sheet = Sheet(o.paper, landscape=True)
        return sheet, _parts(flow([board_piece(secs, o.bleed)], sheet, "print.hint.board_one"),
                             "board")
    sheet = Sheet(o.paper)
    items: list[Piece | Note | PageBreak] = []
    for d in secs:
        items += [single_piece(d, o.bleed), PageBreak()]
    return sheet, _parts(flow(items, sheet, "print.hint.board"), "board")


def _is_ship(item: tuple[str, Drawing, Drawing]) -> bool:
    return item[0].startswith("colonial_ship_")


def _parts(pages: list[Page], part: str) -> list[Page]:
    for page in pages:
        page.part = part
    return pages


def card_pages(comp: Components, o: PrintOptions) -> tuple[Sheet, list[Page]]:
    """The character cards and the Admiral first; the loyalty cards on sheets of their
    own, mixed (`sheets.mixed`), so no other card's back lies beside a loyalty back."""
    sheet = Sheet(o.paper)
    cards = card_art.all_cards(comp, o.lang, o.ink)
    cylons = {cy.id for cy in comp.cylons}
    humans = {cid for cid, _, _ in cards if cid.startswith("not_cylon_")}
    others = [c for c in cards if c[0] not in cylons | humans]
    loyalty = [c for c in cards if c[0] in cylons | humans]

    def _is_cylon(item: tuple[str, Drawing, Drawing]) -> bool:
        return item[0] in cylons

    if o.layout == "duplex":
        g = grid_for(duplex_sheet(o.paper), card_art.CARD_W, card_art.CARD_H, o.bleed)
        pages = []
        for group in (others, mixed(loyalty, _is_cylon, g.per_sheet, g.cols)):
            sheets = -(-len(group) // g.per_sheet)
            pages += duplex_pages(group, o.paper, o.bleed, "print.hint.cards_front",
                                  "print.hint.cards_back", "cards",
                                  per_sheet=-(-len(group) // sheets))
        return sheet, pages
    _, g = fold_grid(o.paper, card_art.CARD_W, card_art.CARD_H, o.bleed)
    pages = []
    for group in (others, mixed(loyalty, _is_cylon, g.per_sheet, g.cols)):
        sheets = -(-len(group) // g.per_sheet)
        pages += fold_pages(group, o.paper, o.bleed, "print.hint.cards", "cards",
                            per_sheet=-(-len(group) // sheets))
    return sheet, pages


def dice_pages(comp: Components, o: PrintOptions) -> tuple[Sheet, list[Page]]:
    s, lang, ink = o.die_face, o.lang, o.ink
    items: list[Piece | Note | PageBreak] = []
    for die in comp.skill_dice:
        faces = [dice_art.skill_face(die, v, s, ink) for v in die.faces]
        for n in range(die.count):
            cap = tr(f"print.die.{die.kind}", lang, n=n + 1, total=die.count)
            items.append(strip_piece(faces, cap, o.bleed))
    for n_players in ((3, 5), (4,)):
        dice = [d for d in comp.crisis_dice if d.players == n_players]
        for n, die in enumerate(dice):
            faces = [dice_art.crisis_face(die, f, s, ink) for f in die.faces]
            cap = tr("print.die.crisis", lang, id=die.id,
                     players="/".join(str(p) for p in die.players), n=n + 1, total=len(dice))
            items.append(strip_piece(faces, cap, o.bleed))
    sheet = Sheet(o.paper)
    stickers = _parts(flow(items, sheet, "print.hint.dice"), "stickers")
    markers = marker_art.all_markers(comp, lang, ink)
    dradis = [m for m in markers if m[0].startswith(("raider_", "colonial_ship_"))]
    rest = [m for m in markers if m not in dradis]
    if o.layout == "duplex":
        # a gutter between markers: each back has its own bleed, so a back out of
        # register never shows a neighbour of another deck
        gutter = 2 * o.bleed
        g = grid_for(duplex_sheet(o.paper), marker_art.MARKER, marker_art.MARKER, o.bleed,
                     gutter)
        order = mixed(dradis, _is_ship, len(dradis), g.cols) + rest
        return sheet, stickers + duplex_pages(
            order, o.paper, o.bleed, "print.hint.markers_front", "print.hint.markers_back",
            "markers", gutter)
    pieces = [marker_piece(face, back, o.bleed, mid) for mid, face, back in markers]
    cols = per_row(sheet, pieces[0])
    by_id = {mid: p for (mid, _, _), p in zip(markers, pieces, strict=True)}
    order = mixed(dradis, _is_ship, len(dradis), cols) + rest
    marker_items: list[Piece | Note | PageBreak] = [by_id[mid] for mid, _, _ in order]
    return sheet, stickers + _parts(flow(marker_items, sheet, "print.hint.markers"),
                                    "markers")


def rules_pages(comp: Components, o: PrintOptions) -> tuple[Sheet, list[Page]]:
    sheet = Sheet(o.paper)
    return sheet, _parts(text_pages(sheet, rulebook.rule_blocks(o.lang, comp), "print.hint.rules",
                                    columns=2), "rules")


def screen_piece(screens: Sequence[tuple[Drawing, Drawing]], bleed: float) -> Piece:
    """Dice screens, each its outer layer above (turned 180°) and its inner below, folded
    in half on the long fold, then the two wings folded forward on the panel folds. The
    folds are printed across each screen (`Piece.folds_across`): as stubs in the margin the
    panel folds stood on the same edges as the crop marks, and a screen could be cut
    apart on a fold. Several screens stack on shared cut lines, like the cards: the same
    dark ground meets the same dark ground, and the bleed and marks between them that
    would not fit are saved (two screens on a Letter sheet instead of one)."""
    w, h = screens[0][1].width, screens[0][1].height
    pw = aid_art.SCREEN_PANEL[0]
    parts: list[Part] = []
    folds: list[tuple[float, float, float, float]] = []
    for k, (outer, inner) in enumerate(screens):
        top = 2 * h * k
        parts += [Part(outer, 0, top, 180.0), Part(inner, 0, top + h)]
        folds += [(0.0, top + h, w, top + h), (pw, top, pw, top + 2 * h),
                  (2 * pw, top, 2 * pw, top + 2 * h)]
    return Piece(w, 2 * h * len(screens), bleed, tuple(parts), cuts_x=(0.0, w),
                 cuts_y=tuple(2 * h * k for k in range(len(screens) + 1)),
                 folds=tuple(folds), folds_across=True)


def screen_pieces(screens: Sequence[tuple[Drawing, Drawing]], sheet: Sheet, bleed: float
                  ) -> list[Piece]:
    """The screens stacked as many to a piece as the sheet's height holds."""
    one = screen_piece(screens[:1], bleed)
    n = max(1, int((sheet.content[3] - 2 * one.reach + 1e-6) // one.h))
    return [screen_piece(screens[i:i + n], bleed) for i in range(0, len(screens), n)]


def aids_pages(comp: Components, o: PrintOptions) -> tuple[Sheet, list[Page]]:
    """Player aids (one per player), the five dice screens and the tuck box."""
    sheet = Sheet(o.paper)
    lang, ink = o.lang, o.ink
    front = aid_art.player_aid_front(comp, lang, ink)
    back = aid_art.player_aid_back(comp, lang, ink)
    n = len(comp.characters)
    if o.layout == "duplex":
        pages = duplex_pages([("aid", front, back)] * n, o.paper, o.bleed,
                             "print.hint.cards_front", "print.hint.cards_back", "aids")
    else:
        pages = fold_pages([("aid", front, back)] * n, o.paper, o.bleed, "print.hint.aids",
                           "aids")
    screens: list[Piece | Note | PageBreak] = list(screen_pieces(
        [(aid_art.screen_outer(ch, comp, lang, ink), aid_art.screen_inner(ch, comp, lang, ink))
         for ch in comp.characters], sheet, o.bleed))
    # turned a quarter: the net with its bleed and crop marks is wider than A4's content
    tuck = [single_piece(aid_art.tuck_box(comp, lang, ink, o.bleed), o.bleed, rotate_deg=90.0)]
    return sheet, (pages + _parts(flow(screens, sheet, "print.hint.screens"), "screens")
                   + _parts(flow(tuck, sheet, "print.hint.tuck"), "tuck"))


# --- rendering ----------------------------------------------------------------------------

def footer(sheet: Sheet, lang: str, hint: str, doc_title: str, n: int, total: int,
           vbar_y: float | None = None, content_bottom: float | None = None) -> Drawing:
    """Scale bars, assembly hint and page number: the same on every page of every file.

    Two 50 mm bars, one across and one upright at the right edge, so a printer that
    scales only one direction (or a viewer's "fit" that distorts) is caught too. A
    duplex or gutter-fold sheet's short footer is one line; a hint too long to stand
    beside its bar goes above the bar when the page's pieces end (``content_bottom``,
    mm from the top) high enough to leave room, else it is left to the cover sheet.
    """
    w, h = sheet.size
    m = sheet.margin
    compact = sheet.footer < FOOTER
    y0 = h - m - sheet.footer
    cw = w - 2 * m
    ink = Style(fill="#1a1a1a")
    items: list[Item] = []
    if not compact:
        items.append(Line(m, y0 + 1, w - m, y0 + 1, Style(stroke="#b0b0b0", width=0.2)))
    bar_y = y0 + (2.0 if compact else 3.5)
    for k in range(5):
        items.append(Rect(m + 10 * k, bar_y, 10, 3,
                          Style(fill="#1a1a1a" if k % 2 == 0 else "#ffffff")))
    items.append(Rect(m, bar_y, SCALE_BAR, 3, Style(stroke="#1a1a1a", width=0.2)))
    vx, vy = w - m - 3, (y0 - SCALE_BAR - (1.0 if compact else 0.0)) if vbar_y is None \
        else vbar_y
    for k in range(5):
        items.append(Rect(vx, vy + 10 * k, 3, 10,
                          Style(fill="#1a1a1a" if k % 2 == 0 else "#ffffff")))
    items.append(Rect(vx, vy, 3, SCALE_BAR, Style(stroke="#1a1a1a", width=0.2)))
    items.append(Label(m + SCALE_BAR + 2, bar_y + 2.6, tr("print.scale_bar", lang), 2.6,
                       ink))
    right = f"BSG: Express {__version__} · {doc_title} · " + tr("print.page", lang, n=n,
                                                                 total=total)
    if compact:   # one line: the hint too when it fits beside the bar, else only the page
        room = cw - SCALE_BAR - 2 - text_width(tr("print.scale_bar", lang), 2.6) - 4
        if hint and text_width(f"{hint} · {right}", 2.6) <= room:
            right = f"{hint} · {right}"
        elif hint and content_bottom is not None:
            # the fold sheets' hint ("fold, glue, then cut"): on the sheet itself, above
            # the bar, clear of the upright bar and of the lowest mark
            space, width = bar_y - 1.0 - content_bottom, cw - SIDE - 1.0
            size, lines = fit(hint, 2.6, width, space)
            if (len(lines) * size * 1.2 <= space
                    and all(text_width(ln, size) <= width for ln in lines)):
                top = bar_y - 1.0 - (len(lines) - 1) * size * 1.2   # the first baseline
                for i, line in enumerate(lines):
                    items.append(Label(m, top + i * size * 1.2, line, size, ink))
        size, _ = fit(right, 2.6, room, 3)
        items.append(Label(w - m, bar_y + 2.6, right, size, ink, "end"))
    else:
        items.append(Label(w - m, bar_y + 2.6, right, 2.6, ink, "end"))
        size, lines = fit(hint, 2.8, cw, 3.5)
        if len(lines) > 1:   # too long for one line even at 6 pt: two, above the last
            size, lines = fit(hint, 2.8, cw, 5.2)
        for i, line in enumerate(reversed(lines)):
            items.append(Label(m, h - m - 1.0 - i * size * 1.2, line, size, ink))
    return Drawing(w, h, tuple(items))


def page_boxes(sheet: Sheet, page: Page) -> tuple[tuple[float, float, float, float],
                                                  tuple[float, float, float, float]]:
    """TrimBox and BleedBox of a page, in mm (x0, y0, x1, y1, y down).

    A sheet of pieces trims to the cut boxes of its pieces and bleeds to their bleed
    boxes; a page of text is itself the product, so both are the whole paper.
    """
    w, h = sheet.size
    cuts = [(p.x, p.y, p.x + p.item.w, p.y + p.item.h, p.item.bleed) for p in page.placed
            if isinstance(p.item, Piece)]
    if not cuts:
        return (0.0, 0.0, w, h), (0.0, 0.0, w, h)
    trim = (min(c[0] for c in cuts), min(c[1] for c in cuts), max(c[2] for c in cuts),
            max(c[3] for c in cuts))
    bleed = (max(0.0, min(c[0] - c[4] for c in cuts)), max(0.0, min(c[1] - c[4] for c in cuts)),
             min(w, max(c[2] + c[4] for c in cuts)), min(h, max(c[3] + c[4] for c in cuts)))
    return trim, bleed


def _pdf_box(sheet: Sheet, box: tuple[float, float, float, float]) -> tuple[float, ...]:
    """A y-down mm box as a PDF box in points (y up)."""
    h = sheet.size[1]
    x0, y0, x1, y1 = box
    return tuple(v * mm for v in (x0, h - y1, x1, h - y0))


def _marks(c: Canvas, p: Piece, x: float, y: float) -> None:
    """Crop marks (solid) and fold marks (dashed), both only in the margin outside the
    bleed: nothing is printed on a piece that it does not own. A piece whose folds are
    printed across it (a dice screen) gets them as grey dash-dot lines on the piece
    instead, so no fold mark stands on an edge beside the crop marks."""
    c.setStrokeColor(HexColor(MARK))
    c.setLineWidth(CUT_WIDTH)
    c.setDash()
    near, far = p.bleed + CROP_GAP, p.bleed + CROP_GAP + CROP_LEN
    for cx in p.cuts_x:
        c.line(x + cx, y - far, x + cx, y - near)
        c.line(x + cx, y + p.h + near, x + cx, y + p.h + far)
    for cy in p.cuts_y:
        c.line(x - far, y + cy, x - near, y + cy)
        c.line(x + p.w + near, y + cy, x + p.w + far, y + cy)
    if p.folds and p.folds_across:
        # the whole fold, across the piece: dash-dot and grey, unlike any crop mark
        c.setStrokeColor(HexColor(FOLD_ACROSS_COLOUR))
        c.setLineWidth(FOLD_WIDTH)
        c.setDash(list(FOLD_ACROSS_DASH), 0)
        for x1, y1, x2, y2 in p.folds:
            c.line(x + x1, y + y1, x + x2, y + y2)
        c.setDash()
        c.setStrokeColor(HexColor(MARK))
    elif p.folds:
        # each mark starts with a dash at the piece's end, so it shows FOLD_DASHES dashes
        c.setLineWidth(FOLD_WIDTH)
        c.setDash(list(FOLD_DASH), 0)
        fold_far = near + FOLD_LEN
        for x1, y1, _x2, y2 in p.folds:
            if y1 == y2:   # horizontal fold: a mark left and right of the piece
                c.line(x - near, y + y1, x - fold_far, y + y1)
                c.line(x + p.w + near, y + y1, x + p.w + fold_far, y + y1)
            else:          # vertical fold: a mark above and below
                c.line(x + x1, y - near, x + x1, y - fold_far)
                c.line(x + x1, y + p.h + near, x + x1, y + p.h + fold_far)
        c.setDash()
    if p.registration:
        _registration(c, p, x, y)


def _registration(c: Canvas, p: Piece, x: float, y: float) -> None:
    """A circle and cross off each corner of the grid, outside its bleed: on a duplex
    sheet the front's and the back's meet when the sides are in register."""
    off = p.bleed + REG_OFFSET
    c.setLineWidth(CUT_WIDTH)
    for cx, cy in ((x - off, y - off), (x + p.w + off, y - off), (x - off, y + p.h + off),
                   (x + p.w + off, y + p.h + off)):
        c.circle(cx, cy, REG_R, stroke=1, fill=0)
        c.line(cx - REG_ARM, cy, cx + REG_ARM, cy)
        c.line(cx, cy - REG_ARM, cx, cy + REG_ARM)


def part_bleed(p: Piece, part: Part) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1, in the piece's frame) a part's colour fills.

    The colour runs ``bleed`` mm past every edge of the part that no other part of the
    piece touches, and stops exactly at an edge it shares with another part (a fold, or
    a neighbour butted in a grid), so the front's colour never reaches the back and a
    cell's colour never paints over its neighbour; a cell across a gutter gets its
    bleed all round.
    """
    b = p.bleed
    x0, y0, x1, y1 = part.footprint
    eps = 1e-6
    others = [q.footprint for q in p.parts if q is not part]

    def touches(edge: str) -> bool:
        for q0, r0, q1, r1 in others:
            across = min(x1, q1) - max(x0, q0) > eps     # overlapping in x
            down = min(y1, r1) - max(y0, r0) > eps       # overlapping in y
            if (edge == "left" and down and abs(q1 - x0) < eps) or \
                    (edge == "right" and down and abs(q0 - x1) < eps) or \
                    (edge == "top" and across and abs(r1 - y0) < eps) or \
                    (edge == "bottom" and across and abs(r0 - y1) < eps):
                return True
        return False

    return (x0 if touches("left") else x0 - b, y0 if touches("top") else y0 - b,
            x1 if touches("right") else x1 + b, y1 if touches("bottom") else y1 + b)


def _piece(c: Canvas, p: Piece, x: float, y: float) -> None:
    b = p.bleed
    if b > 0:
        if p.bleed_colour:
            c.setFillColor(HexColor(p.bleed_colour))
            c.rect(x - b, y - b, p.w + 2 * b, p.h + 2 * b, stroke=0, fill=1)
        else:
            for part in p.parts:
                if part.drawing.background:
                    c.setFillColor(HexColor(part.drawing.background))
                    x0, y0, x1, y1 = part_bleed(p, part)
                    c.rect(x + x0, y + y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    for part in p.parts:
        draw(c, part.drawing, x + part.dx, y + part.dy, part.rotate_deg)
    if p.caption:
        size, _ = fit(p.caption, 2.8, p.w + 2 * p.reach, CAPTION, bold=True)
        draw_items(c, (Label(x - p.reach, y - p.reach - 1.0, p.caption, size,
                             Style(fill="#1a1a1a"), "start", True),))
    _marks(c, p, x, y)


def render(sheet: Sheet, pages: list[Page], lang: str, title_key: str) -> bytes:
    """Paint pages to PDF bytes (invariant mode: the same input gives the same bytes)."""
    regular, _ = register_fonts()
    buf = io.BytesIO()
    w, h = sheet.size
    # initialFontName: otherwise every page references a non-embedded Helvetica
    c = Canvas(buf, pagesize=(w * mm, h * mm), invariant=1, pageCompression=1,
               initialFontName=regular, initialFontSize=3)
    title = tr(title_key, lang)
    c.setTitle(f"BSG: Express — {title}")
    c.setAuthor("BSG: Express Desktop")
    c.setCreator(f"bsg-express print {__version__}")
    c.setSubject(tr("print.reconstructed", lang))
    c.setViewerPreference("PrintScaling", "/None")
    for n, page in enumerate(pages, start=1):
        psheet = page.sheet or sheet
        pw, ph = psheet.size     # a gutter-fold sheet may lie landscape in a portrait file
        c.setPageSize((pw * mm, ph * mm))
        trim, bleed = page_boxes(psheet, page)
        c.setTrimBox(_pdf_box(psheet, trim))
        c.setBleedBox(_pdf_box(psheet, bleed))
        begin_page(c, ph)
        for placed in page.placed:
            if isinstance(placed.item, Drawing):
                draw(c, placed.item, placed.x, placed.y)
            elif isinstance(placed.item, Note):
                size, _ = fit(placed.item.text, 2.8, psheet.content[2], CAPTION)
                draw_items(c, (Label(placed.x, placed.y, placed.item.text, size,
                                     Style(fill="#1a1a1a")),))
            else:
                _piece(c, placed.item, placed.x, placed.y)
        f = footer(psheet, lang, tr(page.hint_key, lang), title, n, len(pages), page.vbar_y,
                   _content_bottom(page))
        draw_items(c, f.items)
        c.showPage()
    c.save()
    return buf.getvalue()


def _content_bottom(page: Page) -> float:
    """How far down the page its pieces, their marks and its drawings reach (mm)."""
    bottom = 0.0
    for pl in page.placed:
        if isinstance(pl.item, Piece):
            bottom = max(bottom, pl.y + pl.item.h + pl.item.reach)
        elif isinstance(pl.item, Drawing):
            bottom = max(bottom, pl.y + pl.item.height)
        else:
            bottom = max(bottom, pl.y + 1.0)
    return bottom


def text_pages(sheet: Sheet, blocks: list[Block], hint_key: str, columns: int = 1
               ) -> list[Page]:
    """Running text flowed over as many pages as it needs (cover, calibration, rules)."""
    cx, cy, cw, ch = sheet.content
    out = []
    for items in layout(blocks, cw, ch, columns):
        out.append(Page([Placed(Drawing(cw, ch, tuple(items)), cx, cy)], hint_key))
    return out


def _runs(pages: list[Page]) -> list[tuple[str, int, int, int]]:
    """(part, sides, first, last) for each run of pages holding the same part printed the
    same way, page numbers from 1: the paper list is read off the pages themselves."""
    out: list[tuple[str, int, int, int]] = []
    for n, page in enumerate(pages, start=1):
        if out and out[-1][:2] == (page.part, page.sides) and out[-1][3] == n - 1:
            part, sides, first, _ = out[-1]
            out[-1] = (part, sides, first, n)
        else:
            out.append((page.part, page.sides, n, n))
    return out


def _paper_name(paper: str) -> str:
    return "US Letter" if paper == "letter" else paper.capitalize() if paper == "tabloid" \
        else paper.upper()


def _files(o: PrintOptions, built: dict[str, list[Page]], n_start: int
           ) -> list[tuple[str, list[guide.FilePages]]]:
    """Each file's runs of pages and the paper they go on, for the cover and README.txt."""

    def paper(part: str, sides: int) -> str:
        if part == "stickers":
            return "sticker"
        if part == "rules":
            return "plain_duplex"
        return "card_duplex" if sides == 2 else "card_single"

    out = [(START_FILE, [guide.FilePages("start", 1, n_start, "plain")])]
    for name in (BOARD_FILE, CARDS_FILE, DICE_FILE, RULES_FILE, AIDS_FILE):
        out.append((name, [guide.FilePages(part, first, last, paper(part, sides))
                           for part, sides, first, last in _runs(built[name])]))
    return out


def start_pages(comp: Components, o: PrintOptions, built: dict[str, list[Page]]
                ) -> tuple[Sheet, list[Page]]:
    """The cover (checklist, papers, what to buy, order of work) and the calibration page,
    on plain paper, printed first."""
    sheet = Sheet(o.paper)
    cal = text_pages(sheet, guide.calibration_blocks(comp, o.lang, o.ink, o.die_face),
                     "print.hint.calibration")
    blocks = guide.cover_blocks(comp, o.lang, o.ink, o.die_face, o.layout,
                                _paper_name(o.paper), _files(o, built, 1 + len(cal)),
                                o.exports)
    cover = text_pages(sheet, blocks, "print.hint.start", columns=2)
    if len(cover) != 1:   # the page ranges above assume it; a test holds every paper to it
        raise AssertionError(f"the cover runs to {len(cover)} pages on {o.paper} ({o.lang})")
    return sheet, cover + cal


def readme(comp: Components, o: PrintOptions, built: dict[str, list[Page]],
           n_start: int) -> bytes:
    """README.txt: the cover and the calibration page, word for word, as plain text."""
    blocks = guide.cover_blocks(comp, o.lang, o.ink, o.die_face, o.layout,
                                _paper_name(o.paper), _files(o, built, n_start), o.exports)
    blocks += guide.calibration_blocks(comp, o.lang, o.ink, o.die_face)
    # the credit the emblems' licence (CC BY 3.0) asks for, with their authors
    blocks += [Heading(tr("print.guide.credits", o.lang), 1),
               Para(tr("print.guide.credits_text", o.lang, authors=", ".join(credits()))),
               Para("https://game-icons.net"),
               Para("https://creativecommons.org/licenses/by/3.0/")]
    return plain_text(blocks).encode("utf-8")


def pack_steps(o: PrintOptions) -> int:
    """How many times build_pack calls ``advance``: the cover, each document, the README,
    and the exports as one step (for the command's progress bar)."""
    return 7 + (1 if o.exports else 0)


def build_pack(comp: Components, o: PrintOptions,
               advance: Callable[[int], None] | None = None) -> dict[str, bytes]:
    """Every file of the pack, by file name, the cover sheet first.

    ``advance(1)`` is called as each step of pack_steps(o) is done, so a long pack
    (exports take seconds) can show its progress.
    """
    step = advance or (lambda n: None)
    o.check()
    docs = {
        BOARD_FILE: (board_pages(comp, o), "print.doc.board"),
        CARDS_FILE: (card_pages(comp, o), "print.doc.cards"),
        DICE_FILE: (dice_pages(comp, o), "print.doc.dice"),
        RULES_FILE: (rules_pages(comp, o), "print.doc.rules"),
        AIDS_FILE: (aids_pages(comp, o), "print.doc.aids"),
    }
    built = {name: pages for name, ((_, pages), _) in docs.items()}
    sheet, start = start_pages(comp, o, built)
    out = {START_FILE: render(sheet, start, o.lang, "print.doc.start")}
    step(1)
    for name, ((sheet, pages), title) in docs.items():
        out[name] = render(sheet, pages, o.lang, title)
        step(1)
    out[README_FILE] = readme(comp, o, built, len(start))
    step(1)
    if o.exports:
        from bsg_desktop.printing.exports import exports
        out.update(exports(comp, o.lang, o.ink))
        step(1)
    return out


def checked_in_packs() -> dict[str, PrintOptions]:
    """The ready-to-print packs checked in under print/, by folder: one for each language
    on each paper its catalogue's ``print.papers`` names (tests keep them in step)."""
    return {f"{paper}-{lang}": PrintOptions(paper=paper, lang=lang)
            for lang in LANGUAGES for paper in tr("print.papers", lang).split()}


CHECKED_IN: dict[str, PrintOptions] = checked_in_packs()
