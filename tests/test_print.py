"""The print-and-play pack (issue 3): measured, not guessed.

PDFs are built in memory once per option set (module-level cache) so the whole
module stays fast; sizes are measured with pdfplumber in mm, structure checked
with pypdf, ink and blankness with pypdfium2.
"""

from __future__ import annotations

import functools
import io
import itertools
import os
from functools import cache
from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2 as pdfium
import pytest

from bsg_desktop import cli
from bsg_desktop.data.components import load_components
from bsg_desktop.i18n import tr
from bsg_desktop.printing import command
from bsg_desktop.printing.pack import (
    AIDS_FILE,
    BOARD_FILE,
    CARDS_FILE,
    CHECKED_IN,
    DICE_FILE,
    FILES,
    PDF_FILES,
    START_FILE,
    PrintOptions,
    aids_pages,
    build_pack,
    card_pages,
    dice_pages,
)
from bsg_desktop.printing.sheets import (
    CROP_LEN,
    CUT_WIDTH,
    DUPLEX_MARGIN,
    FOLD_WIDTH,
    PAPERS,
    Piece,
    Sheet,
    fold_grid,
)

MM = 72 / 25.4
TOL = 0.2
ROOT = Path(__file__).resolve().parents[1]
COMP = load_components()


@cache
def pack(paper: str = "a4", lang: str = "en", ink: str = "color", die_face: float = 12.7,
         bleed: float = 3.0) -> dict[str, bytes]:
    return dict(_built(paper, lang, ink, die_face, bleed))


@functools.lru_cache(maxsize=8)
def _built(paper: str, lang: str, ink: str, die_face: float, bleed: float) -> dict[str, bytes]:
    """A pack is built once per set of options for the whole file: the tests only read
    its bytes (`test_output_is_byte_reproducible` builds its own to compare)."""
    return build_pack(COMP, PrintOptions(paper, lang, ink, die_face, bleed))


def reader(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def plumber(data: bytes) -> pdfplumber.PDF:
    return pdfplumber.open(io.BytesIO(data))


@functools.cache
def drawn(paper: str, name: str) -> tuple[dict, ...]:
    """Each page of a pack's file as pdfplumber reads it (its size, rectangles, lines,
    curves and characters), read once for the file's measuring tests: reading is the
    slow part, and the margin and scale-bar tests read the same pages."""
    with plumber(pack(paper)[name]) as pdf:
        return tuple({"width": page.width, "height": page.height, "rects": page.rects,
                      "lines": page.lines, "curves": page.curves, "chars": page.chars}
                     for page in pdf.pages)


def sizes_mm(objs: list[dict]) -> list[tuple[float, float]]:
    return [(o["width"] / MM, o["height"] / MM) for o in objs]


def count_size(objs: list[dict], w: float, h: float) -> int:
    return sum(1 for ow, oh in sizes_mm(objs) if abs(ow - w) <= TOL and abs(oh - h) <= TOL)


def all_text(data: bytes) -> str:
    return "\n".join(p.extract_text() for p in reader(data).pages)


# --- files, pages, paper -------------------------------------------------------------------

def test_default_pack_has_its_files_with_expected_page_counts() -> None:
    files = pack()
    assert tuple(files) == FILES and FILES[0] == START_FILE      # the cover sheet first
    assert len(reader(files[START_FILE]).pages) == 2      # cover + calibration page
    assert len(reader(files[BOARD_FILE]).pages) == 3      # one section per page on A4
    # 18 cards gutter-folded, 4 to a sheet: characters and Admiral 2, loyalty cards 3
    assert len(reader(files[CARDS_FILE]).pages) == 5
    assert len(reader(files[DICE_FILE]).pages) == 4      # 2 sticker pages + 2 marker pages


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_page_sizes_follow_paper(paper: str) -> None:
    files = pack(paper)
    w, h = PAPERS[paper]
    for name in PDF_FILES:
        r = reader(files[name])
        landscape = name == BOARD_FILE and paper in ("a3", "tabloid")
        for page in r.pages:
            pw, ph = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
            exp = (h, w) if landscape else (w, h)
            if name in (CARDS_FILE, AIDS_FILE) and pw > ph:   # a gutter-fold sheet may lie
                exp = (h, w)
            assert pw == pytest.approx(exp[0], abs=TOL) and ph == pytest.approx(exp[1], abs=TOL)
        if landscape:
            assert len(r.pages) == 1                     # the whole board on one sheet


def test_every_file_asks_viewers_not_to_scale() -> None:
    for data in (pack()[name] for name in PDF_FILES):
        prefs = reader(data).trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None"


def test_texts_are_present_in_english_and_hungarian() -> None:
    en, hu = pack("a4", "en"), pack("a4", "hu")
    cards_en = all_text(en[CARDS_FILE])
    for ch in COMP.characters:
        assert ch.name.en in cards_en
    assert "IN THE BRIG" in cards_en and "You are a Cylon" in cards_en
    cards_hu = all_text(hu[CARDS_FILE])
    assert "FOGDÁBAN" in cards_hu and "Nem vagy Cylon" in cards_hu
    dice_en, dice_hu = all_text(en[DICE_FILE]), all_text(hu[DICE_FILE])
    for v in ("+4", "+3", "+2", "+1", "\u22122", "\u22121", "Strong 10/10", "Weak 1/10"):
        assert v in dice_en
    assert "Hajtómű" in dice_hu and "előkészítése" in dice_hu   # ő and ű
    assert "both bars must measure 50 mm" in all_text(en[BOARD_FILE])


def test_shipped_font_is_embedded() -> None:
    page = reader(pack()[CARDS_FILE]).pages[0]
    fonts = page["/Resources"]["/Font"]
    embedded = [f.get_object() for f in fonts.values()]
    names = [str(f["/BaseFont"]) for f in embedded]
    assert any("DejaVuSansCondensed" in n for n in names), names
    assert all("DejaVuSansCondensed" in n for n in names), names   # no unembedded base font
    for f in embedded:
        desc = f["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" \
            in f else f["/FontDescriptor"]
        assert "/FontFile2" in desc


# --- measured sizes ------------------------------------------------------------------------

def test_scale_bars_measure_50_mm_across_and_upright_on_every_page() -> None:
    for paper in ("a4", "letter", "a3"):
        for name in PDF_FILES:
            for page in drawn(paper, name):
                assert count_size(page["rects"], 50.0, 3.0) == 1
                assert count_size(page["rects"], 3.0, 50.0) == 1


@pytest.mark.parametrize("face", [12.7, 16.0])
def test_die_faces_measure_the_requested_size(face: float) -> None:
    with plumber(pack(die_face=face)[DICE_FILE]) as pdf:
        n = sum(count_size(p.rects, face, face) for p in pdf.pages)
    assert n == 24 * 6                       # the calibration faces are on the start sheet


@pytest.mark.parametrize("face", [8.0, 12.7, 14.0, 25.0])
def test_calibration_page_brackets_the_chosen_size_and_comes_second(face: float) -> None:
    files = pack(die_face=face)
    with plumber(files[START_FILE]) as pdf:
        assert len(pdf.pages) == 2
        page = pdf.pages[1]                  # right after the cover, on its own page
        for size in (face - 1, face - 0.5, face, face + 0.5, face + 1):
            assert count_size(page.rects, size, size) == 1, size
        words = page.extract_text()
    assert "print this page first" in words and f"{face - 1:g}, {face - 0.5:g}" in words
    with plumber(files[DICE_FILE]) as pdf:      # nothing of it on the sticker paper
        assert "Calibration" not in "".join(p.extract_text() for p in pdf.pages)


def test_cards_and_markers_measure_true_size() -> None:
    with plumber(pack()[CARDS_FILE]) as pdf:   # gutter-folded on A4: turned a quarter
        n = sum(count_size(p.rects, 63.5, 88.9) + count_size(p.rects, 88.9, 63.5)
                for p in pdf.pages)
    assert n == 2 * 18                                   # every front and every back
    _, layout = dice_pages(COMP, PrintOptions())
    marker_pages = [i for i, pg in enumerate(layout) if pg.hint_key == "print.hint.markers"]
    assert marker_pages
    with plumber(pack()[DICE_FILE]) as pdf:
        n = sum(count_size(pdf.pages[i].rects, 20.0, 20.0) for i in marker_pages)
    assert n == 2 * (14 + 5 + 6 + 2)                     # face and back of every marker


def _dashes(length: float, dash: list[float], phase: float) -> int:
    """How many dashes a stroked line of ``length`` shows under a PDF dash array."""
    on, n, at, k = True, 0, -phase, 0
    while at < length:
        seg = dash[k % len(dash)]
        if on and at + seg > 0:
            n += 1
        at += seg
        on, k = not on, k + 1
    return n


@pytest.mark.parametrize("name", [CARDS_FILE, DICE_FILE, AIDS_FILE])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_marks_show_three_dashes_and_cut_marks_are_solid(paper: str, name: str) -> None:
    """A fold mark as printed, at its own length, shows at least three dashes (a dash
    pattern longer than the mark prints as a solid bar)."""
    with plumber(pack(paper)[name]) as pdf:
        folds = [ln for p in pdf.pages for ln in p.lines
                 if abs(ln["linewidth"] / MM - FOLD_WIDTH) < 0.01]
        cuts = [ln for p in pdf.pages for ln in p.lines
                if abs(ln["linewidth"] / MM - CUT_WIDTH) < 0.01]
    assert folds and cuts
    for ln in folds:
        dash, phase = ln["dash"]
        assert dash, ln["dash"]                          # a non-empty dash array
        length = max(ln["width"], ln["height"]) / MM
        assert length >= CROP_LEN - 0.01                 # a mark in the margin, not a dot
        # the canvas draws in mm, so the dash array is in mm too
        assert _dashes(length, list(dash), phase) >= 3, (length, dash)
    assert all(not ln["dash"][0] for ln in cuts)


def test_cards_fold_four_to_a_sheet_along_the_gutter() -> None:
    """Gutter fold: every back is the mirror image of its front about the page's centre
    line, and the fold marks stand on that line; at least 4 cards a sheet."""
    for paper in ("a4", "letter"):
        _, pages = card_pages(COMP, PrintOptions(paper=paper))
        assert len(pages) <= 5
        for page in pages:
            (placed,) = page.placed
            p = placed.item
            assert isinstance(p, Piece) and page.sheet is not None
            pw = page.sheet.size[0]
            ((fx, _, fx2, _),) = p.folds
            assert fx == fx2 and placed.x + fx == pytest.approx(pw / 2)
            boxes = {part.tag: part.footprint for part in p.parts}
            for tag, (_x0, y0, x1, _y1) in boxes.items():
                if tag.endswith(":front"):
                    bx0, by0, _bx1, _by1 = boxes[tag.replace(":front", ":back")]
                    assert (placed.x + bx0, by0) == pytest.approx((pw - placed.x - x1, y0))
                    assert x1 <= fx + 1e-6 and fx <= bx0 + 1e-6
        assert fold_grid(paper, 63.5, 88.9, 3.0)[1].per_sheet >= 4


def _bleed_boxes(pages_layout: list, page_no: int) -> list[tuple[float, float, float, float]]:
    boxes = []
    for placed in pages_layout[page_no].placed:
        p = placed.item
        if isinstance(p, Piece):
            b = p.bleed
            boxes.append((placed.x - b, placed.y - b, placed.x + p.w + b, placed.y + p.h + b))
    return boxes


@pytest.mark.parametrize("which", ["cards", "dice"])
def test_crop_and_fold_marks_never_touch_a_piece(which: str) -> None:
    opts = PrintOptions()
    sheet, pages = (card_pages if which == "cards" else dice_pages)(COMP, opts)
    data = pack()[CARDS_FILE if which == "cards" else DICE_FILE]
    ph = sheet.size[1]
    with plumber(data) as pdf:
        for n in (0, len(pages) - 1):
            boxes = _bleed_boxes(pages, n)
            marks = [ln for ln in pdf.pages[n].lines       # crop marks and fold marks
                     if min(abs(ln["linewidth"] / MM - w) for w in (CUT_WIDTH, FOLD_WIDTH))
                     < 0.01]
            assert len(marks) >= 8 * len(boxes)
            for ln in marks:
                x0, x1 = ln["x0"] / MM, ln["x1"] / MM
                y0, y1 = ph - ln["y1"] / MM, ph - ln["y0"] / MM
                for bx0, by0, bx1, by1 in boxes:
                    apart = x1 < bx0 - 0.1 or x0 > bx1 + 0.1 or y1 < by0 - 0.1 or y0 > by1 + 0.1
                    assert apart, ((x0, y0, x1, y1), (bx0, by0, bx1, by1))


def test_content_stays_inside_the_10_mm_margin() -> None:
    """10 mm everywhere but on the gutter-fold card sheets, which use the paper to 5 mm of
    its edge (as the duplex sheets do) so that four cards and their backs fit."""
    for paper in ("a4", "letter", "a3", "tabloid"):
        o = PrintOptions(paper)
        folded = {CARDS_FILE: card_pages(COMP, o)[1], AIDS_FILE: aids_pages(COMP, o)[1]}
        for name in PDF_FILES:
            for n, page in enumerate(drawn(paper, name)):
                laid = folded[name][n].sheet if name in folded else None
                m = laid.margin if laid is not None else 10
                assert m >= DUPLEX_MARGIN
                objs = page["rects"] + page["lines"] + page["curves"] + page["chars"]
                assert min(o["x0"] for o in objs) / MM >= m - TOL
                assert min(o["top"] for o in objs) / MM >= m - TOL
                assert max(o["x1"] for o in objs) / MM <= page["width"] / MM - m + TOL
                assert max(o["bottom"] for o in objs) / MM <= page["height"] / MM - m + TOL


def test_board_sections_are_true_size_and_meet_edge_to_edge() -> None:
    with plumber(pack("a4")[BOARD_FILE]) as pdf:
        widths = []
        for page in pdf.pages:
            big = [s for s in sizes_mm(page.rects) if abs(s[1] - 228.0) <= TOL]
            widths.append(max(w for w, _ in big))
    assert widths == pytest.approx([105.0, 170.0, 105.0], abs=TOL)
    with plumber(pack("a3")[BOARD_FILE]) as pdf:
        rects = pdf.pages[0].rects
        xs = sorted({round(r["x0"] / MM, 1) for r in rects
                     if abs(r["height"] / MM - 228.0) <= TOL})
    # the three panels start 105 and 275 mm after the first: they touch
    assert xs[1] - xs[0] == pytest.approx(105.0, abs=TOL)
    assert xs[2] - xs[0] == pytest.approx(275.0, abs=TOL)


# --- rendering and ink ---------------------------------------------------------------------

def _coverage(data: bytes, page_no: int) -> float:
    pdf = pdfium.PdfDocument(data)
    img = pdf[page_no].render(scale=0.4).to_pil().convert("L")
    hist = img.histogram()
    total = sum(hist)
    return sum((255 - v) * n for v, n in enumerate(hist)) / (255 * total)


def test_pages_render_and_are_not_blank() -> None:
    for data in (pack()[name] for name in PDF_FILES):
        pdf = pdfium.PdfDocument(data)
        for i in range(len(pdf)):
            assert _coverage(data, i) > 0.02


def test_low_ink_uses_well_under_half_the_ink() -> None:
    colour, low = pack(), pack(ink="low")
    for name in (BOARD_FILE, CARDS_FILE, DICE_FILE):
        c, lo = _coverage(colour[name], 0), _coverage(low[name], 0)
        assert lo < 0.5 * c, (name, lo, c)


# --- reproducible and checked in -----------------------------------------------------------

def test_output_is_byte_reproducible() -> None:
    again = build_pack(COMP, PrintOptions())
    assert again == pack()


def _pages(data: bytes) -> list[tuple[str, float, float]]:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [(page.extract_text(), float(page.mediabox.width), float(page.mediabox.height))
            for page in reader.pages]


@pytest.mark.parametrize("folder", sorted(CHECKED_IN))
def test_checked_in_pdfs_are_up_to_date(folder: str) -> None:
    """Byte-identical under the reportlab release that wrote them; same pages otherwise."""
    import json

    import reportlab

    recorded = json.loads((ROOT / "print" / "manifest.json").read_text())["reportlab"]
    o = CHECKED_IN[folder]
    fresh = pack(o.paper, o.lang, o.ink, o.die_face, o.bleed)
    hint = "run: python -m bsg_desktop.printing.regenerate"
    for name, data in fresh.items():
        path = ROOT / "print" / folder / name
        assert path.exists(), f"{path} is missing; {hint}"
        if reportlab.Version == recorded or not name.endswith(".pdf"):
            assert path.read_bytes() == data, f"{path} is out of date; {hint}"
        else:
            assert _pages(path.read_bytes()) == _pages(data), f"{path} is out of date; {hint}"


def test_print_readme_exists() -> None:
    text = (ROOT / "print" / "README.md").read_text(encoding="utf-8")
    assert "50 mm" in text and "fold" in text.lower()


# --- the command ---------------------------------------------------------------------------

def test_cli_writes_the_pack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "new" / "pack"
    assert cli.main(["print", "--out", str(out), "--paper", "letter", "--ink", "low"]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(FILES)
    assert (out / CARDS_FILE).read_bytes() == pack("letter", ink="low")[CARDS_FILE]


@pytest.mark.parametrize("args, words", [
    (["--paper", "b5"], "unknown paper"),
    (["--die-face", "7.9"], "die face"),
    (["--die-face", "25.5"], "die face"),
    (["--lang", "de"], "unknown language"),
    (["--ink", "none"], "unknown ink"),
    (["--bleed", "-1"], "bleed"),
    # #46 item 9: a duplex back 0.5–1 mm out of register showed paper on the edge cells only
    (["--layout", "duplex", "--bleed", "0"], "use --bleed 2 or more"),
    (["--layout", "duplex", "--bleed", "1.5"], "out of register"),
    (["--bleed", "0.5"], "use --bleed 2 or more"),
    (["--layout", "booklet"], "unknown layout"),
])
def test_bad_options_exit_2_with_one_line_and_write_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    assert cli.main(["print", "--out", str(tmp_path), *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
    assert list(tmp_path.iterdir()) == []


def test_unwritable_folder_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    assert cli.main(["print", "--out", str(blocker / "sub")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot" in err


def test_failed_write_leaves_nothing_half_written(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.fsync
    calls = {"n": 0}

    def flaky(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device")
        real(fd)

    monkeypatch.setattr(command.os, "fsync", flaky)
    from bsg_desktop.errors import UserError
    with pytest.raises(UserError, match="No space left"):
        command.write_files(tmp_path, {"a.pdf": b"1", "b.pdf": b"2", "c.pdf": b"3"})
    assert list(tmp_path.iterdir()) == []


OLD_PACK = {"a.pdf": b"en a", "b.pdf": b"en b", "PNG/c.png": b"en c"}
NEW_PACK = {"a.pdf": b"hu a", "b.pdf": b"hu b", "PNG/c.png": b"hu c", "d.pdf": b"hu d",
            "TTS/e.json": b"hu e"}
# os.replace calls of NEW_PACK over OLD_PACK: the switch, then each old file aside and
# each new one in (d.pdf and TTS/e.json have no old one)
RENAMES = 1 + 2 * 3 + 2


class Killed(BaseException):
    """The process dies here: no handler runs (a power cut, SIGKILL)."""


def _folder(out: Path) -> dict[str, bytes | None]:
    """Every entry of ``out``: a file's bytes, None for a folder."""
    return {p.relative_to(out).as_posix(): (p.read_bytes() if p.is_file() else None)
            for p in sorted(out.rglob("*"))}


def _as_folder(pack: dict[str, bytes]) -> dict[str, bytes | None]:
    entries: dict[str, bytes | None] = dict(pack)
    entries.update({Path(n).parent.as_posix(): None for n in pack if "/" in n})
    return dict(sorted(entries.items()))


@pytest.mark.parametrize("step", range(1, RENAMES + 1))
def test_a_print_interrupted_at_any_rename_leaves_one_whole_pack(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: int) -> None:
    """Issue 16 and after: an error or a kill at any rename of the switch (and a kill
    while an error is being undone) ends in the old pack or the new one, whole, once the
    next print into the folder has run (`finish_interrupted` is its first step)."""
    from bsg_desktop.errors import UserError

    real = os.replace
    monkeypatch.setattr(command.os, "fsync", lambda _fd: None)  # the disk is not the point
    # how -> (what the step's rename does, what the next one does, the pack that wins)
    cases = {"error": ("error", None, OLD_PACK),
             "kill": ("kill", None, OLD_PACK if step == 1 else NEW_PACK),
             "error, killed undoing it": ("error", "kill", OLD_PACK if step == 1 else NEW_PACK),
             "error, killed later": ("error", "kill later", OLD_PACK)}
    for how, (first, then, wins) in cases.items():
        out = tmp_path / how.replace(" ", "_").replace(",", "")
        command.write_files(out, OLD_PACK)
        calls = {"n": 0}

        def flaky(src: object, dst: object, calls: dict[str, int] = calls, first: str = first,
                  then: str | None = then) -> None:
            calls["n"] += 1
            n = calls["n"]
            if n == step:
                if first == "kill":
                    raise Killed
                raise OSError(5, "Input/output error")
            if (then == "kill" and n == step + 1) or (then == "kill later" and n == step + 2):
                raise Killed
            real(src, dst)  # type: ignore[arg-type]

        monkeypatch.setattr(command.os, "replace", flaky)
        with pytest.raises((UserError, Killed)):
            command.write_files(out, NEW_PACK)
        monkeypatch.setattr(command.os, "replace", real)
        if how == "error":  # undone at once: the old pack, no stage left
            assert _folder(out) == _as_folder(OLD_PACK), how
        command.finish_interrupted(out)
        assert _folder(out) == _as_folder(wins), how
        # and the next print into the folder is whole too
        command.write_files(out, {n: b"next " + d for n, d in NEW_PACK.items()})
        assert _folder(out) == _as_folder({n: b"next " + d for n, d in NEW_PACK.items()}), how


def test_a_print_at_work_is_left_alone_and_a_dead_one_is_finished(tmp_path: Path) -> None:
    command.write_files(tmp_path, OLD_PACK)
    stage = tmp_path / f"{command.STAGE_PREFIX}running"
    (stage / "new").mkdir(parents=True)
    (stage / "new" / "a.pdf").write_bytes(b"hu a")
    (stage / command.SWITCH).write_text('{"time": 1, "names": ["a.pdf", "../x"]}')
    lock = command._try_lock(stage / command.LOCK)
    assert lock is not None
    try:
        command.finish_interrupted(tmp_path)  # its owner holds the lock: not touched
        assert (stage / "new" / "a.pdf").exists() and (tmp_path / "a.pdf").read_bytes() == b"en a"
    finally:
        os.close(lock)  # the owner dies
    command.finish_interrupted(tmp_path)
    assert not stage.exists() and (tmp_path / "a.pdf").read_bytes() == b"hu a"
    assert not (tmp_path.parent / "x").exists()


def test_a_killed_print_leaves_no_staging_folder_for_long(tmp_path: Path) -> None:
    stale = tmp_path / f"{command.STAGE_PREFIX}abc"
    (stale / "new").mkdir(parents=True)
    (stale / "new" / "a.pdf").write_bytes(b"x" * 1000)
    os.utime(stale, (0, 0))
    fresh = tmp_path / f"{command.STAGE_PREFIX}now"  # another print writing right now
    fresh.mkdir()
    command.write_files(tmp_path, {"a.pdf": b"1"})
    assert not stale.exists() and fresh.exists()


def test_sheets_are_data() -> None:
    s = Sheet("letter")
    assert s.size == (215.9, 279.4) and Sheet("a3", landscape=True).size == (420.0, 297.0)
    x, y, w, h = s.content
    assert (x, y) == (10.0, 10.0) and w == pytest.approx(195.9 - 3.5)   # the upright bar


# --- the paper list, read off the pages ---------------------------------------------------

@pytest.mark.parametrize("layout", ["fold", "duplex"])
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_paper_list_gives_every_page_once_with_the_sides_it_is_printed_on(
        paper: str, layout: str) -> None:
    from bsg_desktop.printing import pack as pk

    o = PrintOptions(paper=paper, layout=layout)
    built = {pk.BOARD_FILE: pk.board_pages(COMP, o)[1], pk.CARDS_FILE: pk.card_pages(COMP, o)[1],
             pk.DICE_FILE: pk.dice_pages(COMP, o)[1], pk.RULES_FILE: pk.rules_pages(COMP, o)[1],
             pk.AIDS_FILE: pk.aids_pages(COMP, o)[1]}
    for name, parts in pk._files(o, built, 2)[1:]:
        pages = built[name]
        listed = [n for fp in parts for n in range(fp.first, fp.last + 1)]
        assert listed == list(range(1, len(pages) + 1)), name
        for fp in parts:
            sides = {pages[n - 1].sides for n in range(fp.first, fp.last + 1)}
            assert sides == ({2} if fp.paper_key == "card_duplex" else {1}), (name, fp)
            if fp.paper_key == "card_duplex":    # whole sheets: front and back pages
                assert (fp.last - fp.first) % 2 == 1, (name, fp)
    readme = " ".join(pk.readme(COMP, o, built, 2).decode().split())
    assert "1 pages" not in readme and "score" in readme
    assert "one upright at its right edge" in readme
    aids = built[pk.AIDS_FILE]
    screens = [n for n, pg in enumerate(aids, start=1) if pg.part == "screens"]
    tuck = [n for n, pg in enumerate(aids, start=1) if pg.part == "tuck"]
    assert len(tuck) == 1 and all(aids[n - 1].sides == 1 for n in screens + tuck)
    assert (f"dice screens: pages {screens[0]}–{screens[-1]}, card stock (160–200 g/m²), "
            "single-sided") in readme
    assert f"tuck box: page {tuck[0]}, card stock (160–200 g/m²), single-sided" in readme


def test_print_help_gives_the_true_number_of_duplex_cards_per_sheet(
        capsys: pytest.CaptureFixture[str]) -> None:
    """#46 item 11: the help said '3x3 card sheets', true only for A4 without bleed."""
    from bsg_desktop.art.cards import CARD_H, CARD_W
    from bsg_desktop.printing.pack import BLEED_RANGE
    from bsg_desktop.printing.sheets import duplex_sheet, grid_for

    with pytest.raises(SystemExit):
        cli.main(["print", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "3x3" not in text
    said = text[text.index("(cards: "):].split(")")[0]
    for paper, name in (("a4", "A4"), ("letter", "Letter"), ("a3", "A3")):
        counts = {grid_for(duplex_sheet(paper), CARD_W, CARD_H, b).per_sheet
                  for b in (BLEED_RANGE[0], 3.0, BLEED_RANGE[1])}
        assert counts == {int(said.split(f"{name} ")[1].split(",")[0])}, (paper, said)


@pytest.mark.parametrize(("lang", "words"), [("en", ("opaque card stock", "black-core",
                                                       "sleeves")),
                                              ("hu", ("fekete magú", "kártyavédő"))])
def test_duplex_instructions_give_opacity_advice(lang: str, words: tuple[str, ...]) -> None:
    """#46 item 10: on thin paper a Cylon front shows through its back differently."""
    from bsg_desktop.printing import pack as pk

    o = PrintOptions(lang=lang, layout="duplex")
    built = {pk.BOARD_FILE: [], pk.CARDS_FILE: pk.card_pages(COMP, o)[1],
             pk.DICE_FILE: pk.dice_pages(COMP, o)[1], pk.RULES_FILE: [],
             pk.AIDS_FILE: pk.aids_pages(COMP, o)[1]}
    text = " ".join(pk.readme(COMP, o, built, 2).decode().split())
    for w in words:
        assert w in text, w


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_dice_screen_folds_are_printed_across_it_never_beside_the_crop_marks(
        paper: str) -> None:
    """#42: the screens' panel folds stood as stubs on the edges that carry the crop marks,
    so a screen could be cut apart on a fold. Now every fold is a grey dash-dot line
    across the screen, inside its cut box, and the margin holds only solid crop marks."""
    from bsg_desktop.printing.sheets import FOLD_ACROSS_DASH

    o = PrintOptions(paper)
    _, layout = aids_pages(COMP, o)
    screens = [n for n, pg in enumerate(layout) if pg.part == "screens"]
    assert screens
    ph = PAPERS[paper][1]
    with plumber(pack(paper)[AIDS_FILE]) as pdf:
        for n in screens:
            # one box per screen: a piece may stack several on shared cut lines
            boxes = [(pl.x, pl.y + top, pl.x + pl.item.w, pl.y + bottom, pl.item.bleed)
                     for pl in layout[n].placed if isinstance(pl.item, Piece)
                     for top, bottom in itertools.pairwise(pl.item.cuts_y)]
            lines = [ln for ln in pdf.pages[n].lines
                     if abs(ln["linewidth"] / MM - FOLD_WIDTH) < 0.01
                     or abs(ln["linewidth"] / MM - CUT_WIDTH) < 0.01]
            folds = [ln for ln in lines if ln["dash"][0]]
            cuts = [ln for ln in lines if not ln["dash"][0]]
            marks = sum(2 * len(pl.item.cuts_x) + 2 * len(pl.item.cuts_y)
                        for pl in layout[n].placed if isinstance(pl.item, Piece))
            # a screen alone has 8 crop marks; two on a shared cut line 10 (+ footer rule)
            assert len(folds) == 3 * len(boxes) and len(cuts) >= marks >= 5 * len(boxes)
            for ln in folds:
                assert list(ln["dash"][0]) == pytest.approx(list(FOLD_ACROSS_DASH))
                x0, x1 = ln["x0"] / MM, ln["x1"] / MM
                y0, y1 = ph - ln["y1"] / MM, ph - ln["y0"] / MM
                # inside a screen's cut box, from one of its edges to the opposite one
                assert any(bx0 - TOL <= x0 and x1 <= bx1 + TOL and by0 - TOL <= y0
                           and y1 <= by1 + TOL and (x1 - x0 == pytest.approx(bx1 - bx0)
                                                    or y1 - y0 == pytest.approx(by1 - by0))
                           for bx0, by0, bx1, by1, _ in boxes), (x0, y0, x1, y1)
            for ln in cuts:           # every crop mark outside every bleed box
                x0, x1 = ln["x0"] / MM, ln["x1"] / MM
                y0, y1 = ph - ln["y1"] / MM, ph - ln["y0"] / MM
                for bx0, by0, bx1, by1, b in boxes:
                    assert (x1 < bx0 - b or x0 > bx1 + b or y1 < by0 - b or y0 > by1 + b)
    for lang, words in (("en", "dash-dot lines"), ("hu", "pont-vonalak")):
        assert words in " ".join(tr("print.hint.screens", lang).split())


@pytest.mark.parametrize("paper,bleed", [("a4", 3.0), ("letter", 3.0), ("letter", 5.0),
                                         ("a3", 3.0)])
def test_dice_screens_take_no_more_sheets_than_their_size_needs(paper: str,
                                                                bleed: float) -> None:
    """On Letter each dice screen (165 x 116 mm) printed on a sheet of its own: five sheets
    of card stock, each more than half empty, because two screens with their own marks
    (2 x 129 mm) did not fit the 246 mm under the footer. Stacked in twos on one shared
    cut line they take 245 mm. Every screen is still there, each with its own cut lines,
    and no piece runs into the margin or the footer."""
    from bsg_desktop.art.aids import SCREEN_PANEL

    o = PrintOptions(paper, bleed=bleed)
    sheet, layout = aids_pages(COMP, o)
    pages = [pg for pg in layout if pg.part == "screens"]
    pieces = [pl for pg in pages for pl in pg.placed if isinstance(pl.item, Piece)]
    h = 2 * SCREEN_PANEL[1]                         # one screen, folded from two layers
    assert sum(round(pl.item.h / h) for pl in pieces) == len(COMP.characters)
    for pl in pieces:
        # a cut line between every two screens of a piece, as well as round it
        assert set(pl.item.cuts_y) == {k * h for k in range(round(pl.item.h / h) + 1)}
    cx, cy, cw, ch = sheet.content
    for pl in pieces:
        r = pl.item.reach
        assert pl.x - r >= cx - 1e-6 and pl.x + pl.item.w + r <= cx + cw + 1e-6
        assert pl.y - r >= cy - 1e-6 and pl.y + pl.item.h + r <= cy + ch + 1e-6
    reach = pieces[0].item.reach
    per_page = max(1, int((ch - 2 * reach + 1e-6) // h))   # screens butted in one column
    assert len(pages) == -(-len(COMP.characters) // per_page), [len(p.placed) for p in pages]


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_footer_hint_stays_inside_the_page_margin(lang: str) -> None:
    """The Hungarian dice-screen hint, already at the 6 pt floor, ran on one line to
    202.8 mm of an A4 page: 7.2 mm from the edge, inside the 10 mm margin the rest of the
    pack keeps. A hint too long for one line at 6 pt now takes two."""
    from bsg_desktop.art.fonts import MIN_TEXT, text_width
    from bsg_desktop.art.shapes import Label, walk
    from bsg_desktop.i18n import catalog
    from bsg_desktop.printing.pack import footer
    from bsg_desktop.printing.sheets import FOOTER

    keys = sorted(k for k in catalog("en") if k.startswith("print.hint."))
    assert "print.hint.screens" in keys
    for paper in PAPERS:
        for landscape in (False, True):
            sheet = Sheet(paper, landscape)
            w, h = sheet.size
            for key in keys:
                d = footer(sheet, lang, tr(key, lang), "Aids", 3, 6)
                for it in walk(d.items):
                    if not isinstance(it, Label):
                        continue
                    tw = text_width(it.text, it.size_mm, it.bold)
                    x0 = {"start": it.x, "middle": it.x - tw / 2, "end": it.x - tw}[it.anchor]
                    where = (paper, landscape, key, it.text)
                    assert x0 >= sheet.margin - 1e-6 and x0 + tw <= w - sheet.margin + 1e-6, where
                    assert it.size_mm >= MIN_TEXT - 1e-6, where
                    # inside the footer band, below the bars
                    assert h - sheet.margin - FOOTER <= it.y <= h - sheet.margin, where


def test_a_short_list_entry_is_never_split_between_two_columns() -> None:
    """The Hungarian cover sheet broke its 'five cups' bullet after the first line: the
    rest, 'paravánok)', stood alone at the top of the next column, under nothing. An
    entry of two or three lines now moves whole; a longer one leaves at least two lines
    on each side of the break."""
    from bsg_desktop.art.shapes import Group, Label
    from bsg_desktop.printing.textflow import Entry, Para, layout

    two, many = "word " * 10, "word " * 60       # two lines, and many, in a 57 mm column
    for filler in range(1, 12):                   # every place for the column break
        blocks = [Para("x " * 12 * filler), Entry("•", two), Entry("•", many),
                  Entry("•", two)]
        entries: list[list[tuple[int, float]]] = []    # each entry's lines: (page, column)
        for n, page in enumerate(layout(blocks, 120.0, 30.0, columns=2)):
            for g in page:
                assert isinstance(g, Group)
                texts = [it.text for it in g.items if isinstance(it, Label)]
                if "•" in texts:
                    entries.append([])
                if any(t.startswith("word") for t in texts):
                    entries[-1].append((n, g.dx))
        assert len(entries) == 3
        for k, cols in enumerate(entries):
            runs = [cols.count(c) for c in dict.fromkeys(cols)]
            assert len(runs) == 1 if len(cols) <= 3 else min(runs) >= 2, (filler, k, runs)


@pytest.mark.parametrize("paper,lang", [("a4", "en"), ("a4", "hu"), ("letter", "en"),
                                        ("letter", "hu")])
def test_a_fold_sheet_says_how_to_fold_it_below_its_pieces(paper: str, lang: str) -> None:
    """The card and player-aid sheets said nothing but the scale bar and the page number:
    their hint ('fold the sheet in half on the dashed marks...') did not fit beside the
    bar and was dropped, so a crafter holding only that sheet could cut the halves apart
    at the gutter. It now stands above the bar, under the lowest mark, inside the margin."""
    from bsg_desktop.art.fonts import MIN_TEXT, text_width
    from bsg_desktop.art.shapes import Label, walk
    from bsg_desktop.printing.pack import _content_bottom, footer

    o = PrintOptions(paper, lang=lang)
    built = pack(paper, lang)
    for name, pages in ((CARDS_FILE, card_pages(COMP, o)[1]),
                        (AIDS_FILE, aids_pages(COMP, o)[1])):
        text = [" ".join(p.extract_text().split())
                for p in pypdf.PdfReader(io.BytesIO(built[name])).pages]
        for n, page in enumerate(pages):
            if page.hint_key not in ("print.hint.cards", "print.hint.aids"):
                continue
            hint = tr(page.hint_key, lang)
            assert " ".join(hint.split()[:6]) in text[n], (name, n)
            sheet = page.sheet
            assert sheet is not None
            low = _content_bottom(page)
            w, _ = sheet.size
            d = footer(sheet, lang, hint, "x", n + 1, len(pages), page.vbar_y, low)
            lines = [it for it in walk(d.items) if isinstance(it, Label)
                     and it.text in hint]
            assert lines and " ".join(it.text for it in lines) == " ".join(hint.split())
            for it in lines:
                assert it.size_mm >= MIN_TEXT - 1e-6
                assert it.y - 0.76 * it.size_mm >= low                  # below the marks
                assert sheet.margin <= it.x
                assert it.x + text_width(it.text, it.size_mm) <= w - sheet.margin
