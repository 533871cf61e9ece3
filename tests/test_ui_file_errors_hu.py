"""Why a saved game cannot be opened is told in the player's language: in Hungarian
the window's box said "A játékot nem sikerült megnyitni." and then, in English,
"no such file" or "damaged or truncated"."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from bsg_desktop.i18n import set_language  # noqa: E402

ENGLISH = ("no such file", "damaged", "truncated", "not a BSG", "saved game", "folder",
           "binary", "unsupported")


@pytest.mark.parametrize("content, hungarian", [
    (None, "nincs ilyen fájl"),
    ('{"format": "bsg-express-save", "choices": [1, 2', "sérült vagy csonka"),
    ('{"hello": 1}', "nem BSG: Express mentett játék"),
    (b"\x00\x01binary", "bináris adatot tartalmaz"),
    ("dir", "mappa"),
])
def test_a_save_that_cannot_be_opened_says_why_in_hungarian(
        new_window, tmp_path, content, hungarian) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    win.set_language("hu")
    said: list[str] = []
    win.show_error = said.append  # the box, as the player reads it
    path = tmp_path / "game.bsg.json"
    if content == "dir":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    try:
        assert not win.open_path(path)
    finally:
        set_language("en")
    assert len(said) == 1
    reason = said[0].replace(str(path), "")
    assert hungarian in reason, reason
    assert not any(word in reason for word in ENGLISH), reason
