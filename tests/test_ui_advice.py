"""Help → What would a good player do? in the window: the deciding seat's own advice,
asked only while the screen is theirs, told to the table as asked, never as what."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from loops import bounded  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import tr  # noqa: E402
from bsg_desktop.present.words import choice_words  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402


def test_a_solo_player_gets_a_legal_choice_and_the_log_says_only_that_advice_was_asked(
        new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = new_window((1280, 720))
    c = win.controller
    c.start(Setup(players=4), seed=3, seat_kinds=[HUMAN, COMPUTER, COMPUTER, COMPUTER])
    for _ in bounded():
        if c.pending_seat == 0:
            break
        qtbot.wait(20)
    assert win.can_ask_advice() and win.advice_button.isVisible()
    g = c.game
    view, options, played = g.view(0), g.pending.options, len(g.choices)
    win.act_advice.trigger()
    last = win.log.item(win.log.count() - 1).text()
    assert "asked the computer what a good player would do" in last
    assert not any(choice_words(win.comp, view, o) in last for o in options)
    qtbot.waitUntil(lambda: win.advice_box is not None and win.advice_box.isVisible(),
                    timeout=60_000)
    said = win.advice_box.text()
    legal = [tr("advice.pick", choice=choice_words(win.comp, view, o)) for o in options]
    assert said in legal
    assert win.advice_box.informativeText().startswith("Why:")
    assert len(g.choices) == played and c.pending_seat == 0  # nothing played for them


def test_advice_is_refused_on_the_shared_screen_of_a_hot_seat_game(
        new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Two humans at one screen: before the hand-over the screen is not the decider's,
    and advice would show what their secrets make of the position."""
    win = new_window((1280, 720))
    c = win.controller
    c.start(Setup(players=3), seed=3, seat_kinds=[HUMAN, HUMAN, COMPUTER])
    for _ in bounded():
        if c.pending_seat in (0, 1):
            break
        qtbot.wait(20)
    assert c.unlocked != c.pending_seat and not win.can_ask_advice()
    assert not win.advice_button.isVisible()
    before = win.log.count()
    win.act_advice.trigger()
    assert win.log.count() == before and win.advice_box is None
    assert "screen is yours" in win.statusBar().currentMessage()


def test_an_answer_worked_out_for_a_window_that_closed_meanwhile_is_dropped(qapp) -> None:  # type: ignore[no-untyped-def]
    """A computer seat's held answer, or the advice's look-ahead, can outlive the window:
    its sink is deleted with the window. The pool thread then drops the answer; raising
    "Signal source has been deleted" made the crash guard write a report for no bug."""
    import shiboken6

    from bsg_desktop.bots import make_bot
    from bsg_desktop.engine import new_game
    from bsg_desktop.ui.advice import AdviceJob, AdviceSink
    from bsg_desktop.ui.controller import _BotJob, _BotSink

    g = new_game(Setup(players=3), 1)
    seat = g.pending.seat
    bot_sink, advice_sink = _BotSink(), AdviceSink()
    got: list[object] = []
    bot_sink.answered.connect(lambda _token, choice: got.append(choice))
    jobs = [_BotJob(make_bot("random"), g.view(seat), g.pending, None, bot_sink),
            AdviceJob(g.view(seat), g.pending, None, advice_sink)]
    jobs[0].run()  # with the window still there the answer arrives
    qapp.processEvents()
    assert got and got[0] in g.pending.options
    for sink in (bot_sink, advice_sink):
        shiboken6.delete(sink)
    for job in jobs:
        job.run()  # the window is gone: nothing raised
