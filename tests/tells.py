"""What a careful player sees of a hidden piece's back: shared by the tell tests and
benchmarks/tells.py.

A printed sheet is never in register: a duplex back lands a little off its front,
and a fold-over back is folded a little off its line. Either way the back that ends
up inside the cut is the back's own box on the page shifted by (dx, dy). `case`
renders every sheet holding a hidden-type piece, cuts each piece's back under each
shift of `SHIFTS`, and groups the backs of each deck that look alike. One group per
deck per shift means nothing on the backs tells the pieces apart.

Anti-aliasing depends on where an edge falls inside a pixel, which differs from cell
to cell, so pixels are compared after a 3 × 3 px blur, with ±1 px of play and
`TOLERANCE` levels of colour: a hairline drawn across one pixel or two then looks
the same, while a sliver of another colour 0.5 mm wide (2 px at `PX_PER_MM`) stands
out.

A sheet is never quite square either: a duplex back printed 0.3–0.5° turned, or a fold
a little crooked, moves each back by an amount that depends on where it lies on the
sheet (up to 2.3 mm on A3). `case` models it by turning the sheet's image about its
centre by each of `ROTATIONS`. Then every back's motif moves a little, differently
per cell, so what a player can hold against the cut is its edge: under a rotation the
backs are compared in the band `EDGE_BAND` mm wide inside the cut.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache

import numpy as np
import pypdfium2 as pdfium

from bsg_desktop.art.shapes import Drawing
from bsg_desktop.data.components import Components, load_components
from bsg_desktop.printing.pack import PrintOptions, card_pages, dice_pages, render
from bsg_desktop.printing.render import begin_page, draw
from bsg_desktop.printing.sheets import Page, Piece

PX_PER_MM = 4                      # 101.6 dpi: modest, and a 0.5 mm shift is 2 px
TOLERANCE = 48                     # of 255, per channel, after the blur and the ±1 px play
PT = 72 / 25.4
SHIFTS: tuple[tuple[float, float], ...] = tuple(
    s for d in (-2.0, -1.5, -1.0, -0.5, 0.5, 1.0, 1.5, 2.0)
    for s in ((d, 0.0), (0.0, d), (d, d)))
# deck -> the id prefixes of the pieces that share its back
DECKS: dict[str, tuple[str, ...]] = {
    "loyalty": ("not_cylon_", "cylon_"),
    "dradis": ("raider_", "colonial_ship_"),
    "demoralized": ("demoralized_",),
    "damage": ("damage_",),
}
ROTATIONS: tuple[float, ...] = (0.0, -0.5, -0.3, 0.3, 0.5)   # degrees, about the sheet centre
EDGE_BAND = 3.0                    # mm inside the cut compared under a rotation
LAYOUTS = ("fold", "duplex")
INKS = ("color", "low")
PAPERS = ("a4", "letter", "a3")
COMP: Components = load_components()


def deck_of(piece_id: str) -> str | None:
    for deck, prefixes in DECKS.items():
        if piece_id.startswith(prefixes):
            return deck
    return None


@dataclass(frozen=True, slots=True)
class Back:
    piece_id: str
    deck: str
    doc: str                                   # "cards" or "dice"
    page: int                                  # 0-based page of that document
    box: tuple[float, float, float, float]     # x0, y0, x1, y1 on the page, mm


def hidden_backs(pages: list[Page], doc: str) -> list[Back]:
    """Where each hidden-type piece's back lies on its page."""
    out = []
    for n, page in enumerate(pages):
        for placed in page.placed:
            if not isinstance(placed.item, Piece):
                continue
            for part in placed.item.parts:
                pid, _, side = part.tag.rpartition(":")
                deck = deck_of(pid)
                if side != "back" or deck is None:
                    continue
                x0, y0, x1, y1 = part.footprint
                out.append(Back(pid, deck, doc, n, (placed.x + x0, placed.y + y0,
                                                     placed.x + x1, placed.y + y1)))
    return out


def render_pages(pdf: bytes, numbers: set[int]) -> dict[int, np.ndarray]:
    doc = pdfium.PdfDocument(pdf)
    out = {n: np.asarray(doc[n].render(scale=PX_PER_MM / PT).to_pil().convert("RGB"),
                         dtype=np.int16) for n in sorted(numbers)}
    doc.close()
    return out


def cut(img: np.ndarray, box: tuple[float, float, float, float], dx: float, dy: float
        ) -> np.ndarray:
    """The back's box shifted by (dx, dy) mm, with two pixels of margin all round for the
    blur and the ±1 px play of `View`."""
    x0, y0, x1, y1 = box
    w, h = round((x1 - x0) * PX_PER_MM), round((y1 - y0) * PX_PER_MM)
    px, py = round((x0 + dx) * PX_PER_MM) - 2, round((y0 + dy) * PX_PER_MM) - 2
    return img[py:py + h + 4, px:px + w + 4]


@cache
def _turned(layout: str, ink: str, paper: str, lang: str, doc: str, page: int, rot: float
            ) -> np.ndarray:
    """A page image turned by ``rot`` degrees about its centre (the paper's colour, white,
    fills the corners)."""
    from PIL import Image

    img = _docs(layout, ink, paper, lang)[1][(doc, page)]
    if not rot:
        return img
    turned = Image.fromarray(img.astype(np.uint8)).rotate(
        rot, resample=Image.Resampling.BICUBIC, fillcolor=(255, 255, 255))
    return np.asarray(turned, dtype=np.int16)


def edge_band(cut_img: np.ndarray) -> np.ndarray:
    """The cut with everything further than `EDGE_BAND` inside its edge painted black,
    so two cuts compare by their edges only (the 2 px margin of `cut` is kept)."""
    out = cut_img.copy()
    k = round(EDGE_BAND * PX_PER_MM) + 2
    if out.shape[0] > 2 * k and out.shape[1] > 2 * k:
        out[k:-k, k:-k] = 0
    return out


def _blur(img: np.ndarray) -> np.ndarray:
    """3 × 3 box blur; the result is one pixel smaller on every side."""
    h, w = img.shape[0] - 2, img.shape[1] - 2
    return sum(img[oy:oy + h, ox:ox + w] for oy in range(3) for ox in range(3)) // 9


@dataclass(frozen=True, slots=True)
class View:
    """A cut back and, per channel, the darkest and lightest value within 1 px of each
    of its pixels: the envelope another back must stay inside to look alike."""

    inner: np.ndarray
    lo: np.ndarray
    hi: np.ndarray

    @staticmethod
    def of(cut_img: np.ndarray) -> View:
        img = _blur(cut_img)
        h, w = img.shape[0] - 2, img.shape[1] - 2
        shifted = [img[oy:oy + h, ox:ox + w] for oy in range(3) for ox in range(3)]
        return View(img[1:-1, 1:-1], np.minimum.reduce(shifted), np.maximum.reduce(shifted))

    def inside(self, other: View) -> bool:
        return bool((self.inner >= other.lo - TOLERANCE).all()
                    and (self.inner <= other.hi + TOLERANCE).all())


def alike(a: View, b: View) -> bool:
    return a.inner.shape == b.inner.shape and a.inside(b) and b.inside(a)


def group(views: list[tuple[str, View]]) -> list[list[str]]:
    """Piece ids gathered by look-alike backs (each view joins the first group whose
    first member it looks like)."""
    groups: list[tuple[View, list[str]]] = []
    for pid, view in views:
        for rep, members in groups:
            if alike(rep, view):
                members.append(pid)
                break
        else:
            groups.append((view, [pid]))
    return [members for _, members in groups]


@cache
def _docs(layout: str, ink: str, paper: str, lang: str
          ) -> tuple[list[Back], dict[tuple[str, int], np.ndarray]]:
    o = PrintOptions(paper=paper, lang=lang, ink=ink, layout=layout)
    backs: list[Back] = []
    images: dict[tuple[str, int], np.ndarray] = {}
    for doc, pages_of, title in (("cards", card_pages, "print.doc.cards"),
                                 ("dice", dice_pages, "print.doc.dice")):
        sheet, pages = pages_of(COMP, o)
        found = hidden_backs(pages, doc)
        numbers = {b.page for b in found}
        for n, img in render_pages(render(sheet, pages, lang, title), numbers).items():
            images[(doc, n)] = img
        backs += found
    return backs, images


def case(layout: str, ink: str, paper: str, lang: str = "en",
         shifts: tuple[tuple[float, float], ...] = SHIFTS,
         rotations: tuple[float, ...] = (0.0,),
         ) -> dict[tuple[float, float, float], dict[str, list[list[str]]]]:
    """For each shift (dx, dy mm) and rotation (degrees), each deck's look-alike groups
    of piece ids, keyed (dx, dy, rotation)."""
    backs, _ = _docs(layout, ink, paper, lang)
    out: dict[tuple[float, float, float], dict[str, list[list[str]]]] = {}
    for rot in rotations:
        for dx, dy in shifts:
            by_deck: dict[str, list[tuple[str, View]]] = {}
            for b in backs:
                img = cut(_turned(layout, ink, paper, lang, b.doc, b.page, rot), b.box, dx, dy)
                by_deck.setdefault(b.deck, []).append(
                    (b.piece_id, View.of(edge_band(img) if rot else img)))
            out[(dx, dy, rot)] = {deck: group(views) for deck, views in by_deck.items()}
    return out


# --- show-through ---------------------------------------------------------------------------

SHOW_CELL = 1.0        # mm: paper scatters light, so show-through blurs finer detail away
SHOW_INK = 0.03        # a cell whose mean ink coverage is above this shows through


def ink_mask(d: Drawing) -> np.ndarray:
    """The 1 mm cells of a drawing that carry ink, as seen through a white back."""
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from bsg_desktop.art.fonts import register_fonts

    regular, _ = register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(d.width * mm, d.height * mm), initialFontName=regular,
               initialFontSize=3)
    begin_page(c, d.height)
    draw(c, d, 0, 0)
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    grey = np.asarray(doc[0].render(scale=PX_PER_MM / PT).to_pil().convert("L"),
                      dtype=np.float64)
    doc.close()
    k = round(SHOW_CELL * PX_PER_MM)
    h, w = (grey.shape[0] // k) * k, (grey.shape[1] // k) * k
    cover = 1.0 - grey[:h, :w] / 255.0
    cells = cover.reshape(h // k, k, w // k, k).mean(axis=(1, 3))
    return cells > SHOW_INK


def show_through(fronts: list[tuple[str, Drawing]]) -> list[tuple[str, float]]:
    """Each front's share of cells whose ink differs from the first front's."""
    masks = [(pid, ink_mask(d)) for pid, d in fronts]
    first = masks[0][1]
    return [(pid, float((m != first).mean())) for pid, m in masks]
