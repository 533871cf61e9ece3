"""Print-on-demand and Tabletop Simulator exports (issue 19): pixel sizes as promised,
rendered from the same art as the PDFs. One `bsg-express print --exports` run (about
3 s) feeds every check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from bsg_desktop import cli
from bsg_desktop.art import cards as card_art
from bsg_desktop.art.palette import palette
from bsg_desktop.data.components import load_components
from bsg_desktop.i18n import tr
from bsg_desktop.printing import exports as ex
from bsg_desktop.printing.pack import FILES

COMP = load_components()


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pack")
    assert cli.main(["print", "--out", str(folder), "--exports"]) == 0
    return folder


def test_every_card_side_is_a_300_dpi_poker_png_with_bleed(out: Path) -> None:
    ids = [cid for cid, _, _ in card_art.all_cards(COMP)]
    pngs = sorted((out / ex.PNG_DIR).iterdir())
    assert len(pngs) == 2 * len(ids) == 36
    for p in pngs:
        with Image.open(p) as im:
            assert im.size == (822, 1122), p.name          # 2.5 × 3.5" + 2 × 36 px, 300 dpi
            # pHYs says so: print shops size the card from it
            assert [round(v) for v in im.info["dpi"]] == [300, 300], p.name
    # the same art: a character front is human blue in its band, and the bleed beyond
    # the cut continues that colour instead of paper white
    blue = tuple(int(palette("color").human[i:i + 2], 16) for i in (1, 3, 5))
    with Image.open(out / ex.PNG_DIR / "01_william_adama_front.png") as im:
        assert im.getpixel((411, 36 + 40)) == blue          # title band, inside the cut
        assert im.getpixel((411, 10)) == blue               # bleed above the cut


def test_print_shop_pngs_offer_825_by_1125_with_exactly_an_eighth_inch_bleed(out: Path
                                                                          ) -> None:
    """#46 item 13: 825 × 1125 beside 822 × 1122; the bleed of 825 × 1125 is 37.5 px,
    exactly 1/8" at 300 dpi, around the 750 × 1050 px (2.5 × 3.5") card."""
    big = sorted((out / "PNG-825x1125").iterdir())
    assert [p.name for p in big] == [p.name for p in sorted((out / ex.PNG_DIR).iterdir())]
    blue = tuple(int(palette("color").human[i:i + 2], 16) for i in (1, 3, 5))
    for p in big:
        with Image.open(p) as im:
            assert im.size == (825, 1125), p.name
            assert ((825 - 750) / 2 / 300, (1125 - 1050) / 2 / 300) == (1 / 8, 1 / 8)
    with Image.open(out / "PNG-825x1125" / "01_william_adama_front.png") as im:
        assert im.getpixel((412, 10)) == blue               # bleed above the cut


def test_every_png_says_srgb_and_300_dpi(out: Path) -> None:
    """#46 item 13: an sRGB chunk, so a print shop need not guess the colour space."""
    for folder in (ex.PNG_DIR, "PNG-825x1125", ex.MARKER_DIR, ex.TTS_DIR):
        for p in (out / folder).glob("*.png"):
            data = p.read_bytes()
            assert data.index(b"sRGB") < data.index(b"IDAT"), p
            with Image.open(p) as im:
                assert im.info["srgb"] == 0 and [round(v) for v in im.info["dpi"]] == [300, 300]


def test_markers_are_exported_too(out: Path) -> None:
    """#46 item 13: every marker side, 20 mm + 2 × 36 px at 300 dpi."""
    from bsg_desktop.art import markers

    ids = [mid for mid, _, _ in markers.all_markers(COMP)]
    pngs = sorted((out / ex.MARKER_DIR).iterdir())
    assert len(pngs) == 2 * len(ids) == 2 * 27
    assert {p.name.split("_", 1)[1].rsplit("_", 1)[0] for p in pngs} == set(ids)
    for p in pngs:
        with Image.open(p) as im:
            assert im.size == (round(20 / 25.4 * 300) + 72,) * 2


def test_tabletop_simulator_sheets_json_and_back_image(out: Path) -> None:
    for name in (ex.TTS_FACES, ex.TTS_BACKS):
        with Image.open(out / name) as im:
            assert im.size == (ex.TTS_COLS * ex.TTS_CELL_W, ex.TTS_ROWS * ex.TTS_CELL_H)
            assert max(im.size) <= 4096
    assert (ex.TTS_COLS, ex.TTS_ROWS) == (10, 7)
    with Image.open(out / ex.TTS_BACK) as im:
        assert im.size == (ex.TTS_CELL_W, ex.TTS_CELL_H)
    state = json.loads((out / ex.TTS_JSON).read_text(encoding="utf-8"))
    objs = {o["Nickname"]: o for o in state["ObjectStates"]}
    cylon, human = objs[tr("print.tts.cylon_deck", "en")], objs[tr("print.tts.human_deck", "en")]
    # S5: the Cylon cards are a deck of their own, drawn from at random
    assert len(cylon["ContainedObjects"]) == len(COMP.cylons) == 4
    assert len(human["ContainedObjects"]) == COMP.not_cylon_count == 8
    cylon_ids = {i for i, (cid, _, _) in enumerate(card_art.all_cards(COMP))
                 if cid.startswith("cylon_")}
    assert {c["CardID"] % 100 for c in cylon["ContainedObjects"]} == cylon_ids
    # pointing at a face-down card shows its nickname to everyone: all loyalty cards alike
    for deck in (cylon, human):
        assert {c["Nickname"] for c in deck["ContainedObjects"]} == {"Loyalty"}
        assert deck["Transform"]["rotZ"] == 180.0            # face down
    characters = objs["Characters"]
    # nicknamed as printed, not by id
    assert [c["Nickname"] for c in characters["ContainedObjects"]] == [
        ch.name.en for ch in COMP.characters]
    admiral = objs[COMP.admiral_title.en]
    assert admiral["Name"] == "Card"
    # S2: brig side down, so the ability side (the face) up
    for obj in (characters, *characters["ContainedObjects"], admiral):
        assert obj["Transform"]["rotZ"] == 0.0, obj["Nickname"]
    loyalty = cylon["CustomDeck"]["1"]
    assert loyalty["BackURL"] == Path(ex.TTS_BACK).name and loyalty["UniqueBack"] is False
    assert (loyalty["NumWidth"], loyalty["NumHeight"]) == (10, 7)
    for deck in (cylon, human, characters):
        ids = [c["CardID"] for c in deck["ContainedObjects"]]
        assert ids == deck["DeckIDs"] and all(i % 100 < 18 for i in ids)


def test_tabletop_simulator_names_in_hungarian() -> None:
    state = json.loads(ex.tts_json(COMP, [cid for cid, _, _ in card_art.all_cards(COMP)], "hu"))
    nicks = {o["Nickname"] for o in state["ObjectStates"]}
    assert {tr("print.tts.cylon_deck", "hu"), tr("print.tts.human_deck", "hu"),
            tr("print.tts.characters", "hu"), COMP.admiral_title.get("hu")} == nicks


def test_exports_are_an_option_beside_the_pdfs(out: Path) -> None:
    names = {p.name for p in out.iterdir()}
    assert set(FILES) <= names and {ex.PNG_DIR, ex.TTS_DIR} <= names
    assert not any(n.endswith(".tmp") for n in names)
    readme = (out / "README.txt").read_text(encoding="utf-8")
    assert "822 × 1122" in readme and "825 × 1125" in readme and "Tabletop Simulator" in readme
    assert "36 px" in readme and "37.5 px" in readme and "markers" in readme
