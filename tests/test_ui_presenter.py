"""Presenter view: a lesson full screen for a classroom, its narration and controls at
projector size, the board keeping most of a 1920x1080 screen."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.ui.game_screen import PROJECTOR_PX  # noqa: E402
from bsg_desktop.ui.qtart import MIN_PX, text_role  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


def px(widget) -> float:  # type: ignore[no-untyped-def]
    widget.ensurePolished()
    f = widget.font()
    return f.pixelSize() if f.pixelSize() > 0 else f.pointSizeF() * 96 / 72


def test_presenter_view_sizes_the_lesson_for_a_projector(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    win = MainWindow(settings=Settings(tmp_path / "s.ini"), autosave_path=None,
                     bot_delay_ms=0, animate=False)
    qtbot.addWidget(win)
    win.resize(1920, 1080)
    win.show()
    normal = px(win.lesson_panel.narration)
    win.act_presenter.trigger()  # from no lesson at all: the first demo opens
    qtbot.wait(20)
    panel = win.lesson_panel
    assert win.lesson is not None and win.isFullScreen() and win.act_presenter.isChecked()
    # the offscreen screen is 800x800: the projector sizes in proportion (their full
    # size at 1920x1080 is tests/test_ui_presenter_layout.py's)
    assert px(panel.narration) > normal
    assert not win.bottom.isVisible()  # the log steps aside
    assert win.board_view.width() >= 0.55 * win.width()
    assert win.scene.least_px == PROJECTOR_PX  # the board's fine print waits for that size
    win.lesson_forward()
    assert panel.narration.text()
    win.close_lesson()  # leaving the lesson leaves the presenter view
    assert not panel.presenter and not win.isFullScreen() and not win.bottom.isHidden()
    assert px(panel.narration) == normal
    assert win.scene.least_px == MIN_PX
    set_language("en")
    win.controller.stop()


def test_projector_size_keeps_only_board_text_readable_from_the_back(new_window):  # type: ignore[no-untyped-def]
    """At a scale where a room's effect is 15 px (fine on a laptop), a projector's least
    size leaves it out; the words (names, titles, numbers) stay at any size."""
    win = new_window()
    win.start_game(Setup(players=4), seed=3)
    scene = win.scene
    board = scene._board_item
    assert board is not None

    def shown(role: str) -> list[float]:
        return [op.em * scene.px_per_mm for op in board.shown_ops()
                if op.texts and text_role(op.em) == role]

    scene.set_px_per_mm(5.0, MIN_PX)
    assert any(px < PROJECTOR_PX for px in shown("detail")), "a laptop shows the fine print"
    words = len(shown("words"))
    scene.set_px_per_mm(5.0, PROJECTOR_PX)
    assert shown("detail") == [] or min(shown("detail")) >= PROJECTOR_PX
    assert len(shown("words")) == words


def seat_words(scene) -> list[tuple[int, float, object, tuple[float, float, float, float]]]:  # type: ignore[no-untyped-def]
    """Every painted word of the seat panels: seat, size on screen (px), its scene
    rectangle and the seat's panel rectangle."""
    out = []
    for seat, (_key, panel) in scene._seat_panels.items():
        for child, op in panel.text_parts:
            if child.isVisible() and text_role(op.em) == "words":
                out.append((seat, op.em * scene.px_per_mm, child.sceneBoundingRect(),
                            scene.seat_rect(seat)))
    return out


SEATS = """
import json, tempfile
from pathlib import Path
from bsg_desktop.ui.command import _app
app = _app(offscreen=False)
from bsg_desktop.engine import Setup
from bsg_desktop.ui.qtart import text_role
from bsg_desktop.ui.settings import Settings
from bsg_desktop.ui.window import MainWindow
w = MainWindow(settings=Settings(Path(tempfile.mkdtemp()) / "s.ini"), autosave_path=None,
               bot_delay_ms=0, animate=False)
w.resize(1280, 720)
w.show()
w.start_game(Setup(players=4), seed=3)
app.processEvents()
out = {}
for mode in ("normal", "presenter", "left"):
    if mode != "normal":
        w.act_presenter.trigger() if mode == "presenter" else w.close_lesson()
        for _ in range(5):
            app.processEvents()
    scene = w.scene
    words = []
    for seat, (_key, panel) in scene._seat_panels.items():
        x, y, pw, ph = scene.seat_rect(seat)
        for child, op in panel.text_parts:
            if child.isVisible() and text_role(op.em) == "words":
                r = child.sceneBoundingRect()
                inside = x <= r.left() and r.right() <= x + pw and y <= r.top() \
                    and r.bottom() <= y + ph
                words.append((seat, op.em, op.em * scene.px_per_mm, inside))
    out[mode] = {"words": words, "full": w.isFullScreen(), "size": w.size().toTuple()}
print(json.dumps(out))
w.controller.stop()
"""


def test_presenter_view_sets_the_seat_words_at_projector_size(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """On a 1920x1080 screen the seat panels' names and states are 24 px or more in
    presenter view, each inside its own panel; out of it they are at the words size."""
    import json
    import os
    import subprocess
    import sys

    from bsg_desktop.present.layout import WORDS_MM

    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{
        "name": "hd", "x": 0, "y": 0, "width": 1920, "height": 1080,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    r = subprocess.run([sys.executable, "-c", SEATS], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, PYTHONPATH=os.getcwd(),
                                             QT_QPA_PLATFORM=f"offscreen:configfile={config}"))
    assert r.returncode == 0, r.stderr[-2000:]
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    shown = seen["presenter"]
    assert shown["full"] and shown["size"] == [1920, 1080]
    assert {seat for seat, *_ in shown["words"]} == {0, 1, 2, 3}
    assert min(px for *_, px, _in in shown["words"]) >= 24 - 1e-6
    assert all(inside for *_, inside in shown["words"])  # clear of the neighbours' panels
    for mode in ("normal", "left"):
        assert {round(em, 3) for _s, em, _px, _in in seen[mode]["words"]} == {WORDS_MM}


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_larger_seat_words_stay_in_five_narrow_panels(qapp, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Five seats, one with six state lines (its player's name, the brig, demoralized,
    its turn, its decision, its loyalty cards): the name takes the larger size, the state
    lines shrink where the narrow panel has no room for them (never below the words
    size, never cut, never out of the panel)."""
    from bsg_desktop.engine import new_game
    from bsg_desktop.present.layout import WORDS_MM
    from bsg_desktop.ui.scene import BoardScene

    g = new_game(Setup(players=5), 3)
    view = g.view(None)
    seats = tuple(sv._replace(name=f"Player {sv.seat + 1}", in_brig=True,
                              demoralized=True) if sv.seat == 2 else sv for sv in view.seats)
    view = view._replace(seats=seats, pending_seat=2, active=2)
    scene = BoardScene(g.c, 5, lang, animate=False)
    scene.set_px_per_mm(3.18, PROJECTOR_PX)
    scene.set_seat_px(24.0)
    scene.sync(view, animate=False)
    got = seat_words(scene)
    assert min(px for _s, px, _r, _p in got) >= WORDS_MM * 3.18 - 1e-6
    # the player's own name takes the larger size (seat 2 has one: the first line
    # beside its dice); every seat's character card keeps its name and ability title at
    # the board's words size, legible at the projector's least size
    name = scene._seat_panels[2][1].text_parts[0][1]
    assert name.texts == ("Player 3",) and name.em * 3.18 >= 24 - 1e-6
    for seat in range(5):
        card = scene.tokens[f"card.{seat}"]
        assert all(op.em * 3.18 >= PROJECTOR_PX for _c, op in card.text_parts)
    assert not any("…" in t for _k, p in scene._seat_panels.values() for t in p.texts())
    for _seat, _px, r, (x, y, w, h) in got:
        assert x <= r.left() and r.right() <= x + w and y <= r.top() and r.bottom() <= y + h


def test_presenter_view_sets_the_boards_own_words_at_the_table_pages_size(new_window):  # type: ignore[no-untyped-def]
    """The board's names and titles, read across a room in presenter view, are drawn at
    the table page's type (larger than the window's, at the same board scale); the
    tokens stay in their places on the board drawn again, and leaving the view brings
    the window's type back."""
    from bsg_desktop.companion.table import TABLE_LETTERING
    from bsg_desktop.present.layout import SCREEN

    win = new_window((1024, 768))
    win.start_game(Setup(players=4), seed=3)
    scene = win.scene

    def words_mm() -> float:
        board = scene._board_item
        return min(op.em for op in board.ops if op.texts and text_role(op.em) == "words")

    def raiders_placed() -> bool:
        return all(tok.pos().toTuple() == scene.layout.board.anchor(
            f"dradis.slot.{int(key.split('.')[1]) % 10}")
            for key, tok in scene.tokens.items() if key.startswith("dradis."))

    normal = words_mm()
    assert normal < TABLE_LETTERING.words and raiders_placed()
    win.act_presenter.trigger()
    assert scene.lettering == TABLE_LETTERING
    assert words_mm() >= TABLE_LETTERING.words * 0.99 > normal
    assert raiders_placed() and any(k.startswith("dradis.") for k in scene.tokens)
    win.act_presenter.trigger()
    assert scene.lettering == SCREEN and words_mm() == normal and raiders_placed()
