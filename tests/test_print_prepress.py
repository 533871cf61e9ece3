"""Prepress checks of the second edition of the pack (issue 19): legible text, PDF boxes,
the cover sheet and README.txt, reminders beside the board's slots."""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from functools import cache

import pdfplumber
import pypdf
import pytest

from bsg_desktop.art import aids, board, cards, dice, markers
from bsg_desktop.art.fonts import text_width
from bsg_desktop.art.shapes import Circle, Drawing, Group, Item, Label, Polygon, Rect
from bsg_desktop.data.components import load_components
from bsg_desktop.printing.pack import (
    PDF_FILES,
    README_FILE,
    START_FILE,
    PrintOptions,
    build_pack,
)

COMP = load_components()
MM = 72 / 25.4
MIN_PT = 6.0


@cache
def pack(paper: str = "a4", lang: str = "en", ink: str = "color", die_face: float = 12.7
         ) -> dict[str, bytes]:
    return build_pack(COMP, PrintOptions(paper, lang, ink, die_face))


# --- no text under 6 pt --------------------------------------------------------------------

@pytest.mark.parametrize("lang, ink, die_face", [("en", "color", 12.7), ("hu", "low", 8.0)])
def test_no_printed_text_is_smaller_than_6_pt(lang: str, ink: str, die_face: float) -> None:
    files = pack("a4", lang, ink, die_face)
    for name in PDF_FILES:
        with pdfplumber.open(io.BytesIO(files[name])) as pdf:
            for n, page in enumerate(pdf.pages, start=1):
                # turned text: pdfminer's size is then the advance, the em is the bbox width
                small = {(c["text"], round(c["size"], 2)) for c in page.chars
                         if (c["size"] if c["upright"] else c["x1"] - c["x0"]) < MIN_PT - 0.01}
                assert not small, (name, n, sorted(small)[:5])


# --- contrast of every text against what is painted under it -------------------------------

def _flat(items: tuple[Item, ...]) -> Iterator[tuple[Item, list[Group]]]:
    """Items with the chain of groups (innermost last) that places them."""
    def go(its: tuple[Item, ...], chain: list[Group]) -> Iterator[tuple[Item, list[Group]]]:
        for it in its:
            if isinstance(it, Group):
                yield from go(it.items, [*chain, it])
            else:
                yield it, chain
    yield from go(items, [])


def _to_page(p: tuple[float, float], chain: list[Group]) -> tuple[float, float]:
    for g in reversed(chain):
        p = g.map(p)
    return p


def _scale(chain: list[Group]) -> float:
    return math.prod(g.scale for g in chain)


def _inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = pt
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _covers(shape: Item, chain: list[Group], pt: tuple[float, float]) -> bool:
    if isinstance(shape, Rect):
        corners = [(shape.x, shape.y), (shape.x + shape.w, shape.y),
                   (shape.x + shape.w, shape.y + shape.h), (shape.x, shape.y + shape.h)]
        return _inside(pt, [_to_page(c, chain) for c in corners])
    if isinstance(shape, Circle):
        return math.dist(_to_page((shape.cx, shape.cy), chain), pt) <= shape.r * _scale(chain)
    if isinstance(shape, Polygon):
        return _inside(pt, [_to_page(c, chain) for c in shape.points])
    return False


def _luminance(hex_colour: str) -> float:
    def chan(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * chan(r) + 0.7152 * chan(g) + 0.0722 * chan(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def low_contrast_texts(d: Drawing) -> list[tuple[str, str, str, float]]:
    """Every label whose colour has less than 4.5:1 against the topmost fill below it."""
    flat = list(_flat(d.items))
    out = []
    for i, (it, chain) in enumerate(flat):
        if not isinstance(it, Label) or not it.text.strip() or not it.style.fill:
            continue
        w = text_width(it.text, it.size_mm, it.bold)
        x = {"start": it.x + w / 2, "middle": it.x, "end": it.x - w / 2}[it.anchor]
        probe = _to_page((x, it.y - 0.35 * it.size_mm), chain)
        under = d.background or "#ffffff"
        for shape, sc in reversed(flat[:i]):
            fill = getattr(getattr(shape, "style", None), "fill", None)
            if fill and not isinstance(shape, Label) and _covers(shape, sc, probe):
                under = fill
                break
        ratio = contrast(it.style.fill, under)
        if ratio < 4.5:
            out.append((it.text, it.style.fill, under, round(ratio, 2)))
    return out


def _every_drawing(lang: str, ink: str) -> Iterator[Drawing]:
    yield from board.sections(COMP, lang, ink)
    for _, front, back in cards.all_cards(COMP, lang, ink):
        yield from (front, back)
    for _, face, back in markers.all_markers(COMP, lang, ink):
        yield from (face, back)
    for die in COMP.skill_dice:
        for v in die.faces:
            yield dice.skill_face(die, v, 12.7, ink)
    for cd in COMP.crisis_dice:
        for f in cd.faces:
            yield dice.crisis_face(cd, f, 12.7, ink)


@pytest.mark.parametrize("ink", ["color", "low"])
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_text_has_a_contrast_of_at_least_4_5(lang: str, ink: str) -> None:
    bad = [t for d in _every_drawing(lang, ink) for t in low_contrast_texts(d)]
    assert not bad, bad[:8]


def test_contrast_checker_catches_the_first_editions_grey_disclaimer() -> None:
    from bsg_desktop.art.shapes import Style
    navy = Rect(0, 0, 50, 20, Style(fill="#1d2733"))
    old = Drawing(50, 20, (navy, Label(2, 10, "reconstructed", 2.2, Style(fill="#6b6b6b"))))
    new = Drawing(50, 20, (navy, Label(2, 10, "reconstructed", 2.2, Style(fill="#f2f2f2"))))
    assert [t[-1] for t in low_contrast_texts(old)] == [2.83]
    assert low_contrast_texts(new) == []


# --- the board's reminders sit outside the slots --------------------------------------------

@pytest.mark.parametrize("lang", ["en", "hu"])
def test_monitor_reminders_are_outside_the_slots(lang: str) -> None:
    m = board.galactica_monitor(COMP, lang)
    slots = [m.anchor(f"jump.{k}") for k in range(COMP.jump_max + 1)]
    slots += [m.anchor(f"distance.{k}") for k in range(COMP.distance_win + 1)]
    half = board.SLOT / 2
    digits = {str(k) for k in range(10)} | {f"{COMP.distance_win}+"}
    reminders = {"print.monitor.jump_now", "print.monitor.loyalty", "print.monitor.win"}
    from bsg_desktop.i18n import tr
    words = " ".join(tr(k, lang) for k in reminders).split()
    found = set()
    for it, _chain in _flat(m.items):
        if not isinstance(it, Label) or it.text in digits:
            continue
        w = text_width(it.text, it.size_mm, it.bold)
        x0 = {"start": it.x, "middle": it.x - w / 2, "end": it.x - w}[it.anchor]
        box = (x0, it.y - it.size_mm * 0.75, x0 + w, it.y + it.size_mm * 0.2)
        for sx, sy in slots:
            apart = (box[2] < sx - half or box[0] > sx + half or box[3] < sy - half
                     or box[1] > sy + half)
            assert apart, (it.text, (sx, sy))
        found |= set(it.text.split()) & set(words)
    assert found == set(words)                       # every reminder is still printed
    # and the last distance row keeps clear of the panel's frame (1.5 mm in)
    last_row_bottom = max(y for _, y in slots) + half
    assert last_row_bottom <= board.BOARD_H - 1.5 - 2.0


# --- PDF boxes -----------------------------------------------------------------------------

def test_every_page_has_a_trim_box_inside_its_bleed_box() -> None:
    for paper in ("a4", "tabloid"):
        files = pack(paper)
        for name in PDF_FILES:
            for page in pypdf.PdfReader(io.BytesIO(files[name])).pages:
                assert "/TrimBox" in page and "/BleedBox" in page, name
                t = [float(v) for v in page.trimbox]
                b = [float(v) for v in page.bleedbox]
                m = [float(v) for v in page.mediabox]
                assert m[0] <= b[0] <= t[0] and m[1] <= b[1] <= t[1], name
                assert t[2] <= b[2] <= m[2] and t[3] <= b[3] <= m[3], name


def test_card_sheet_trims_to_its_cards_and_bleeds_3_mm_beyond() -> None:
    page = pypdf.PdfReader(io.BytesIO(pack()["BSG_Express_Cards.pdf"])).pages[0]
    t = [float(v) / MM for v in page.trimbox]
    b = [float(v) / MM for v in page.bleedbox]
    # a gutter-fold sheet on A4: three cards turned a quarter, a front and a back wide
    assert t[3] - t[1] == pytest.approx(3 * cards.CARD_W, abs=0.05)
    assert t[2] - t[0] == pytest.approx(2 * cards.CARD_H, abs=0.05)
    assert [t[0] - b[0], t[1] - b[1], b[2] - t[2], b[3] - t[3]] == pytest.approx([3.0] * 4,
                                                                                  abs=0.01)


# --- the cover sheet and README.txt --------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_cover_is_the_first_page_with_checklist_papers_and_shopping(paper: str,
                                                                   lang: str) -> None:
    files = pack(paper, lang)
    assert next(iter(files)) == START_FILE
    cover = pypdf.PdfReader(io.BytesIO(files[START_FILE])).pages[0].extract_text()
    flat = " ".join(cover.split())
    for name in PDF_FILES:
        assert name in flat
    if lang == "en":
        for words in ("24 dice", "144 stickers", "9 Raiders, 5 Colonial Ships", "5 cups",
                      "sticker paper", "card stock", "plain paper", "50 mm",
                      "fold it in half printed side out, glue",
                      "then cut along the solid crop marks",
                      "fold on the dashed mark, glue"):
            assert words in flat, words
    else:
        for words in ("Kolóniai Hajó", "demoralizáló jelző", "süllyesztett oldalú kocka",
                      "12,7 mm", "„Nem vagy Cylon”"):
            assert words in flat, words


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_readme_txt_says_what_the_cover_and_calibration_page_say(lang: str) -> None:
    files = pack("a4", lang)
    readme = files[README_FILE].decode("utf-8")
    pdf_words = " ".join(p.extract_text() for p in
                         pypdf.PdfReader(io.BytesIO(files[START_FILE])).pages)
    # every line of the text file's checklist and steps appears on the printed sheet
    for line in readme.splitlines():
        words = line.strip(" •=-")
        if len(words) > 12 and not words[0].isdigit():
            first = " ".join(words.split()[:3])
            assert first in " ".join(pdf_words.split()), first
    assert "50 mm" in readme and "--die-face" in readme
    assert all(len(line) <= 78 for line in readme.splitlines())


# --- rulebook, player aids, dice screens, tuck box -----------------------------------------

@pytest.mark.parametrize("lang", ["en", "hu"])
def test_rulebook_prints_every_rule_with_its_id_from_the_rules_file(lang: str) -> None:
    from bsg_desktop.printing.pack import RULES_FILE
    from bsg_desktop.rules import rule_ids, rule_texts

    pages = pypdf.PdfReader(io.BytesIO(pack("a4", lang)[RULES_FILE])).pages
    flat = " ".join(" ".join(p.extract_text() for p in pages).split())
    texts = rule_texts(lang)
    for rid in rule_ids():
        assert f"{rid} " in flat, rid
        words = " ".join(texts[rid].replace("`", "").replace("*", "").split()[:4])
        assert words in flat, (rid, words)
    assert "I12" in flat and ("reconstructed" in flat or "rekonstruált" in flat)
    for page in pages:
        assert "/TrimBox" in page


def test_rulebook_reads_the_rules_file_instead_of_a_copy(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    from bsg_desktop.printing import rulebook

    monkeypatch.setattr(rulebook, "rules_markdown",
                        lambda lang, components=None: "# T\n\n## Z. Zed\n"
                        "- Z1 A rule edited today.\n")
    entries = [b for b in rulebook.rule_blocks("en") if type(b).__name__ == "Entry"]
    assert [(e.lead, e.text) for e in entries] == [("Z1", "A rule edited today.")]


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_aids_hold_a_player_aid_per_player_five_screens_and_a_tuck_box(lang: str) -> None:
    from bsg_desktop.art import aids
    from bsg_desktop.art.shapes import labels
    from bsg_desktop.i18n import text, tr
    from bsg_desktop.printing.pack import AIDS_FILE

    pages = pypdf.PdfReader(io.BytesIO(pack("a4", lang)[AIDS_FILE])).pages
    flat = " ".join(" ".join(p.extract_text() for p in pages).split())
    assert flat.count(tr("print.aid.title", lang)) == len(COMP.characters)
    assert flat.count(tr("print.screen.title", lang)) == len(COMP.characters)
    for key in ("print.aid.t1", "print.aid.r_forced", "print.aid.l_consequence"):
        assert " ".join(tr(key, lang).split()[:3]) in flat, key
    for ch in COMP.characters:
        inner = " ".join(labels(aids.screen_inner(ch, COMP, lang)))
        assert " ".join(text(ch.ability, lang).split()[:3]) in inner      # inside: the ability
        outer = " ".join(labels(aids.screen_outer(ch, COMP, lang)))
        assert text(ch.ability_title, lang) not in outer       # outside: only the name
    box = aids.tuck_box(COMP, lang)
    w, h, d = aids.TUCK
    assert box.width == pytest.approx(aids.TUCK_GLUE + 2 * d + 2 * w)
    assert w > cards.CARD_W and h > cards.CARD_H                           # cards fit inside


def test_every_pdf_stays_under_2_mb() -> None:
    for paper in ("a4", "tabloid"):
        for name in PDF_FILES:
            assert len(pack(paper)[name]) < 2 * 1024 * 1024, (paper, name)


def test_tuck_box_colour_runs_into_its_bleed() -> None:
    from bsg_desktop.art.shapes import Polygon

    box = aids.tuck_box(COMP, "en", "color", 3.0)
    fill = box.items[0]
    assert isinstance(fill, Polygon) and fill.style.stroke == fill.style.fill
    assert fill.style.width == pytest.approx(6.0)     # a stroke of twice the bleed
    assert aids.tuck_box(COMP, "en", "color").items[0].style.width == 0.0


@pytest.mark.parametrize(("lang", "words"), [("en", "19 cards and 6 player aids"),
                                             ("hu", "19 kártya és 6 segédkártya")])
def test_tuck_box_counts_a_users_sixth_character(lang: str, words: str) -> None:
    """#46 item 11: the box said '18 cards and 5 player aids' whatever the cards file."""
    from pathlib import Path

    from bsg_desktop.art.shapes import labels

    saul = load_components(Path(__file__).resolve().parents[1] / "docs" / "examples"
                           / "saul_tigh.yaml")
    assert len(saul.characters) == 6
    assert words in " ".join(" ".join(labels(aids.tuck_box(saul, lang))).split())
    shipped = " ".join(" ".join(labels(aids.tuck_box(COMP, lang))).split())
    assert words.replace("19", "18").replace("6", "5") in shipped


def test_tuck_box_takes_the_cards_in_standard_poker_sleeves() -> None:
    """The pack advises sleeves (opaque-backed ones hide a Cylon card held to the light),
    but the box was 66 mm wide inside: exactly a standard poker sleeve's 66 x 91 mm, so
    sleeved cards would not go in. It now leaves them room to slide; the depth holds
    every card and player aid, each folded from two layers of card and sleeved."""
    from bsg_desktop.art import aids
    from bsg_desktop.art.aids import box_contents

    w, h, d = aids.TUCK
    sleeve_w, sleeve_h = aids.POKER_SLEEVE
    assert (sleeve_w, sleeve_h) == (66.0, 91.0)
    assert w >= sleeve_w + 1.5 and h >= sleeve_h + 1.5
    n_cards, n_aids = box_contents(COMP)
    assert d >= (n_cards + n_aids) * 0.7        # two layers of 200 g/m² card, glue, sleeve


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_shopping_list_names_the_sleeve_size_the_tuck_box_takes(lang: str) -> None:
    """'poker sleeves (63.5 × 88.9 mm)' gave the cards' size, not the sleeves': a shopper
    matching that figure finds tight inner sleeves, not the 66 × 91 mm standard sleeves
    the tuck box is built for."""
    from bsg_desktop.art.aids import POKER_SLEEVE
    from bsg_desktop.i18n import number, tr

    tools = tr("print.guide.b.tools", lang)
    w, h = (number(v, lang) for v in POKER_SLEEVE)
    assert f"{w} × {h} mm" in tools, tools
