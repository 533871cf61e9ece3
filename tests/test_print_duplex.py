"""Duplex layout (issue 19): fronts and mirrored backs on facing pages, measured with
pdfplumber. After a long-edge flip a point at x on the front lies at (paper width − x)
on the back, so every back must sit there, within 0.2 mm, and so must every
registration target."""

from __future__ import annotations

import io
from functools import cache

import pdfplumber
import pytest
from pypdf import PdfReader

from bsg_desktop.art.cards import CARD_H, CARD_W
from bsg_desktop.art.markers import MARKER
from bsg_desktop.data.components import load_components
from bsg_desktop.printing.pack import (
    CARDS_FILE,
    DICE_FILE,
    PrintOptions,
    build_pack,
    card_pages,
    dice_pages,
    part_bleed,
)
from bsg_desktop.printing.sheets import CUT_WIDTH, DUPLEX_MARGIN, PAPERS, REG_ARM, REG_R

COMP = load_components()
MM = 72 / 25.4
TOL = 0.2


@cache
def pack(paper: str, lang: str = "en") -> dict[str, bytes]:
    return build_pack(COMP, PrintOptions(paper=paper, lang=lang, layout="duplex"))


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def _targets(page: pdfplumber.page.Page) -> list[tuple[float, float]]:
    """Centres (mm) of the registration targets on a page: a circle with a cross of
    `REG_ARM` through its centre (a circle alone may be part of a marker's icon)."""
    arms = [((ln["x0"] + ln["x1"]) / 2 / MM, (ln["top"] + ln["bottom"]) / 2 / MM)
            for ln in page.lines
            if abs(max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) / MM - 2 * REG_ARM) < 0.1]
    out = []
    for c in page.curves:
        w, h = (c["x1"] - c["x0"]) / MM, (c["bottom"] - c["top"]) / MM
        cx, cy = (c["x0"] + c["x1"]) / 2 / MM, (c["top"] + c["bottom"]) / 2 / MM
        crossed = sum(abs(ax - cx) < 0.1 and abs(ay - cy) < 0.1 for ax, ay in arms) == 2
        if abs(w - 2 * REG_R) < 0.1 and abs(h - 2 * REG_R) < 0.1 and crossed \
                and abs(c["linewidth"] / MM - CUT_WIDTH) < 0.01:
            out.append((cx, cy))
    return sorted(out)


def _cells(page: pdfplumber.page.Page, w: float, h: float) -> list[tuple[float, float]]:
    """Top-left corners (mm) of the filled rectangles of one cell's size, either way up."""
    out = set()
    for r in page.rects:
        rw, rh = r["width"] / MM, r["height"] / MM
        if (abs(rw - w) <= TOL and abs(rh - h) <= TOL) or (abs(rw - h) <= TOL
                                                           and abs(rh - w) <= TOL):
            out.add((round(r["x0"] / MM, 2), round(r["top"] / MM, 2),
                     round(r["x1"] / MM, 2), round(r["bottom"] / MM, 2)))
    return sorted(out)


def _mirrored(box: tuple[float, float, float, float], paper_w: float
              ) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return (paper_w - x1, y0, paper_w - x0, y1)


def _close(a: list, b: list) -> bool:
    return len(a) == len(b) and all(abs(p - q) <= TOL for s, t in zip(a, b, strict=True)
                                    for p, q in zip(s, t, strict=True))


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_duplex_backs_and_registration_marks_meet_their_fronts_when_mirrored(
        paper: str) -> None:
    pw = PAPERS[paper][0]
    for name, (w, h) in ((CARDS_FILE, (CARD_W, CARD_H)), (DICE_FILE, (MARKER, MARKER))):
        with pdfplumber.open(io.BytesIO(pack(paper)[name])) as pdf:
            pages = [p for p in pdf.pages if _targets(p)]
            assert pages and len(pages) % 2 == 0, name
            for front, back in zip(pages[::2], pages[1::2], strict=True):
                ft, bt = _targets(front), _targets(back)
                assert len(ft) == 4
                assert _close(ft, sorted((pw - x, y) for x, y in bt)), (name, ft, bt)
                fc, bc = _cells(front, w, h), _cells(back, w, h)
                assert fc and _close(fc, sorted(_mirrored(c, pw) for c in bc)), name
                for o in front.chars + front.rects + back.chars + back.rects:
                    assert o["x0"] / MM >= DUPLEX_MARGIN - TOL
                    assert o["x1"] / MM <= pw - DUPLEX_MARGIN + TOL


def test_duplex_loyalty_cards_have_sheets_of_their_own_and_each_back_is_behind_its_front(
        ) -> None:
    o = PrintOptions(paper="a4", layout="duplex")
    _, pages = card_pages(COMP, o)
    assert len(pages) == 6     # characters and Admiral: one sheet; 12 loyalty cards: two
    assert len(reader(pack("a4")[CARDS_FILE]).pages) == 6
    pw = PAPERS["a4"][0]
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        (fp,), (bp,) = front.placed, back.placed
        ids = {part.tag.split(":")[0] for part in fp.item.parts}
        loyalty = {i for i in ids if i.startswith(("not_cylon_", "cylon_"))}
        assert loyalty in (set(), ids)          # never a loyalty card beside another card
        backs = {part.tag.split(":")[0]: part.footprint for part in bp.item.parts}
        for part in fp.item.parts:
            x0, y0, x1, y1 = part.footprint
            bx0, by0, bx1, by1 = backs[part.tag.split(":")[0]]
            # the back at the mirror image of its front, within 0.2 mm
            assert abs((pw - (fp.x + x1)) - (bp.x + bx0)) <= TOL and abs(y0 - by0) <= TOL
        assert fp.item.bleed == o.bleed == 3.0  # the bleed asked for, not a cap


def test_duplex_markers_have_gutters_each_back_its_own_bleed_and_rows_mixed() -> None:
    with pdfplumber.open(io.BytesIO(pack("a4")[DICE_FILE])) as pdf:
        marker_pages = [p for p in pdf.pages if _targets(p)]
        assert len(marker_pages) == 2
        assert len(_cells(marker_pages[0], MARKER, MARKER)) == 14 + 5 + 6 + 2
    _, pages = dice_pages(COMP, PrintOptions(paper="a4", layout="duplex"))
    (placed,) = pages[-1].placed
    p = placed.item
    boxes = [part.footprint for part in p.parts]
    for part in p.parts:
        x0, y0, x1, y1 = part_bleed(p, part)
        fx0, fy0, fx1, fy1 = part.footprint
        assert (fx0 - x0, fy0 - y0, x1 - fx1, y1 - fy1) == pytest.approx((3.0,) * 4)
    gaps = sorted({round(b[0] - a[2], 3) for a in boxes for b in boxes if b[1] == a[1]
                   and b[0] > a[2]})
    assert gaps[0] == pytest.approx(6.0)     # two bleeds between neighbours
    rows: dict[float, set[str]] = {}
    for part in p.parts:
        kind = part.tag.split(":")[0].rstrip("0123456789")
        rows.setdefault(round(part.footprint[1], 2), set()).add(kind)
    assert any({"raider_", "colonial_ship_"} <= kinds for kinds in rows.values())
