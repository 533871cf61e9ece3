"""File → Print-and-play…: every option of the print command, written without freezing.

A print-and-play crafter who never opens a terminal gets what ``bsg-express print``
offers: the duplex layout, the print-shop and Tabletop Simulator exports, a cards
file of their own. The pack is built in a worker thread (the window keeps handling
events meanwhile), the choices come back next time, and a folder that cannot be
written or a broken cards file gives one translated message with nothing written
and nothing of the form lost. One real pack is built (duplex with exports, the
slowest kind); every other case stops before drawing.
"""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QTimer  # noqa: E402

from bsg_desktop.data.components import load_components  # noqa: E402
from bsg_desktop.printing.pack import CARDS_FILE, PDF_FILES, PrintOptions, card_pages  # noqa: E402
from bsg_desktop.ui.print_pack import PrintDialog  # noqa: E402


def open_print_dialog(win) -> PrintDialog:  # type: ignore[no-untyped-def]
    win.act_print.trigger()
    dlg = win.print_window
    assert isinstance(dlg, PrintDialog) and dlg.isVisible()
    return dlg


def test_the_dialog_writes_a_duplex_pack_with_exports_while_the_window_runs(
        new_window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    dlg = open_print_dialog(win)
    out = tmp_path / "pack"
    dlg.folder.setText(str(out))
    dlg.layout_choice.setCurrentIndex(dlg.layout_choice.findData("duplex"))
    dlg.exports.setChecked(True)
    dlg.bleed.setValue(2.5)
    assert "both sides" in dlg.layout_help.text()  # what duplex means, said in the dialog
    assert dlg.bleed.toolTip() and dlg.exports.toolTip()
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    opened: list[Path] = []
    dlg.open_folder = lambda folder: opened.append(folder) or True
    dlg.write_button.click()
    assert dlg.busy and not dlg.form_box.isEnabled() and dlg.close_button.text() == "Cancel"
    qtbot.waitUntil(lambda: not dlg.busy, timeout=60000)
    timer.stop()
    # the GUI thread kept handling events all through the build (a frozen window
    # handles none until the pack is written)
    assert len(ticks) >= 5
    assert "files written into" in dlg.status.text() and "PNG/" in dlg.status.text()
    for name in PDF_FILES:
        assert (out / name).is_file()
    # the duplex layout reached the pack: its card sheets, fronts and mirrored backs
    duplex = card_pages(load_components(), PrintOptions(layout="duplex", bleed=2.5))[1]
    fold = card_pages(load_components(), PrintOptions(layout="fold", bleed=2.5))[1]
    pages = len(pypdf.PdfReader(out / CARDS_FILE).pages)
    assert pages == len(duplex) != len(fold)
    assert len(list((out / "PNG").glob("*.png"))) >= 30
    assert (out / "TTS" / "BSG_Express_Cards.json").is_file()
    assert not list(out.glob(".bsg-print-*"))  # no staging folder left behind
    assert dlg.open_button.isVisible()
    dlg.open_button.click()
    assert opened == [out]
    dlg.close()
    # the choices come back the next time the dialog opens
    again = open_print_dialog(win)
    assert again.folder.text() == str(out)
    assert again.layout_choice.currentData() == "duplex" and again.exports.isChecked()
    assert again.bleed.value() == 2.5
    again.close()


def test_an_unwritable_folder_gives_one_translated_message_and_keeps_the_choices(
        new_window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    win.set_language("hu")
    dlg = open_print_dialog(win)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    bad = blocker / "pack"  # under a plain file: unwritable even for root
    dlg.folder.setText(str(bad))
    dlg.layout_choice.setCurrentIndex(dlg.layout_choice.findData("duplex"))
    dlg.start()
    qtbot.waitUntil(lambda: not dlg.busy, timeout=20000)
    message = dlg.status.text()
    assert message.startswith("Ebbe a mappába nem lehet írni") and str(bad) in message
    assert "az útvonal egy része fájl, nem mappa" in message  # the reason in Hungarian too
    assert dlg.status.property("error") is True
    assert "Traceback" not in message and not dlg.open_button.isVisible()
    # nothing lost: the form is usable again with every choice as it was
    assert dlg.form_box.isEnabled() and dlg.write_button.isEnabled()
    assert dlg.folder.text() == str(bad) and dlg.layout_choice.currentData() == "duplex"
    assert blocker.read_text() == "not a folder"
    dlg.close()


def test_a_broken_cards_file_writes_nothing(new_window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    dlg = open_print_dialog(win)
    out = tmp_path / "pack"
    out.mkdir()
    (out / "BSG_Express_Cards.pdf").write_bytes(b"the old pack")
    cards = tmp_path / "my-cards.yaml"
    cards.write_text("characters: [oops\n", encoding="utf-8")
    dlg.folder.setText(str(out))
    dlg.cards.setText(str(cards))
    dlg.start()
    qtbot.waitUntil(lambda: not dlg.busy, timeout=20000)
    assert dlg.status.text().startswith("The cards file cannot be used")
    assert str(cards) in dlg.status.text()
    assert sorted(p.name for p in out.iterdir()) == ["BSG_Express_Cards.pdf"]
    assert (out / "BSG_Express_Cards.pdf").read_bytes() == b"the old pack"
    dlg.close()


def test_a_cards_file_of_ones_own_is_printed_as_it_is_now(new_window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    dlg = open_print_dialog(win)
    out = tmp_path / "pack"
    shipped = (Path(__file__).resolve().parent.parent / "cards.yaml").read_text(encoding="utf-8")
    cards = tmp_path / "my-cards.yaml"
    dlg.folder.setText(str(out))
    dlg.cards.setText(str(cards))
    for name in ("Bill Adama", "Husker Adama"):  # edited between two runs
        cards.write_text(shipped.replace('en: "William Adama"', f'en: "{name}"'), "utf-8")
        dlg.start()
        qtbot.waitUntil(lambda: not dlg.busy, timeout=30000)
        first = pypdf.PdfReader(out / CARDS_FILE).pages[0].extract_text()
        assert name in first and "William Adama" not in first
    dlg.close()


def test_cancel_stops_the_pack_before_anything_is_written(new_window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    dlg = open_print_dialog(win)
    out = tmp_path / "pack"
    dlg.folder.setText(str(out))
    dlg.start()
    dlg.close_button.click()  # Cancel, pressed while the pack is drawn
    qtbot.waitUntil(lambda: not dlg.busy, timeout=20000)
    assert dlg.status.text().startswith("Stopped. Nothing was written")
    assert dlg.isVisible() and dlg.close_button.text() == "Close"
    assert [p.name for p in out.iterdir()] == []
    dlg.close()
    assert not dlg.isVisible()


def test_closing_the_window_while_drawing_leaves_no_half_pack(new_window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    dlg = open_print_dialog(win)
    out = tmp_path / "pack"
    dlg.folder.setText(str(out))
    dlg.start()
    win.close()  # the worker is stopped and waited for, not destroyed while running
    assert dlg.worker is None or dlg.worker.isFinished()
    written = sorted(p.name for p in out.iterdir())
    assert written in ([], sorted(PDF_FILES + ("README.txt",)))
