"""Lessons made from real games: Save as lesson, the narration editor, the round trip.

A lesson cut from a mid-game position must replay the game exactly (the file's
own ``expect`` block says where the steps end, and ``bsg-express scenario`` runs
it), open from Learn → Open demo file, and take the narration a teacher writes
in the editor in both languages. The state keys the writer needs are tested
here too: per-die dice states and Colonial Ships already lost.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_review import bot_game

from bsg_desktop.engine import Setup, new_game
from bsg_desktop.engine.setup import SetupError
from bsg_desktop.lessons import SEEDS, board, make_lesson, startable
from bsg_desktop.review import scenario_of
from bsg_desktop.scenario import parse_scenario, run_file

ROOT = Path(__file__).resolve().parents[1]


def test_state_dice_may_name_each_die_and_ships_lost_lie_in_the_box() -> None:
    g = new_game(Setup(players=4), 1, overrides={
        "dice": {1: {"strong": ["spent", "active"], "weak": {"active": 1, "removed": 1}}},
        "dradis_monitor": ["raider"], "dradis_destroyed": 2})
    assert [d.state for d in g.players[1].dice] == ["spent", "active", "active", "removed"]
    assert len(g.dradis_box) == 2 and len(g.dradis_pile) + 1 + 2 == 14
    assert g.view(None).dradis_destroyed == 2
    with pytest.raises(SetupError, match="dradis_destroyed"):
        new_game(Setup(players=4), 1, overrides={"dradis_destroyed": 9})
    with pytest.raises(SetupError, match="unknown state"):
        new_game(Setup(players=4), 1, overrides={"dice": {0: {"weak": ["gone", "active"]}}})


def test_a_lesson_log_counts_the_turns_its_title_names() -> None:
    """The title says the game's turn ("Turn 8"); the lesson's log must say it too, not
    count from 1 again: the start position carries the turn number (state ``turn``)."""
    g = bot_game(7)
    made = make_lesson(g, len(g.choices) // 2, 5)
    assert made.turn > 1
    raw = yaml.safe_load(made.text)
    assert raw["title"]["en"].startswith(f"Turn {made.turn}:")
    assert raw["state"]["turn"] == made.turn
    lesson = parse_scenario(made.text, "<lesson>").start()
    started = [e for e in lesson.events if e.kind == "turn_started"]
    assert started and started[0].get("turn") == made.turn
    assert new_game(Setup(players=3), 1, overrides={"turn": 4}).turn == 4


def test_a_lesson_replays_the_game_it_was_cut_from() -> None:
    g = bot_game(7)
    at = len(g.choices) // 2
    made = make_lesson(g, at, 30)
    assert made.start <= at and made.steps == made.asked and not made.cut
    sc = parse_scenario(made.text, "<lesson>")
    assert sc.seed in SEEDS  # one of the small lesson seeds, never the game's own
    # every step shows the board as the game had it
    snaps = [scenario_of(g).play(k) for k in range(made.start, made.start + made.steps + 1)]
    assert startable(snaps[0])
    lesson = sc.start()
    assert board(lesson) == board(snaps[0])
    for step, want in zip(sc.steps, snaps[1:], strict=True):
        lesson.apply(step.choice)
        assert board(lesson) == board(want)
    # no say is written: the teacher starts from empty fields, the lesson reads the log
    raw = yaml.safe_load(made.text)
    assert all("say" not in s for s in raw["steps"])
    assert set(raw["title"]) == {"en", "hu"} and raw["rules"]


def test_save_as_lesson_passes_the_scenario_command_and_takes_the_editors_narration(
        qtbot: Any, tmp_path: Path) -> None:
    pytest.importorskip("pytestqt")
    from bsg_desktop.i18n import set_language
    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    w = MainWindow(settings=Settings(tmp_path / "settings.ini"), autosave_path=None,
                   bot_delay_ms=0, animate=False)
    qtbot.addWidget(w)
    try:
        # mid-game, Save as lesson is greyed out and refused: the file would hold every
        # seat's loyalty and every pile's order
        full = bot_game(3, players=3)
        from bsg_desktop.engine import replay
        from bsg_desktop.errors import UserError

        mid = replay(full.setup, full.seed, full.choices[:len(full.choices) // 2])
        w.controller.adopt(mid)
        w.refresh()
        assert not w.review_tools.act_save_lesson.isEnabled()
        path = tmp_path / "lesson.yaml"
        with pytest.raises(UserError, match="not over"):
            w.review_tools.save_lesson_to(path, back=10, steps=10)
        assert not path.exists()
        # the game over, ten decisions back from where it ended
        w.controller.adopt(full)
        w.refresh()
        assert w.review_tools.act_save_lesson.isEnabled()
        made = w.review_tools.save_lesson_to(path, back=10, steps=10)
        assert made.start <= len(full.choices) - 10
        run = subprocess.run([sys.executable, "-m", "bsg_desktop", "scenario", str(path)],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert run.returncode == 0 and run.stdout.startswith("PASS"), run.stdout + run.stderr

        # Learn → Open demo file, then the narration editor beside the lesson panel
        assert w.open_demo(path)
        w.review_tools.act_editor.setChecked(True)
        ed = w.review_tools.editor
        assert ed.isEnabled() and ed.path == path
        ed.title["en"].setText("A turn to discuss")
        ed.title["hu"].setText("Egy megbeszélendő kör")
        ed.rules.setText("K2, D7")
        w.lesson_goto(2)
        # the step's fields start empty and one line tall, the log's words as their hint
        empty = ed.say["en"].height()
        assert ed.say["en"].toPlainText() == "" and ed.say["hu"].toPlainText() == ""
        log = w.lesson.step_log("en")
        assert log and log in ed.say["en"].placeholderText()
        assert w.lesson.step_log("hu") in ed.say["hu"].placeholderText()
        assert w.lesson_panel.narration.text() == log  # the lesson reads the log meanwhile
        ed.say["en"].setPlainText("Watch the dice she keeps back.")
        ed.say["hu"].setPlainText("Figyeld, mely kockákat tartja vissza.")
        line = ed.say["en"].fontMetrics().lineSpacing()
        one = ed.say["hu"].height()  # one line of Hungarian text
        assert ed.say["hu"].lines_shown() == 1 and one < 12 + 2 * line + 10
        assert empty <= one + 5 * line  # the hint shows whole, wrapped, not a 4-line box
        ed.say["en"].setPlainText("")
        ed.say["en"].setPlaceholderText("…")
        assert ed.say["en"].lines_shown() == 1 and ed.say["en"].height() == one
        ed.say["en"].setPlainText("Watch the dice she keeps back.")
        ed.say["hu"].setPlainText("\n".join(["Figyeld."] * 6))
        assert ed.say["hu"].height() >= one + 4 * line  # grows with the text (six lines)
        ed.say["hu"].setPlainText("Figyeld, mely kockákat tartja vissza.")
        w.lesson_goto(3)  # moving on keeps what was written for step 2
        assert ed.save()
        assert run_file(path) == ("PASS", "")
        le = w.lesson
        assert le is not None and le.pos == 3 and le.title("en") == "A turn to discuss"
        w.lesson_goto(2)
        assert w.lesson_panel.narration.text() == "Watch the dice she keeps back."
        set_language("hu")
        w.retranslate()
        w.refresh()
        assert w.lesson_panel.narration.text() == "Figyeld, mely kockákat tartja vissza."
        assert w.lesson.title() == "Egy megbeszélendő kör"
        assert w.lesson.scenario.rules == ("K2", "D7")

        # an unknown rule id is refused with its line, and the file stays as it was
        before = path.read_text(encoding="utf-8")
        ed.rules.setText("K2, Q99")
        assert not ed.save()
        line = next(i for i, x in enumerate(ed.file_text().splitlines(), 1)
                    if x.startswith("rules:"))
        assert f"{path}:{line}: rules:" in ed.status.text() and "Q99" in ed.status.text()
        assert path.read_text(encoding="utf-8") == before
    finally:
        set_language("en")
        w.controller.stop()


def test_a_lesson_is_made_only_from_a_game_that_is_over() -> None:
    from bsg_desktop.engine import replay
    from bsg_desktop.lessons import LessonError

    g = bot_game(7)
    mid = replay(g.setup, g.seed, g.choices[:len(g.choices) // 2])
    with pytest.raises(LessonError, match="not over"):
        make_lesson(mid, len(mid.choices) // 2, 10)
    # a game played on from a lesson file: that file already holds its secrets
    assert make_lesson(mid, len(mid.choices) // 2, 10, secrets_public=True).steps


def test_a_lesson_whose_reshuffle_no_seed_matches_stops_before_it_and_says_so(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # 3 players, seed 1, from decision 127: the piles reshuffled in the lesson come out
    # as in the game only with lesson seed 25; with seed 0 alone the lesson parts from
    # the game after 9 steps, so it must stop there, and still pass its own check
    from bsg_desktop import lessons

    g = bot_game(1, players=3)
    assert make_lesson(g, 127, 40).cut == ""
    monkeypatch.setattr(lessons, "SEEDS", range(1))
    made = make_lesson(g, 127, 40)
    assert made.cut == "lesson.made.cut_diverged" and 0 < made.steps < made.asked
    path = tmp_path / "cut.yaml"
    path.write_text(made.text, encoding="utf-8")
    assert run_file(path) == ("PASS", "")
    sc = parse_scenario(made.text)
    # the script holds only the dice the kept steps roll (Take over rolls on its own)
    kept = sc.play()
    assert not kept.script_skill and not kept.script_crisis


def test_learn_lists_my_saved_lessons_and_open_demo_starts_in_their_folder(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Save as lesson writes into the user's lessons folder; Learn → My lessons lists
    what is there by title, and Open demo file starts there, not in the install."""
    pytest.importorskip("pytestqt")
    from PySide6.QtWidgets import QFileDialog

    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    w = MainWindow(settings=Settings(tmp_path / "cfg" / "settings.ini"), autosave_path=None,
                   bot_delay_ms=0, animate=False)
    qtbot.addWidget(w)
    try:
        mine = tmp_path / "cfg" / "lessons"
        assert w.lessons_dir == mine
        w._fill_learn_lazily()
        assert [a.isEnabled() for a in w.menu_my_lessons.actions()] == [False]  # none yet
        w.controller.adopt(bot_game(3, players=3))
        w.refresh()
        asked: dict[str, str] = {}

        def save_name(_parent: Any, _title: str, start: str, _filter: str) -> tuple[str, str]:
            asked["save"] = start
            return str(mine / "my-turn.yaml"), ""

        monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
        monkeypatch.setattr("bsg_desktop.ui.review.SaveLessonDialog.exec", lambda _s: 1)
        w.review_tools.save_lesson_dialog()
        assert Path(asked["save"]).parent == mine and (mine / "my-turn.yaml").is_file()
        w._fill_learn_lazily()
        titles = [a.text() for a in w.menu_my_lessons.actions()]
        want = yaml.safe_load((mine / "my-turn.yaml").read_text(encoding="utf-8"))["title"]
        assert titles == [want["en"]]
        w.close_lesson()
        w.menu_my_lessons.actions()[0].trigger()
        assert w.lesson is not None and Path(w.lesson.scenario.path) == mine / "my-turn.yaml"

        def open_name(title: str, folder: str, filters: str) -> str:
            asked["open"] = folder
            return ""

        w.ask_open_path = open_name
        w.open_demo_dialog()
        assert Path(asked["open"]) == mine
    finally:
        w.controller.stop()
