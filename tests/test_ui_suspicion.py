"""The suspicion teaching aid: off by default, public evidence only during play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loops import bounded

from bsg_desktop.engine import Setup, new_game
from bsg_desktop.ui.controller import COMPUTER, HUMAN
from bsg_desktop.ui.settings import Settings
from bsg_desktop.ui.suspicion import SuspicionPanel, public_belief
from bsg_desktop.ui.window import MainWindow

CHARS = ("william_adama", "lee_adama", "laura_roslin", "gaius_baltar")


def _window(qtbot: Any, tmp_path: Path) -> MainWindow:
    win = MainWindow(settings=Settings(tmp_path / "s.ini"), autosave_path=tmp_path / "auto.json",
                     bot_delay_ms=0, animate=False)
    qtbot.addWidget(win)
    return win


def test_the_aid_is_off_until_turned_on_and_remembered(qtbot: Any, tmp_path: Path) -> None:
    win = _window(qtbot, tmp_path)
    win.show()
    assert win.suspicion.isHidden() and not win.act_suspicion.isChecked()
    win.start_game(Setup(players=4), 3, [HUMAN] * 4)
    win.act_suspicion.trigger()
    assert not win.suspicion.isHidden() and len(win.suspicion.rows) == 4
    assert Settings(tmp_path / "s.ini").show_suspicion()


def _sabotage_game(loyalty: dict[int, str]) -> Any:
    """Seat 2 rolls four dice into a crisis and contributes a lone −2."""
    g = new_game(Setup(players=4, characters=CHARS), 5,
                 overrides={"step": "crisis", "loyalty": loyalty},
                 script_crisis=["attack/7/1", "attack/7/1"], script_skill=[-2, -1, -1, -1])
    g.apply("crisis:0")
    g.apply("pass")  # seat 1
    g.apply("join")  # seat 2 rolls its four dice
    g.apply("contribute:8")  # the strong −2
    g.apply("stop")
    g.apply("pass")  # seat 3
    g.apply("pass")  # seat 0: the check closes, and the record weighs the evidence
    return g


def test_a_lone_negative_die_from_four_rolled_raises_suspicion() -> None:
    g = _sabotage_game({0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3",
                        3: "not_cylon_4"})
    b = public_belief(g.view(None))
    assert b[2] > b[1] and b[2] > b[3] and b[2] > b[0]


def test_during_play_the_panel_shows_no_secret(qtbot: Any) -> None:
    """Two games that differ only in who holds the Cylon card show the same panel."""
    texts = []
    for cylon_seat in (1, 2):
        lo = {s: f"not_cylon_{s + 1}" for s in range(4)}
        lo[cylon_seat] = "cylon_one"
        g = _sabotage_game(lo)
        panel = SuspicionPanel(g.c)
        qtbot.addWidget(panel)
        panel.show_game(g, computers={1, 2, 3})
        texts.append(panel.texts())
    assert texts[0] == texts[1]
    assert not any("believed" in t for t in texts[0])


def test_after_the_game_computer_seats_own_beliefs_are_told(qtbot: Any, tmp_path: Path) -> None:
    win = _window(qtbot, tmp_path)
    win.act_suspicion.trigger()
    win.start_game(Setup(players=3), 8, [HUMAN, COMPUTER, COMPUTER])
    g = win.controller.game
    assert g is not None
    g.record = True
    for _ in bounded():  # play everyone through the engine's door, first option
        if g.outcome is not None:
            break
        win.controller.choose(g.pending.options[0]) if g.pending.seat == 0 else \
            win.controller.play_bots_now(1)
    win.suspicion.show_game(g, set(win.controller.bots))
    lines = win.suspicion.after.text().splitlines()
    assert len(lines) == 2 and all("believed" in line for line in lines)
