"""Dialogs: new game, game over, rules reference (F1), print-and-play pack."""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop import bots
from bsg_desktop.art import cards as card_art
from bsg_desktop.data.components import Components
from bsg_desktop.engine import PlayerView, Setup, fresh_seed
from bsg_desktop.engine.setup import NAME_CHARS
from bsg_desktop.i18n import language, text, tr
from bsg_desktop.log import condition_words
from bsg_desktop.present.moments import seat_verdict, verdict
from bsg_desktop.present.words import card_words, hand_words, player_name
from bsg_desktop.rules import rule_sections, rule_text, rule_texts
from bsg_desktop.ui.controller import COMPUTER, HUMAN
from bsg_desktop.ui.qtart import drawing_pixmap
from bsg_desktop.ui.widgets import resize_within_screen

# Preferred default for computer seats, first that exists: "strong" is the level the
# dice are calibrated for (docs/balance.md), so a solo player meets the game as
# balanced. It thinks off the GUI thread, about 0.5 s on the 20-35 decisions a game
# it searches, so the window stays responsive.
PREFERRED_LEVELS = ("strong", "heuristic")


def bot_levels() -> list[str]:
    """Every level the bots package offers now, weakest first where it says so: the
    dialog never names a level that may not exist yet."""
    order = [n for n in getattr(bots, "ORDER", ()) if n in bots.LEVELS]
    return order + [n for n in bots.LEVELS if n not in order]


def default_bot_level() -> str:
    levels = bot_levels()
    return next((n for n in PREFERRED_LEVELS if n in levels), levels[0] if levels else "random")


def level_words(level: str) -> str:
    key = f"ui.bot.{level}"
    words = tr(key)
    return words if words != key else level.capitalize()


class NewGameDialog(QDialog):
    """3–5 seats, each human or computer, characters dealt or chosen, variant, seed,
    and how well the computer seats play (every level in `bots.LEVELS`)."""

    def __init__(self, comp: Components, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comp = comp
        self.setWindowTitle(tr("ui.new.title"))
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.players = QComboBox()
        for n in (3, 4, 5):
            self.players.addItem(str(n), n)
        self.players.setCurrentIndex(1)
        self.players.currentIndexChanged.connect(self._seats_changed)
        form.addRow(tr("ui.new.players"), self.players)
        self.morale = QCheckBox(tr("ui.new.morale"))
        # what the variant does, in the rules' own words
        self.morale.setToolTip(f"V1 {rule_text('V1', language())}\n"
                               f"V2 {rule_text('V2', language())}")
        form.addRow("", self.morale)
        # The seed is the whole game: by default a secret 64-bit one nobody sees
        # (engine.fresh_seed); a typed one makes a game reproducible, and says what it costs.
        self.seed_typed = QCheckBox(tr("ui.new.seed_typed"))
        self.seed = QLineEdit()
        self.seed.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{1,20}")))
        self.seed.setPlaceholderText(tr("ui.new.seed_placeholder"))
        self.seed.setEnabled(False)
        self.seed_note = QLabel(tr("ui.new.seed_note"), wordWrap=True)
        self.seed_note.setVisible(False)
        self.seed_typed.toggled.connect(self.seed.setEnabled)
        self.seed_typed.toggled.connect(self.seed_note.setVisible)
        # the warning is several wrapped lines: the dialog grows to show it whole
        self.seed_typed.toggled.connect(self._fit)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed_typed)
        seed_row.addWidget(self.seed, 1)
        form.addRow(tr("ui.new.seed"), seed_row)
        form.addRow("", self.seed_note)
        self.level = QComboBox()
        for name in bot_levels():
            self.level.addItem(level_words(name), name)
        self.level.setCurrentIndex(max(0, self.level.findData(default_bot_level())))
        form.addRow(tr("ui.new.level"), self.level)
        self.invite = QCheckBox(tr("ui.new.invite"))  # then File → Invite players… opens
        form.addRow("", self.invite)
        from bsg_desktop.ui.invite import reach_choice  # the invite's own, when asked for

        self.reach = reach_choice()  # where players join from: the invite dialog opens on it
        self.reach.setEnabled(False)
        self.invite.toggled.connect(self.reach.setEnabled)
        form.addRow(tr("ui.invite.reach"), self.reach)
        lay.addLayout(form)
        grid = QGridLayout()
        self.rows: list[tuple[QLabel, QLineEdit, QComboBox, QComboBox]] = []
        for i in range(5):
            name = QLineEdit()
            name.setPlaceholderText(tr("ui.new.name"))
            name.setMaxLength(NAME_CHARS)  # a name that always fits a phone's frame
            kind = QComboBox()
            kind.addItem(tr("ui.new.human"), HUMAN)
            kind.addItem(tr("ui.new.computer"), COMPUTER)
            # you and the computer: the commonest game is one player alone, so only
            # seat 1 starts human (a hot-seat table switches the others over)
            kind.setCurrentIndex(0 if i == 0 else 1)
            char = QComboBox()
            char.addItem(tr("ui.new.random_character"), "")
            for ch in comp.characters:
                char.addItem(text(ch.name), ch.id)
            label = QLabel(tr("ui.new.seat", n=i + 1))
            # A reader announces each box by what it asks for, not only by its value:
            # its accessible name, and on Linux, where Qt gives a combo box its value as
            # its name, a label for readers only (AT-SPI's "labelled by").
            seat = label.text()
            for box, key in ((name, "ui.access.seat_name"), (kind, "ui.access.seat_kind"),
                             (char, "ui.access.seat_character")):
                said = tr(key, seat=seat)
                box.setAccessibleName(said)
                for_readers = QLabel(said, self)
                for_readers.setBuddy(box)
                for_readers.hide()
            grid.addWidget(label, i, 0)
            grid.addWidget(name, i, 1)
            grid.addWidget(kind, i, 2)
            grid.addWidget(char, i, 3)
            self.rows.append((label, name, kind, char))
        lay.addLayout(grid)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self._seats_changed()

    def remember(self, last: dict[str, object]) -> None:
        """Set the dialog up as the table was last time (players, names, seat kinds,
        level, variant); anything missing keeps its default."""
        players = last.get("players")
        if isinstance(players, int):
            self.players.setCurrentIndex(max(0, self.players.findData(players)))
        names = last.get("names") or []
        kinds = last.get("kinds") or []
        for i, (_label, name, kind, _char) in enumerate(self.rows):
            if isinstance(names, list) and i < len(names):
                name.setText(str(names[i]))
            if isinstance(kinds, list) and i < len(kinds) and kind.findData(kinds[i]) >= 0:
                kind.setCurrentIndex(kind.findData(kinds[i]))
        level = last.get("level")
        if isinstance(level, str) and self.level.findData(level) >= 0:
            self.level.setCurrentIndex(self.level.findData(level))
        self.morale.setChecked(bool(last.get("morale")))
        self._seats_changed()

    def choices_to_remember(self) -> tuple[int, list[str], list[str], str, bool]:
        return (int(self.players.currentData()), [r[1].text().strip() for r in self.rows],
                [str(r[2].currentData()) for r in self.rows], self.bot_level(),
                self.morale.isChecked())

    def _seats_changed(self) -> None:
        n = int(self.players.currentData())
        for i, row in enumerate(self.rows):
            for w in row:
                w.setVisible(i < n)
        self._fit()

    def _fit(self) -> None:
        """The dialog as tall as what it now shows: hidden rows give their room back
        (no blank row under a 3-player table), and the seed's wrapped warning gets all
        its lines (Qt's minimum size alone counts a wrapped label as one line)."""
        self.layout().activate()
        self.adjustSize()

    def bot_level(self) -> str:
        return str(self.level.currentData())

    def result_setup(self) -> tuple[Setup, int, list[str]]:
        n = int(self.players.currentData())
        rows = self.rows[:n]
        chars = [str(r[3].currentData()) for r in rows]
        if any(chars) and not all(chars):
            # Mixed: fill the unchosen seats with the remaining characters, in rank order.
            rest = [c.id for c in self.comp.characters if c.id not in chars]
            chars = [c or rest.pop(0) for c in chars]
        names = tuple(r[1].text().strip() for r in rows)
        setup = Setup(players=n, characters=tuple(chars) if all(chars) else (),
                      morale_variant=self.morale.isChecked(),
                      names=names if any(names) else ())
        return setup, self.result_seed(), [str(r[2].currentData()) for r in rows]

    def result_seed(self) -> int:
        """The typed seed if the player chose one, else a fresh secret one."""
        typed = self.seed.text().strip()
        if self.seed_typed.isChecked() and typed.isdigit():
            return int(typed) % 2**64
        return fresh_seed()


class GameOverDialog(QDialog):
    """Who won, by which condition and rule, and every loyalty card face up; under each
    player, whether they won and as what; and ``me``, the one player whose screen it is
    (a solo game), told first whether they won (`present.moments.verdict`)."""

    new_game_requested = Signal()
    review_requested = Signal()

    def __init__(self, comp: Components, view: PlayerView, parent: QWidget | None = None,
                 seed: int | None = None, me: int | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("ui.gameover.title"))
        out = view.outcome
        assert out is not None
        lay = QVBoxLayout(self)
        self.verdict: QLabel | None = None
        mine = verdict(comp, view, me) if me is not None else None
        if mine is not None:
            colour = "#47d16c" if mine.kind == "won" else "#e05a4f"
            self.verdict = QLabel(f"{mine.headline}. {mine.line}", wordWrap=True)
            self.verdict.setStyleSheet(f"font-size: 22px; font-weight: 700; color: {colour};")
            lay.addWidget(self.verdict)
        head = QLabel(tr("ui.gameover.text", winner=tr(f"log.winner_{out.winner}"),
                         condition=condition_words(comp, out.condition), rule=out.rule),
                      wordWrap=True)
        head.setStyleSheet("font-size: 18px; font-weight: 700;")
        head.setToolTip(rule_text(out.rule, language()))
        lay.addWidget(head)
        # the Cylons can win with no Cylon at the table (their card never dealt): say so,
        # or a table of humans who all lost is left wondering whom they lost to
        self.no_cylon: QLabel | None = None
        if out.winner == "cylons" and not any(comp.is_cylon_card(card)
                                              for cards in view.all_loyalty for card in cards):
            self.no_cylon = QLabel(tr("ui.gameover.no_cylon_player"), wordWrap=True)
            self.no_cylon.setStyleSheet("font-size: 15px;")
            lay.addWidget(self.no_cylon)
        lay.addWidget(QLabel(tr("ui.gameover.loyalty")))
        grid = QGridLayout()
        # a gutter between the players' columns: without it neighbouring names and
        # results ran together ("Lost (human) Lost (human)") and read as one line
        grid.setHorizontalSpacing(16)
        self.texts: list[str] = []
        self.results: list[str] = []
        for seat, cards in enumerate(view.all_loyalty):
            who = player_name(comp, view, seat)
            name = QLabel(who, wordWrap=True, alignment=Qt.AlignmentFlag.AlignCenter)
            name.setStyleSheet("font-weight: 600;")
            grid.addWidget(name, 0, seat)
            result = seat_verdict(comp, view, seat)
            self.results.append(f"{who}: {result}")
            grid.addWidget(QLabel(result, wordWrap=True,
                                  alignment=Qt.AlignmentFlag.AlignCenter), 2, seat)
            row = QHBoxLayout()
            for card in cards:
                d = (card_art.cylon_front(comp, comp.cylon(card), language())
                     if comp.is_cylon_card(card)
                     else card_art.not_cylon_front(comp, language()))
                lbl = QLabel()
                lbl.setPixmap(drawing_pixmap(d, 110, self.devicePixelRatioF()))
                lbl.setToolTip(card_words(comp, card))
                row.addWidget(lbl)
            self.texts.append(f"{who}: {hand_words(comp, list(cards))}")
            holder = QWidget()
            holder.setLayout(row)
            holder.setMinimumHeight(130)
            grid.addWidget(holder, 1, seat, Qt.AlignmentFlag.AlignTop)
        lay.addLayout(grid)
        if seed is not None:  # secret while the game ran; now it serves to replay the deal
            self.seed = QLabel(tr("ui.gameover.seed", seed=seed), wordWrap=True)
            self.seed.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            lay.addWidget(self.seed)
        buttons = QHBoxLayout()
        again = QPushButton(tr("ui.gameover.new"))
        again.clicked.connect(lambda: (self.accept(), self.new_game_requested.emit()))
        close = QPushButton(tr("ui.gameover.close"))
        close.clicked.connect(self.accept)
        review = QPushButton(tr("review.gameover.review"))
        review.setObjectName("review")
        review.clicked.connect(lambda: (self.accept(), self.review_requested.emit()))
        buttons.addWidget(review)
        buttons.addStretch(1)
        buttons.addWidget(again)
        buttons.addWidget(close)
        lay.addLayout(buttons)


class RulesDialog(QDialog):
    """The shipped rules reference, searchable; opened by F1 or from a log line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        resize_within_screen(self, 720, 640)
        lay = QVBoxLayout(self)
        self.note = QLabel(wordWrap=True)
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        lay.addWidget(self.note)
        lay.addWidget(self.search)
        lay.addWidget(self.list, 1)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(tr("ui.rules.title"))
        self.search.setPlaceholderText(tr("ui.rules.search"))
        self.note.setText(tr("ui.rules.note"))
        self.list.clear()
        texts = rule_texts(language())
        for heading, ids in rule_sections(language()):
            head = QListWidgetItem(heading)  # a section heading: shown, not a rule
            font = head.font()
            font.setBold(True)
            head.setFont(font)
            head.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.list.addItem(head)
            for rid in ids:
                it = QListWidgetItem(f"{rid}  {texts.get(rid, '')}")
                it.setData(Qt.ItemDataRole.UserRole, rid)
                self.list.addItem(it)
        self._filter(self.search.text())

    def _filter(self, needle: str) -> None:
        n = needle.strip().lower()
        heading: QListWidgetItem | None = None
        shown = False  # does the current section show any rule?
        for i in range(self.list.count()):
            it = self.list.item(i)
            rid = it.data(Qt.ItemDataRole.UserRole)
            if rid is None:
                if heading is not None:
                    heading.setHidden(not shown)
                heading, shown = it, False
                continue
            hide = bool(n) and n not in it.text().lower() and n != str(rid).lower()
            it.setHidden(hide)
            shown = shown or not hide
        if heading is not None:
            heading.setHidden(not shown)

    def show_rule(self, rule_id: str) -> None:
        self.search.clear()
        for i in range(self.list.count()):
            it = self.list.item(i)
            if it.data(Qt.ItemDataRole.UserRole) == rule_id:
                self.list.setCurrentItem(it)
                self.list.scrollToItem(it, QListWidget.ScrollHint.PositionAtTop)
                break
        self.show()
        self.raise_()

    def visible_rules(self) -> list[str]:
        return [str(self.list.item(i).data(Qt.ItemDataRole.UserRole))
                for i in range(self.list.count()) if not self.list.item(i).isHidden()
                and self.list.item(i).data(Qt.ItemDataRole.UserRole) is not None]

    def visible_headings(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())
                if not self.list.item(i).isHidden()
                and self.list.item(i).data(Qt.ItemDataRole.UserRole) is None]


def info(parent: QWidget | None, message: str) -> None:
    QMessageBox.information(parent, tr("ui.error.title"), message)
