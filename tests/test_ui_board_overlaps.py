"""No token of the screen board covers the board's printed words: a demoralized marker
lies clear of every text of the seal, its character's name included, in either
language and at every seat count (issue 35's "WA" over "W. Adama")."""

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
