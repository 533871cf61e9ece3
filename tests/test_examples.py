"""The user files in ``docs/examples/``, each played as a maintainer would try it: a
game to its end in the window (offscreen, computers in every seat, no pauses), the
strong bots in ``simulate``, and the print pack, whose board is drawn inside its crop
marks. The log, the choices and the rules reference name each by its own words.

- ``galen_tyrol.yaml``: a sixth character with the Salvage part;
- ``saul_tigh_command.yaml``: Saul Tigh with the shipped Command part and values of his
  own (a −2 counts as −1 on any check in his turn);
- ``long_game.yaml``: the shipped game with a jump track 0-4 and a distance track 0-8+.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from bsg_desktop.data import load_components
from bsg_desktop.engine import Setup
from bsg_desktop.rules import rule_text

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


@dataclass(frozen=True)
class Example:
    file: str
    cast: tuple[str, ...]
    seed: int          # a game whose computers meet what the file changes
    log_words: str     # what the window's log says of it, in the file's own words
    rule: str          # the rule line the reference writes from the file
    rule_words: str
    phone_words: str   # what the phones' frames say of it


CASES = (
    Example("galen_tyrol.yaml", ("galen_tyrol", "gaius_baltar", "laura_roslin", "william_adama"),
            1, "Salvage", "X11", "Galen Tyrol — Salvage", "Salvage: take back a spent"),
    Example("saul_tigh_command.yaml",
            ("saul_tigh", "gaius_baltar", "laura_roslin", "william_adama"),
            3, "Hard Line: a contributed −2 counts as −1 on Tigh's turn", "X11",
            "Saul Tigh — Hard Line: On any check in your turn, a contributed −2 counts as −1",
            "Saul Tigh"),
    Example("long_game.yaml", (), 5, "after reaching distance 8", "W1",
            "having reached distance 8 or more, jumps once more", "of 4 · distance"),
)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.file)
def test_an_example_file_is_played_to_its_end_in_the_window(
        case: Example, new_window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The window reads the file (BSG_CARDS, as ``--cards`` sets it), its computers play
    a whole game, the board shows the engine's state on the file's own board, and the log
    and its rule tooltips say the file's words."""
    from test_ui import assert_board_matches

    from bsg_desktop.ui.controller import COMPUTER

    path = EXAMPLES / case.file
    monkeypatch.setenv("BSG_CARDS", str(path))
    comp = load_components(path)
    win = new_window((1280, 720))
    assert win.comp == comp
    win.controller.bot_level = "heuristic"
    assert win.start_game(Setup(players=4, characters=case.cast), seed=case.seed,
                          seat_kinds=[COMPUTER] * 4)
    win.controller.play_bots_now()
    g = win.controller.game
    assert g is not None and g.outcome is not None
    qtbot.waitUntil(lambda: win.game_over_dialog is not None, timeout=10_000)
    assert_board_matches(win)
    anchors = win.scene.layout.board.anchors
    assert f"distance.{comp.distance_win}" in anchors and f"jump.{comp.jump_max}" in anchors
    assert f"distance.{comp.distance_win + 1}" not in anchors
    texts = "\n".join(win.widget_texts())
    assert case.log_words in texts
    assert case.rule_words in rule_text(case.rule, "en", comp)


def test_the_examples_name_their_parts_in_their_own_words_in_both_languages() -> None:
    """The reference, the log and the choices: Tyrol's Salvage choice, Tigh's Hard Line
    line, the long game's distance 8 in the rules, the end and the board's description."""
    from dataclasses import replace

    from test_engine_helpers import PINNED
    from test_user_characters import tyrol_check

    from bsg_desktop.engine.core import Event
    from bsg_desktop.log import Describer, condition_words
    from bsg_desktop.present.words import board_words, choice_words

    g = tyrol_check([-2, -1, -2, -1, 1])
    view = g.view(0)
    said = [choice_words(g.c, view, o) for o in g.pending.options]
    assert any("Salvage" in s for s in said)

    tigh = replace(load_components(EXAMPLES / "saul_tigh_command.yaml"),
                   crisis_dice=PINNED.crisis_dice)
    d = Describer(("saul_tigh", "gaius_baltar", "laura_roslin", "william_adama"),
                  components=tigh)
    ev = Event("command_applies", "X11", (("seat", 0), ("count", 1)))
    assert d.describe(ev, "en") == "Hard Line: a contributed −2 counts as −1 on Tigh's turn."
    hu = d.describe(ev, "hu")
    assert "Kemény kéz" in hu and "−2" in hu and "Adama" not in hu
    assert "Saul Tigh — Kemény kéz" in rule_text("X11", "hu", tigh)

    long = load_components(EXAMPLES / "long_game.yaml")
    for lang, words in (("en", ("distance 8", "(0–8+)", "jump track (0–4)")),
                        ("hu", ("legalább 8", "(0–8+)", "(0–4)"))):
        rules = " ".join(rule_text(r, lang, long) for r in ("W1", "J6", "C1", "J2"))
        for w in words:
            assert w in rules, (lang, w)
        assert "8" in condition_words(long, "jump", lang)
        assert "6" not in condition_words(long, "jump", lang)
    from bsg_desktop.engine import new_game

    g = new_game(Setup(players=4), 1, long)
    line = board_words(long, g.view(None))
    assert "of 4" in line and "goal 8" in line


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.file)
def test_an_example_file_is_played_by_the_strong_bots_in_simulate(case: Example) -> None:
    out = subprocess.run([sys.executable, "-m", "bsg_desktop", "simulate", "--cards",
                          str(EXAMPLES / case.file), "--games", "1", "--players", "4",
                          "--bots", "strong", "--worlds", "2", "--json"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["errors"] == 0 and report["games"] == 1


PACK_WORDS = {"galen_tyrol.yaml": "Salvage", "saul_tigh_command.yaml": "Hard Line",
              "long_game.yaml": "8+"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.file)
def test_an_example_file_prints_its_pack_with_the_board_inside_its_crop_marks(
        case: Example) -> None:
    """The whole pack is written from the file; on the board's pages (A4, one section a
    page, and A3, the three joined) every word and shape of a section lies inside its
    cut lines, the crop marks outside them; the cards, the rules and the board say the
    file's own words."""
    import io

    import pdfplumber

    from bsg_desktop.printing.pack import (
        BOARD_FILE,
        CARDS_FILE,
        RULES_FILE,
        PrintOptions,
        board_pages,
        build_pack,
        render,
    )
    from bsg_desktop.printing.sheets import Piece

    comp = load_components(EXAMPLES / case.file)
    mm = 72 / 25.4
    for paper in ("a4", "a3"):
        o = PrintOptions(paper)
        sheet, pages = board_pages(comp, o)
        if paper == "a4":
            files = build_pack(comp, o)
            drawn = files[BOARD_FILE]
        else:
            drawn = render(sheet, pages, o.lang, "print.doc.board")
        with pdfplumber.open(io.BytesIO(drawn)) as pdf:
            assert len(pdf.pages) == len(pages)
            for n, page in enumerate(pdf.pages):
                cuts = [(p.x, p.y, p.x + p.item.w, p.y + p.item.h)
                        for p in pages[n].placed if isinstance(p.item, Piece)]
                assert cuts
                x0, y0, x1, y1 = (min(c[0] for c in cuts), min(c[1] for c in cuts),
                                  max(c[2] for c in cuts), max(c[3] for c in cuts))
                pw, ph = sheet.size

                def page_edge(o: dict, pw: float = pw, ph: float = ph) -> bool:
                    """The calibration bars and the footer, in the page's margin."""
                    return o["x0"] / mm >= pw - 14 or o["top"] / mm >= ph - 21

                for ch in page.chars:
                    if page_edge(ch):
                        continue
                    assert x0 - 0.1 <= ch["x0"] / mm and ch["x1"] / mm <= x1 + 0.1, ch["text"]
                    assert y0 - 0.1 <= ch["top"] / mm and ch["bottom"] / mm <= y1 + 0.1, \
                        ch["text"]
                for r in page.rects:  # the slots and frames: within the cut, bleed aside
                    w, h = (r["x1"] - r["x0"]) / mm, (r["bottom"] - r["top"]) / mm
                    if w < 30 and h < 30 and not page_edge(r):
                        assert x0 <= r["x0"] / mm and r["x1"] / mm <= x1 + 0.1
                        assert y0 <= r["top"] / mm and r["bottom"] / mm <= y1 + 0.1
            text = "".join(p.extract_text() or "" for p in pdf.pages)
            if case.file == "long_game.yaml":
                assert "8+" in text and "6+" not in text
    said = "".join(p.extract_text() or "" for name in (CARDS_FILE, RULES_FILE)
                   for p in pdfplumber.open(io.BytesIO(files[name])).pages)
    if case.file != "long_game.yaml":
        assert PACK_WORDS[case.file] in said
    else:
        assert "distance 8 or more" in said.replace("\n", " ")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.file)
def test_an_example_file_is_played_to_its_end_on_phones(case: Example, hosted_table,  # type: ignore[no-untyped-def]
                                                         monkeypatch) -> None:
    """Two seats on phones (the claim let in as a host would), two computers: the game
    the file describes is played to its end through the sealed frames, every phone
    choice one its frame offered, and the phones' own words name the file's part."""
    from phone_client import Phone
    from PySide6.QtCore import QCoreApplication

    monkeypatch.setenv("BSG_CARDS", str(EXAMPLES / case.file))
    c, ph = hosted_table(case.seed, setup=Setup(players=4, characters=case.cast))
    pump = QCoreApplication.processEvents
    phones = {seat: Phone(ph.url(seat)) for seat in (0, 1)}
    try:
        frames = {s: p.next("state", pump) for s, p in phones.items()}
        for _ in range(2_000):
            c.play_bots_now()
            if c.game.outcome is not None:
                break
            seat = c.pending_seat
            if seat not in phones:
                pump()
                continue
            while frames[seat]["seq"] != ph.host.seq[seat]:
                frames[seat] = phones[seat].next("state", pump)
            d = frames[seat]["decision"]
            options = [o["choice"] for o in d["options"]] or list(d.get("sets", {}).values())
            choice = options[-1] if len(c.game.choices) % 3 else options[0]
            before = len(c.game.choices)
            phones[seat].send({"type": "choose", "seq": frames[seat]["seq"], "choice": choice})
            for _ in range(2_000):
                if len(c.game.choices) != before:
                    break
                pump()
                time.sleep(0.001)
            assert str(c.game.choices[before]) == choice
        assert c.game.outcome is not None, "the game ended"
        # the phones say the file's own part and track lengths
        seen = "\n".join(t for p in phones.values() for t in p.texts)
        assert case.phone_words in seen, case.phone_words
    finally:
        for p in phones.values():
            p.close()
