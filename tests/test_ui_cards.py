"""Cards you can read: hover a card or marker on the board for its text, click it to
see it large with its text (a character card with its brig side too)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from hand_over import play_until_damage  # noqa: E402
from loops import bounded
from PySide6.QtCore import QPoint, Qt  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language, text  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


@pytest.fixture
def win(new_window):  # type: ignore[no-untyped-def]
    return new_window((1280, 720))


def click_token(win: MainWindow, qtbot, key: str) -> None:  # type: ignore[no-untyped-def]
    tok = win.scene.tokens[key]
    centre = tok.sceneBoundingRect().center()
    pos: QPoint = win.board_view.mapFromScene(centre)
    assert win.board_view.token_at(pos) is tok
    qtbot.mouseClick(win.board_view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_click_a_character_card_to_read_it_large(win, qtbot):  # type: ignore[no-untyped-def]
    win.start_game(Setup(players=4), seed=3)
    win.controller.unlock()
    g = win.controller.game
    ch = win.comp.character(g.players[1].character)  # type: ignore[union-attr]
    tok = win.scene.tokens["card.1"]
    assert text(ch.ability) in tok.toolTip() and text(ch.brig) in tok.toolTip()
    click_token(win, qtbot, "card.1")
    v = win.card_viewer
    assert v is not None and v.isVisible()
    assert v.title.text() == text(ch.name)
    assert text(ch.ability) in v.body.text() and text(ch.brig) in v.body.text()
    assert len(v.face_labels) == 2  # the front and the brig side
    assert min(lbl.pixmap().height() for lbl in v.face_labels) >= 300 * v.devicePixelRatioF()


def test_admiral_and_damage_markers_open_too(win, qtbot):  # type: ignore[no-untyped-def]
    set_language("hu")
    win.set_language("hu")
    play_until_damage(win)
    c = win.controller
    click_token(win, qtbot, "admiral")
    assert win.card_viewer.title.text() == text(win.comp.admiral_title)  # type: ignore[union-attr]
    loc = c.game.damage_placed[0]  # type: ignore[union-attr]
    click_token(win, qtbot, f"damage.{loc}")
    d = win.comp.damage(loc)
    assert win.card_viewer.title.text() == text(d.name)  # type: ignore[union-attr]
    assert win.card_viewer.body.text() == text(d.text)  # type: ignore[union-attr]


def test_own_dice_land_showing_their_faces(win, qtbot):  # type: ignore[no-untyped-def]
    win.start_game(Setup(players=4), seed=5)
    c = win.controller
    rng = random.Random(2)
    for _ in bounded():  # type: ignore[union-attr]
        if c.game.pending.kind == "contribute":
            break
        c.unlock()
        c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
    seat = c.game.pending.seat  # type: ignore[union-attr]

    def faces() -> dict[int, object]:
        return {int(k.split(".")[1]): t.look for k, t in win.scene.tokens.items()
                if k.startswith("die.") and t.where.startswith(f"{seat}/active/")}

    if win.handing_over():  # before the hand-over: blank
        assert all(look[0] == "blank" for look in faces().values())
        win.handover.button.click()
    rolled = {int(d): v for d, _k, v in c.view_for_screen().info_dict()["rolled"]}
    shown = faces()
    assert shown and all(shown[d][0] == "face" and shown[d][2] == v for d, v in rolled.items())
    # nobody else's rolled dice show a face
    for k, t in win.scene.tokens.items():
        if k.startswith("die.") and "/active/" in t.where and not t.where.startswith(f"{seat}/"):
            assert t.look[0] == "blank"
