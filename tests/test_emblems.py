"""The emblem library and the path shape it is drawn with.

SVG path data is parsed into the art's `Path` (moves, lines, cubics, closes); every
emblem of the library is drawn by Qt and by reportlab, with ink inside its box and
none outside; and its credits name the vendored icons' authors.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
import yaml

from bsg_desktop import cli
from bsg_desktop.art import emblem_paths
from bsg_desktop.art.emblems import EMBLEMS, credit_line, credits, emblem, emblem_drawing
from bsg_desktop.art.shapes import Circle, Drawing, PathOp, Style, labels, walk
from bsg_desktop.art.shapes import Path as PathShape
from bsg_desktop.art.svg import path_data, to_svg
from bsg_desktop.art.svgpath import parse_ops
from bsg_desktop.data import load_components
from bsg_desktop.data.components import (
    DEFAULT_CHARACTER_EMBLEM,
    DEFAULT_ROOM_EMBLEM,
    shipped_cards_path,
)
from bsg_desktop.errors import DataError


def close(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return a[0] == b[0] and len(a) == len(b) and all(
        math.isclose(float(x), float(y), abs_tol=1e-6) for x, y in zip(a[1:], b[1:],
                                                                        strict=True))


def test_relative_commands_and_lines_become_absolute() -> None:
    ops = parse_ops("m10 20 5 0 h5 v-5 H10 V20 l1-1 z M0,0L1,1Z")
    want = [("M", 10, 20), ("L", 15, 20), ("L", 20, 20), ("L", 20, 15), ("L", 10, 15),
            ("L", 10, 20), ("L", 11, 19), ("Z",), ("M", 0, 0), ("L", 1, 1), ("Z",)]
    assert len(ops) == len(want) and all(close(a, b) for a, b in zip(ops, want, strict=True))


def test_numbers_written_together_are_split() -> None:
    # "1.5.5" is 1.5 then .5; "-2-3" is -2 then -3; 1e1 is 10
    assert parse_ops("M1.5.5l-2-3L1e1 0") == (("M", 1.5, 0.5), ("L", -0.5, -2.5),
                                              ("L", 10.0, 0.0))


def test_smooth_and_quadratic_curves_become_cubics() -> None:
    ops = parse_ops("M0 0C0 10 10 10 10 0s10-10 20 0Q30 10 40 0t40 0")
    assert [op[0] for op in ops] == ["M", "C", "C", "C", "C"]
    # S reflects the last control point (10, 10) about (10, 0)
    assert close(ops[2], ("C", 10, -10, 20, -10, 30, 0))
    # Q (30,10) from (30,0) to (40,0): controls at two thirds towards the control point
    assert close(ops[3], ("C", 30, 20 / 3, 40 - 20 / 3, 20 / 3, 40, 0))
    # T reflects the quadratic's control point (30,10) about (40,0): (50,-10)
    q = (50.0, -10.0)
    assert close(ops[4], ("C", 40 + 2 / 3 * (q[0] - 40), 2 / 3 * q[1],
                          80 + 2 / 3 * (q[0] - 80), 2 / 3 * q[1], 80, 0))


def _cubic(p0: tuple[float, float], op: tuple[object, ...], t: float) -> tuple[float, float]:
    c1, c2, p3 = (float(op[1]), float(op[2])), (float(op[3]), float(op[4])), \
        (float(op[5]), float(op[6]))
    u = 1 - t
    return (u ** 3 * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t ** 3 * p3[0],
            u ** 3 * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t ** 3 * p3[1])


@pytest.mark.parametrize(("sweep", "side"), [(1, -1), (0, 1)])
def test_an_arc_is_a_half_circle_on_the_side_its_sweep_says(sweep: int, side: int) -> None:
    # flags written together ("0 0{sweep}" as "00{sweep}") as icon files do
    ops = parse_ops(f"M0 0A5 5 0 0{sweep}10 0")
    assert [op[0] for op in ops] == ["M", "C", "C"]
    start = (0.0, 0.0)
    for op in ops[1:]:
        for t in (0.0, 0.25, 0.5, 0.75, 1.0):
            x, y = _cubic(start, op, t)
            assert math.isclose(math.hypot(x - 5, y), 5, abs_tol=0.01)
            assert y * side >= -1e-9
        start = (float(op[5]), float(op[6]))
    assert start == (10.0, 0.0)


def test_a_malformed_path_is_a_value_error_saying_where() -> None:
    for bad in ("L1 1", "M1", "M1 1 x2", "5 5"):
        with pytest.raises(ValueError, match="SVG path"):
            parse_ops(bad)


def test_path_data_round_trips_through_the_svg_backend() -> None:
    shape = PathShape(parse_ops("M0 0h10v10a5 5 0 0 1-10 0z"), Style(fill="#123456"))
    again = parse_ops(path_data(shape))
    assert len(again) == len(shape.ops)
    for a, b in zip(again, shape.ops, strict=True):
        assert a[0] == b[0] and all(math.isclose(float(x), float(y), abs_tol=1e-3)
                                    for x, y in zip(a[1:], b[1:], strict=True))
    assert 'fill="#123456"' in to_svg(Drawing(10, 15, (shape,)))


def test_the_library_has_at_least_twelve_emblems_each_credited() -> None:
    assert len(EMBLEMS) >= 12 and len(set(EMBLEMS)) == len(EMBLEMS)
    for name in EMBLEMS:
        icon_id, author, data = emblem_paths.PATHS[name]
        assert icon_id and author and data
        assert icon_id in credits()[author]
    assert all(a in credit_line() for a in credits()) and "CC BY 3.0" in credit_line()


def test_an_unknown_emblem_names_the_choices() -> None:
    with pytest.raises(ValueError, match="wings"):
        emblem("bogus", 0, 0, 10, "#000000")


CELL = 12.0   # mm per emblem on the test sheet
BOXED = 8.0   # the emblem's box inside its cell, centred


def _sheet() -> Drawing:
    """Every emblem in its own cell, with the cell's box left empty around it."""
    items = [emblem(name, CELL * i + CELL / 2, CELL / 2, BOXED, "#000000")
             for i, name in enumerate(EMBLEMS)]
    return Drawing(CELL * len(EMBLEMS), CELL, tuple(items))


def _check_ink(dark: object, px_per_mm: float) -> None:
    """``dark(x, y)`` says whether that pixel is inked; each cell's ink lies in its box."""
    margin = (CELL - BOXED) / 2
    for i, name in enumerate(EMBLEMS):
        inside = outside = 0
        x0 = round(CELL * i * px_per_mm)
        for y in range(round(CELL * px_per_mm)):
            for x in range(round(CELL * px_per_mm)):
                if dark(x0 + x, y):  # type: ignore[operator]
                    mx, my = x / px_per_mm, y / px_per_mm
                    if margin - 0.2 <= mx <= CELL - margin + 0.2 and \
                            margin - 0.2 <= my <= CELL - margin + 0.2:
                        inside += 1
                    else:
                        outside += 1
        box_px = (BOXED * px_per_mm) ** 2
        assert inside > 0.04 * box_px, f"{name}: too little ink ({inside} px)"
        assert inside < 0.8 * box_px, f"{name}: its box is filled, not drawn"
        assert outside == 0, f"{name}: {outside} px of ink outside its box"


def test_every_emblem_renders_in_qt_inside_its_box(qapp) -> None:  # type: ignore[no-untyped-def]
    from bsg_desktop.ui.qtart import drawing_image

    k = 8.0
    img = drawing_image(_sheet(), k)
    _check_ink(lambda x, y: img.pixelColor(x, y).alpha() > 128, k)


def test_every_emblem_renders_in_the_pdf_inside_its_box() -> None:
    import pypdfium2 as pdfium
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from bsg_desktop.printing.render import begin_page, draw

    sheet = _sheet()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(sheet.width * mm, sheet.height * mm))
    begin_page(c, sheet.height)
    draw(c, sheet, 0, 0)
    c.showPage()
    c.save()
    k = 8.0
    page = pdfium.PdfDocument(buf.getvalue())[0]
    img = page.render(scale=k * 25.4 / 72).to_pil().convert("L")
    _check_ink(lambda x, y: x < img.width and y < img.height and img.getpixel((x, y)) < 128, k)


def test_an_emblem_picture_for_the_pages_is_an_svg_with_its_path() -> None:
    svg = to_svg(emblem_drawing("atom", "#ffffff", disc="#1c4e80"), "atom")
    assert svg.startswith("<svg") and "<path d=\"M" in svg and "<circle" in svg


def test_the_shipped_credits_file_names_every_emblem_its_icon_and_author() -> None:
    from bsg_desktop.resources import shipped

    words = shipped("assets/icons/EMBLEMS.txt").read_text(encoding="utf-8")
    assert "CC BY 3.0" in words and "game-icons.net" in words
    for name, (icon_id, author, _d) in emblem_paths.PATHS.items():
        assert f"{name:<13} {icon_id} (by {author})" in words


# ------------------------------------------------------------------ cards.yaml's field
SAUL_FILE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "saul_tigh.yaml"


def test_every_shipped_character_and_room_names_an_emblem_of_the_library() -> None:
    raw = yaml.safe_load(shipped_cards_path().read_text(encoding="utf-8"))
    comp = load_components(shipped_cards_path())
    by_id = {**{c.id: c.emblem for c in comp.characters},
             **{d.id: d.emblem for d in comp.damage_locations}}
    for node in [*raw["characters"], *raw["damage_locations"]]:
        assert node["emblem"] in EMBLEMS, node["id"]      # written in the file, not defaulted
        assert by_id[node["id"]] == node["emblem"]
    # each character is told apart by their emblem, and each room by its icon
    assert len({c.emblem for c in comp.characters}) == len(comp.characters)
    assert len({d.emblem for d in comp.damage_locations}) == len(comp.damage_locations)


def test_a_users_character_with_an_unknown_emblem_is_one_line_naming_the_choices(
        tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "mine.yaml"
    bad.write_text(SAUL_FILE.read_text(encoding="utf-8").replace("emblem: chevrons",
                                                                 "emblem: unicorn"),
                   encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_components(bad)
    assert info.value.path == "characters[5].emblem"
    assert "unicorn" in info.value.expected
    assert all(name in info.value.expected for name in EMBLEMS)
    try:
        code = cli.main(["print", "--cards", str(bad), "--out", str(tmp_path / "pack")])
    except SystemExit as e:
        code = int(e.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "characters[5].emblem" in err and "wings" in err
    assert not (tmp_path / "pack").exists() or not any((tmp_path / "pack").iterdir())


def test_a_cards_file_without_emblems_still_loads_with_the_defaults(tmp_path: Path) -> None:
    plain = tmp_path / "old.yaml"
    text = shipped_cards_path().read_text(encoding="utf-8")
    plain.write_text("\n".join(ln for ln in text.splitlines()
                               if not ln.strip().startswith("emblem:")), encoding="utf-8")
    comp = load_components(plain)
    assert {c.emblem for c in comp.characters} == {DEFAULT_CHARACTER_EMBLEM}
    assert {d.emblem for d in comp.damage_locations} == {DEFAULT_ROOM_EMBLEM}
    assert DEFAULT_CHARACTER_EMBLEM in EMBLEMS and DEFAULT_ROOM_EMBLEM in EMBLEMS


def test_the_example_users_character_picks_its_own_emblem() -> None:
    assert load_components(SAUL_FILE).character("saul_tigh").emblem == "chevrons"


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_about_box_and_the_packs_readme_credit_the_icons_authors(lang: str) -> None:
    pytest.importorskip("PySide6")
    from bsg_desktop.i18n import set_language
    from bsg_desktop.printing.pack import PrintOptions, build_pack
    from bsg_desktop.ui.menus import about_text

    set_language(lang)
    try:
        about = about_text()
    finally:
        set_language("en")
    readme = build_pack(load_components(shipped_cards_path()),
                        PrintOptions(lang=lang))["README.txt"].decode("utf-8")
    for words in (about, readme):
        assert "Game Icons" in words and "CC BY 3.0" in words
        assert all(author in words for author in credits())
    assert "https://game-icons.net" in readme.splitlines()


# ------------------------------------------------------------- where emblems are drawn
def _emblems_in(drawing: Drawing) -> list[tuple[PathOp, ...]]:
    return [it.ops for it in walk(drawing.items) if isinstance(it, PathShape)]


def _ops_of(name: str) -> tuple[PathOp, ...]:
    return emblem(name, 0, 0, 1, "#000000").items[0].ops  # type: ignore[union-attr]


@pytest.mark.parametrize("ink", ["color", "low"])
def test_each_piece_of_a_character_carries_their_emblem_and_a_room_its_icon(ink: str) -> None:
    from bsg_desktop.art import aids, cards, markers

    comp = load_components(SAUL_FILE)     # the user's character too
    for ch in comp.characters:
        mine = _ops_of(ch.emblem)
        for d in (cards.character_front(ch, "hu", ink), cards.character_brig(ch, "en", ink),
                  markers.demoralized(ch, comp, "en", ink),
                  aids.screen_outer(ch, comp, "en", ink), cards.character_plate(ch, "hu")):
            assert _emblems_in(d) == [mine], ch.id
            # no initials left where the emblem is: every text is a word of the card
            assert not [t for t in labels(d) if len(t) == 2 and t.isupper()], labels(d)
    for loc in comp.damage_locations:
        assert _emblems_in(markers.damage(loc, "en", ink)) == [_ops_of(loc.emblem)]


def test_the_loyalty_fronts_share_one_emblem_area_and_carry_no_character() -> None:
    from bsg_desktop.art import cards

    comp = load_components(shipped_cards_path())
    fronts = [cards.not_cylon_front(comp), *(cards.cylon_front(comp, c) for c in comp.cylons)]
    discs = {tuple((it.cx, it.cy, it.r) for it in f.items if isinstance(it, Circle))
             for f in fronts}
    assert len(discs) == 1 and all(not _emblems_in(f) for f in fronts)
