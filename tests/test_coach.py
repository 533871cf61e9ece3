"""Learn by playing: the guided first game and its coach.

The guided game is played to its end in the window with the same scripted newcomer
the seed search used (`bsg_desktop.guided.Newcomer`), and every kind of decision it
meets is explained on the coach panel the first time, in English and in Hungarian.
Help → Coach is remembered across launches; every kind of decision the engine can ask
has its coach words in both languages.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from guided_play import newcomer_decisions  # noqa: E402
from loops import bounded  # noqa: E402

import bsg_desktop.engine as engine_pkg  # noqa: E402
from bsg_desktop.guided import (  # noqa: E402
    GUIDED_SEAT,
    GUIDED_SEED,
    WHY,
    Newcomer,
    play,
)
from bsg_desktop.i18n import LANGUAGES, catalog, tr  # noqa: E402
from bsg_desktop.present.coach import (  # noqa: E402
    FINISHED,
    TOPICS,
    WELCOME,
    all_topics,
    coach_step,
    topic_for,
)
from bsg_desktop.rules import rule_text  # noqa: E402

ENGINE = Path(engine_pkg.__file__).parent


def engine_decision_kinds() -> set[str]:
    """Every kind the engine asks, read from its source: ``g.ask(seat, "kind", …)`` in
    the rule modules and ``KIND = "…"`` in the characters' parts."""
    kinds: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        src = path.read_text(encoding="utf-8")
        kinds |= set(re.findall(r"\.ask\(\s*[\w.]+,\s*\"(\w+)\"", src))
        kinds |= set(re.findall(r"^\s+KIND = \"(\w+)\"", src, flags=re.M))
    return kinds


def test_every_kind_of_decision_the_engine_asks_has_a_coach_topic() -> None:
    kinds = engine_decision_kinds()
    assert {"action", "join", "contribute", "jump_die", "k8_penalty"} <= kinds  # it reads
    assert {k for k in kinds if k not in TOPICS} == set()


@pytest.mark.parametrize("topic", all_topics())
def test_every_coach_topic_has_its_words_in_english_and_hungarian(topic: str) -> None:
    en, hu = catalog("en"), catalog("hu")
    for part in ("title", "what", "risks", "where"):
        key = f"coach.{topic}.{part}"
        assert en.get(key) and hu.get(key), key
        assert en[key] != hu[key], key
    step = coach_step(topic, "")
    assert step.title and step.what and step.risks and step.where


def test_a_coach_step_carries_the_rule_text_of_the_decision_first() -> None:
    for lang in LANGUAGES:
        step = coach_step("jump_die", "J4", lang)
        assert step.rules[0] == ("J4", rule_text("J4", lang)) and step.rules[0][1]
        assert ("W1", rule_text("W1", lang)) in step.rules
        assert rule_text("J4", lang) in step.plain()
    assert topic_for("contribute", "D7") == "contribute_check"
    assert topic_for("contribute", "A3") == "contribute_action"
    assert topic_for("no_such_kind") is None


def test_the_guided_seed_meets_what_its_search_recorded() -> None:
    """The seed's figures in `guided.WHY` are what a fresh run of the search measures."""
    _g, t = play(GUIDED_SEED)
    assert not t.cylon and t.character == "kara_thrace" and t.humans_won
    assert (t.early_kinds(), t.last_first(), t.decisions) == (12, 36, 78)
    assert "12 kinds" in WHY and "first 36" in WHY and "78" in WHY
    # the character's own decision (Recklessness), met by the newcomer
    assert "reckless" in {topic_for(k) for k, _i in t.firsts}


def test_the_guided_game_is_played_to_its_end_with_a_coach_step_for_each_new_kind(
        new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Learn by playing with the scripted newcomer, to the end: each kind of decision
    is explained on the coach panel the first time it comes up, and never again; the
    panel follows the language (switched to Hungarian and back mid-game)."""
    from bsg_desktop.i18n import set_language

    win = new_window((1280, 720))
    win.play_guided()
    assert win.guided and win.welcome_box is not None
    win.welcome_box.accept()
    c = win.controller
    me = Newcomer()
    shown: list[str] = []
    met: list[tuple[str, str]] = []
    switched = False
    for d in newcomer_decisions(win):  # a new loyalty card's box (L1) read on the way
        g = c.game
        topic = topic_for(d.kind, d.rule)
        assert topic is not None, d.kind
        step = win.coach_panel.step  # always the decision on screen, never a stale one
        assert step is not None and step.topic == topic, (d.kind, step)
        if topic not in shown:  # new to the newcomer: the coach brings it to the front
            assert win.coach_panel.kicker.text() == tr("coach.panel.kicker")
            assert win.bottom.currentWidget() is win.coach_panel
            assert win.coach_panel.accessibleName().endswith(step.title)
            assert step.what in win.coach_panel.accessibleDescription()
            assert rule_text(d.rule, "en") in win.coach_panel.accessibleDescription()
            shown.append(topic)
            if topic == "crisis_die" and not switched:  # Settings → Language, mid-game
                set_language("hu")
                win.retranslate()
                hu = coach_step(topic, d.rule, "hu")
                assert win.coach_panel.title.text() == hu.title != step.title
                assert rule_text(d.rule, "hu") in win.coach_panel.accessibleDescription()
                set_language("en")
                win.retranslate()
                assert win.coach_panel.title.text() == step.title
                switched = True
        else:
            assert win.coach_panel.kicker.text() == tr("coach.panel.kicker_again")
        met.append((d.kind, topic))
        win.choose(str(me.choose(g.view(GUIDED_SEAT), d)))
    g = c.game
    assert g.outcome is not None and g.outcome.winner == "humans"  # as the search played it
    assert win.coach_panel.step is not None and win.coach_panel.step.topic == FINISHED
    _pure, trial = play(GUIDED_SEED)
    assert [k for k, _i in trial.firsts] == list(dict.fromkeys(k for k, _t in met))
    # each topic brought to the front the first time it came up, and never again
    assert win.coach_fronted == shown == list(dict.fromkeys(t for _k, t in met))
    assert len(shown) >= 12 and switched
    for topic in shown:  # in both languages, each its own words
        en, hu = coach_step(topic, "", "en"), coach_step(topic, "", "hu")
        assert en.title and hu.title and (en.what, en.risks) != (hu.what, hu.risks)


def test_the_coach_toggle_is_remembered_and_works_in_any_game(
        new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from bsg_desktop.engine import Setup
    from bsg_desktop.ui.controller import COMPUTER, HUMAN
    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    win = new_window((1280, 720))
    assert not win.act_coach.isChecked()  # off until asked for
    win.play_guided()  # Learn by playing turns it on, and it stays on
    assert win.act_coach.isChecked() and Settings(win.settings.path).coach() is True
    win.act_coach.trigger()  # Help → Coach: off
    assert not win.act_coach.isChecked() and win.bottom.indexOf(win.coach_panel) < 0
    path = win.settings.path
    assert Settings(path).coach() is False  # written to the file at once
    again = MainWindow(settings=Settings(path), autosave_path=None, bot_delay_ms=0,
                       animate=False)  # the next launch
    qtbot.addWidget(again)
    again.show()
    assert not again.act_coach.isChecked() and again.bottom.indexOf(again.coach_panel) < 0
    c = again.controller
    c.bot_level = "heuristic"
    c.start(Setup(players=3), 5, [HUMAN, COMPUTER, COMPUTER])
    for _ in bounded():
        if c.pending_seat == 0:
            break
        qtbot.wait(5)
    assert again.coach_panel.step is None  # off: nothing explained
    again.act_coach.trigger()  # back on, in the middle of a game
    step = again.coach_panel.step
    assert step is not None and step.topic == topic_for(c.game.pending.kind, c.game.pending.rule)
    assert again.bottom.currentWidget() is again.coach_panel
    assert Settings(path).coach() is True
    c.stop()


def test_the_start_screen_offers_learn_by_playing(new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = new_window((1280, 720))
    win.show_start()
    page = win.start_page
    shown = [b for b in page.buttons() if not b.isHidden()]
    assert shown.index(page.guided_button) == 1  # just under Play solo
    assert page.guided_button.accessibleName() == page.guided_button.text()
    page.press_number(2)
    assert win.guided and win.controller.game.seed == GUIDED_SEED
    assert win.welcome_box is not None and "Welcome" in win.welcome_box.text()
    assert WELCOME not in (win.coach_panel.step.topic if win.coach_panel.step else "")


def test_a_hot_seat_players_coach_step_leaves_the_screen_with_them(
        new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Humans at one screen: the coach explains a decision only where the screen may
    show it (the seat's own screen after its hand-over, or a public decision on the
    shared screen), and a seat's step leaves the screen with that seat."""
    from bsg_desktop.engine import Setup
    from bsg_desktop.present.handover import hand_over_needed
    from bsg_desktop.ui.controller import HUMAN

    win = new_window((1280, 720))
    win.act_coach.trigger()  # Help → Coach: on
    c = win.controller
    c.start(Setup(players=3), 3, [HUMAN, HUMAN, HUMAN])
    assert win.handing_over() and win.coach_panel.step is None  # not unlocked yet
    c.unlock()
    assert win.coach_panel.step is not None and win.coach_panel.step.topic == "action"
    handed = 0
    for _ in bounded(400):
        if c.game.outcome is not None or handed >= 3:
            break
        if win.handing_over():
            assert win.coach_panel.step is None  # nothing of the last player's is left
            c.unlock()
            handed += 1
        d = c.game.pending
        step = win.coach_panel.step
        assert step is not None and step.topic == topic_for(d.kind, d.rule)
        assert c.unlocked == d.seat or not hand_over_needed(d.kind)
        win.choose(str(d.options[0]))
    assert handed >= 3
