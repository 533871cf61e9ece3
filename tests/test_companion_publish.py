"""A move's phone frames: made once for each seat, and handed to the server before the
window's own work on the move (`GameController.moved`), with the log worded once."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("aiohttp")

from PySide6.QtCore import QCoreApplication  # noqa: E402

from bsg_desktop.companion.host import Host  # noqa: E402
from bsg_desktop.engine import Setup, new_game, visible_log  # noqa: E402
from bsg_desktop.log import Describer  # noqa: E402
from bsg_desktop.present.log import LogWords, log_line  # noqa: E402


def test_a_moves_frames_are_made_once_per_seat_before_anything_redraws(  # type: ignore[no-untyped-def]
        hosted_table, qtbot, monkeypatch) -> None:
    c, ph = hosted_table(8)
    for seat in (0, 1):
        c.set_on_phone(seat, True)
    made: list[int] = []
    frame = Host.frame
    monkeypatch.setattr(Host, "frame", lambda self, game, seat, *a: made.append(seat)
                        or frame(self, game, seat, *a))
    seen: list[dict[int, int]] = []
    c.events_applied.connect(lambda _events: seen.append(dict(ph.host.seq)))
    rnd = random.Random(8)
    moves = 0
    while moves < 12 and c.game.outcome is None:
        qtbot.waitUntil(lambda: c.pending_seat in (0, 1) or c.game.outcome is not None)
        if c.game.outcome is not None:
            break
        seat = c.pending_seat
        before = dict(ph.host.seq)
        made.clear()
        seen.clear()
        c.choose(rnd.choice(c.game.pending.options))
        assert sorted(made) == [0, 1]  # each seat's frame once, not once per signal
        # the deciding seat's frame (its decision is gone) was out when the window heard
        assert seen and seen[0][seat] > before[seat]
        moves += 1
        QCoreApplication.processEvents()
    assert moves >= 6


def test_a_move_is_saved_before_its_frames_go_out_and_synced_while_they_are_sent(  # type: ignore[no-untyped-def]
        hosted_table, qtbot, monkeypatch, tmp_path) -> None:
    """A move is in the autosave before any screen shows it (a kill loses no decision);
    the phones' frames go to the server's thread next, so it sends them while the save
    waits for the disk's sync; the window hears of the move last."""
    from bsg_desktop.ui.controller import GameController

    c, ph = hosted_table(8)
    c.autosave_path = tmp_path / "autosave.json"
    for seat in (0, 1):
        c.set_on_phone(seat, True)
    order: list[str] = []
    saved: list[tuple[int, int]] = []  # (choices in the autosave, choices made) then
    frame = Host.frame

    def framed(self, *a):  # type: ignore[no-untyped-def]
        saved.append((len(GameController.read(c.autosave_path)[0].choices),
                      len(c.game.choices)))
        order.append("frames")
        return frame(self, *a)

    monkeypatch.setattr(Host, "frame", framed)
    autosave, sync = c.autosave, c.sync_autosave
    monkeypatch.setattr(c, "autosave", lambda sync=True: order.append(
        "saved" if not sync else "saved+synced") or autosave(sync=sync))
    monkeypatch.setattr(c, "sync_autosave", lambda: order.append("synced") or sync())
    c.events_applied.connect(lambda _events: order.append("window"))
    moves = 0
    rnd = random.Random(8)
    while moves < 4 and c.game.outcome is None:
        qtbot.waitUntil(lambda: c.pending_seat in (0, 1) or c.game.outcome is not None)
        if c.game.outcome is not None:
            break
        order.clear()
        saved.clear()
        c.choose(rnd.choice(c.game.pending.options))
        assert order.index("saved") < order.index("frames") < order.index("synced") \
            < order.index("window"), order
        assert saved and all(on_disk == made for on_disk, made in saved), saved
        moves += 1
        QCoreApplication.processEvents()
    assert moves >= 3


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_log_words_say_each_line_as_the_describer_does_and_start_afresh_for_another_table(
        lang: str) -> None:
    g = new_game(Setup(players=4, names=("Ann", "Bo", "Cy", "Di")), seed=12)
    rnd = random.Random(12)
    while g.outcome is None and len(g.choices) < 120:
        g.apply(rnd.choice(g.pending.options))
    words = LogWords()
    names = [p.name for p in g.players]
    chars = [p.character for p in g.players]
    describer = Describer(chars, names, g.c)
    for seat in range(g.n):
        log = visible_log(g, seat)
        plain = [log_line(describer, e, lang).text() for e in log]
        assert words.lines(describer, log, lang) == plain
        assert words.lines(describer, log, lang) == plain  # the second time, from the cache
    renamed = Describer(chars, ["Eve", "Fay", "Gus", "Hal"], g.c)
    log = visible_log(g, 0)
    again = words.lines(renamed, log, lang)
    assert again == [log_line(renamed, e, lang).text() for e in log]
    assert any("Eve" in line for line in again) and not any("Ann" in line for line in again)
