"""Reviewing a finished game: every decision, forward and back, the board as it was.

A bot game is played to its end through the window's controller; its review is
opened from the game-over dialog and stepped with the panel's buttons to the last
decision and back to the first. At every step the scene is compared with the
engine's game rebuilt from the recipe up to that choice, independently of the
review. The review shows every secret, so it must be refused before the end.
"""

from __future__ import annotations

from typing import Any

import pytest
from loops import bounded

from bsg_desktop.bots import make_bot
from bsg_desktop.engine import Game, Setup, new_game, replay
from bsg_desktop.review import Review, ReviewError


def bot_game(seed: int, players: int = 4) -> Game:
    g = new_game(Setup(players=players), seed)
    bots = [make_bot("heuristic", seed=seed * 10 + s) for s in range(players)]
    for _ in bounded():
        if g.outcome is not None:
            break
        s = g.pending.seat  # type: ignore[union-attr]
        g.apply(bots[s].choose(g.view(s), g.pending))  # type: ignore[arg-type]
    return g


def test_an_unfinished_game_cannot_be_reviewed() -> None:
    g = new_game(Setup(players=4), 3)
    g.apply(g.legal_choices()[0])
    with pytest.raises(ReviewError, match="not over"):
        Review(g)


def test_the_review_marks_hidden_cylons_lost_checks_reveals_and_brig_votes() -> None:
    # seed 12 (4 players, heuristic bots): a hidden Cylon's dice lose two crisis checks
    # before a brig vote on that Cylon; seed 2: a reveal
    r = Review(bot_game(12))
    kinds = [m.note.kind for m in r.marks]
    assert kinds.count("sabotage") == 2 and "vote" in kinds
    for m in r.marks:
        before = r.position(m.pos - 1)
        if m.note.kind == "sabotage":
            seat = m.note.get("seats")[0]
            assert before.players[seat].is_cylon and not before.players[seat].revealed
            assert m.note.get("total") < m.note.get("difficulty") <= m.note.get("without")
        if m.note.kind == "vote":
            target = m.note.get("target")
            assert m.note.get("cylon") == before.players[target].is_cylon
    assert "hidden Cylon" in r.mark_words(r.marks[0], "en")
    assert "rejtett Cylon" in r.mark_words(r.marks[0], "hu")
    reveal = Review(bot_game(2))
    (m,) = [m for m in reveal.marks if m.note.kind == "reveal"]
    assert reveal.position(m.pos).players[m.note.seat].revealed
    assert not reveal.position(m.pos - 1).players[m.note.seat].revealed


def test_the_review_tells_what_a_cylon_held_back_and_the_unchosen_crisis_die() -> None:
    g = bot_game(5)
    r = Review(g)
    held = [(pos, n) for pos, ns in enumerate(r.notes) for n in ns
            if n.kind == "contribute" and n.get("cylon")]
    assert held
    pos, n = held[0]
    # the dice given and kept are the ones rolled, as the deciding seat saw them
    before = r.position(pos - 1)
    rolled = sorted(v for _, _, v in before.pending.info_dict()["rolled"])  # type: ignore[union-attr]
    assert sorted(n.get("gave") + n.get("kept")) == rolled
    r.goto(pos)
    assert "hidden Cylon" in r.narration("en") and "kept back" in r.narration("en")
    crisis = next(p for p, ns in enumerate(r.notes) if any(x.kind == "crisis" for x in ns))
    r.goto(crisis)
    assert "the other crisis die showed" in r.narration("en")
    # the chart's data: one point per position, the last one the game's end
    assert len(r.points) == len(g.choices) + 1
    assert (r.points[-1].distance, r.points[-1].damage) == (g.distance, len(g.damage_placed))
    assert r.turn_start(3) == min(p for p, pt in enumerate(r.points) if pt.turn == 3)


def test_a_game_with_a_decision_taken_back_is_reviewed_and_cut_into_lessons() -> None:
    from bsg_desktop.engine.undo import UNDO
    from bsg_desktop.lessons import board, make_lesson
    from bsg_desktop.scenario import check_expectations, parse_scenario

    g = new_game(Setup(players=4), 5)
    g.keep_undo = True
    bots = [make_bot("heuristic", seed=50 + s) for s in range(4)]
    for _ in bounded():
        if g.outcome is not None:
            break
        s = g.pending.seat  # type: ignore[union-attr]
        g.apply(bots[s].choose(g.view(s), g.pending))  # type: ignore[arg-type]
        if g.outcome is None and UNDO not in g.choices and g.undoable(g.pending.seat):
            g.undo(g.pending.seat)  # type: ignore[union-attr]
    k = g.choices.index(UNDO)
    r = Review(g)  # the undo is a step of its own, and takes the board back
    assert board(r.position(k + 1)) == board(r.position(k - 1))
    r.goto(k + 1)
    assert [e.kind for e in r.step_events()] == ["decision_taken_back"]
    assert "takes back the last decision" in r.narration("en")
    # a lesson across it plays what stood: the choice taken back is left out
    made = make_lesson(g, k - 2, 6)
    sc = parse_scenario(made.text)
    assert "undo" not in [str(st.choice) for st in sc.steps]
    assert check_expectations(sc, sc.play()) is None


# ------------------------------------------------------------------- window
@pytest.fixture
def win(new_window):  # type: ignore[no-untyped-def]
    return new_window((1300, 850))


def test_a_bot_game_played_to_its_end_is_reviewed_step_by_step(win: Any, qtbot: Any) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QPushButton
    from test_ui import engine_board

    from bsg_desktop.ui.controller import COMPUTER

    c = win.controller
    c.bot_level = "heuristic"
    win.start_game(Setup(players=3), 8, [COMPUTER] * 3)  # seed 8: a Cylon from the start
    assert not win.review_tools.act_review.isEnabled()  # refused while it is played
    qtbot.waitUntil(lambda: c.game.outcome is not None, timeout=30000)
    qtbot.waitUntil(lambda: win.game_over_dialog is not None, timeout=5000)
    assert win.review_tools.act_review.isEnabled()
    button = win.game_over_dialog.findChild(QPushButton, "review")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    r = win.lesson
    assert isinstance(r, Review) and r.length == len(c.game.choices)
    section = win.review_tools.section
    assert section.isVisible() and section.chart.isVisible()
    texts = section.secrets.text()
    for p in c.game.players:  # every loyalty card shows, since the game is over
        assert all(win.comp.cylon(x).model.en in texts for x in p.loyalty
                   if x.startswith("cylon"))
    game, panel = c.game, win.lesson_panel

    def check(pos: int) -> None:
        assert r.pos == pos
        want = replay(game.setup, game.seed, game.choices[:pos])
        shown = win.scene.shown()
        for key, value in engine_board(want).items():
            assert shown[key] == value, f"position {pos}: scene {key} {shown[key]!r}"
        assert engine_board(r.game) == engine_board(want)

    check(0)
    for pos in range(1, r.length + 1):
        panel.forward_button.click()  # the button's own signal, without a paint per step
        check(pos)
    assert not panel.forward_button.isEnabled()
    assert panel.next_heading.text() == panel.next_heading.text().upper()
    for pos in range(r.length - 1, -1, -1):
        panel.back_button.click()
        check(pos)
    # jump to a turn from the panel
    section.turn.setValue(3)
    qtbot.mouseClick(section.go, Qt.MouseButton.LeftButton)
    assert r.turn_at(r.pos) == 3 and r.turn_at(r.pos - 1) == 2
    # a click on the chart goes to the start of the turn under the pointer
    from PySide6.QtCore import QPoint

    chart = section.chart
    x = round(chart._x(r.length))
    qtbot.mouseClick(chart, Qt.MouseButton.LeftButton, pos=QPoint(x - 1, 10))
    assert r.turn_at(r.pos) == r.turns and r.pos == r.turn_start(r.turns)
    win.close_lesson()
    assert win.lesson is None and not section.isVisible()
    assert not section.secrets.text() and not section.marks.text()  # nothing lingers


def test_review_is_refused_for_an_unfinished_game_and_leaks_nothing(win: Any) -> None:
    from bsg_desktop.ui.controller import COMPUTER, HUMAN

    win.controller.bot_level = "heuristic"
    win.start_game(Setup(players=3), 9, [HUMAN, COMPUTER, COMPUTER])
    assert not win.review_tools.act_review.isEnabled()
    assert not win.review_tools.review_game()
    assert win.lesson is None
    assert "not over yet" in win.last_error
    texts = " ".join(win.widget_texts())
    g = win.controller.game
    for p in g.players[1:]:  # the computer seats' cards never reach the screen
        for card in p.loyalty:
            if card.startswith("cylon"):
                assert win.comp.cylon(card).model.en not in texts


def test_a_finished_save_opened_from_file_open_offers_its_review(
        win: Any, qtbot: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QPushButton

    from bsg_desktop.engine.save import save_game

    g = bot_game(2)
    path = tmp_path / "finished.bsgx.json"
    save_game(g, path)
    assert win.open_path(path)
    qtbot.waitUntil(lambda: win.game_over_dialog is not None, timeout=5000)
    assert win.review_tools.act_review.isEnabled()
    button = win.game_over_dialog.findChild(QPushButton, "review")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert isinstance(win.lesson, Review) and win.lesson.length == len(g.choices)
    assert win.lesson_panel.close_button.text() == "Close review"
    # Save as lesson from the review, at a reveal: the file opens in the editor at once
    (m,) = [m for m in win.lesson.marks if m.note.kind == "reveal"]
    win.lesson_goto(m.pos)
    made = win.review_tools.save_lesson_to(tmp_path / "reveal.yaml", back=3, steps=4)
    assert made.steps >= 4
    from bsg_desktop.scenario import run_file

    assert run_file(tmp_path / "reveal.yaml") == ("PASS", "")

    # the menu's way: the dialog, then the file chooser, then the editor on the new file
    from bsg_desktop.ui import review as review_ui

    chosen = tmp_path / "from-dialog.yaml"
    monkeypatch.setattr(review_ui.SaveLessonDialog, "exec", lambda self: 1)
    monkeypatch.setattr(review_ui.QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(chosen), ""))
    win.review_tools.act_save_lesson.trigger()
    assert run_file(chosen) == ("PASS", "")
    assert win.lesson is not None and win.lesson.scenario.path == str(chosen)
    assert win.review_tools.dock.isVisible() and win.review_tools.editor.path == chosen


def test_play_review_renders_a_finished_save_and_refuses_an_unfinished_one(
        tmp_path: Any, qtbot: Any) -> None:
    from PySide6.QtGui import QImage

    from bsg_desktop.engine.save import save_game
    from bsg_desktop.errors import UserError
    from bsg_desktop.ui.command import screenshot

    done = tmp_path / "done.bsgx.json"
    save_game(bot_game(5), done)
    out = tmp_path / "review.png"
    screenshot(str(out), size=(800, 500), review=str(done), demo_step=56)
    assert QImage(str(out)).width() == 800
    g = new_game(Setup(players=4), 1)
    g.apply(g.legal_choices()[0])
    open_game = tmp_path / "open.bsgx.json"
    save_game(g, open_game)
    with pytest.raises(UserError, match="not over yet"):
        screenshot(str(tmp_path / "no.png"), size=(800, 500), review=str(open_game))
    assert not (tmp_path / "no.png").exists()


def test_a_reveal_in_the_brig_is_one_moment_of_the_review() -> None:
    # seed 0 (4 players, heuristic bots): a Cylon reveals while in the brig (A9), so the
    # engine says both "revealed" and "leaves the brig"; the review marks one reveal
    g = bot_game(0)
    brig = [e for e in g.events if e.kind == "reveal_in_brig"]
    assert brig, "seed 0 no longer reveals a Cylon in the brig"
    r = Review(g)
    reveals = [m for m in r.marks if m.note.kind == "reveal"]
    assert len(reveals) == sum(1 for e in g.events if e.kind == "cylon_revealed")
    seat = int(dict(brig[0].data)["seat"])
    assert [m.note.seat for m in reveals].count(seat) == 1
