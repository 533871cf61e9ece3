"""File → Print-and-play…: every option of ``bsg-express print``, the pack written off the
GUI thread.

The dialog offers what the command line does (folder, paper, language, ink, fold or
duplex layout, print-shop and Tabletop Simulator exports, die sticker size, bleed, a
cards file of one's own), each explained in plain words, and remembers the last
choices. Building a pack takes from a fraction of a second to several seconds (the
exports), so `PackWriter` builds and writes it in a thread while the dialog shows the
progress and offers Cancel; the window keeps drawing and playing meanwhile. Writing
goes through the print command's own `write_files`, which stages the files and moves
them into place, so neither a cancel nor an error leaves a half-written pack: a
cancel is honoured only until the files start to be written.
"""

from __future__ import annotations

import errno
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QLocale, QStandardPaths, QThread, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.errors import DataError, UserError
from bsg_desktop.i18n import LANGUAGES, language, tr
from bsg_desktop.printing.pack import (
    BLEED_RANGE,
    DIE_FACE_RANGE,
    PrintOptions,
    pack_steps,
)
from bsg_desktop.printing.sheets import PAPERS
from bsg_desktop.ui.settings import Settings
from bsg_desktop.ui.theme import ERROR

DEFAULTS = PrintOptions()


class Cancelled(Exception):
    """The user pressed Cancel before the files were written."""


class PackWriter(QThread):
    """Builds the pack and writes it with the print command's `write_files`.

    Signals carry what happened, not texts: the dialog words them in the window's
    language. ``failed(kind, detail)``: kind is "folder", "cards", "write" or "bug"; a
    folder's detail may be "ENOTDIR:Not a directory", worded by `reason_words`.
    """

    progressed = Signal(int, int)  # steps done, steps in all
    writing = Signal()             # from here on the pack is written whatever happens
    written = Signal(list)         # the paths written
    failed = Signal(str, str)
    cancelled = Signal()

    def __init__(self, folder: Path, options: PrintOptions, cards: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.options = options
        self.cards = cards
        self._cancel = threading.Event()
        self.steps = pack_steps(options) + 1  # and writing the files

    def cancel(self) -> None:
        self._cancel.set()

    def run(self) -> None:  # the worker thread
        try:
            self.written.emit([str(p) for p in self._run()])
        except Cancelled:
            self.cancelled.emit()
        except _Failed as e:
            self.failed.emit(e.kind, e.detail)
        except Exception as e:  # a bug: one line for the user, never a traceback
            self.failed.emit("bug", f"{e.__class__.__name__}: {e}")

    def _run(self) -> list[Path]:
        from bsg_desktop.data.components import load_components, read_components
        from bsg_desktop.printing.command import write_files
        from bsg_desktop.printing.pack import build_pack

        check_folder(self.folder)  # before seconds of drawing, not after
        try:
            comp = (read_components(Path(self.cards).expanduser()) if self.cards
                    else load_components())
        except DataError as e:
            raise _Failed("cards", str(e)) from None
        done = 0

        def advance(n: int) -> None:
            nonlocal done
            if self._cancel.is_set():
                raise Cancelled
            done += n
            self.progressed.emit(done, self.steps)

        files = build_pack(comp, self.options, advance)
        if self._cancel.is_set():
            raise Cancelled
        self.writing.emit()
        try:
            paths = write_files(self.folder, files)
        except UserError as e:
            raise _Failed("write", str(e)) from None
        self.progressed.emit(self.steps, self.steps)
        return paths


class _Failed(Exception):
    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind, self.detail = kind, detail


OS_REASONS = ("EACCES", "EPERM", "ENOTDIR", "EROFS", "ENOSPC", "EEXIST")


def reason_words(detail: str) -> str:
    """"ENOTDIR:Not a directory" in the window's language; any other text as it is."""
    name, sep, _system = detail.partition(":")
    return tr(f"ui.print.os.{name}") if sep and name in OS_REASONS else detail


def check_folder(folder: Path) -> None:
    """The folder exists (or can be made) and takes a file; else a "folder" failure."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as e:
        # the system's reason in the window's words where we have them (its own text is
        # English whatever the language)
        name = errno.errorcode.get(e.errno or 0, "")
        raise _Failed("folder", f"{name}:{e.strerror or e}" if name in OS_REASONS
                      else str(e.strerror or e)) from None


def summary(folder: Path, paths: list[str]) -> list[str]:
    """What was written, one line per file, a sub-folder (PNG/, TTS/) as one line."""
    lines: list[str] = []
    folders: dict[str, int] = {}
    for p in paths:
        rel = Path(p).relative_to(folder) if Path(p).is_relative_to(folder) else Path(p)
        if len(rel.parts) > 1:
            folders[rel.parts[0]] = folders.get(rel.parts[0], 0) + 1
        else:
            lines.append(rel.name)
    lines += [tr("ui.print.subfolder", name=name, count=n) for name, n in folders.items()]
    return lines


def default_folder() -> Path:
    """A folder of the pack's own, never the home folder itself (a pack is dozens of
    files): in Documents where the system has that folder, else in the home folder."""
    home = Path.home()
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    base = Path(docs) if docs and Path(docs).is_dir() and Path(docs) != home else home
    return base / tr("ui.print.default_folder")


def open_folder(folder: Path) -> bool:
    """Show the folder in the system's file manager."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


class PrintDialog(QDialog):
    """The print command's options, explained; writes the pack without freezing the window,
    then says what was written and offers to open the folder."""

    written = Signal(list)  # the paths of a pack just written

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.worker: PackWriter | None = None
        self.open_folder: Callable[[Path], bool] = open_folder  # tests record instead
        self._close_when_stopped = False
        self.setWindowTitle(tr("ui.print.title"))
        self.setMinimumWidth(640)
        lay = QVBoxLayout(self)
        intro = QLabel(tr("ui.print.intro"), wordWrap=True)
        lay.addWidget(intro)
        self.form_box = QWidget()
        # a grid, not a QFormLayout: the wrapped explanations get the height their
        # width needs, no more
        form = QGridLayout(self.form_box)
        form.setContentsMargins(0, 0, 0, 0)
        form.setVerticalSpacing(4)
        form.setColumnStretch(1, 1)
        lay.addWidget(self.form_box)
        self.helps: list[QLabel] = []

        def row(label: str, field: QWidget | QHBoxLayout, tip: str, help_text: str = "",
                ) -> QLabel:
            lbl = QLabel(label)
            lbl.setToolTip(tip)
            if isinstance(field, QWidget):
                field.setToolTip(tip)
                lbl.setBuddy(field)
            at = form.rowCount()
            form.addWidget(lbl, at, 0)
            if isinstance(field, QWidget):
                form.addWidget(field, at, 1)
            else:
                form.addLayout(field, at, 1)
            note = QLabel(help_text, wordWrap=True)
            note.setObjectName("help")
            note.setStyleSheet("color: palette(placeholder-text); font-size: 11px;")
            note.setVisible(bool(help_text))
            if help_text:
                form.addWidget(note, at + 1, 1)
            self.helps.append(note)
            return note

        def with_browse(edit: QLineEdit, browse: Callable[[], None], tip: str) -> QHBoxLayout:
            """A path field with its Browse… button beside it."""
            edit.setToolTip(tip)
            button = QPushButton(tr("ui.print.browse"))
            button.clicked.connect(browse)
            line = QHBoxLayout()
            line.addWidget(edit, 1)
            line.addWidget(button)
            return line

        self.folder = QLineEdit()
        row(tr("ui.print.folder"),
            with_browse(self.folder, self._browse, tr("ui.print.folder_tip")),
            tr("ui.print.folder_tip"))
        self.paper = QComboBox()
        for p in PAPERS:
            self.paper.addItem(tr(f"ui.print.paper_{p}"), p)
        row(tr("ui.print.paper"), self.paper, tr("ui.print.paper_tip"))
        self.lang = QComboBox()
        for code, name in LANGUAGES.items():
            self.lang.addItem(name, code)
        row(tr("ui.print.language"), self.lang, tr("ui.print.language_tip"))
        self.ink = QComboBox()
        self.ink.addItem(tr("ui.print.ink_color"), "color")
        self.ink.addItem(tr("ui.print.ink_low"), "low")
        row(tr("ui.print.ink"), self.ink, tr("ui.print.ink_tip"))
        self.layout_choice = QComboBox()
        self.layout_choice.addItem(tr("ui.print.layout_fold"), "fold")
        self.layout_choice.addItem(tr("ui.print.layout_duplex"), "duplex")
        self.layout_help = row(tr("ui.print.layout"), self.layout_choice,
                               tr("ui.print.layout_tip"), tr("ui.print.layout_fold_help"))
        self.layout_choice.currentIndexChanged.connect(self._layout_changed)
        self.exports = QCheckBox(tr("ui.print.exports"))
        row("", self.exports, tr("ui.print.exports_tip"), tr("ui.print.exports_help"))
        self.die_face = QDoubleSpinBox()
        self.die_face.setRange(*DIE_FACE_RANGE)
        self.die_face.setSingleStep(0.1)
        self.die_face.setDecimals(1)
        row(tr("ui.print.die_face"), self.die_face, tr("ui.print.die_face_tip"),
            tr("ui.print.die_face_help"))
        self.bleed = QDoubleSpinBox()
        self.bleed.setRange(*BLEED_RANGE)
        self.bleed.setSingleStep(0.5)
        self.bleed.setDecimals(1)
        number_locale = QLocale(language())  # Qt's locale of the language: 12,7 in Hungarian
        for spin in (self.die_face, self.bleed):
            spin.setLocale(number_locale)
        row(tr("ui.print.bleed"), self.bleed, tr("ui.print.bleed_tip"), tr("ui.print.bleed_help"))
        self.cards = QLineEdit()
        self.cards.setPlaceholderText(tr("ui.print.cards_shipped"))
        self.cards.setClearButtonEnabled(True)
        row(tr("ui.print.cards"),
            with_browse(self.cards, self._browse_cards, tr("ui.print.cards_tip")),
            tr("ui.print.cards_tip"), tr("ui.print.cards_help"))

        self.progress = QProgressBar()
        self.progress.setTextVisible(False)
        self.progress.hide()
        lay.addWidget(self.progress)
        self.status = QLabel(wordWrap=True)
        self.status.setObjectName("status")
        self.status.hide()
        lay.addWidget(self.status)
        buttons = QHBoxLayout()
        self.open_button = QPushButton(tr("ui.print.open_folder"))
        self.open_button.clicked.connect(self._open_folder)
        self.open_button.hide()
        self.write_button = QPushButton(tr("ui.print.write"))
        self.write_button.setDefault(True)
        self.write_button.clicked.connect(self.start)
        self.close_button = QPushButton(tr("ui.print.close"))
        self.close_button.clicked.connect(self._close_or_cancel)
        buttons.addWidget(self.open_button)
        buttons.addStretch(1)
        buttons.addWidget(self.write_button)
        buttons.addWidget(self.close_button)
        lay.addLayout(buttons)
        self.written_folder: Path | None = None
        self.remember(settings.print_choices())

    # ------------------------------------------------------------ choices
    def remember(self, last: dict[str, object]) -> None:
        """Set the dialog up as it was last used; anything missing or not valid (a damaged
        settings file) keeps its default."""
        folder = last.get("folder")
        self.folder.setText(str(folder) if isinstance(folder, str) and folder.strip()
                            else str(default_folder()))
        for combo, key, default in ((self.paper, "paper", DEFAULTS.paper),
                                    (self.lang, "lang", language()),
                                    (self.ink, "ink", DEFAULTS.ink),
                                    (self.layout_choice, "layout", DEFAULTS.layout)):
            value = last.get(key)
            at = combo.findData(value) if isinstance(value, str) else -1
            combo.setCurrentIndex(at if at >= 0 else max(0, combo.findData(default)))
        for spin, key, default, (lo, hi) in ((self.die_face, "die_face", DEFAULTS.die_face,
                                              DIE_FACE_RANGE),
                                             (self.bleed, "bleed", DEFAULTS.bleed, BLEED_RANGE)):
            value = last.get(key)
            ok = isinstance(value, float) and lo <= value <= hi
            spin.setValue(value if ok else default)  # type: ignore[arg-type]
        self.exports.setChecked(last.get("exports") is True)
        cards = last.get("cards")
        self.cards.setText(cards if isinstance(cards, str) else "")
        self._layout_changed()

    def choices(self) -> dict[str, object]:
        return {"folder": self.folder.text().strip(), "paper": str(self.paper.currentData()),
                "lang": str(self.lang.currentData()), "ink": str(self.ink.currentData()),
                "layout": str(self.layout_choice.currentData()),
                "exports": self.exports.isChecked(),
                "die_face": round(float(self.die_face.value()), 1),
                "bleed": round(float(self.bleed.value()), 1),
                "cards": self.cards.text().strip()}

    def options(self) -> PrintOptions:
        c = self.choices()
        return PrintOptions(paper=str(c["paper"]), lang=str(c["lang"]), ink=str(c["ink"]),
                            die_face=float(c["die_face"]),  # type: ignore[arg-type]
                            bleed=float(c["bleed"]),  # type: ignore[arg-type]
                            layout=str(c["layout"]), exports=bool(c["exports"]))

    @Slot()
    def _layout_changed(self) -> None:
        key = "duplex" if self.layout_choice.currentData() == "duplex" else "fold"
        self.layout_help.setText(tr(f"ui.print.layout_{key}_help"))

    def _browse(self) -> None:
        d = QFileDialog.getExistingDirectory(self, tr("ui.print.folder"), self.folder.text())
        if d:
            self.folder.setText(d)

    def _browse_cards(self) -> None:
        start = self.cards.text() or self.folder.text()
        f, _ = QFileDialog.getOpenFileName(self, tr("ui.print.cards"), start,
                                           tr("ui.print.cards_filter"))
        if f:
            self.cards.setText(f)

    # ------------------------------------------------------------ writing
    @property
    def busy(self) -> bool:
        return self.worker is not None

    @Slot()
    def start(self) -> None:
        """Remember the choices and write the pack in a worker thread."""
        if self.busy:
            return
        choices = self.choices()
        folder = str(choices["folder"])
        if not folder:
            self._say(tr("ui.print.error_no_folder"), error=True)
            return
        self.settings.set_print_choices(choices)
        options = self.options()
        self.worker = PackWriter(Path(folder).expanduser(), options, str(choices["cards"]),
                                 self)
        self.worker.progressed.connect(self._progressed)
        self.worker.writing.connect(self._writing)
        self.worker.written.connect(self._written)
        self.worker.failed.connect(self._failed)
        self.worker.cancelled.connect(self._cancelled)
        self.worker.finished.connect(self._stopped)
        self.form_box.setEnabled(False)
        self.write_button.setEnabled(False)
        self.open_button.hide()
        self.close_button.setText(tr("ui.print.cancel"))
        self.close_button.setEnabled(True)
        self.progress.setRange(0, self.worker.steps)
        self.progress.setValue(0)
        self.progress.show()
        self._say(tr("ui.print.drawing"))
        self.worker.start()

    @Slot()
    def cancel(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self._say(tr("ui.print.stopping"))
            self.close_button.setEnabled(False)

    @Slot()
    def _close_or_cancel(self) -> None:
        """The button under the form: Cancel while the pack is drawn (the dialog stays,
        to say so), else Close."""
        if self.busy:
            self.cancel()
        else:
            self.reject()

    def reject(self) -> None:
        """Escape or the title bar's ×: while writing, cancel and close once stopped."""
        if self.busy:
            self._close_when_stopped = True
            self.cancel()
            return
        super().reject()

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        if self.busy:
            event.ignore()
            self._close_when_stopped = True
            self.cancel()
            return
        super().closeEvent(event)

    def finish(self) -> None:
        """The program is closing: stop a pack being drawn and wait for the worker (a
        pack already being written is completed, never left half-written)."""
        if self.worker is not None:
            self.worker.cancel()
            self.worker.wait()

    @Slot(int, int)
    def _progressed(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        if not self.worker or not self.worker._cancel.is_set():
            self._say(tr("ui.print.drawing_step", done=done, total=total))

    @Slot()
    def _writing(self) -> None:
        self.close_button.setEnabled(False)  # the files are being moved in: no cancel now
        self._say(tr("ui.print.writing"))

    @Slot(list)
    def _written(self, paths: list[str]) -> None:
        folder = self.worker.folder if self.worker is not None else Path(self.folder.text())
        self.written_folder = folder
        self.settings.set_last_dir(str(folder))
        lines = summary(folder, paths)
        self._say(tr("ui.print.written", count=len(paths), folder=folder) + "\n" +
                  " · ".join(lines))
        self.open_button.show()
        self.written.emit(paths)

    @Slot(str, str)
    def _failed(self, kind: str, detail: str) -> None:
        folder = self.worker.folder if self.worker is not None else self.folder.text()
        key = {"folder": "ui.print.error_folder", "cards": "ui.print.error_cards",
               "write": "ui.print.error_write"}.get(kind, "ui.print.error_bug")
        self._say(tr(key, folder=folder, error=reason_words(detail) if kind == "folder"
                     else detail), error=True)

    @Slot()
    def _cancelled(self) -> None:
        self._say(tr("ui.print.cancelled"))

    @Slot()
    def _stopped(self) -> None:
        """The worker is done (written, failed or cancelled): the form is the user's again,
        with every choice as it was."""
        if self.worker is not None:
            self.worker.deleteLater()
        self.worker = None
        self.progress.hide()
        self.form_box.setEnabled(True)
        self.write_button.setEnabled(True)
        self.close_button.setText(tr("ui.print.close"))
        self.close_button.setEnabled(True)
        if self._close_when_stopped:
            self._close_when_stopped = False
            super().reject()

    def _say(self, message: str, error: bool = False) -> None:
        self.status.setText(message)
        self.status.setStyleSheet(f"color: {ERROR};" if error else "")
        self.status.setProperty("error", error)
        self.status.show()
        self._fit()

    def _fit(self) -> None:
        """Grow with the texts (a list of what was written, a long error) rather than
        squeeze the explanations: wrapped labels need their height for the width."""
        self.layout().activate()
        height = self.heightForWidth(self.width())
        if height > 0:
            self.resize(self.width(), height)

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().showEvent(event)
        self._fit()

    @Slot()
    def _open_folder(self) -> None:
        """Open the folder in the file manager; where there is none (or it refuses),
        say where the files are instead of doing nothing."""
        if self.written_folder is not None and not self.open_folder(self.written_folder):
            self._say(tr("ui.print.open_failed", folder=self.written_folder), error=True)
