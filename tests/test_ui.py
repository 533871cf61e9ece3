"""The desktop window, driven through its widgets offscreen (pytest-qt).

A whole hot-seat game is clicked through the hand-over screen and the decision
panel; after every choice the board's tokens are read back from the scene and
compared with the engine's state. Other tests search every widget text and
scene text for secrets, and break saves on purpose.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from hand_over import cylon_seed, pass_screen  # noqa: E402
from loops import bounded
from PySide6.QtGui import QImage  # noqa: E402

from bsg_desktop.engine import ACTIVE, CONTRIBUTED, SPENT, Game, Setup, new_game  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.present.words import card_words  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


@pytest.fixture
def make_window(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    made: list[MainWindow] = []

    def make(autosave: bool = True, settings_name: str = "settings.ini") -> MainWindow:
        win = MainWindow(settings=Settings(tmp_path / settings_name),
                         autosave_path=tmp_path / "autosave.bsgx.json" if autosave else None,
                         bot_delay_ms=0, animate=False)
        qtbot.addWidget(win)
        win.resize(1300, 850)
        made.append(win)
        return win

    yield make
    set_language("en")
    for w in made:
        w.controller.stop()


def engine_board(g: Game) -> dict[str, object]:
    """What the board must show, straight from the engine's state."""
    dice: Counter[tuple[int, str, str]] = Counter()
    for p in g.players:
        for d in p.dice:
            if d.state in (ACTIVE, CONTRIBUTED, SPENT):
                dice[(p.seat, d.state, d.kind)] += 1
    return {"dradis": sorted(g.dradis_monitor), "damage": set(g.damage_placed),
            "demoralized": set(g.demoralized_out), "dice": dict(dice),
            "jump": g.jump_track, "distance": g.distance,
            "brig": {p.seat for p in g.players if p.in_brig}, "admiral": g.admiral}


def assert_board_matches(win: MainWindow) -> None:
    g = win.controller.game
    assert g is not None
    shown = win.scene.shown()
    want = engine_board(g)
    for key, value in want.items():
        assert shown[key] == value, f"scene {key}: {shown[key]!r} != engine {value!r}"


def take_turn(win: MainWindow, qtbot, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Act as the players at the table: hand over when asked, then click one legal choice."""
    from PySide6.QtCore import Qt

    c = win.controller
    if c.roll_to_see() is not None:  # the last player sees the roll the game put in first
        assert c.unlocked is None and win.stack.currentWidget() is win.game_page
        win.panel.roll_button.click()
    if win.handing_over():
        qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    assert win.stack.currentWidget() is win.game_page
    g = c.game
    assert g is not None and g.pending is not None
    choice = rng.choice(g.pending.options)
    before = len(g.choices)
    win.panel.click_choice(choice)
    assert len(c.game.choices) == before + 1  # type: ignore[union-attr]
    assert c.game.choices[-1] == choice  # type: ignore[union-attr]


def test_whole_hot_seat_game_through_the_widgets(make_window, qtbot):  # type: ignore[no-untyped-def]
    win = make_window()
    assert win.start_game(Setup(players=4), seed=11)
    rng = random.Random(5)
    assert_board_matches(win)
    steps = 0
    handovers = 0
    for _ in bounded():  # type: ignore[union-attr]
        if win.controller.game.outcome is not None:
            break
        if win.handing_over():
            handovers += 1
        take_turn(win, qtbot, rng)
        assert_board_matches(win)
        steps += 1
        assert steps < 2000
    assert handovers > 5
    dlg = win.game_over_dialog
    assert dlg is not None and dlg.isVisible()
    g = win.controller.game
    # every seat's loyalty is revealed by name in the game-over dialog
    for seat, p in enumerate(g.players):  # type: ignore[union-attr]
        for card in p.loyalty:
            assert any(card_words(win.comp, card) in t for t in dlg.texts), (seat, card)


def test_no_other_seats_secret_on_screen(make_window, qtbot):  # type: ignore[no-untyped-def]
    seed, cylon = cylon_seed()
    win = make_window()
    win.start_game(Setup(players=4), seed)
    g = win.controller.game
    secret = card_words(win.comp, g.players[cylon].loyalty[0])  # type: ignore[union-attr]
    rng = random.Random(2)
    seen_own = False
    checked = 0
    for _ in range(120):
        if g.outcome is not None or g.players[cylon].revealed:  # type: ignore[union-attr]
            break  # a revealed Cylon card is public (A9): nothing left to keep
        texts = win.widget_texts() + win.scene.all_texts()
        unlocked = win.controller.unlocked
        if win.handing_over() or win.controller.roll_to_see():
            # Before the hand-over (and on the roll shown before it) nothing private is
            # anywhere, not even the decider's.
            assert unlocked is None
            assert not win.panel.die_buttons
            assert not any(secret in t for t in texts)
        elif unlocked is not None and cylon in g.players[unlocked].known:  # type: ignore[union-attr]
            pass  # X5: this seat looked at the Cylon's card, so it may see it again
        elif unlocked is not None and unlocked != cylon:
            assert not any(secret in t for t in texts), f"Cylon card shown to seat {unlocked}"
            # the only die values offered are the decider's own
            mine = {d.id for d in g.players[unlocked].dice}  # type: ignore[union-attr]
            assert set(win.panel.die_buttons) <= mine
            checked += 1
        elif unlocked == cylon:
            seen_own = seen_own or any(secret in t for t in texts)
        elif unlocked is None:
            # a public decision on the shared screen: no one's secret, no rolled die
            assert not any(secret in t for t in texts)
            assert not win.panel.die_buttons
            checked += 1
        take_turn(win, qtbot, rng)
        g = win.controller.game
    assert checked > 10
    assert seen_own, "the test must be able to see a secret where it is allowed"


def test_computer_seats_play_on_a_timer(make_window, qtbot):  # type: ignore[no-untyped-def]
    win = make_window()
    win.start_game(Setup(players=3), seed=4, seat_kinds=[HUMAN, COMPUTER, COMPUTER])
    c = win.controller
    qtbot.waitUntil(lambda: c.game.outcome is not None or c.pending_seat == 0, timeout=5000)
    # one human with computers: no hand-over screen, the screen is that player's
    assert not c.needs_handover()
    assert win.stack.currentWidget() is win.game_page
    assert_board_matches(win)


def test_save_load_and_broken_save(make_window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    win = make_window()
    win.start_game(Setup(players=5, morale_variant=True), seed=21,
                   seat_kinds=[HUMAN, COMPUTER, HUMAN, HUMAN, HUMAN])
    rng = random.Random(1)
    for _ in range(25):
        win.controller.play_bots_now()
        if win.controller.game.outcome is not None:  # type: ignore[union-attr]
            break
        take_turn(win, qtbot, rng)
    path = tmp_path / "game.bsgx.json"
    assert win.save_to(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["desktop"]["seats"][1] == COMPUTER

    other = make_window(autosave=False, settings_name="other.ini")
    assert other.open_path(path)
    assert other.controller.game.choices == win.controller.game.choices  # type: ignore[union-attr]
    assert other.controller.seat_kinds == win.controller.seat_kinds
    assert_board_matches(other)

    broken = tmp_path / "broken.bsgx.json"
    broken.write_text(path.read_text(encoding="utf-8")[:200], encoding="utf-8")
    before = list(other.controller.game.choices)  # type: ignore[union-attr]
    saved_bytes = path.read_bytes()
    assert not other.open_path(broken)
    assert "damaged or truncated" in other.last_error
    assert other.controller.game.choices == before  # type: ignore[union-attr]
    assert broken.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")[:200]
    assert path.read_bytes() == saved_bytes
    # the window still plays after the error
    take_turn(other, qtbot, rng)

    nonsense = tmp_path / "nonsense.bsgx.json"
    bad = dict(data, choices=["contribute:99"])
    nonsense.write_text(json.dumps(bad), encoding="utf-8")
    assert not other.open_path(nonsense)
    assert "do not replay" in other.last_error


def test_autosave_and_resume_after_crash(make_window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    win = make_window()
    win.start_game(Setup(players=3), seed=8)
    rng = random.Random(3)
    auto = tmp_path / "autosave.bsgx.json"
    for _ in bounded():
        if auto.exists():
            break
        take_turn(win, qtbot, rng)
    turn_choices = json.loads(auto.read_text(encoding="utf-8"))["choices"]
    # simulate a crash: no closeEvent, so the session is not marked clean
    again = make_window()
    assert again.crash_detected()
    assert again.resume_autosave()
    assert [str(c) for c in again.controller.game.choices] == turn_choices  # type: ignore[union-attr]
    assert again.path is None  # the autosave never becomes the user's file
    again.close()
    assert not make_window().crash_detected()


def test_undo_only_own_step_and_never_on_a_hand_over(make_window, qtbot):  # type: ignore[no-untyped-def]
    """Issue 15: three humans; after A's decision the hand-over screen for B must not
    offer Undo (it used to, and showed A's secrets after "I am A")."""
    win = make_window()
    win.start_game(Setup(players=3, names=("A", "B", "C")), seed=11)
    c = win.controller
    rng = random.Random(9)
    handed_over = 0
    for _ in range(400):
        g = c.game
        if g.outcome is not None or handed_over >= 5:  # type: ignore[union-attr]
            break
        if win.handing_over():
            assert not win.act_undo.isEnabled() and not c.can_undo()
            win.act_undo.trigger()  # Ctrl+Z on the hand-over screen does nothing
            assert c.game.pending.seat == c.pending_seat  # type: ignore[union-attr]
            handed_over += 1
        take_turn(win, qtbot, rng)
    assert handed_over >= 5


def test_undo_takes_back_a_retrieval_and_logs_it(make_window, qtbot):  # type: ignore[no-untyped-def]
    g = new_game(Setup(players=3, names=("A", "B", "C")), 5,
                 overrides={"brig": [0], "dice": {0: {"strong": {"spent": 2},
                                                     "weak": {"active": 1, "spent": 1}}}})
    win = make_window()
    win.controller.adopt(g, [HUMAN] * 3)
    c = win.controller
    win.handover.button.click()
    asked = c.game.pending  # type: ignore[union-attr]
    assert asked.kind == "retrieve" and not win.act_undo.isEnabled()
    win.panel.click_choice("retrieve:strong")
    assert win.act_undo.isEnabled()
    win.act_undo.trigger()
    assert c.game.pending == asked and not win.act_undo.isEnabled()  # type: ignore[union-attr]
    assert_board_matches(win)
    last = win.log.item(win.log.count() - 1).text()
    assert "takes back the last decision" in last and "A" in last
    win.panel.click_choice("retrieve:weak")
    assert [str(x) for x in c.game.choices][-3:] == [  # type: ignore[union-attr]
        "retrieve:strong", "undo", "retrieve:weak"]


def test_undo_refused_after_a_roll_in_the_window(make_window, qtbot):  # type: ignore[no-untyped-def]
    win = make_window()
    win.start_game(Setup(players=4), seed=11)
    c = win.controller
    rng = random.Random(9)
    for _ in range(300):
        g = c.game
        pass_screen(win)
        if g.pending.kind == "join":  # type: ignore[union-attr]
            win.panel.click_choice("join")  # rolls dice: secret and random
            assert not c.can_undo() and not win.act_undo.isEnabled()
            return
        take_turn(win, qtbot, rng)
    raise AssertionError("no join decision came")


def test_language_switch_reapplies_texts(make_window, qtbot):  # type: ignore[no-untyped-def]
    win = make_window()
    win.start_game(Setup(players=4), seed=3)
    win.controller.unlock()
    english = win.panel.sentence.text()
    win.set_language("hu")
    assert win.menu_file.title() == "&Fájl"
    assert win.panel.sentence.text() != english
    assert "kör" in win.panel.status.text()
    assert any("GALACTICA" in t for t in win.scene.all_texts())
    assert win.settings.language() == "hu"
    win.set_language("en")
    assert win.panel.sentence.text() == english


def test_log_lines_cite_rules_and_open_the_reference(make_window, qtbot):  # type: ignore[no-untyped-def]
    win = make_window()
    win.start_game(Setup(players=4), seed=3)
    item = win.log.item(win.log.count() - 1)
    rule = item.data(0x0100)
    assert item.text().startswith(f"[{rule}]")
    assert rule in item.toolTip() and len(item.toolTip()) > len(rule) + 10
    win.log.rule_requested.emit("K8")
    dlg = win.rules_dialog
    assert dlg is not None and dlg.isVisible()
    assert dlg.list.currentItem().text().startswith("K8")
    dlg.search.setText("Raider")
    visible = dlg.visible_rules()
    assert "K8" in visible and "T1" not in visible
    assert "K. Crises" in dlg.visible_headings() and "T. Turn sequence" not in \
        dlg.visible_headings()
    dlg.search.setText("")
    from bsg_desktop.rules import rule_ids

    assert dlg.visible_rules() == rule_ids()  # the whole rulebook, T0 and I1–I22 included
    t0 = next(dlg.list.item(i).text() for i in range(dlg.list.count())
              if dlg.list.item(i).data(0x0100) == "T0")
    assert "7. new loyalty cards" in t0
    win.set_language("hu")
    assert "T. A játék menete" in dlg.visible_headings()
    assert dlg.visible_rules() == rule_ids()


def test_screenshot_renders_requested_size(tmp_path, qtbot):  # type: ignore[no-untyped-def]
    from bsg_desktop.ui.command import screenshot

    out = tmp_path / "shot.png"
    screenshot(str(out), seed=3, size=(900, 600), steps=15)
    img = QImage(str(out))
    assert (img.width(), img.height()) == (900, 600)
    colours = {img.pixel(x, y) for x in range(0, 900, 37) for y in range(0, 600, 23)}
    assert len(colours) > 20  # a real picture, not a blank window


def test_screenshot_command_exits_zero(tmp_path: Path) -> None:
    out = tmp_path / "cli.png"
    r = subprocess.run([sys.executable, "-m", "bsg_desktop", "play", "--screenshot", str(out),
                        "--seed", "3", "--size", "640x400", "--steps", "5"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert QImage(str(out)).size().width() == 640
    bad = subprocess.run([sys.executable, "-m", "bsg_desktop", "play", "--screenshot",
                          str(out), "--size", "huge"], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and "--size" in bad.stderr
