"""The decision panel: the pending decision in words (with its rule id) and its legal
choices as controls, built from the PlayerView the window hands in; it reports the
choice through a signal and never holds or changes the game."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import (
    QColor,
    QIcon,
    QKeyEvent,
    QPainter,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.data.components import Components
from bsg_desktop.engine import Choice, PlayerView
from bsg_desktop.i18n import language, tr
from bsg_desktop.log import condition_words
from bsg_desktop.present.dice import (
    SkillFace,
    crisis_die,
    crisis_drawing,
    skill_drawing,
    skill_face,
)
from bsg_desktop.present.words import (
    card_words,
    choice_words,
    decision_parts,
    player_name,
    projected_total,
)
from bsg_desktop.rules import rule_text
from bsg_desktop.ui.flow import FlowLayout
from bsg_desktop.ui.loyalty_view import LoyaltyCardView, loyalty_drawing
from bsg_desktop.ui.qtart import drawing_pixmap, icon_size
from bsg_desktop.ui.theme import DIM
from bsg_desktop.ui.widgets import (
    WrapButton,
    clear_layout,
    drop_widget,
    enter_presses,
    plain,
    scaled_css,
    widget_texts,
)

REVEAL = "a9"  # the action verb of a hidden Cylon's Reveal
# actions whose targets are a second step when a turn offers more than nine choices:
# the Cylon Detector, a vote, an order
GROUPED = ("a1", "a6", "a8")

PICKED = "#47d16c"  # a picked die's border, and its inner ring when it has the focus
# a wrapping button's words are a label of their own: dimmed with the button when it is
# disabled (QLabel:disabled), or a Contribute that cannot be pressed looks pressable
PANEL_CSS = """
QWidget#decision { background: #16202b; color: #eef2f5; }
QLabel { color: #eef2f5; }
QLabel#sentence { font-size: 15px; font-weight: 600; }
QLabel#rule { color: #9fb3c8; }
QLabel#status { color: #c9d3dc; }
QFrame#secrets { border: 1px solid #47d16c; border-radius: 6px; background: #10261a; }
QPushButton { background: #23374b; color: #f2f2f2; border: 1px solid #3b4d5e;
              border-radius: 5px; padding: 6px 10px; text-align: left; }
QPushButton:hover { background: #2e4a63; border-color: #c9a227; }
QPushButton:disabled { color: #7a8896; background: #1b2631; }
QLabel:disabled { color: #7a8896; }
QPushButton#reveal { background: #5a1d1d; border-color: #d65a5a; }
QPushButton#reveal:hover { background: #742727; }
QPushButton#reveal:focus { border: 3px solid #ffd84d; }
QToolButton { background: transparent; border: 3px solid transparent; border-radius: 6px;
              color: #eef2f5; font-weight: 600; }
QToolButton:checked { border-color: #47d16c; background: #1e3b2a; }
QToolButton:hover { border-color: #c9a227; }
QPushButton:focus, QToolButton:focus { border: 3px solid #ffd84d; }
QToolButton:checked:focus { border: 3px solid #ffd84d; background: #1e3b2a; }
QLabel#key { color: #0c1117; background: #c9d3dc; border-radius: 4px; font-weight: 700; }
QLabel#total { color: #f0c674; font-weight: 600; }
QFrame#roll { border: 2px solid #e0b93a; border-radius: 6px; background: #262414; }
QLabel#roll_title { color: #f0c674; font-size: 15px; font-weight: 700; }
""" + f"QLabel#stakes {{ color: {DIM}; font-size: 13px; }}\n"  # lighter, smaller than the question


class DieButton(QToolButton):
    """One rolled die or crisis die: focusable, with a visible ring, Enter presses it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not enter_presses(self, event):
            super().keyPressEvent(event)

    def paintEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        """A picked die that has the focus wears the focus ring (the style's one border)
        and, inside it, the green of being picked: a keyboard player sees both."""
        super().paintEvent(event)
        if not (self.isChecked() and self.hasFocus()):
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setPen(QPen(QColor(PICKED), 3))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(QRectF(self.rect()).adjusted(4.5, 4.5, -4.5, -4.5), 4, 4)
        p.end()


class DecisionPanel(QWidget):
    """The pending decision in words (with its rule id) and its legal choices as controls."""

    choice_made = Signal(str)      # the text of one of the pending options
    rule_requested = Signal(str)
    secrets_hidden = Signal()
    roll_seen = Signal()           # the player acknowledged the roll the game put in
    new_game_requested = Signal()  # from the empty panel's buttons
    learn_requested = Signal()
    relaid = Signal()              # the choices changed in place (a second step, Back)

    def __init__(self, comp: Components, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comp = comp
        self.setObjectName("decision")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(PANEL_CSS)
        # One scroll area holds everything, so at 1024x640 the loyalty card and every
        # option stay reachable however short the panel gets.
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setStyleSheet("QScrollArea { background: transparent; }")
        self.scroll = scroll
        # The question is pinned above the scroll area: however short the panel, the
        # player always reads what is asked; the choices come right under it, then the
        # secrets box and the turn's status, which can be scrolled to.
        head = QWidget(objectName="decision")
        head_lay = QVBoxLayout(head)
        head_lay.setContentsMargins(10, 8, 10, 4)
        head_lay.setSpacing(2)
        self.sentence = plain(QLabel(objectName="sentence", wordWrap=True))
        # what the choice puts at stake, its own lighter, smaller paragraph under the
        # question: the question stays short enough to read at a glance
        self.stakes = plain(QLabel(objectName="stakes", wordWrap=True))
        self.stakes.hide()
        self.rule = QLabel(objectName="rule")
        self.rule.setTextFormat(Qt.TextFormat.RichText)
        self.rule.linkActivated.connect(self.rule_requested.emit)
        head_lay.addWidget(self.sentence)
        head_lay.addWidget(self.stakes)
        # the rule's code, and beside it what the window adds (the advice link): one
        # line, so that the choices and the coach keep the room at 1024x640
        self.rule_line = QHBoxLayout()
        self.rule_line.setContentsMargins(0, 0, 0, 0)
        self.rule_line.setSpacing(12)
        self.rule_line.addWidget(self.rule, 0, Qt.AlignmentFlag.AlignTop)
        head_lay.addLayout(self.rule_line)
        self.head = head
        outer.addWidget(head)
        holder = QWidget()
        holder.setObjectName("decision")
        inner = QVBoxLayout(holder)
        inner.setContentsMargins(10, 4, 10, 10)
        # dice the game contributed for a player, shown first (`show_roll`)
        self.roll = QFrame(objectName="roll")
        self.roll_layout = QVBoxLayout(self.roll)
        self.roll_button: QPushButton | None = None
        inner.addWidget(self.roll)
        self.options_layout = QVBoxLayout()
        self.options_layout.setContentsMargins(0, 0, 0, 0)
        self.options_layout.addStretch(1)
        inner.addLayout(self.options_layout)
        self.secrets = QFrame(objectName="secrets")
        self.secrets_layout = QVBoxLayout(self.secrets)
        inner.addWidget(self.secrets)
        self.status = plain(QLabel(objectName="status", wordWrap=True))
        inner.addWidget(self.status)
        inner.addStretch(1)
        scroll.setWidget(holder)
        outer.addWidget(scroll, 1)
        app = QApplication.instance()
        if isinstance(app, QApplication):  # the focused choice is always scrolled to
            app.focusChanged.connect(self._focus_moved)
        holder.installEventFilter(self)  # keeps the focused choice in sight (`eventFilter`)
        self.buttons: dict[str, QPushButton] = {}
        self.die_buttons: dict[int, QToolButton] = {}
        self.contribute_button: QPushButton | None = None
        self._contribute: dict[tuple[int, ...], str] = {}
        self.compact = False  # a short window: smaller loyalty cards, more room for choices
        self.card_view: LoyaltyCardView | None = None  # your loyalty card opened large
        self.text_scale = 1.0  # the side panel's text size against the usual (`set_text_scale`)
        self.keyed: list[QAbstractButton] = []  # what the number keys 1-9 press, in order
        self.total_label: QLabel | None = None
        self._view: PlayerView | None = None
        self._values: dict[int, int] = {}
        self.group_buttons: dict[str, QPushButton] = {}  # first-level buttons of groups
        self._group_members: dict[str, list[Choice]] = {}
        self.back_button: QPushButton | None = None
        self._level: str | None = None  # the group open as the second step, if any
        self._level_of: tuple[Choice, ...] = ()  # the options that group belongs to
        self.show_empty()

    def set_text_scale(self, scale: float) -> None:
        """Large screens (2560×1440) get the side panel's text as large as the board
        beside it is scaled: every size in the style grows by ``scale``."""
        self.text_scale = scale
        self.setStyleSheet(scaled_css(PANEL_CSS, scale))

    # ---------------------------------------------------------------- states
    def show_empty(self, message: str = "") -> None:
        """No game yet: say so, and offer the two ways in (a new game, a rule demo)."""
        self._reset()
        self.say(message or tr("ui.panel.no_game"))
        for key, signal in (("ui.panel.start_new", self.new_game_requested),
                            ("ui.panel.start_learn", self.learn_requested)):
            b = WrapButton(tr(key), key=len(self.keyed) + 1)
            self.keyed.append(b)
            b.clicked.connect(signal.emit)
            self.options_layout.insertWidget(self.options_layout.count() - 1, b)

    def _reset(self) -> None:
        if self.card_view is not None:  # another view: nobody's card stays open
            self.card_view.close()
        clear_layout(self.roll_layout)
        self.roll.hide()
        self.roll_button = None
        clear_layout(self.secrets_layout)
        self._clear_options()
        self.secrets.hide()
        self.buttons = {}
        self.die_buttons = {}
        self.contribute_button = None
        self._contribute = {}
        self.keyed = []
        self.total_label = None
        self._values = {}
        self.group_buttons = {}
        self.back_button = None
        self.status.clear()
        self.rule.clear()

    def show_view(self, view: PlayerView, computer: bool = False) -> None:
        """Fill the panel from ``view``: choices appear only if it is the decider's view."""
        self._reset()
        self._view = view
        if view.options != self._level_of:  # a new decision starts at the first level
            self._level, self._level_of = None, tuple(view.options)
        self.status.setText(self._status(view))
        if view.outcome is not None:
            out = view.outcome
            self.say(tr("ui.gameover.text", winner=tr(f"log.winner_{out.winner}"),
                        condition=condition_words(self.comp, out.condition), rule=out.rule))
            return
        if view.pending_seat is None:
            self.say("")
            return
        who = player_name(self.comp, view, view.pending_seat)
        rule = view.pending_rule or ""
        self.rule.setText(f'<a style="color:#9fb3c8" href="{rule}">'
                          f'{tr("ui.panel.rule", rule=rule)}</a>')
        self.rule.setToolTip(rule_text(rule, language()))
        if computer:
            self.say(tr("ui.panel.waiting_bot", player=who))
            return
        said = decision_parts(self.comp, view)
        self.say(said.question, said.stakes)
        if view.seat is None or view.seat != view.pending_seat:
            return  # public view: no secrets, no choices
        if view.my_loyalty or view.known:  # none in a public decision's shared view
            self._show_secrets(view)
        self._show_options(view)

    def say(self, question: str, stakes: str = "") -> None:
        """The panel's question, and what its choice puts at stake as a paragraph of its
        own under it (none: the paragraph is hidden). A screen reader reads them as two
        labels in that order."""
        self.sentence.setText(question)
        self.stakes.setText(stakes)
        self.stakes.setVisible(bool(stakes))

    def show_roll(self, title: str, sentence: str, dice: Sequence[tuple[str, int]],
                  button: str, first: bool) -> None:
        """Dice the game put in for a player without asking: a headline, the sentence,
        each die's face, and a button that says the player has seen it. ``first``: it
        is the one thing to do now (number key 1, focus); otherwise the choices keep
        their numbers and the button only puts the note away."""
        clear_layout(self.roll_layout)
        lay = self.roll_layout
        lay.addWidget(plain(QLabel(title, objectName="roll_title", wordWrap=True)))
        row = QHBoxLayout()
        for kind, value in dice:
            face = skill_face(self.comp, kind, value)
            lbl = QLabel()
            lbl.setPixmap(self._die_pixmap(face))
            lbl.setToolTip(face.words)
            lbl.setAccessibleName(face.words)
            row.addWidget(lbl)
        said = plain(QLabel(sentence, wordWrap=True))
        said.setStyleSheet("font-size: 14px;")
        row.addWidget(said, 1)
        lay.addLayout(row)
        b = WrapButton(button, key=1 if first else 0)
        b.setAccessibleDescription(sentence)
        b.clicked.connect(self.roll_seen.emit)
        lay.addWidget(b)
        self.roll_button = b
        if first:
            self.keyed.insert(0, b)
        self.roll.show()

    def _die_pixmap(self, face: SkillFace) -> QPixmap:
        """A skill die's face as the panel shows it, a roll's and a pick's alike."""
        return drawing_pixmap(skill_drawing(self.comp, face), 54, self.devicePixelRatioF())

    def _status(self, view: PlayerView) -> str:
        lines = [tr("ui.status.turn", turn=view.turn, player=player_name(self.comp, view,
                                                                           view.active)),
                 tr("ui.status.piles", dradis=view.dradis_pile, destroyed=view.dradis_destroyed,
                    damage=view.damage_pile, demoralized=view.demoralized_pile,
                    loyalty=view.loyalty_deck)]
        if view.check is not None:
            lines.append(tr("ui.status.check", total=view.check.total,
                            difficulty=view.check.difficulty))
        if view.jump_bonus:
            lines.append(tr("ui.status.jump_bonus"))
        return "\n".join(lines)

    def _show_secrets(self, view: PlayerView) -> None:
        lay = self.secrets_layout
        title = plain(QLabel(tr("ui.panel.secrets",
                                player=player_name(self.comp, view, view.seat)), wordWrap=True))
        title.setStyleSheet("color: #47d16c; font-weight: 600;")
        lay.addWidget(title)
        cards = QHBoxLayout()
        for card in view.my_loyalty:
            # a thumbnail too small to read: a click or Enter opens it large
            d = loyalty_drawing(self.comp, card, language())
            thumb = DieButton()  # focusable, Enter presses it
            thumb.setObjectName("loyalty_card")
            height = 76 if self.compact else 120
            thumb.setIcon(QIcon(drawing_pixmap(d, height, self.devicePixelRatioF())))
            thumb.setIconSize(icon_size(d, height))
            thumb.setCursor(Qt.CursorShape.PointingHandCursor)
            thumb.setToolTip(tr("ui.panel.card_open", card=card_words(self.comp, card)))
            thumb.setAccessibleName(card_words(self.comp, card))
            thumb.setAccessibleDescription(tr("ui.panel.card_open",
                                              card=card_words(self.comp, card)))
            thumb.clicked.connect(lambda _=False, c=card: self.open_card(c))
            cards.addWidget(thumb)
        cards.addStretch(1)
        lay.addLayout(cards)
        for seat, seen in view.known:
            lay.addWidget(plain(QLabel(tr("ui.panel.known",
                                          player=player_name(self.comp, view, seat),
                                          cards=", ".join(card_words(self.comp, c)
                                                          for c in seen)), wordWrap=True)))
        hide = QPushButton(tr("ui.panel.hide"))
        hide.clicked.connect(self.secrets_hidden.emit)
        lay.addWidget(hide)
        self.secrets.show()

    def open_card(self, card: str) -> None:
        """Your loyalty card ``card`` large over the window (`ui.loyalty_view`); only
        while this panel shows the view that holds it (`_reset` closes it)."""
        if self._view is None or card not in self._view.my_loyalty:
            return
        if self.card_view is None or self.card_view.parentWidget() is not self.window():
            self.card_view = LoyaltyCardView(self.comp, self.window())
        self.card_view.open(card, language())

    def _show_options(self, view: PlayerView) -> None:
        info = view.info_dict()
        opts = list(view.options)
        lay = self.options_layout
        at = 0

        def add(widget: QWidget) -> None:
            nonlocal at
            lay.insertWidget(at, widget)
            at += 1

        contribute = [o for o in opts if o.verb == "contribute"]
        rolled = info.get("rolled") or []
        if contribute and rolled:
            self._contribute = {tuple(sorted(int(x) for x in o.args)): str(o) for o in contribute}
            sizes = sorted({len(k) for k in self._contribute})
            add(QLabel(tr("ui.panel.rolled"), wordWrap=True))
            row = QWidget()
            hl = FlowLayout(row)
            for die_id, kind, value in rolled:
                face = skill_face(self.comp, kind, value)
                b = DieButton()
                b.setCheckable(True)
                b.setIcon(QIcon(self._die_pixmap(face)))
                b.setIconSize(QSize(54, 54))
                n = len(self.keyed) + 1
                b.setText(str(n) if n <= 9 else "")
                b.setToolTip(face.words)
                b.setAccessibleName(face.words)
                b.setAccessibleDescription(tr("ui.access.die_pick", key=n))
                b.toggled.connect(lambda _c, self=self: self._selection_changed())
                self.die_buttons[int(die_id)] = b
                self._values[int(die_id)] = int(value)
                self.keyed.append(b)
                hl.addWidget(b)
            add(row)
            allowed = "–".join(str(s) for s in (sizes[0], sizes[-1])) if len(sizes) > 1 \
                else str(sizes[0])
            add(QLabel(tr("ui.panel.select_hint", allowed=allowed), wordWrap=True))
            self.total_label = QLabel(objectName="total", wordWrap=True)
            add(self.total_label)
            self.contribute_button = WrapButton(tr("ui.panel.contribute_selected"))
            self.contribute_button.setEnabled(False)
            self.contribute_button.clicked.connect(self._contribute_selected)
            add(self.contribute_button)
            self._selection_changed()
        faces = info.get("faces") or ()
        if any(o.verb == "crisis" for o in opts) and faces:
            add(QLabel(tr("ui.panel.crisis_faces")))
            row = QWidget()
            hl = FlowLayout(row)
            dice_ids = info.get("dice") or ()
            # each tile wears the number of its choice's button below (the tiles come
            # first, the buttons keep their numbers: the same key picks both)
            numbers = {str(o): i for i, o in enumerate(self._ordered(opts), len(self.keyed) + 1)
                       if not (o.verb == "contribute" and rolled)}
            for o in [o for o in opts if o.verb == "crisis"]:
                k = int(o.args[0])
                die = crisis_die(self.comp, dice_ids, k)
                b = DieButton()
                b.setIcon(QIcon(drawing_pixmap(crisis_drawing(die, faces[k]), 84,
                                               self.devicePixelRatioF())))
                b.setIconSize(QSize(84, 84))
                b.setToolTip(choice_words(self.comp, view, o))
                b.setAccessibleName(choice_words(self.comp, view, o))
                n = numbers.get(str(o), 0)
                b.setText(str(n) if 1 <= n <= 9 else "")
                b.clicked.connect(lambda _c=False, t=str(o): self.choice_made.emit(t))
                self.buttons[str(o) + "#face"] = b  # type: ignore[assignment]
                hl.addWidget(b)
            add(row)
        plain_opts = [o for o in self._ordered(opts) if not (o.verb == "contribute" and rolled)]
        groups = self._groups(plain_opts, 9 - len(self.keyed))
        level = self._level if self._level in groups else None
        self._level = level
        entries: list[tuple[str, list[Choice]]] = (
            [("", [o]) for o in groups[level]] if level is not None else
            self._top_entries(plain_opts, groups))
        self._group_members = groups
        for group, members in entries:
            if group:
                b = WrapButton(tr(f"ui.choice.group_{group}", n=len(members)),
                               key=len(self.keyed) + 1)
                b.clicked.connect(lambda _c=False, g=group: self.open_group(g))
                self.group_buttons[group] = b
            else:
                o = members[0]
                b = WrapButton(choice_words(self.comp, view, o), key=len(self.keyed) + 1)
                if o.verb == REVEAL:
                    b.setObjectName("reveal")
                b.clicked.connect(lambda _c=False, t=str(o): self.choice_made.emit(t))
                self.buttons[str(o)] = b
            self.keyed.append(b)
            add(b)
        if level is not None:
            back = WrapButton(tr("ui.choice.back"))
            back.clicked.connect(self.close_group)
            self.back_button = back
            add(back)

    def _groups(self, opts: list[Choice], room: int) -> dict[str, list[Choice]]:
        """The second steps of a long list, so that no level holds more than nine
        choices and every one has its number key: the targets of one action (whom to
        look at, whom to vote on, whom to order) behind that action, then, if still too
        many, the rest behind "More choices…"."""
        if len(opts) <= room:
            return {}
        groups: dict[str, list[Choice]] = {}
        for o in opts:
            if o.verb in GROUPED:
                groups.setdefault(o.verb, []).append(o)
        groups = {g: m for g, m in groups.items() if len(m) > 1}
        top = self._top_entries(opts, groups)
        if len(top) > room:
            rest = top[room - 1:]
            groups = {g: m for g, m in groups.items() if g not in {t for t, _ in rest}}
            groups["more"] = [o for _t, m in rest for o in m]
        return groups

    @staticmethod
    def _top_entries(opts: list[Choice],
                     groups: dict[str, list[Choice]]) -> list[tuple[str, list[Choice]]]:
        """The first level: each group once, where its first member stands."""
        out: list[tuple[str, list[Choice]]] = []
        placed: set[str] = set()
        for o in opts:
            g = next((g for g, m in groups.items() if o in m), "")
            if not g:
                out.append(("", [o]))
            elif g not in placed:
                placed.add(g)
                out.append((g, groups[g]))
        return out

    def open_group(self, group: str) -> None:
        """The second step: the group's choices, numbered from 1, with Back."""
        self._level = group
        self._rebuild_options()
        # the new buttons show once the event loop runs: the focus goes to them then
        QTimer.singleShot(0, self, self.focus_first)

    def close_group(self) -> None:
        """Back to the first level, the focus on the group the player came from."""
        group, self._level = self._level, None
        self._rebuild_options()
        QTimer.singleShot(0, self, lambda: self._focus_group(group or ""))

    def _focus_group(self, group: str) -> None:
        b = self.group_buttons.get(group)
        if b is not None and b.isVisible():
            b.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.focus_first()

    def _clear_options(self) -> None:
        """Every choice row goes; the layout's last item (its stretch) stays."""
        while self.options_layout.count() > 1:
            item = self.options_layout.takeAt(0)
            if item.widget() is not None:
                drop_widget(item.widget())
            elif item.layout() is not None:
                clear_layout(item.layout())  # type: ignore[arg-type]

    def _rebuild_options(self) -> None:
        if self._view is None:
            return
        self._clear_options()
        self.keyed = [self.roll_button] if self.roll_button is not None and \
            self.roll_button in self.keyed else []
        self.buttons, self.die_buttons, self.group_buttons = {}, {}, {}
        self.contribute_button, self.total_label, self.back_button = None, None, None
        self._contribute, self._values = {}, {}
        self._show_options(self._view)
        QTimer.singleShot(0, self, self.relaid.emit)  # the window sizes the side anew

    @staticmethod
    def _ordered(opts: Sequence[Choice]) -> list[Choice]:
        """The options in the order the panel shows them: a hidden Cylon's Reveal first,
        in plain sight, then the rest as the rules list them."""
        return [o for o in opts if o.verb == REVEAL] + [o for o in opts if o.verb != REVEAL]

    # ------------------------------------------------------------ dice picking
    def selected_dice(self) -> tuple[int, ...]:
        return tuple(sorted(i for i, b in self.die_buttons.items() if b.isChecked()))

    @Slot()
    def _selection_changed(self) -> None:
        """Show the total the check would reach with the selected dice; the Contribute
        button works only for a selection the rules allow."""
        if self.contribute_button is None:
            return
        picked = self.selected_dice()
        self.contribute_button.setEnabled(picked in self._contribute)
        if self.total_label is not None and self._view is not None:
            check = self._view.check
            total = projected_total(self._view, [self._values[d] for d in picked])
            if check is None:  # an action's roll (Destroy Raiders, Repair…): no difficulty
                self.total_label.setText(tr("ui.panel.would_add", total=total, n=len(picked)))
            else:
                self.total_label.setText(tr("ui.panel.would_reach", total=total,
                                            difficulty=check.difficulty, n=len(picked)))
        # Selecting a die shows what it does: keep the total and the confirm button in
        # sight, then the die being picked (it wins where the panel cannot hold both).
        picking = QApplication.focusWidget()
        if picking in self.die_buttons.values():
            self.scroll.ensureWidgetVisible(self.contribute_button, 0, 6)
            self.scroll.ensureWidgetVisible(picking, 0, 6)

    def press_number(self, n: int) -> bool:
        """Number key ``n`` (1-9): press the n-th choice (or select the n-th die)."""
        if not 1 <= n <= len(self.keyed) or self.keyed[n - 1].isHidden():
            return False
        b = self.keyed[n - 1]
        b.setFocus(Qt.FocusReason.ShortcutFocusReason)
        b.click()
        return True

    def focus_first(self) -> None:
        """Keyboard players start on the first choice; with none (the computers are
        playing) on the button of a roll note, so the focus ring is never nowhere."""
        first = self.keyed[0] if self.keyed else None
        if first is None and self.roll_button is not None and not self.roll.isHidden():
            first = self.roll_button
        if first is not None:
            first.setFocus(Qt.FocusReason.OtherFocusReason)
            self._bring_into_sight(first)

    def _bring_into_sight(self, w: QWidget, margin: int = 50) -> None:
        """Scroll ``w`` into view; a roll note above the choices is brought in from its
        headline first, so a panel left scrolled down by the last decision never shows
        the note cut in half ("...so the game put it in for you") beside the choices.
        Where both cannot fit, the choice wins and the note is scrolled to."""
        if w is not self.roll_button and not self.roll.isHidden():
            self.scroll.ensureWidgetVisible(self.roll, 0, 0)
            margin = 6
        self.scroll.ensureWidgetVisible(w, 0, margin)

    def _focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        """Tab, Down or a number key moved the focus to a choice below (or above) the
        visible part of the panel: scroll it into view, with a little room around."""
        holder = self.scroll.widget()
        if new is not None and holder is not None and holder.isAncestorOf(new):
            self.scroll.ensureWidgetVisible(new, 0, 6)

    def wanted_height(self) -> int:
        """The height that shows everything the panel holds without scrolling: the
        question, every choice, the secrets box and the turn's status."""
        return self._head_height() + self._body_height() + self._gap()

    def needed_height(self) -> int:
        """The height that shows the question and every choice without scrolling (the
        window never gives the decision less): the secrets box and the turn's status
        under the choices may be scrolled to, so the log keeps a few lines."""
        body = self._body_height()
        w = self._body_width()
        lay = self.scroll.widget().layout()
        gap = lay.spacing() if lay is not None else 0
        for part in (self.secrets, self.status):
            if not part.isHidden():
                body -= (part.heightForWidth(w) if part.hasHeightForWidth()
                         else part.sizeHint().height()) + gap
        return self._head_height() + body + self._gap()

    def _gap(self) -> int:
        """The room between the pinned question and the scrolled part under it (the
        panel's layout spacing): counted short, a scroll bar showed for two pixels
        beside choices that all fitted."""
        return max(self.layout().spacing(), 0)

    def _body_width(self) -> int:
        # as if the scroll bar showed (the narrower width, so the taller layout): the
        # height then holds whether or not the bar is there
        return max(self.scroll.width() - self.scroll.verticalScrollBar().sizeHint().width(), 200)

    def _body_height(self) -> int:
        holder = self.scroll.widget()
        lay = holder.layout()
        return lay.totalHeightForWidth(self._body_width()) if lay is not None and \
            lay.hasHeightForWidth() else holder.sizeHint().height()

    def _head_height(self) -> int:
        hl = self.head.layout()
        return hl.totalHeightForWidth(self.width()) if hl is not None and \
            hl.hasHeightForWidth() else self.head.sizeHint().height()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """When the panel's contents are laid out anew (a new decision, wrapped dice), the
        focused choice is brought into sight: in a short window the question, the secrets
        box and the hints can fill the whole panel, and a player should not have to
        scroll to find what they are being asked to pick."""
        if event.type() == QEvent.Type.Resize and obj is self.scroll.widget():
            if event.oldSize().width() != event.size().width():  # dice wrapped anew
                QTimer.singleShot(0, self, self.relaid.emit)
            w = QApplication.focusWidget()
            if w is not None and obj.isAncestorOf(w):
                self._bring_into_sight(w)
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Up/Down move between the choices; Enter with dice selected contributes them."""
        k = event.key()
        if k in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.contribute_button is not None:
            if self.contribute_button.isEnabled():
                self.contribute_button.click()
            return
        if k in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            self.focusNextPrevChild(k == Qt.Key.Key_Down)
            return
        if k == Qt.Key.Key_Home:
            self.focus_first()
            return
        if k in (Qt.Key.Key_Escape, Qt.Key.Key_Backspace) and self._level is not None:
            self.close_group()
            return
        super().keyPressEvent(event)

    @Slot()
    def _contribute_selected(self) -> None:
        text = self._contribute.get(self.selected_dice())
        if text:
            self.choice_made.emit(text)

    def click_choice(self, choice: Choice | str) -> None:
        """Press the control for ``choice`` as a user would (tests, keyboard shortcuts)."""
        text = str(choice)
        if text not in self.buttons and self._level is not None:
            self.close_group()
        for group, b in list(self.group_buttons.items()):
            if text not in self.buttons and any(
                    str(o) == text for o in self._group_members.get(group, ())):
                b.click()
        if text in self.buttons:
            self.buttons[text].click()
            return
        c = Choice.parse(text)
        if c.verb == "contribute" and self.contribute_button is not None:
            want = {int(x) for x in c.args}
            for i, b in self.die_buttons.items():
                b.setChecked(i in want)
            self.contribute_button.click()
            return
        raise KeyError(f"no control for {text}")

    def texts(self) -> list[str]:
        return widget_texts(self, ("text", "toolTip", "accessibleName"))
