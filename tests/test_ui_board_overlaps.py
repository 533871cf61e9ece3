"""No token of the screen board covers the board's printed words: a demoralized marker
lies clear of every text of the seal, its character's name included, in either
language and at every seat count (issue 35's "WA" over "W. Adama"); the "jump prepared"
badge lies clear of every word, room and slot of the Galactica monitor."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QPainterPath  # noqa: E402

from bsg_desktop.engine import Setup, new_game  # noqa: E402
from bsg_desktop.ui.qtart import merge_text_runs  # noqa: E402


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_demoralized_markers_cover_no_word_of_the_seal(qapp, players: int, lang: str) -> None:  # type: ignore[no-untyped-def]
    from bsg_desktop.ui.scene import BoardScene

    g = new_game(Setup(players=players), 3)
    view = g.view(None)._replace(demoralized=tuple(ch.id for ch in g.c.characters))
    scene = BoardScene(g.c, players, lang, animate=False)
    scene.sync(view, animate=False)
    board = scene._board_item
    assert board is not None
    words = [(" ".join(op.texts), board.mapToScene(op.path))
             for op in merge_text_runs(board.ops) if op.texts]
    markers = [t for t in scene.tokens.values() if t.role == "demoralized"]
    assert len(markers) == len(g.c.characters)
    for tok in markers:
        area = QPainterPath()
        area.addPolygon(tok.mapToScene(tok.boundingRect()))
        hit = [w for w, path in words if path.intersects(area)]
        assert hit == [], (tok.where, hit)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_jump_prepared_badge_covers_no_word_row_or_slot(qapp, players: int, lang: str) -> None:  # type: ignore[no-untyped-def]
    """A5's badge lies in the band the screen monitor leaves for it: clear of the jump
    track's title, of the last room's row above and of the jump slots below."""
    from PySide6.QtCore import Qt

    from bsg_desktop.ui.scene import BoardScene

    g = new_game(Setup(players=players), 3)
    view = g.view(None)._replace(jump_bonus=True)
    scene = BoardScene(g.c, players, lang, animate=False)
    scene.sync(view, animate=False)
    board = scene._board_item
    assert board is not None
    badge = scene.tokens["jump_prepared"]
    area = QPainterPath()
    area.addPolygon(badge.mapToScene(badge.boundingRect()))
    words = [(" ".join(op.texts), board.mapToScene(op.path))
             for op in merge_text_runs(board.ops) if op.texts]
    assert [w for w, path in words if path.intersects(area)] == []
    # the frames of the rooms and the slots (outlines smaller than a panel)
    frames = [board.mapToScene(op.path) for op in board.ops
              if not op.texts and op.brush.style() == Qt.BrushStyle.NoBrush
              and op.path.boundingRect().height() < 50]
    assert any(f.boundingRect().top() > area.boundingRect().bottom() for f in frames)
    assert [f.boundingRect() for f in frames if f.intersects(area)] == []
    for k in range(g.c.jump_max + 1):  # the jump marker never reaches it
        x, y = scene.board.anchor(f"jump.{k}")
        assert y - 8.0 > area.boundingRect().bottom()
