"""Show every roll: dice the game contributed for a player without asking (one active
die left after Lee's initiative or a reroll) are shown on that player's screen before
the screen passes to anyone else, with Moments on or off, and on a phone in its frame.

The roll is public once in (the log names it), and whether the game put it in follows
from public facts, so the wait it makes must be the same in every world that differs
only in hidden facts; nothing of it may reach the next player's screen.
"""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from loops import bounded
from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bsg_desktop.art.dice import signed  # noqa: E402
from bsg_desktop.engine import Choice, Game, Setup, new_game  # noqa: E402
from bsg_desktop.engine.twins import twin  # noqa: E402
from bsg_desktop.i18n import set_language, text, tr  # noqa: E402
from bsg_desktop.present.rolls import RollNote, die_words, forced_rolls, roll_sentence  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN, GameController  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


def _forced(g: Game, choice: Choice) -> tuple[Game, list]:  # type: ignore[type-arg]
    t = g.copy()
    return t, t.apply(choice)


def find_forced_roll(verb: str, players: int = 3) -> tuple[Game, Choice]:
    """A position where the deciding seat's ``verb`` makes the game contribute its dice
    for it and the next decision is another seat's (seeded random play, searched)."""
    for seed in range(1, 200):
        g = new_game(Setup(players=players), seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.outcome is not None:
                break
            d = g.pending
            for o in d.options:
                if o.verb != verb:
                    continue
                t, events = _forced(g, o)
                if d.seat in forced_rolls(d.seat, o, events) and t.pending is not None \
                        and t.pending.seat != d.seat:
                    return g, o
            g.apply(rng.choice(d.options))
    raise AssertionError(f"no forced roll after {verb}")


@pytest.fixture(scope="module")
def lee() -> tuple[Game, Choice]:
    """Lee's initiative (X2) rerolls his one die; the game puts it in; the next seat joins."""
    return find_forced_roll("initiative")


def pump() -> None:
    QCoreApplication.processEvents()


def make_window(qtbot, tmp_path, moments: bool) -> MainWindow:  # type: ignore[no-untyped-def]
    s = Settings(tmp_path / f"s{int(moments)}.ini")
    s.set_moments(moments)
    w = MainWindow(settings=s, autosave_path=None, bot_delay_ms=0, animate=moments)
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    return w


def roll_words(win: MainWindow, g: Game, seat: int) -> str:
    """The sentence the table must show for ``seat``'s roll, from the public log."""
    e = [e for e in g.events if e.kind == "dice_contributed" and e.get("seat") == seat][-1]
    dice = tuple((int(i), str(k), int(v)) for i, k, v in e.get("dice"))
    return roll_sentence(win.comp, RollNote(seat, dice, True))


def die_faces(win: MainWindow) -> list[str]:
    """The accessible names of the die pictures in the panel's roll note."""
    from PySide6.QtWidgets import QLabel

    return [lbl.accessibleName() for lbl in win.panel.roll.findChildren(QLabel)
            if lbl.pixmap() is not None and not lbl.pixmap().isNull()]


@pytest.mark.parametrize("moments", [True, False])
def test_hot_seat_player_sees_their_roll_before_the_hand_over(
        lee, qtbot, tmp_path, moments) -> None:  # type: ignore[no-untyped-def]
    g0, choice = lee
    win = make_window(qtbot, tmp_path, moments)
    c = win.controller
    try:
        # B's next decision is a public one, taken on the shared screen; the roll before
        # a hand-over is seen with every decision handed over (`test_hot_seat_player_sees
        # _their_roll_beside_a_public_decision` has the shared screen)
        c.every_decision = True
        c.adopt(g0.copy(), [HUMAN] * g0.n)
        a = c.pending_seat
        assert win.handing_over()
        win.handover.button.click()  # A takes the screen
        assert c.unlocked == a and "initiative" in win.panel.buttons
        before = win.widget_texts()
        win.panel.click_choice(choice)
        g = c.game
        b = c.pending_seat
        assert b != a and c.is_human(b)
        said = roll_words(win, g, a)
        kind, value = [e for e in g.events if e.kind == "dice_contributed"][-1].get("dice")[0][1:]
        assert die_words(win.comp, kind, value) in said
        # A's screen shows the roll, with the die's face, before any hand-over cover
        assert win.stack.currentWidget() is win.game_page
        assert win.panel.roll.isVisible() and said in win.panel.texts()
        assert die_faces(win) == [tr("ui.access.die", kind=text(win.comp.skill(kind).name),
                                     value=signed(value))]
        assert c.unlocked is None  # under the note the screen is public: A's secrets are gone
        assert not any(x in t for t in before for x in (said, "your roll"))
        # A passes the screen on from the note (number key 1 presses its button)
        pump()
        assert QApplication.focusWidget() is win.panel.roll_button
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_1)
        assert win.handing_over()
        assert not win.panel.roll.isVisible() and said not in win.widget_texts()
        win.handover.button.click()
        assert c.unlocked == b
        assert said not in win.widget_texts() and not win.panel.roll.isVisible()
        assert not any("your roll" in t for t in win.widget_texts())
    finally:
        c.stop()
        set_language("en")


def test_hot_seat_player_sees_their_roll_beside_a_public_decision(
        lee, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """H1: the next player's decision is public (no hand-over): the roll the game put in
    for the last player shows on the shared screen beside the next player's choices,
    and goes once a choice is made in sight of it."""
    g0, choice = lee
    win = make_window(qtbot, tmp_path, False)
    c = win.controller
    try:
        c.adopt(g0.copy(), [HUMAN] * g0.n)
        a = c.pending_seat
        win.handover.button.click()
        win.panel.click_choice(choice)
        b = c.pending_seat
        said = roll_words(win, c.game, a)
        assert b != a and c.shared_decision() and not win.handing_over()
        assert c.unlocked is None and win.panel.roll.isVisible()
        assert said in win.panel.texts() and win.panel.buttons
        win.panel.click_choice(c.game.pending.options[0])
        assert a not in c.rolls
    finally:
        c.stop()
        set_language("en")


def test_solo_player_keeps_their_roll_on_screen_while_computers_play(
        lee, new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    g0, choice = lee
    a = g0.pending.seat
    win = new_window()  # no animation: Moments cannot show anything here
    c = win.controller
    c.adopt(g0.copy(), [HUMAN if s == a else COMPUTER for s in range(g0.n)])
    assert c.unlocked == a  # alone with computers: the screen is theirs, no hand-over
    button = win.panel.buttons[str(choice)]  # chosen by keyboard, as the player would
    win.activateWindow()
    qtbot.waitUntil(lambda: button.isVisible() and win.isActiveWindow())
    button.setFocus()
    qtbot.waitUntil(button.hasFocus)
    # the computers hold while the note is looked at (with no pause they could finish
    # before the focus has reached the note, and the state to check would be gone)
    c.pause()
    qtbot.keyClick(button, Qt.Key.Key_Space)
    said = roll_words(win, c.game, a)
    assert said in win.panel.texts() and win.stack.currentWidget() is win.game_page
    # while the computers play there is no choice: the keyboard is on the note's button
    assert not win.panel.keyed
    qtbot.waitUntil(lambda: win.panel.roll_button.hasFocus())  # type: ignore[union-attr]
    c.play_bots_now()
    c.resume()
    assert set(c.rolls) <= {a}  # a computer's forced roll is shown to nobody
    # the player's next decision: the roll is still there above it until they decide
    assert c.game.outcome is None and c.pending_seat == a
    assert said in win.panel.texts() and win.panel.buttons
    assert win.panel.keyed[0] is not win.panel.roll_button  # choices keep their keys
    win.panel.click_choice(c.game.pending.options[0])
    assert said not in win.panel.texts()


def test_the_wait_for_a_roll_is_the_same_in_every_hidden_world(lee, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Twin worlds (everything hidden from a seat, or from everyone, drawn anew: the
    roller's loyalty and uncontributed dice, the generator, the piles) give the same
    wait: the same seat must see a roll of as many dice before the same hand-over."""
    g0, choice = lee
    a = g0.pending.seat
    comp = g0.c
    rng = random.Random(11)
    shapes = set()
    loyalties = set()
    for viewer in [None, *range(g0.n)]:
        for _ in range(4):
            w = twin(g0, viewer, rng)
            loyalties.add(any(comp.is_cylon_card(x) for x in w.players[a].loyalty))
            c = GameController()
            c.every_decision = True  # the roll before a hand-over (B decides in public)
            try:
                c.adopt(w, [HUMAN] * w.n)
                c.unlock()
                c.choose(choice)
                note = c.roll_to_see()
                assert note is not None
                shapes.add((note.seat, len(note.dice), note.check, c.pending_seat,
                            c.game.pending.kind, c.needs_handover(), c.unlocked))
                c.acknowledge_roll()
                shapes.add(("after", c.roll_to_see(), c.needs_handover()))
            finally:
                c.stop()
    assert loyalties == {True, False}  # a Cylon and a human roller among the worlds
    assert len(shapes) == 2, shapes


def test_phone_player_sees_their_roll_on_the_phone(lee, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from claims import auto_confirm
    from phone_client import Phone

    g0, choice = lee
    a = g0.pending.seat
    win = MainWindow(settings=Settings(tmp_path / "settings.ini"), autosave_path=None,
                     bot_delay_ms=0, animate=False)
    qtbot.addWidget(win)
    auto_confirm(win.phones)
    c = win.controller
    c.adopt(g0.copy(), [HUMAN] * g0.n)
    win.phones.start("127.0.0.1", 0)
    phone = Phone(win.phones.url(a))
    try:
        s = phone.next("state", pump)
        qtbot.waitUntil(lambda: c.phones == {a})
        assert s["rolled"] is None and str(choice) in [o["choice"] for o in
                                                       s["decision"]["options"]]
        phone.send({"type": "choose", "seq": s["seq"], "choice": str(choice)})
        for _ in bounded():
            if s["decision"] is None:
                break
            s = phone.next("state", pump)
        said = roll_words(win, c.game, a)
        e = [e for e in c.game.events if e.kind == "dice_contributed"][-1]
        _die, kind, value = e.get("dice")[0]
        assert s["rolled"] == {"text": said, "dice": [
            {"art": f"skill/{kind}/{value}",
             "label": f"{text(win.comp.skill(kind).name)} {signed(value)}"}]}
        # the table does not wait for it (it is on A's own screen) and never shows it
        assert c.roll_to_see() is None and c.pending_seat != a
        assert win.handing_over() or c.shared_decision()  # B's turn: handed over or public
        if win.handing_over():
            win.handover.button.click()
        assert said not in win.widget_texts()
        # other seats' frames never carry it
        for seat in range(g0.n):
            if seat != a:
                assert json.loads(win.phones.host.frame(c.game, seat, False,
                                                        c.rolls.get(seat)))["rolled"] is None
    finally:
        phone.close()
        win.phones.stop()
        c.stop()


def test_forced_rolls_are_exactly_the_contributions_nobody_chose() -> None:
    """Over whole random games: a public contribution is a note for its seat unless that
    seat was asked to contribute and chose it; a check's die says "into the check",
    a Prepare jump's two dice say "for your action"."""
    kinds = set()
    for seed in (2, 8):
        g = new_game(Setup(players=3), seed)
        rng = random.Random(seed)
        for _ in bounded():
            if g.outcome is not None:
                break
            d = g.pending
            choice = rng.choice(d.options)
            events = g.apply(choice)
            notes = forced_rolls(d.seat, choice, events)
            put = [e for e in events if e.kind == "dice_contributed" and e.to is None]
            # chose it: a contribute choice, not X2's reroll asked in the same decision
            # (a reroll of a last die is then contributed with no choice left)
            chosen = put[:1] if choice.verb == "contribute" else []
            assert {e.get("seat") for e in put if e not in chosen} == set(notes)
            for e in put:
                if e not in chosen:
                    note = notes[e.get("seat")]
                    assert [tuple(x) for x in e.get("dice")] == list(note.dice)
                    assert note.check == (e.rule not in {"A2", "A3", "A4", "A5"})
                    kinds.add((note.check, len(note.dice)))
    assert (True, 1) in kinds and (False, 2) in kinds


def test_a_two_dice_prepare_jump_is_shown_as_an_action_roll() -> None:
    g, choice = find_forced_roll("a5")
    seat = g.pending.seat
    note = forced_rolls(seat, choice, g.copy().apply(choice))[seat]
    assert len(note.dice) == 2 and not note.check
    said = roll_sentence(g.c, note)
    assert said.startswith("You rolled ") and "they counted for your action" in said
    set_language("hu")
    try:
        assert "az akciódhoz számítottak" in roll_sentence(g.c, note)
    finally:
        set_language("en")


def test_the_controller_keeps_a_forced_die_after_a_chosen_contribution(qapp) -> None:  # type: ignore[no-untyped-def]
    """A forced die in the same batch as a chosen contribution: the move's record
    (``forced``) has it, the panel's note (``rolls``) for the human seat has it, and
    the sound and the owner's banner read the same record (tests/test_present.py)."""
    from test_present import _batch

    from bsg_desktop.present.moments import sound_for

    c = GameController(bot_delay_ms=0)
    c.start(Setup(players=3), 4, [HUMAN, HUMAN, COMPUTER])
    try:
        choice, events = _batch()
        c._note_rolls(0, choice, events)
        note = RollNote(1, ((7, "strong", -1),), True)
        assert c.forced == {1: note} and c.rolls == {1: note}
        assert sound_for(events, c.forced) == "roll"
        c._note_rolls(1, Choice("skip", ()), [])  # seat 1 decides again: its note is gone
        assert c.forced == {} and c.rolls == {}
    finally:
        c.stop()
