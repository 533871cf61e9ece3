"""Shared test setup: Qt runs offscreen so the suite needs no display."""

from __future__ import annotations

import compileall
import os
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# A home of the suite's own: settings, autosaves, crash reports, Qt's file-dialog history
# and Chromium's profile never reach the developer's, and two test processes running at
# once (pytest-xdist) never share one.
_HOME = tempfile.mkdtemp(prefix="bsg-tests-home-")
os.environ["HOME"] = _HOME
for _var, _sub in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                   ("XDG_CACHE_HOME", ".cache"), ("XDG_STATE_HOME", ".local/state")):
    os.environ[_var] = os.path.join(_HOME, _sub)
# No pause between computer moves (Settings -> Pace) in any window a test opens, in
# this process or a child: whole games with computer seats must run at full speed.
# A test of the pace names one itself (``MainWindow(pace=...)``).
os.environ["BSG_EXPRESS_PACE"] = "instant"


@pytest.fixture(autouse=True)
def _unsaved_game_box_answers_discard(request, monkeypatch):  # type: ignore[no-untyped-def]
    """A window closed mid-game asks Save / Discard / Cancel in a modal box, which would
    wait forever in a test. Unless a test answers it itself (``win.ask_unsaved = ...``),
    it is answered Discard. Only for tests that already use Qt."""
    if "qtbot" not in request.fixturenames:
        yield
        return
    from PySide6.QtWidgets import QMessageBox

    from bsg_desktop.ui.window import MainWindow

    monkeypatch.setattr(MainWindow, "_ask_unsaved",
                        lambda self: QMessageBox.StandardButton.Discard)
    yield


@pytest.fixture
def new_window(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """``new_window(size, confirm=True)``: a shown test window with its own settings file,
    no autosave and no pauses (and, with ``confirm``, every phone's claim let in at
    once); every window made is stopped and the language reset afterwards, so one
    test's game or language never reaches the next."""
    from claims import auto_confirm

    from bsg_desktop.i18n import set_language
    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    made: list[MainWindow] = []

    def make(size: tuple[int, int] = (1280, 720), confirm: bool = True) -> MainWindow:
        w = MainWindow(settings=Settings(tmp_path / f"settings{len(made)}.ini"),
                       autosave_path=None, bot_delay_ms=0, animate=False)
        if confirm:  # phones that ask for a seat are let in at once (`claims.auto_confirm`)
            auto_confirm(w.phones)
        qtbot.addWidget(w)
        w.resize(*size)
        w.show()
        qtbot.waitExposed(w)
        w.activateWindow()
        made.append(w)
        return w

    yield make
    set_language("en")
    from bsg_desktop.ui.qtlang import apply_qt_language
    apply_qt_language("en")  # Qt's catalogue and default locale (file dialog types) too
    for w in made:
        w.controller.stop()


@pytest.fixture
def hosted_table(qapp):  # type: ignore[no-untyped-def]
    """``hosted_table(seed, names=(), confirm=True, setup=None)``: a 3-seat game (or
    ``setup``'s), seats 0 and 1 human, the others heuristic computers with no pauses,
    its human seats hosted for phones on loopback (any free port); returns
    ``(controller, phone_host)``. The server and the browser tests both play on such a
    table; hosting and the game are stopped
    afterwards. With ``confirm`` the host lets every phone that asks for a seat in at
    once (`claims.auto_confirm`); a test of the claim itself passes False."""
    from claims import auto_confirm

    from bsg_desktop.engine import Setup
    from bsg_desktop.ui.controller import COMPUTER, HUMAN, GameController
    from bsg_desktop.ui.phones import PhoneHost

    made: list[tuple[GameController, PhoneHost]] = []

    def make(seed: int, names: tuple[str, ...] = (), confirm: bool = True,
             setup: Setup | None = None) -> tuple[GameController, PhoneHost]:
        setup = setup or Setup(players=3, names=names)
        c = GameController(bot_delay_ms=0)
        c.bot_level = "heuristic"
        c.start(setup, seed, [HUMAN, HUMAN] + [COMPUTER] * (setup.players - 2))
        ph = PhoneHost(c)
        if confirm:
            auto_confirm(ph)
        ph.names = ("table.test",)  # the browser tests' LAN-like name for loopback
        ph.start("127.0.0.1", 0)
        made.append((c, ph))
        return c, ph

    yield make
    for c, ph in made:
        ph.stop()
        c.stop()


# The files that take longest, started first: with one process per core (the README's
# `-n auto --dist loadfile`) a long file started last leaves the other cores idle while
# it finishes. Order across files only; each file's tests keep their own order.
SLOW_FIRST = ("test_remote_browser.py", "test_ui_kills.py", "test_fuzz.py", "test_print.py",
              "test_secrets.py", "test_table_frames.py", "test_companion_reliable.py",
              "test_examples.py", "test_companion_browser.py", "test_ui_decision_sight.py",
              "test_user_characters.py", "test_ui.py", "test_install.py",
              "test_ui_presenter_layout.py", "test_print_prepress.py", "test_review.py")


def pytest_configure(config: pytest.Config) -> None:
    """Compile the program's bytecode once, before the workers start. The editable
    install leaves ``bsg_desktop`` uncompiled, and with ``PYTHONDONTWRITEBYTECODE`` set
    (as on CI's machines) every process a test starts (the program killed and started
    again, the command line, the installed wheel) would compile all of it anew, about
    1.3 s each; an installed copy has its bytecode, as a player's does."""
    if not hasattr(config, "workerinput"):  # the controlling process, not each worker
        compileall.compile_dir(Path(__file__).parents[1] / "bsg_desktop", quiet=1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(SLOW_FIRST)))


@pytest.fixture(scope="module")
def chromium(qapp):  # type: ignore[no-untyped-def]
    """One Chromium for a browser test file, driven on a thread of its own
    (`test_companion_browser.BrowserThread`): the file's pages open and close in it."""
    from test_companion_browser import BrowserThread

    b = BrowserThread()
    yield b
    b.close()
