"""The suspicion teaching aid: how the computer players' model reads the table.

During a game it shows the belief built from the public record alone (who
contributed which dice against what they rolled, votes, reveals): exactly what
any player at the table could work out, so it shows no one's secret. A computer
seat's own belief is shown only after the game, because a Cylon's own belief
gives its loyalty away (it knows where its card is).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QProgressBar,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.bots.suspicion import Record, belief, cylon_cards_in_play
from bsg_desktop.data import Components
from bsg_desktop.engine import Game, PlayerView
from bsg_desktop.i18n import tr
from bsg_desktop.present.words import player_name

CSS = ("QFrame#suspicion { background: #121a23; border-top: 1px solid #22303d; }"
       "QScrollArea { background: transparent; }"
       "QWidget#suspicion_body { background: #121a23; }"
       "QLabel { color: #dfe6ec; } QLabel#title { color: #e8c15a; font-weight: 600; }"
       "QLabel#note { color: #9fb0c0; font-size: 12px; }"
       "QProgressBar { background: #0c1117; border: 1px solid #2c3b4a; border-radius: 3px;"
       " color: #dfe6ec; text-align: center; max-height: 14px; }"
       "QProgressBar::chunk { background: #b8433a; border-radius: 2px; }")


def public_belief(view: PlayerView) -> dict[int, float]:
    """P(seat holds a Cylon card) from the public record only (perspective of nobody)."""
    record = Record()
    record.update(view)
    return belief(view, record, perspective=None)


def seat_belief(game: Game, seat: int) -> dict[int, float]:
    """What one seat's model believes, from that seat's own view."""
    view = game.view(seat)
    record = Record()
    record.update(view)
    return belief(view, record)


class SuspicionPanel(QFrame):
    def __init__(self, comp: Components, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comp = comp
        self.setObjectName("suspicion")
        self.setStyleSheet(CSS)
        # Everything scrolls: after a game with four computers their beliefs run to a
        # dozen lines, more than the tab holds at 1024x640; squeezed, the lines were
        # drawn over the bars and cut off.
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = QWidget(objectName="suspicion_body")
        lay = QVBoxLayout(body)
        lay.setContentsMargins(12, 8, 12, 8)
        lay.setSpacing(4)
        self.title = QLabel()
        self.title.setObjectName("title")
        self.note = QLabel()
        self.note.setObjectName("note")
        self.note.setWordWrap(True)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(8)
        lay.addWidget(self.title)
        lay.addWidget(self.note)
        lay.addLayout(self.grid)
        self.after = QLabel()
        self.after.setWordWrap(True)
        self.after.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.after)
        self.rows: list[tuple[QLabel, QProgressBar]] = []
        self.undealt = QLabel()
        self.undealt.setObjectName("note")
        lay.addWidget(self.undealt)
        lay.addStretch(1)
        self.scroll.setWidget(body)
        outer.addWidget(self.scroll)

    def texts(self) -> list[str]:
        out = [self.title.text(), self.note.text(), self.after.text(), self.undealt.text()]
        for name, bar in self.rows:
            out += [name.text(), bar.format()]
        return out

    def show_game(self, game: Game | None, computers: set[int]) -> None:
        self.title.setText(tr("suspicion.title"))
        self.note.setText(tr("suspicion.note"))
        for name, bar in self.rows:
            name.deleteLater()
            bar.deleteLater()
        self.rows = []
        self.after.setText("")
        self.undealt.setText("")
        if game is None:
            return
        view = game.view(None)
        pub = public_belief(view)
        for i, sv in enumerate(view.seats):
            name = QLabel(player_name(self.comp, view, sv.seat))
            bar = QProgressBar()
            bar.setRange(0, 100)
            bar.setValue(round(100 * pub.get(sv.seat, 0.0)))
            bar.setFormat(f"{100 * pub.get(sv.seat, 0.0):.0f}%")
            self.grid.addWidget(name, i, 0)
            self.grid.addWidget(bar, i, 1)
            self.rows.append((name, bar))
        if cylon_cards_in_play(view.players) == 1:
            undealt = max(0.0, 1.0 - sum(pub.values()))
            self.undealt.setText(tr("suspicion.undealt", percent=f"{100 * undealt:.0f}"))
        if game.outcome is not None:  # now every seat's own reasoning may be told
            lines = []
            for s in sorted(computers):
                own = seat_belief(game, s)
                others = ", ".join(f"{player_name(self.comp, view, o)} {100 * p:.0f}%"
                                   for o, p in sorted(own.items()) if o != s)
                lines.append(tr("suspicion.seat_believed", seat=player_name(self.comp, view, s),
                                beliefs=others))
            self.after.setText("\n".join(lines))
