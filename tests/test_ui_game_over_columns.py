"""The end of a game lists every player's name, cards and result in columns; the
columns must read apart: at the dialog's own size four "Vesztett (ember)" ran into
one line ("Vesztett (ember) Vesztett (ember) ..."), and whose result was whose had to
be guessed."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QLabel  # noqa: E402

from bsg_desktop.data import load_components  # noqa: E402
from bsg_desktop.engine import Setup, new_game  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.ui.dialogs import GameOverDialog  # noqa: E402

GAP = 16  # px of free space between two neighbouring columns' words


def finished(players: int, seed: int):  # type: ignore[no-untyped-def]
    g = new_game(Setup(players=players), seed)
    rng = random.Random(seed)
    while g.outcome is None:
        g.apply(rng.choice(g.pending.options))
    return g


def text_extent(lbl: QLabel) -> tuple[int, int]:
    """Left and right of the longest line of a centred label, in the dialog."""
    fm = lbl.fontMetrics()
    width = max(fm.horizontalAdvance(line) for line in lbl.text().splitlines() or [""])
    width = min(width, lbl.width())
    centre = lbl.mapTo(lbl.window(), lbl.rect().center()).x()
    return centre - width // 2, centre + width // 2


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("players", [4, 5])
def test_the_columns_of_the_end_read_apart(qtbot, lang, players) -> None:  # type: ignore[no-untyped-def]
    set_language(lang)
    try:
        comp = load_components()
        g = finished(players, 7)
        dlg = GameOverDialog(comp, g.view(None), seed=7)
        qtbot.addWidget(dlg)
        dlg.show()
        qtbot.waitExposed(dlg)
        labels = [w for w in dlg.findChildren(QLabel)
                  if w.alignment() & w.alignment().AlignHCenter and w.isVisible()]
        rows: dict[int, list[QLabel]] = {}
        for w in labels:
            rows.setdefault(w.mapTo(dlg, w.rect().topLeft()).y(), []).append(w)
        checked = 0
        for row in rows.values():
            row.sort(key=lambda w: w.mapTo(dlg, w.rect().topLeft()).x())
            for a, b in zip(row, row[1:], strict=False):
                assert text_extent(b)[0] - text_extent(a)[1] >= GAP, (a.text(), b.text())
                checked += 1
        assert checked >= 2 * (players - 1)  # the names and the results, every pair
    finally:
        set_language("en")


def test_the_widest_end_still_fits_a_1024_screen(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Five players holding ten loyalty cards between them, in Hungarian: the gutters
    must not push the dialog past a 1024-pixel screen (less its frame)."""
    set_language("hu")
    try:
        g = finished(5, 3)
        view = g.view(None)
        assert sum(len(c) for c in view.all_loyalty) == 10
        dlg = GameOverDialog(load_components(), view, seed=3, me=0)
        qtbot.addWidget(dlg)
        dlg.show()
        qtbot.waitExposed(dlg)
        assert dlg.width() <= 1024 - 16
    finally:
        set_language("en")
