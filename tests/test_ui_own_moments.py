"""A seat's own moments and its loyalty in words.

Loyalty is said as what it makes a player ("human", "Cylon (Model Two)"), never as
the card's printed title used as a sentence, in the log, the review, the window and
the phones, in English and Hungarian.
"""

from __future__ import annotations

import random

import pytest
from loops import bounded

from bsg_desktop.bots import make_bot
from bsg_desktop.companion import frames
from bsg_desktop.data import load_components
from bsg_desktop.engine import Event, Game, Setup, new_game
from bsg_desktop.i18n import set_language
from bsg_desktop.log import describer_for, hand_words, loyalty_words
from bsg_desktop.present.moments import loyalty_moment, new_loyalty, seat_verdict, verdict
from bsg_desktop.review import Review

COMP = load_components()


def finished(players: int, seed: int) -> Game:
    """A game played to its end by computer players."""
    g = new_game(Setup(players=players), seed)
    bots = [make_bot("heuristic", seed=seed * 10 + s) for s in range(players)]
    while g.outcome is None and not g.stalled:
        assert g.pending is not None
        s = g.pending.seat
        g.apply(bots[s].choose(g.view(s), g.pending))
    assert g.outcome is not None
    return g


def test_loyalty_is_said_as_human_or_cylon_model_in_both_languages() -> None:
    assert loyalty_words(COMP, "not_cylon_1", "en") == "human"
    assert loyalty_words(COMP, "cylon_two", "en") == "Cylon (Model Two)"
    assert loyalty_words(COMP, "not_cylon_1", "hu") == "ember"
    assert loyalty_words(COMP, "cylon_two", "hu") == "Kettes Cylon"
    # a hand of human cards is one "human"; a Cylon card is what the hand says
    assert hand_words(COMP, ["not_cylon_1", "not_cylon_2", "not_cylon_3"], "en") == "human"
    assert hand_words(COMP, ["not_cylon_1", "cylon_six"], "en") == "Cylon (Model Six)"
    assert hand_words(COMP, ["not_cylon_1", "cylon_six"], "hu") == "Hatos Cylon"


def test_log_lines_say_loyalty_in_words() -> None:
    g = new_game(Setup(players=4), 3)
    d = describer_for(g)
    kara = d.player(0, "en")
    reveal = Event("cylon_revealed", "A9", (("seat", 0), ("card", "cylon_two")))
    assert d.describe(reveal, "en") == f"{kara} reveals they are a Cylon (Model Two)!"
    assert d.describe(reveal, "hu") == f"{d.player(0, 'hu')} felfedi magát: Kettes Cylon!"
    dealt = Event("loyalty_dealt", "L1", (("seat", 0), ("cards", ["not_cylon_1", "not_cylon_2"])),
                  frozenset({0}))
    assert d.describe(dealt, "en") == f"{kara}'s loyalty: human."
    assert d.describe(dealt, "hu") == f"{d.player(0, 'hu')} hűsége: ember."
    for text in (d.describe(reveal, "en"), d.describe(dealt, "en")):
        assert "You are" not in text


def test_the_review_says_who_was_who_in_words() -> None:
    g = finished(5, 4)
    r = Review(g)
    for lang, human in (("en", "human"), ("hu", "ember")):
        lines = r.who_was_who(lang).splitlines()
        assert len(lines) == 5
        for line, p in zip(lines, g.players, strict=True):
            assert line.endswith(hand_words(COMP, list(p.loyalty), lang))
            assert "Cylon" in line or line.endswith(human)
            assert "You are" not in line and "vagy" not in line


# ------------------------------------------------------------ a new loyalty card
SEED, BEFORE_L1 = 5, 45  # 4 players: choice 46 deals the second cards; seat 1 turns Cylon
NEW_CYLON = 1


def at_second_deal() -> tuple[Game, random.Random]:
    """The game one choice before the second loyalty cards are dealt (L1), and the
    random choices that led there (to go on with)."""
    rng = random.Random(SEED)
    g = new_game(Setup(players=4), SEED)
    for _ in range(BEFORE_L1):
        assert g.pending is not None
        g.apply(rng.choice(g.pending.options))
    return g, rng


def test_l1_a_new_loyalty_card_is_said_to_its_holder_alone() -> None:
    """L1: "You are now a Cylon" for the seat the second card turned, "You are still
    human" for the others; each moment is built from that seat's own private event."""
    g, rng = at_second_deal()
    events = g.apply(rng.choice(g.pending.options))  # type: ignore[union-attr]
    dealt = new_loyalty(events)
    assert set(dealt) == {p.seat for p in g.players if not p.revealed}
    for seat, e in dealt.items():
        assert e.to == frozenset({seat}) and e.rule == "L1"
        m = loyalty_moment(COMP, e)
        cylon = any(COMP.is_cylon_card(c) for c in g.players[seat].loyalty)
        assert m.seat == seat
        assert (m.kind == "now_cylon") == (seat == NEW_CYLON)
        assert m.headline == ("You are now a Cylon" if seat == NEW_CYLON else
                              "You are still a Cylon" if cylon else "You are still human")
        assert hand_words(COMP, [g.players[seat].loyalty[-1]], "en") in m.line


def test_l1_the_phone_frame_carries_its_own_seats_moment_only() -> None:
    g, rng = at_second_deal()
    events = g.apply(rng.choice(g.pending.options))  # type: ignore[union-attr]
    e = new_loyalty(events)[NEW_CYLON]
    mine = frames.state(COMP, g, NEW_CYLON, "en", own=e)
    assert mine["own"] == {"headline": "You are now a Cylon", "cylon": True,
                           "line": loyalty_moment(COMP, e).line}
    assert frames.state(COMP, g, NEW_CYLON, "hu", own=e)["own"]["headline"] == \
        "Mostantól Cylon vagy"
    for seat in range(4):
        if seat != NEW_CYLON:  # handed another seat's event by mistake: still nothing
            assert frames.state(COMP, g, seat, "en", own=e)["own"] is None
        assert frames.state(COMP, g, seat, "en")["verdict"] is None  # not over yet


# ------------------------------------------------------------------ the verdict
def test_w_each_seat_is_told_whether_it_won_and_as_what() -> None:
    """At the end every seat learns its own result: won or lost, as a human or as a
    Cylon (its model), in the window's list and on its phone, in both languages."""
    winners = set()
    for seed in (3, 4):  # the humans win one, the Cylons the other
        g = finished(5, seed)
        view = g.view(None)
        assert view.outcome is not None
        winners.add(view.outcome.winner)
        for p in g.players:
            cylon = any(COMP.is_cylon_card(c) for c in p.loyalty)
            won = (view.outcome.winner == "cylons") == cylon
            m = verdict(COMP, view, p.seat)
            assert m is not None and m.kind == ("won" if won else "lost")
            assert m.headline == ("You won" if won else "You lost")
            assert m.line == ("You played as a " + hand_words(COMP, p.loyalty, "en") + "."
                              if cylon else "You played as a human.")
            assert seat_verdict(COMP, view, p.seat) == \
                f"{'Won' if won else 'Lost'} ({hand_words(COMP, p.loyalty, 'en')})"
            frame = frames.state(COMP, g, p.seat, "hu")
            assert frame["verdict"]["won"] == won
            assert frame["verdict"]["headline"] == ("Nyertél" if won else "Vesztettél")
    assert winners == {"humans", "cylons"}


# ------------------------------------------------------------------ the window
OWN_WORDS = ("You are now a Cylon", "You are still human", "You are still a Cylon")


@pytest.fixture
def win(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    pytest.importorskip("pytestqt")
    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    w = MainWindow(settings=Settings(tmp_path / "s.ini"), autosave_path=None, bot_delay_ms=0,
                   animate=False)
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    yield w
    w.controller.stop()
    set_language("en")


def test_l1_the_window_says_it_after_that_seats_hand_over_only(win, qtbot) -> None:  # type: ignore[no-untyped-def]
    """L1 at a hot-seat table: nothing on the shared screen or the hand-over cover; each
    seat's moment opens on its own screen after its hand-over, waits for "Got it", and
    the seat the second card turned reads "You are now a Cylon"."""
    c = win.controller
    g, rng = at_second_deal()
    c.adopt(g, ["human"] * 4)
    c.choose(rng.choice(c.game.pending.options))
    told: dict[int, str] = {}
    assert len(c.own) == 4
    for _ in bounded():
        if not c.own or c.game.outcome is not None:
            break
        dlg = win.own_dialog
        texts = win.widget_texts()
        if dlg is None or not dlg.isVisible():
            # the shared screen, the roll note, the cover: no one's moment
            assert not any(w in t for t in texts for w in OWN_WORDS)
            assert c.unlocked is None or c.unlocked not in c.own
        else:
            assert dlg.moment.seat == c.unlocked and win.stack.currentWidget() is win.game_page
            assert not win.handing_over()
            told[dlg.moment.seat] = dlg.moment.headline
            dlg.button.click()
            assert c.unlocked not in c.own and win.own_dialog is None
            continue
        if c.roll_to_see() is not None:
            win.panel.roll_button.click()
        elif win.handing_over():
            win.handover.button.click()
        else:
            c.choose(rng.choice(c.game.pending.options))
    assert told.get(NEW_CYLON) == "You are now a Cylon"
    for seat, headline in told.items():
        if seat != NEW_CYLON:
            assert headline in OWN_WORDS[1:]


def test_w_the_game_over_dialog_tells_the_solo_player_and_lists_every_result(
        win, qtbot) -> None:  # type: ignore[no-untyped-def]
    from bsg_desktop.ui.dialogs import GameOverDialog

    g = finished(5, 4)
    view = g.view(None)
    for lang in ("en", "hu"):
        set_language(lang)
        dlg = GameOverDialog(COMP, view, win, me=2)
        qtbot.addWidget(dlg)
        m = verdict(COMP, view, 2)
        assert dlg.verdict is not None and dlg.verdict.text() == f"{m.headline}. {m.line}"
        assert len(dlg.results) == 5 and all(":" in r for r in dlg.results)
        hot_seat = GameOverDialog(COMP, view, win)  # no one's screen: the list alone
        assert hot_seat.verdict is None and hot_seat.results == dlg.results
    set_language("en")


def test_l1_who_gets_a_moment_is_the_same_in_every_hidden_world(qapp) -> None:  # type: ignore[no-untyped-def]
    """L1 in twin worlds (every hidden fact drawn anew): the same seats wait for a
    moment, so the pause it makes on their screens tells nobody what it says."""
    from bsg_desktop.engine.twins import twin
    from bsg_desktop.ui.controller import GameController

    g0, rng = at_second_deal()
    choice = rng.choice(g0.pending.options)  # type: ignore[union-attr]
    public = [e for e in g0.copy().apply(choice) if e.to is None]
    seats = set()
    kinds = set()
    compared = 0
    for n in range(60):
        c = GameController()
        try:
            c.adopt(twin(g0, None, random.Random(n)), ["human"] * 4)
            events = c.choose(choice)
            if [e for e in events if e.to is None] != public:
                continue  # a roll or a draw told this world apart in public
            compared += 1
            seats.add(frozenset(c.own))
            kinds |= {loyalty_moment(COMP, e).kind for e in c.own.values()}
        finally:
            c.stop()
    assert compared >= 3
    assert len(seats) == 1 and len(next(iter(seats))) == 4
    assert len(kinds) > 1  # the worlds did differ in what the moments say


def test_l1_a_phone_seat_keeps_its_moment_until_it_decides_there(qapp) -> None:  # type: ignore[no-untyped-def]
    """A seat on its phone keeps its moment in its frame until it decides on the phone;
    a table seat keeps it through decisions taken on the shared screen."""
    from bsg_desktop.ui.controller import GameController

    g, rng = at_second_deal()
    c = GameController()
    try:
        c.adopt(g, ["human"] * 4)
        c.set_on_phone(NEW_CYLON)
        c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
        assert NEW_CYLON in c.own
        for _ in bounded():
            seat = c.pending_seat
            if seat is None or not c.own:
                break
            held = set(c.own)
            shared = c.shared_decision()
            if c.needs_handover():
                c.unlock()
                assert c.own_to_show() is c.own.get(seat)
                c.acknowledge_own()
            c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
            if seat == NEW_CYLON:
                assert NEW_CYLON not in c.own  # decided on its phone: it had the frame
            elif shared:
                assert held - {NEW_CYLON} <= set(c.own) | {seat}
    finally:
        c.stop()


def test_w2_cylons_winning_with_no_cylon_player_is_said_on_the_end_screen(
        win, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A 4-player game whose Cylon card was never dealt can still end in a Cylon win
    (the fleet fell): the end screen says no player was a Cylon, so a table of humans
    who all lost knows why; a game with a Cylon player does not say it."""
    from bsg_desktop.bots import make_bot
    from bsg_desktop.engine import Setup, new_game
    from bsg_desktop.ui.dialogs import GameOverDialog

    found: dict[bool, object] = {}
    for seed in range(400):
        g = new_game(Setup(players=4), seed)
        bots = [make_bot("heuristic", seed * 10 + s) for s in range(4)]
        while g.outcome is None and not g.stalled:
            d = g.pending
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
        view = g.view(None)
        if view.outcome is None or view.outcome.winner != "cylons":
            continue
        nobody = not any(COMP.is_cylon_card(c) for cards in view.all_loyalty for c in cards)
        found.setdefault(nobody, view)
        if len(found) == 2:
            break
    assert set(found) == {True, False}
    for lang, words in (("en", "No player was a Cylon"), ("hu", "egyik játékos sem volt Cylon")):
        set_language(lang)
        dlg = GameOverDialog(COMP, found[True], win)  # type: ignore[arg-type]
        qtbot.addWidget(dlg)
        assert dlg.no_cylon is not None and words in dlg.no_cylon.text()
        other = GameOverDialog(COMP, found[False], win)  # type: ignore[arg-type]
        qtbot.addWidget(other)
        assert other.no_cylon is None
    set_language("en")
