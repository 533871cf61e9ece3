"""Computer seats think off the GUI thread, and a stale answer is never applied."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from PySide6.QtCore import QThreadPool, QTimer

from bsg_desktop.engine import Choice, Decision, PlayerView, Setup
from bsg_desktop.ui import controller as ctl
from bsg_desktop.ui.controller import COMPUTER, GameController


class SlowBot:
    """Takes its time and remembers which thread it ran on."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.threads: set[int] = set()

    def choose(self, view: PlayerView, decision: Decision) -> Choice:
        self.threads.add(threading.get_ident())
        time.sleep(self.seconds)
        return decision.options[0]


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> SlowBot:
    bot = SlowBot(0.25)
    monkeypatch.setattr(ctl, "make_bot", lambda *a, **k: bot)
    return bot


def test_the_window_keeps_running_while_a_computer_seat_thinks(qtbot: Any, slow: SlowBot) -> None:
    c = GameController(bot_delay_ms=0)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(10)
    c.start(Setup(players=3), seed=4, seat_kinds=[COMPUTER] * 3)
    game = c.game
    assert game is not None
    qtbot.waitUntil(lambda: len(game.choices) >= 3, timeout=10_000)
    timer.stop()
    c.stop()
    assert threading.get_ident() not in slow.threads  # never on the GUI thread
    # three 0.25 s thinks: a blocked event loop would have ticked a handful of times
    assert len(ticks) >= 30


class QuickBot:
    """Answers at once but asks the window to take its floor (StrongBot.think_floor)."""

    def __init__(self, floor: float) -> None:
        self.floor = floor
        self.asked: list[float] = []

    def choose(self, view: PlayerView, decision: Decision) -> Choice:
        self.asked.append(time.monotonic())
        return decision.options[0]

    def think_floor(self, view: PlayerView, decision: Decision) -> float:
        return self.floor


def test_a_quick_answer_is_held_to_the_bots_think_floor(qtbot: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer seat's pace must not depend on its loyalty, so the window waits out
    the floor the bot names even when the answer came at once."""
    bot = QuickBot(0.3)
    monkeypatch.setattr(ctl, "make_bot", lambda *a, **k: bot)
    c = GameController(bot_delay_ms=0)
    applied: list[float] = []
    c.events_applied.connect(lambda _events: applied.append(time.monotonic()))
    c.start(Setup(players=3), seed=4, seat_kinds=[COMPUTER] * 3)
    qtbot.waitUntil(lambda: len(applied) >= 2, timeout=10_000)
    c.stop()
    assert all(done - asked >= 0.3 for asked, done in zip(bot.asked, applied, strict=False))


def test_a_computer_seat_thinks_during_the_pause_not_after_it(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pause between computer moves holds the answer back; it does not delay the
    thinking, so a strong seat's think and the pace overlap instead of adding up."""
    bot = QuickBot(0.0)
    monkeypatch.setattr(ctl, "make_bot", lambda *a, **k: bot)
    c = GameController(bot_delay_ms=2000)
    applied: list[float] = []
    c.events_applied.connect(lambda _events: applied.append(time.monotonic()))
    started = time.monotonic()
    c.start(Setup(players=3), seed=4, seat_kinds=[COMPUTER] * 3)
    qtbot.waitUntil(lambda: len(applied) >= 1, timeout=10_000)
    c.stop()
    assert bot.asked[0] - started < 1.5  # asked at once, not after the 2 s pause …
    assert applied[0] - bot.asked[0] >= 2.0  # … and its answer still waited the pause out


def test_an_answer_for_a_game_that_moved_on_is_dropped(qtbot: Any, slow: SlowBot) -> None:
    c = GameController(bot_delay_ms=0)
    c.start(Setup(players=3), seed=4, seat_kinds=[COMPUTER] * 3)
    first = c.game
    qtbot.waitUntil(lambda: c._thinking, timeout=5_000)
    c.start(Setup(players=4), seed=9, seat_kinds=["human"] * 4)  # a new game mid-think
    QThreadPool.globalInstance().waitForDone(5_000)
    qtbot.wait(50)  # let the queued answer arrive
    assert first is not None and first.choices == []  # the old game got no move
    assert c.game is not first and c.game is not None and c.game.choices == []
    c.stop()


def test_a_crashing_bot_plays_its_first_legal_option(qtbot: Any, capfd: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def choose(self, view: PlayerView, decision: Decision) -> Choice:
            raise RuntimeError(f"bug holding {view.my_loyalty[0]}")

    monkeypatch.setattr(ctl, "make_bot", lambda *a, **k: Broken())
    c = GameController(bot_delay_ms=0)
    c.start(Setup(players=3), seed=2, seat_kinds=[COMPUTER] * 3)
    game = c.game
    assert game is not None
    qtbot.waitUntil(lambda: len(game.choices) >= 2, timeout=5_000)
    c.stop()
    err = capfd.readouterr().err
    # said, but not what the exception said: it may name the seat's secrets
    assert "computer player error" in err and "bug" not in err and "cylon" not in err


def test_an_answer_later_than_its_hold_waits_for_the_next_tick() -> None:
    from bsg_desktop.bots.release import TICK, release_after

    assert release_after(0.5, 0.1) == release_after(0.5, 0.5) == 0.5
    assert release_after(0.5, 0.5001) == release_after(0.5, 0.5 + TICK) == 0.5 + TICK
    assert release_after(0.5, 0.5 + TICK + 0.01) == 0.5 + 2 * TICK
    assert release_after(0.0, 0.003) == 0.003  # no pause asked (tests, fast play)


def test_a_slow_answer_is_released_on_a_tick_not_when_it_was_found(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from bsg_desktop.bots.release import TICK

    class Slow(QuickBot):
        def choose(self, view: PlayerView, decision: Decision) -> Choice:
            self.asked.append(time.monotonic())
            time.sleep(0.2 + 0.03)  # past its 0.2 s hold by 30 ms
            return decision.options[0]

    bot = Slow(0.2)
    monkeypatch.setattr(ctl, "make_bot", lambda *a, **k: bot)
    c = GameController(bot_delay_ms=0)
    applied: list[float] = []
    c.events_applied.connect(lambda _events: applied.append(time.monotonic()))
    c.start(Setup(players=3), seed=4, seat_kinds=[COMPUTER] * 3)
    qtbot.waitUntil(lambda: len(applied) >= 1, timeout=10_000)
    c.stop()
    assert applied[0] - bot.asked[0] >= 0.2 + TICK - 0.01


def test_games_people_play_have_no_turn_limit(qtbot: Any, tmp_path: Any) -> None:
    """The simulator's runaway-game cap must never end a game in the window."""
    c = GameController(bot_delay_ms=0)
    c.start(Setup(players=3), seed=1, seat_kinds=["human"] * 3)
    assert c.game is not None and c.game.turn_limit is None
    path = tmp_path / "g.json"
    c.save(path)
    c.load(path)
    assert c.game.turn_limit is None
    c.stop()


def test_the_app_icon_is_original_svg_that_renders(qapp: Any) -> None:
    from PySide6.QtGui import QIcon

    from bsg_desktop.ui.command import ICON

    assert ICON.suffix == ".svg" and (ICON.parent / "LICENSE.txt").exists()
    pixmap = QIcon(str(ICON)).pixmap(64, 64)
    assert not pixmap.isNull() and pixmap.toImage().pixelColor(32, 8).alpha() > 0


def test_an_empty_window_offers_a_new_game_and_a_first_lesson(qtbot: Any, tmp_path: Any) -> None:
    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    win = MainWindow(settings=Settings(tmp_path / "s.ini"), autosave_path=None,
                     bot_delay_ms=0, animate=False)
    qtbot.addWidget(win)
    opened: list[bool] = []
    win.new_game_dialog = lambda: opened.append(True)  # type: ignore[method-assign]
    win.panel.new_game_requested.disconnect()
    win.panel.new_game_requested.connect(win.new_game_dialog)
    from bsg_desktop.ui.widgets import WrapButton

    def press(label: str) -> None:
        [button] = [b for b in win.panel.findChildren(WrapButton) if b.text() == label]
        button.click()

    press("New game…")
    assert opened == [True]
    press("Learn the rules with a demo")
    assert win.lesson is not None and win.lesson.scenario.path.endswith("s1_start_position.yaml")
    win.controller.stop()


def test_play_without_a_display_says_so_in_one_line() -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    out = subprocess.run([sys.executable, "-m", "bsg_desktop", "play"], env=env,
                         capture_output=True, text=True, timeout=60)
    if not sys.platform.startswith("linux"):
        return
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "no display" in out.stderr
    assert "Traceback" not in out.stderr
