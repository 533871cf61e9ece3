"""Duplex layout (issue 19): fronts and mirrored backs on facing pages, measured with
pdfplumber. After a long-edge flip a point at x on the front lies at (paper width − x)
on the back, so every back must sit there, within 0.2 mm, and so must every
registration target."""

from __future__ import annotations

import io
from functools import cache

import pdfplumber
import pytest

from bsg_desktop.art.cards import CARD_H, CARD_W
from bsg_desktop.art.markers import MARKER
from bsg_desktop.data.components import load_components
from bsg_desktop.printing.pack import CARDS_FILE, DICE_FILE, PrintOptions, build_pack
from bsg_desktop.printing.sheets import CUT_WIDTH, DUPLEX_MARGIN, PAPERS, REG_R

COMP = load_components()
MM = 72 / 25.4
TOL = 0.2


@cache
def pack(paper: str, lang: str = "en") -> dict[str, bytes]:
    return build_pack(COMP, PrintOptions(paper=paper, lang=lang, layout="duplex"))


def _targets(page: pdfplumber.page.Page) -> list[tuple[float, float]]:
    """Centres (mm) of the registration circles on a page."""
    out = []
    for c in page.curves:
        w, h = (c["x1"] - c["x0"]) / MM, (c["bottom"] - c["top"]) / MM
        if abs(w - 2 * REG_R) < 0.1 and abs(h - 2 * REG_R) < 0.1 \
                and abs(c["linewidth"] / MM - CUT_WIDTH) < 0.01:
            out.append(((c["x0"] + c["x1"]) / 2 / MM, (c["top"] + c["bottom"]) / 2 / MM))
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


def test_duplex_fits_nine_cards_on_a4_and_each_back_is_behind_its_own_front() -> None:
    with pdfplumber.open(io.BytesIO(pack("a4")[CARDS_FILE])) as pdf:
        assert len(pdf.pages) == 4                        # 18 cards: two sheets, two sides
        front, back = pdf.pages[0], pdf.pages[1]
        cells = _cells(front, CARD_W, CARD_H)
        assert len(cells) == 9
        for ch in COMP.characters:
            # the card whose front names the character ...
            box = next(c for c in cells if ch.name.en.split()[-1] in
                       front.within_bbox(tuple(v * MM for v in c)).extract_text())
            # ... has, at the mirrored spot on the back, that character's brig side
            mx0, y0, mx1, y1 = _mirrored(box, PAPERS["a4"][0])
            text = back.within_bbox((mx0 * MM, y0 * MM, mx1 * MM, y1 * MM)).extract_text()
            assert "IN THE BRIG" in text and ch.name.en.split()[-1] in text, (ch.id, text)


def test_duplex_markers_all_fit_one_sheet_and_letter_turns_cards_to_fit_eight() -> None:
    with pdfplumber.open(io.BytesIO(pack("a4")[DICE_FILE])) as pdf:
        marker_pages = [p for p in pdf.pages if _targets(p)]
        assert len(marker_pages) == 2
        assert len(_cells(marker_pages[0], MARKER, MARKER)) == 14 + 5 + 6 + 2
    with pdfplumber.open(io.BytesIO(pack("letter")[CARDS_FILE])) as pdf:
        cells = _cells(pdf.pages[0], CARD_W, CARD_H)
        assert len(cells) == 8
        assert all(abs((x1 - x0) - CARD_H) <= TOL for x0, _, x1, _ in cells)  # turned
