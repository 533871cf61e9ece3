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
    assert len(objs["Loyalty"]["ContainedObjects"]) == 12
    # pointing at a face-down card shows its nickname to everyone: all loyalty cards alike
    assert {c["Nickname"] for c in objs["Loyalty"]["ContainedObjects"]} == {"Loyalty"}
    assert len(objs["Characters"]["ContainedObjects"]) == 5
    assert objs["admiral"]["Name"] == "Card"
    loyalty = objs["Loyalty"]["CustomDeck"]["1"]
    assert loyalty["BackURL"] == Path(ex.TTS_BACK).name and loyalty["UniqueBack"] is False
    assert (loyalty["NumWidth"], loyalty["NumHeight"]) == (10, 7)
    for deck in (objs["Loyalty"], objs["Characters"]):
        ids = [c["CardID"] for c in deck["ContainedObjects"]]
        assert ids == deck["DeckIDs"] and all(i % 100 < 18 for i in ids)


def test_exports_are_an_option_beside_the_pdfs(out: Path) -> None:
    names = {p.name for p in out.iterdir()}
    assert set(FILES) <= names and {ex.PNG_DIR, ex.TTS_DIR} <= names
    assert not any(n.endswith(".tmp") for n in names)
    readme = (out / "README.txt").read_text(encoding="utf-8")
    assert "822 × 1122" in readme and "Tabletop Simulator" in readme
