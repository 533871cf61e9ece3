"""The narration editor: write a lesson's title, intro and each step's narration in
English and Hungarian, pick the rule ids it shows, and save the scenario file.

It edits the file's mapping (`bsg_desktop.lessons.read_lesson`) and writes it
back in the layout `dump_lesson` gives, so it saves exactly the format the Learn
menu opens and ``bsg-express scenario`` checks. Before writing, the text is run
through the scenario loader and the rule ids through the rules reference; a
problem is shown with the file's line and nothing is written. A file that loads
but whose ``expect`` no longer holds is saved, with the failure shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.engine.save import write_atomic
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import LANGUAGES, SOURCE, language_name, tr
from bsg_desktop.lessons import dump_lesson, line_of, read_lesson
from bsg_desktop.rules import rule_ids
from bsg_desktop.scenario import ScenarioError, check_expectations, parse_scenario
from bsg_desktop.teach import Lesson

EDITOR_CSS = """
QWidget#editor { background: #16202b; color: #eef2f5; }
QLabel { color: #eef2f5; }
QLabel#heading { color: #9fb3c8; font-size: 13px; font-weight: 700; }
QLabel#hint { color: #9fb3c8; font-size: 13px; font-style: italic; }
QLabel#error { color: #ff8a7a; font-size: 13px; font-weight: 600; }
QLabel#ok { color: #7fe0a0; font-size: 13px; }
QLineEdit, QPlainTextEdit { background: #1e2c3a; color: #eef2f5; border: 1px solid #3b4d5e;
                            border-radius: 4px; padding: 4px; font-size: 14px; }
QPushButton { background: #23374b; color: #f2f2f2; border: 1px solid #3b4d5e;
              border-radius: 6px; padding: 6px 12px; font-size: 14px; }
QPushButton:hover { background: #2e4a63; border-color: #c9a227; }
QPushButton:disabled { color: #6a7886; background: #1b2631; border-color: #26323e; }
"""


def _by_language(value: Any) -> dict[str, str]:
    """A scenario text (plain, or a mapping from language to words) in every language:
    one it leaves out shows the English, as the lesson reads it."""
    if isinstance(value, dict):
        source = str(value.get(SOURCE, ""))
        return {lang: str(value.get(lang, source)) for lang in LANGUAGES}
    if isinstance(value, str):
        return dict.fromkeys(LANGUAGES, value)
    return dict.fromkeys(LANGUAGES, "")


def _filled(words: dict[str, str]) -> dict[str, str] | None:
    """What a text written in some languages saves: each left empty takes the English
    (else the first one written); None when nothing is written at all."""
    given = [w for w in (words.get(SOURCE, ""), *words.values()) if w]
    if not given:
        return None
    return {lang: w or given[0] for lang, w in words.items()}


class GrowingText(QPlainTextEdit):
    """A text box as tall as its text (one line when empty, at most ``most`` lines, then
    it scrolls): the editor's column stays compact and nothing written is hidden."""

    def __init__(self, most: int = 10, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.most = most
        self.setTabChangesFocus(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.document().documentLayout().documentSizeChanged.connect(self._fit)
        self._fit()

    def lines_shown(self) -> int:
        """How many lines tall the box is now."""
        lines = int(self.document().documentLayout().documentSize().height())
        if self.toPlainText() == "" and self.placeholderText():  # the hint, wrapped
            width = max(1, self.viewport().width() - 8)
            hint = self.fontMetrics().boundingRect(0, 0, width, 10_000,
                                                   Qt.TextFlag.TextWordWrap,
                                                   self.placeholderText())
            spacing = self.fontMetrics().lineSpacing()  # a line's box is a bit taller
            lines = max(lines, (hint.height() + spacing // 2) // spacing)
        return max(1, min(self.most, lines))

    def _fit(self, *_: object) -> None:
        margins = self.contentsMargins()
        frame = (int(self.document().documentMargin()) * 2 + margins.top() + margins.bottom()
                 + 10)  # the style sheet's padding and border
        self.setFixedHeight(frame + self.fontMetrics().lineSpacing() * self.lines_shown())

    def setPlaceholderText(self, text: str) -> None:  # noqa: N802  (Qt's name)
        super().setPlaceholderText(text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802  (Qt's name)
        super().resizeEvent(event)
        self._fit()


def _text(most: int) -> GrowingText:
    return GrowingText(most)


class NarrationEditor(QWidget):
    """Edits the open lesson's file; ``saved`` carries the path once it is written."""

    saved = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("editor")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(EDITOR_CSS)
        self.setMinimumWidth(330)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 10, 10, 10)
        self.lesson_heading = QLabel(objectName="heading")
        lay.addWidget(self.lesson_heading)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)  # labels above: room
        # a title, an intro and each step's words in every language, English first
        self.title: dict[str, QLineEdit] = {lang: QLineEdit() for lang in LANGUAGES}
        self.intro: dict[str, GrowingText] = {lang: _text(8) for lang in LANGUAGES}
        self.rules = QLineEdit()
        self.title_labels = {lang: QLabel() for lang in LANGUAGES}
        self.intro_labels = {lang: QLabel() for lang in LANGUAGES}
        self.rules_label = QLabel()
        for lang in LANGUAGES:
            form.addRow(self.title_labels[lang], self.title[lang])
        for lang in LANGUAGES:
            form.addRow(self.intro_labels[lang], self.intro[lang])
        form.addRow(self.rules_label, self.rules)
        lay.addLayout(form)
        self.step_heading = QLabel(objectName="heading", wordWrap=True)
        self.step_hint = QLabel(objectName="hint", wordWrap=True)
        lay.addWidget(self.step_heading)
        lay.addWidget(self.step_hint)
        step_form = QFormLayout()
        step_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        self.say: dict[str, GrowingText] = {lang: _text(10) for lang in LANGUAGES}
        self.say_labels = {lang: QLabel() for lang in LANGUAGES}
        for lang in LANGUAGES:
            step_form.addRow(self.say_labels[lang], self.say[lang])
        lay.addLayout(step_form)
        buttons = QHBoxLayout()
        self.save_button = QPushButton(objectName="save")
        self.save_as_button = QPushButton(objectName="save_as")
        self.save_button.clicked.connect(lambda: self.save())
        self.save_as_button.clicked.connect(self.save_as_dialog)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.save_as_button)
        lay.addLayout(buttons)
        self.status = QLabel(objectName="error", wordWrap=True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.status)
        self.comments = QLabel(objectName="hint", wordWrap=True)
        lay.addWidget(self.comments)
        lay.addStretch(1)
        self.doc: dict[str, Any] | None = None
        self.path: Path | None = None
        self.pos = 0  # the step whose narration the fields show (0: none, the intro)
        self.step_log: dict[str, str] = {}  # what the log says of that step, per language
        self.retranslate()

    # ------------------------------------------------------------- binding
    def show_lesson(self, lesson: Lesson) -> None:
        """Follow the lesson: load its file when it changes, show this step's narration."""
        path = Path(lesson.scenario.path)
        if self.path != path or self.doc is None:
            self._load(path)
        else:
            self._commit_step()
        self.pos = lesson.pos
        self.step_log = {lang: lesson.step_log(lang) for lang in LANGUAGES}
        self._show_step()

    def _load(self, path: Path) -> None:
        self.path, self.doc = path, None
        self.status.clear()
        try:
            if path.is_file():
                self.doc = read_lesson(path)
        except (UserError, OSError) as e:
            self._fail(str(e))
        on = self.doc is not None
        for w in (*self.title.values(), *self.intro.values(), self.rules, *self.say.values(),
                  self.save_button, self.save_as_button):
            w.setEnabled(on)
        if not on:
            self.status.setObjectName("hint")
            self.status.setText(tr("editor.no_file"))
            self._restyle()
            for f in (*self.title.values(), self.rules):
                f.clear()
            for t in (*self.intro.values(), *self.say.values()):
                t.clear()
            return
        doc = self.doc
        assert doc is not None
        title, intro = _by_language(doc.get("title")), _by_language(doc.get("intro"))
        for lang in LANGUAGES:
            self.title[lang].setText(title[lang])
            self.intro[lang].setPlainText(intro[lang])
        rules = doc.get("rules") or []
        self.rules.setText(", ".join([rules] if isinstance(rules, str) else map(str, rules)))

    def _steps(self) -> list[Any]:
        assert self.doc is not None
        steps = self.doc.get("steps") or []
        self.doc["steps"] = steps
        return steps

    def _show_step(self) -> None:
        self.step_heading.setText(tr("editor.heading.step").upper() +
                                  (f" · {self.pos}" if self.pos else ""))
        if self.doc is None:
            return
        steps = self._steps()
        on = 0 < self.pos <= len(steps)
        self.step_hint.setVisible(not on)
        say = dict.fromkeys(LANGUAGES, "")
        if on:
            step = steps[self.pos - 1]
            if isinstance(step, dict) and step.get("say"):
                say = _by_language(step.get("say"))
        # empty fields say what the step shows: the lesson reads the log's words then
        for lang, field in self.say.items():
            field.setEnabled(on)
            field.setPlainText(say[lang])
            log = self.step_log.get(lang, "") if on else ""
            field.setPlaceholderText(tr("editor.say_placeholder", log=log) if log
                                     else tr("editor.say_placeholder_plain"))

    def _commit_step(self) -> None:
        """Put the narration fields into the mapping (for the step they show)."""
        if self.doc is None:
            return
        steps = self._steps()
        if not 0 < self.pos <= len(steps):
            return
        say = _filled({lang: f.toPlainText().strip() for lang, f in self.say.items()})
        step = steps[self.pos - 1]
        if not isinstance(step, dict):
            if say is None:
                return
            step = {"choice": step}
            steps[self.pos - 1] = step
        step["say"] = say or dict.fromkeys(LANGUAGES, "")

    def _commit(self) -> None:
        assert self.doc is not None
        self._commit_step()
        doc = self.doc
        title = _filled({lang: f.text().strip() for lang, f in self.title.items()})
        if title:
            doc["title"] = title
        intro = _filled({lang: f.toPlainText().strip() for lang, f in self.intro.items()})
        if intro:
            doc["intro"] = intro
        doc["rules"] = [r.strip() for r in self.rules.text().replace(";", ",").split(",")
                        if r.strip()]

    # --------------------------------------------------------------- saving
    def file_text(self) -> str:
        """The file the editor would write now."""
        self._commit()
        assert self.doc is not None
        return dump_lesson(self.doc)

    def save(self, path: str | Path | None = None) -> bool:
        """Check the text, then write it; a problem is shown with its line and nothing
        is written. Returns whether the file was written."""
        if self.doc is None:
            return False
        target = Path(path) if path is not None else self.path
        if target is None:
            return False
        text = self.file_text()
        try:
            sc = parse_scenario(text, str(target))
        except ScenarioError as e:
            return self._fail(str(e))
        known = set(rule_ids())
        for r in sc.rules:
            if r not in known:
                return self._fail(tr("editor.unknown_rule", path=target,
                                     line=line_of(text, "rules"), rule=r))
        try:
            problem = check_expectations(sc, sc.play())
        except ScenarioError as e:
            problem = str(e)
        try:
            write_atomic(target, text)
        except OSError as e:
            return self._fail(f"{target}: {e.strerror or e}")
        self.path = target
        if problem:
            self._fail(tr("editor.failed_check", path=target, problem=problem))
        else:
            self.status.setObjectName("ok")
            self.status.setText(tr("editor.saved", path=target))
            self._restyle()
        self.saved.emit(str(target))
        return True

    @Slot()
    def save_as_dialog(self) -> None:
        start = str(self.path) if self.path is not None else "lesson.yaml"
        path, _ = QFileDialog.getSaveFileName(self, tr("lesson.save.file_title"), start,
                                              tr("lesson.save.filter"))
        if path:
            self.save(path)

    def _fail(self, message: str) -> bool:
        self.status.setObjectName("error")
        self.status.setText(message)
        self._restyle()
        return False

    def _restyle(self) -> None:
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)

    def retranslate(self) -> None:
        self.lesson_heading.setText(tr("editor.heading.lesson").upper())
        for lang in LANGUAGES:
            name = language_name(lang)
            self.title_labels[lang].setText(tr("editor.field.title", language=name))
            self.intro_labels[lang].setText(tr("editor.field.intro", language=name))
            say = tr("editor.field.say", language=name)  # a label: capital first
            self.say_labels[lang].setText(say[:1].upper() + say[1:])
        self.rules_label.setText(tr("editor.rules"))
        self.rules.setToolTip(tr("editor.rules_tip"))
        self.rules.setPlaceholderText("K8, K7, I8")
        self.step_hint.setText(tr("editor.heading.intro_hint"))
        self.save_button.setText(tr("editor.save"))
        self.save_as_button.setText(tr("editor.save_as"))
        self.comments.setText(tr("editor.comments"))
        self.step_heading.setText(tr("editor.heading.step").upper() +
                                  (f" · {self.pos}" if self.pos else ""))
