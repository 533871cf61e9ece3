"""Settings -> Pace: computer moves at a pace a person can follow, on a schedule made of
public facts only (`present.pace`), remembered with the other settings, and never in
the way of a person's own input."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QThreadPool  # noqa: E402

from bsg_desktop.bots import make_bot  # noqa: E402
from bsg_desktop.engine import Choice, Decision, PlayerView, Setup, new_game  # noqa: E402
from bsg_desktop.engine.twins import flipped  # noqa: E402
from bsg_desktop.present.moments import Moment  # noqa: E402
from bsg_desktop.present.pace import (  # noqa: E402
    ENV,
    MOST_STEPS,
    STEP_S,
    moment_ms,
    pause_after,
    read_ms,
    visible_changes,
)
from bsg_desktop.ui import controller as ctl  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, GameController  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402


def test_each_visible_change_gets_its_step_and_a_moment_its_reading_time() -> None:
    g = new_game(Setup(players=4), 3)
    rng = random.Random(3)
    seen = 0
    for _ in range(300):
        if g.outcome is not None:
            break
        before = g.view(None)
        g.apply(rng.choice(g.pending.options))
        after = g.view(None)
        n = visible_changes(before, after)
        seen = max(seen, n)
        for pace in ("fast", "normal", "slow"):
            assert pause_after(pace, before, after, None) == \
                pytest.approx(STEP_S[pace] * min(n, MOST_STEPS))
        assert pause_after("instant", before, after, None) == 0.0
    assert seen >= 2  # some move changed more than one part of the board
    assert STEP_S["fast"] < STEP_S["normal"] == 0.8 < STEP_S["slow"]
    # a moment of two lines stays at least 2.5 s at normal, longer with more words
    two = Moment("failed", "Crisis failed", "The crisis failed: the fleet loses 1 food.")
    assert moment_ms(two, "normal") >= 2500
    assert moment_ms(two, "fast") < moment_ms(two, "normal") < moment_ms(two, "slow")
    longer = Moment("failed", two.headline, two.line + " Apollo is demoralized; a raider moves.")
    assert moment_ms(longer, "normal") > moment_ms(two, "normal")
    # the jump's line says what its headline says: one line, read once
    assert moment_ms(Moment("jump", "The fleet jumps", "The fleet jumps"), "normal") == \
        read_ms("The fleet jumps", "", "normal") < 2500
    assert pause_after("normal", before, before, two) == moment_ms(two, "normal") / 1000
    with pytest.raises(ValueError):
        visible_changes(g.view(0), after)  # counted on the public board only


def test_a_computer_seats_wait_is_the_same_whatever_its_loyalty(qtbot: Any) -> None:
    """Twin worlds in which the deciding seat holds the other side's card, the same
    choice made in both: the hold the window gives the next computer answer is the
    same in both worlds, and yet it follows the move (the pace is not a constant)."""
    c = GameController(bot_delay_ms=350)
    pairs, holds = 0, set()
    for seed in range(1, 4):
        g = new_game(Setup(players=(3, 4, 5)[seed % 3]), seed)
        movers = {s: make_bot("heuristic", seed=seed * 10 + s) for s in range(g.n)}
        for _ in range(100):
            if g.outcome is not None or g.stalled:
                break
            d = g.pending
            choice = movers[d.seat].choose(g.view(d.seat), d)
            twin = None if g.players[d.seat].revealed else flipped(g, d.seat)
            if twin is not None and choice in twin.pending.options:
                assert twin.players[d.seat].is_cylon != g.players[d.seat].is_cylon
                got = []
                for world in (g.copy(), twin):
                    c.adopt(world, [COMPUTER] * world.n)
                    c.pause()  # no thinking: only the hold is read
                    c.pace = "normal"
                    events = c._apply(world, choice)
                    got.append((c.bot_hold(), [e for e in events if e.to is None]))
                if got[0][1] == got[1][1]:  # the rules did not tell the worlds apart
                    assert got[0][0] == got[1][0], (seed, choice)
                    pairs += 1
                    holds.add(got[0][0])
            g.apply(choice)
    c.stop()
    assert pairs >= 100, pairs
    assert min(holds) == 0.35 and len(holds) >= 3, holds  # the fixed hold, and the pace


class QuickBot:
    """Answers at once, with no floor of its own."""

    def choose(self, view: PlayerView, decision: Decision) -> Choice:
        return decision.options[0]


def test_a_computer_answer_is_shown_only_after_the_last_moves_changes(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ctl, "make_bot", lambda *a, **k: QuickBot())
    c = GameController(bot_delay_ms=0)
    c.pace = "fast"
    moves: list[tuple[float, float]] = []  # (when applied, the pause it asked)
    c.events_applied.connect(lambda _e: moves.append((time.monotonic(), c.pace_hold)))
    c.start(Setup(players=3), seed=4, seat_kinds=[COMPUTER] * 3)
    qtbot.waitUntil(lambda: len(moves) >= 6, timeout=20_000)
    c.stop()
    QThreadPool.globalInstance().waitForDone(5000)
    for (at, pause), (nxt, _p) in zip(moves, moves[1:], strict=False):
        assert nxt - at >= pause - 0.01
    assert any(p > 0 for _t, p in moves[:5])


def test_the_pace_is_a_setting_remembered_with_the_others(
        new_window: Any, tmp_path: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from bsg_desktop.ui.window import MainWindow

    monkeypatch.delenv(ENV)  # as a player runs it: the remembered pace counts
    path = tmp_path / "pace.ini"
    win = MainWindow(settings=Settings(path), autosave_path=None, bot_delay_ms=350,
                     animate=False)
    qtbot.addWidget(win)
    assert win.pace_actions["normal"].isChecked() and win.controller.pace == "normal"
    assert [a.text() for a in win.menu_pace.actions()] == ["&Fast", "&Normal", "&Slow"]
    win.pace_actions["slow"].trigger()
    assert win.controller.pace == win.moment.pace == "slow"
    assert win.controller.bot_delay_ms == 350
    win.pace_actions["fast"].trigger()
    assert win.controller.bot_delay_ms == 60  # as the older fast switch had it
    win.pace_actions["slow"].trigger()
    win.controller.stop()
    again = MainWindow(settings=Settings(path), autosave_path=None, bot_delay_ms=350,
                       animate=False)
    qtbot.addWidget(again)
    assert again.pace_actions["slow"].isChecked() and again.controller.pace == "slow"
    again.controller.stop()
    # a file from before the pace: its "fast computer players" switch is the fast pace
    old = tmp_path / "old.ini"
    old.write_text("[ui]\nfast_bots = \"true\"\n", encoding="utf-8")
    assert Settings(old).pace() == "fast"
    # the tests' own run asks for no pause at all, whatever the file says
    monkeypatch.setenv(ENV, "instant")
    test = MainWindow(settings=Settings(path), autosave_path=None, bot_delay_ms=0,
                      animate=False)
    qtbot.addWidget(test)
    assert test.controller.pace == "instant" and test.controller.bot_hold() == 0.0
    test.controller.stop()


def test_phone_seats_get_every_move_at_once_and_only_computers_wait(
        hosted_table: Any, qtbot: Any) -> None:
    """The pace holds computer answers only: a computer's move is on the phones as it is
    applied (the next phone decision included), and a phone seat's move holds the next
    computer answer for that move's changes, as a move at the table does."""
    pytest.importorskip("aiohttp")
    c, ph = hosted_table(8)
    c.pace = "fast"
    for seat in (0, 1):
        c.set_on_phone(seat, True)
    rng = random.Random(8)
    log: list[tuple[int | None, float, float, dict[int, int]]] = []
    deciding = {"seat": c.pending_seat}

    def applied(_events: object) -> None:
        log.append((deciding["seat"], time.monotonic(), c.pace_hold, dict(ph.host.seq)))
        deciding["seat"] = c.pending_seat

    c.events_applied.connect(applied)
    computer_after_phone = at_once = 0
    while len(log) < 14 and c.game.outcome is None:
        qtbot.waitUntil(lambda: c.pending_seat in (0, 1) or c.game.outcome is not None,
                        timeout=20_000)
        if c.game.outcome is not None:
            break
        seat = c.pending_seat
        if log and log[-1][0] == 2:  # a computer moved last: this decision was sent with it
            assert log[-1][3][seat] == ph.host.seq[seat]
            at_once += 1
        c.choose(rng.choice(c.game.pending.options))
    for (who, at, pause, _s), (nxt, then, _p, _t) in zip(log, log[1:], strict=False):
        if nxt == 2 and who in (0, 1):
            computer_after_phone += 1
            assert then - at >= pause - 0.01
    assert at_once >= 2 and computer_after_phone >= 2, (at_once, computer_after_phone)
