"""A newcomer's session, keyboard only: from the start screen into Learn by playing and
through the whole guided game with key events alone (the arrows and Enter on the start
screen, Enter on the welcome, number keys and Enter for every choice), the coach
explaining each new kind of decision on the way.

With ``BSG_COACH_SHOTS=FOLDER`` set, the session also saves a screenshot of each coach
step (1280×720; a few at 1024×640 and 1920×1080): the pictures in docs/learn/ were made
this way (docs/learn/README.md).
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

pytest.importorskip("pytestqt")

from guided_play import newcomer_decisions  # noqa: E402
from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtGui import QPainter, QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget  # noqa: E402
from test_ui_keys import choose_by_keys, key  # noqa: E402

from bsg_desktop.guided import GUIDED_SEAT, Newcomer  # noqa: E402
from bsg_desktop.present.coach import topic_for  # noqa: E402

SHOTS = os.environ.get("BSG_COACH_SHOTS", "")
# coach steps (by their number in the session) also taken at other window sizes
OTHER_SIZES = {2: (1024, 640), 5: (1920, 1080), 9: (1024, 640), 12: (1920, 1080)}


def shot(win: QWidget, name: str) -> None:
    """The window as a player sees it, with any dialog open over it painted in place."""
    if not SHOTS:
        return
    QApplication.processEvents()
    pix = win.grab()
    p = QPainter(pix)
    for w in QApplication.topLevelWidgets():
        if w is not win and w.isVisible() and isinstance(w, (QDialog, QMessageBox)):
            at = w.mapToGlobal(QPoint(0, 0)) - win.mapToGlobal(QPoint(0, 0))
            p.drawPixmap(at, w.grab())
    p.end()
    folder = Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    QPixmap(pix).save(str(folder / f"{name}.png"))


def shot_sizes(win: QWidget, qtbot, name: str,  # type: ignore[no-untyped-def]
               sizes: tuple[tuple[int, int], ...]) -> None:
    """Also at other window sizes (named ``name-WIDTH``), then back to the size it had."""
    if not SHOTS:
        return
    size = win.size()
    for w, h in sizes:
        win.resize(w, h)
        qtbot.wait(50)
        if getattr(win, "welcome_box", None) is not None:
            win._place_welcome()  # as the box stands when it opens at that size
        shot(win, f"{name}-{w}")
    win.resize(size)
    qtbot.wait(50)
    if getattr(win, "welcome_box", None) is not None:
        win._place_welcome()


def test_a_newcomer_plays_learn_by_playing_with_the_keyboard_alone(
        new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = new_window((1280, 720))
    win.show_start()
    page = win.start_page
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.solo_button)
    shot(win, "01-start")
    shot_sizes(win, qtbot, "01-start", ((1024, 640), (1920, 1080)))
    key(qtbot, Qt.Key.Key_Down)  # the button under Play solo
    assert QApplication.focusWidget() is page.guided_button
    key(qtbot, Qt.Key.Key_Return)
    assert win.guided and win.welcome_box is not None
    qtbot.waitUntil(lambda: win.welcome_box is not None and win.welcome_box.isVisible())
    shot(win, "02-welcome")
    shot_sizes(win, qtbot, "02-welcome", ((1024, 640), (1920, 1080)))
    key(qtbot, Qt.Key.Key_Return)  # OK has the focus
    assert win.welcome_box is None
    c = win.controller
    me = Newcomer()
    seen: list[str] = []
    chosen = 0
    def read_box() -> None:
        shot(win, "loyalty")
        key(qtbot, Qt.Key.Key_Return)
        if QApplication.activeWindow() is None:
            win.activateWindow()  # what a window manager does when a dialog closes

    for d in newcomer_decisions(win, read_box):
        g = c.game
        topic = topic_for(d.kind, d.rule)
        if topic not in seen:
            seen.append(topic or "")
            n = len(seen)
            assert win.coach_panel.step is not None and win.coach_panel.step.topic == topic
            shot(win, f"{n + 2:02d}-{topic}")
            if n in OTHER_SIZES:
                shot_sizes(win, qtbot, f"{n + 2:02d}-{topic}", (OTHER_SIZES[n],))
        choice = me.choose(g.view(GUIDED_SEAT), d)
        before = len(g.choices)
        choose_by_keys(win, qtbot, choice)
        assert len(g.choices) == before + 1 and g.choices[-1] == choice
        chosen += 1
    qtbot.waitUntil(lambda: win.game_over_dialog is not None and
                    win.game_over_dialog.isVisible())
    shot(win, "99-end")
    assert len(seen) >= 12 and chosen > 50


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_each_way_in_says_who_it_is_for_and_learn_by_playing_says_start_here(
        new_window, qtbot, lang) -> None:  # type: ignore[no-untyped-def]
    """Under each way onto the table, one line on who it is for and what happens, read
    by screen readers as the button's description; Learn by playing is marked as a
    newcomer's first step. Every line shows whole at the smallest window."""
    from bsg_desktop.i18n import set_language, tr

    set_language(lang)
    win = new_window((1024, 640))
    win.show_start()
    page = win.start_page
    qtbot.wait(10)
    notes = {}
    for b in page.buttons()[1:]:
        note = b.accessibleDescription()
        assert note and note not in b.accessibleName(), b.accessibleName()
        assert b.note.text() in note and b.note.isVisible()
        # the line is drawn inside its button, not cut off by its edge
        assert b.rect().contains(b.note.geometry()), b.accessibleName()
        assert b.note.height() >= b.note.heightForWidth(b.note.width())
        notes[b.objectName()] = b.note.text()
    assert len(set(notes.values())) == 5
    first = page.guided_button
    assert first.tag is not None and first.tag.isVisible() and first.tag.text()
    assert first.tag.text() in first.accessibleDescription()
    assert not any(getattr(b, "tag", None) for b in page.buttons() if b is not first)
    # the other language says it in its own words
    other = "hu" if lang == "en" else "en"
    assert notes["guided"] != tr("ui.start.note.guided", other)


def coach_essentials_in_sight(win) -> list[str]:  # type: ignore[no-untyped-def]
    """What keeps the coach's essentials (its title, what the decision does, what each
    choice risks) from being read without scrolling; empty when nothing does. The
    decision's question and choices must stay in sight as well."""
    panel = win.coach_panel
    wrong = []
    if win.bottom.currentWidget() is not panel or not panel.isVisible():
        return ["the coach's tab is not in front"]
    if panel.verticalScrollBar().value() != 0:
        wrong.append("scrolled")
    seen = panel.viewport().rect()
    # the kicker ("new kind of decision") only on a tall window: on a short one the tab
    # in front and the status bar say it
    for label in (panel.title, panel.body, *([panel.kicker] if win.height() >= 800 else [])):
        name = label.objectName()
        if not label.isVisible() or not label.text():
            wrong.append(f"{name} hidden")
            continue
        if label.height() < label.heightForWidth(label.width()):
            wrong.append(f"{name} cut short")
        at = label.geometry().translated(label.parentWidget().mapTo(
            panel.viewport(), QPoint(0, 0)))
        if not seen.contains(at):
            wrong.append(f"{name} below the fold ({at.bottom()} > {seen.bottom()})")
    dp = win.panel
    for b in dp.keyed:
        at = b.geometry().translated(b.parentWidget().mapTo(dp.scroll.viewport(),
                                                            QPoint(0, 0)))
        if not dp.scroll.viewport().rect().contains(at):
            wrong.append(f"choice {b.accessibleName()!r} out of sight")
    return wrong


def test_the_coachs_essentials_show_without_scrolling_at_1024_and_1280(
        new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Every coach step of the guided game, where it comes up, and every other decision
    kind's step beside the first choice of the game: at 1024×640 and 1280×720, in
    English and Hungarian, the step's title, what the decision does and what each
    choice risks are on screen whole, with the question and its choices."""
    from bsg_desktop.i18n import set_language
    from bsg_desktop.present.coach import TOPICS, coach_step

    win = new_window((1280, 720))
    win.play_guided()
    win.welcome_box.accept()
    c = win.controller
    me = Newcomer()
    problems: dict[tuple[str, str, tuple[int, int]], list[str]] = {}

    def look(topic: str) -> None:
        for lang in ("en", "hu"):
            set_language(lang)
            win.retranslate()
            for size in ((1024, 640), (1280, 720)):
                win.resize(*size)
                qtbot.wait(30)
                wrong = coach_essentials_in_sight(win)
                if wrong:
                    problems[(topic, lang, size)] = wrong
        set_language("en")
        win.retranslate()
        win.resize(1280, 720)

    seen: list[str] = []
    for d in newcomer_decisions(win):
        g = c.game
        topic = topic_for(d.kind, d.rule)
        if topic not in seen:
            seen.append(topic or "")
            look(topic or "")
            if len(seen) == 1:  # the first choice: every kind the game does not meet
                for other in sorted({*TOPICS.values(), "contribute_action"} - {topic}):
                    win.coach_shown = (other, "")  # as the window shows it, in each language
                    win.coach_panel.show_step(coach_step(other, ""))
                    look(other)
                win.coach_shown = (topic or "", d.rule)
                win.coach_panel.show_step(coach_step(topic or "", d.rule))
        win.choose(str(me.choose(g.view(GUIDED_SEAT), d)))
    assert len(seen) >= 12
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_welcome_is_short_and_lights_the_tracks_it_speaks_of(
        new_window, qtbot, lang) -> None:  # type: ignore[no-untyped-def]
    """The guided game's welcome: who you are, the goal, what to do now, in a few short
    lines; while it shows, the jump and distance tracks are lit on the board and the box
    stands clear of them; closed, the lights move to where the first decision's coach
    step says to look."""
    from bsg_desktop.i18n import set_language

    set_language(lang)
    for size in ((1024, 640), (1280, 720), (1920, 1080)):
        win = new_window(size)
        win.play_guided()
        box = win.welcome_box
        qtbot.waitUntil(lambda: box.isVisible())  # noqa: B023
        words = box.informativeText().split()
        assert len(words) <= 100, len(words)  # it was 230: four paragraphs over the board
        assert win.scene.highlighted == ["jump", "distance"]
        view = win.board_view
        lit = view.mapFromScene(win.scene.highlights[0].sceneBoundingRect()).boundingRect()
        for it in win.scene.highlights[1:]:
            lit = lit.united(view.mapFromScene(it.sceneBoundingRect()).boundingRect())
        lit.translate(view.mapToGlobal(QPoint(0, 0)))
        assert not box.frameGeometry().intersects(lit), (size, box.frameGeometry(), lit)
        box.accept()
        assert win.welcome_box is None
        assert win.scene.highlighted and win.scene.highlighted != ["jump", "distance"]
        win.controller.stop()


def test_the_coachs_text_grows_with_the_window_as_the_decisions_does(
        new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """At 1920×1080 the coach's words are larger than at 1280×720, by the decision
    panel's own factor (one scale for the whole side)."""
    win = new_window((1280, 720))
    win.play_guided()
    win.welcome_box.accept()

    def sizes() -> tuple[int, int, int]:
        qtbot.wait(20)
        out = []
        for label in (win.coach_panel.body, win.coach_panel.title, win.panel.sentence):
            label.ensurePolished()
            out.append(label.font().pixelSize())
        return out[0], out[1], out[2]

    small = sizes()
    win.resize(1920, 1080)
    large = sizes()
    assert large[0] > small[0] and large[1] > small[1], (small, large)
    assert win.coach_panel.text_scale == win.panel.text_scale > 1
    for s, big in zip(small, large, strict=True):  # the same factor, to the pixel
        assert big == round(s * win.panel.text_scale), (small, large)
    win.controller.stop()


def test_the_coachs_rules_fold_to_their_names_and_unfold_on_demand(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The step's rules take one line of links (code and one-line name) until the player
    asks for their text; a screen reader hears the text either way."""
    from bsg_desktop.present.coach import coach_step
    from bsg_desktop.rules import rule_heading, rule_text
    from bsg_desktop.ui.coach import MORE, CoachPanel

    panel = CoachPanel()
    qtbot.addWidget(panel)
    panel.show_step(coach_step("retrieve", "D5"))
    words = panel.rules.text()
    assert rule_heading("D5") in words and rule_text("D5") not in words
    assert rule_text("D5") in panel.accessibleDescription()
    asked: list[str] = []
    panel.rule_requested.connect(asked.append)
    panel.rules.linkActivated.emit("D5")  # a code: the rules window at that rule
    assert asked == ["D5"]
    panel.rules.linkActivated.emit(MORE)
    assert rule_text("D5") in panel.rules.text() and rule_text("T1") in panel.rules.text()
    panel.rules.linkActivated.emit(MORE)
    assert rule_text("D5") not in panel.rules.text()
