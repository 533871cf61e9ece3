"""``bsg-express play``: open the game window, or render it to a PNG with ``--screenshot``.

The screenshot mode needs no display: it selects Qt's offscreen platform, sets up
a game and plays K random legal choices through the same controller the window uses
(or opens the saved game ``--open SAVE`` as it was saved), opens the deciding seat's
hand-over (so the picture shows a real decision) and writes the window to the file.
"""

from __future__ import annotations

import argparse
import atexit
import os
import sys
import tempfile
from pathlib import Path

from bsg_desktop.errors import UserError
from bsg_desktop.i18n import LANGUAGES, SOURCE
from bsg_desktop.inputs import output_file
from bsg_desktop.outputs import write_file
from bsg_desktop.resources import shipped


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--screenshot", metavar="FILE.png", type=output_file,
                        help="render the window to a PNG file and exit (no display needed)")
    parser.add_argument("--seed", type=int, default=3, help="game seed for --screenshot")
    parser.add_argument("--size", default="1600x1000", metavar="WxH",
                        help="window size for --screenshot (default 1600x1000)")
    parser.add_argument("--steps", type=int, default=40, metavar="K",
                        help="random legal choices to play before the screenshot")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5),
                        help="seats in the screenshot game")
    parser.add_argument("--lang", default=None, metavar="|".join(LANGUAGES),
                        help="interface language (default: the remembered one, else en)")
    parser.add_argument("--open", dest="open_file", metavar="FILE",
                        help="open a saved game at start")
    parser.add_argument("--demo", metavar="FILE.yaml",
                        help="open a demo scenario as a lesson (with --screenshot: picture it)")
    parser.add_argument("--demo-step", type=int, default=None, metavar="K",
                        help="with --demo or --review: the step to show (0 = the start)")
    parser.add_argument("--review", metavar="SAVE",
                        help="open a finished saved game's review (with --screenshot: "
                             "picture it)")


# The largest picture --screenshot takes. The window, its grab and the PNG cost about
# 9.5 bytes a pixel on top of the program's ~130 MB: 25 million pixels peak near 370 MB
# (benchmarks/fuzz.py --kinds size measures it), where 8000x8000 peaked at 687 MB.
MAX_PIXELS = 25_000_000


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise UserError(f"--size must look like 1600x1000, not {text[:40]!r}") from None
    if not (320 <= w <= 8000 and 240 <= h <= 8000):
        raise UserError("--size must be between 320x240 and 8000x8000")
    if w * h > MAX_PIXELS:
        raise UserError(f"--size {w}x{h} is {w * h / 1e6:.1f} million pixels; at most "
                        f"{MAX_PIXELS // 1_000_000} million (such as 5000x5000 or 7680x3200), "
                        "so the picture fits in memory")
    return w, h


def _app(offscreen: bool):  # type: ignore[no-untyped-def]
    if offscreen:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    if offscreen:
        from PySide6.QtCore import qInstallMessageHandler

        def quiet(_mode, _ctx, message: str) -> None:  # type: ignore[no-untyped-def]
            # The offscreen platform's notices are not the user's concern.
            if "propagateSizeHints" not in message:
                print(message, file=sys.stderr)

        qInstallMessageHandler(quiet)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    from bsg_desktop.ui.qtart import clear_caches

    app.aboutToQuit.connect(clear_caches)
    atexit.register(clear_caches)
    from bsg_desktop.crash import APPLICATION, ORGANIZATION

    app.setOrganizationName(ORGANIZATION)  # crash reports and settings share these names
    app.setApplicationName(APPLICATION)
    from bsg_desktop.desktop import APP_ID

    app.setDesktopFileName(APP_ID)  # task bars match the window to its menu entry and icon
    if ICON.exists():
        from PySide6.QtGui import QIcon

        app.setWindowIcon(QIcon(str(ICON)))
    return app


def _check_lang(lang: str | None) -> None:
    from bsg_desktop.i18n import LANGUAGES

    if lang is not None and lang not in LANGUAGES:
        raise UserError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")


def screenshot(path: str, seed: int = 3, size: tuple[int, int] = (1600, 1000), steps: int = 40,
               players: int = 4, lang: str = "en", demo: str | None = None,
               demo_step: int = 0, review: str | None = None,
               open_file: str | None = None) -> None:
    """Play ``steps`` random legal choices (or open the save ``open_file`` as it was
    saved, or ``demo`` as a lesson, or the finished save ``review`` as its review, at
    step ``demo_step``) and write the window as a PNG of ``size``."""
    if open_file is not None:
        from bsg_desktop.engine.save import load_game

        load_game(open_file)  # a bad file: its one-line reason (as replay gives it), no window
    app = _app(offscreen=True)
    from PySide6.QtWidgets import QMessageBox

    from bsg_desktop.bots import make_bot
    from bsg_desktop.engine import Setup
    from bsg_desktop.i18n import set_language
    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    set_language(lang)
    with tempfile.TemporaryDirectory() as tmp:
        win = MainWindow(settings=Settings(Path(tmp) / "settings.ini"), autosave_path=None,
                         animate=False)
        win.resize(*size)
        win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard  # nobody to ask
        c = win.controller
        if demo is not None:
            if not win.open_demo(demo):
                raise UserError(win.last_error.replace("\n", " "))
            win.lesson_goto(demo_step)
            steps = 0
        elif review is not None:
            if not (win.open_path(review) and win.review_tools.review_game()):
                raise UserError(win.last_error.replace("\n", " ") or
                                f"{review}: cannot be reviewed")
            win.lesson_goto(demo_step)
            steps = 0
        elif open_file is not None:
            if not win.open_path(open_file):
                raise UserError(win.last_error.replace("\n\n", " "))
            steps = 0  # the game as it was saved
        else:
            win.start_game(Setup(players=players), seed)
        bot = make_bot("random", seed=seed)
        for _ in range(max(0, steps)):
            g = c.game
            if g is None or g.pending is None or g.outcome is not None:
                break
            seat = g.pending.seat
            c.choose(bot.choose(g.view(seat), g.pending))
        if demo is None and review is None:
            c.unlock()
        if win.game_over_dialog is not None:
            win.game_over_dialog.close()
        win.show()
        win.resize(*size)
        app.processEvents()
        win.scene.finish_animations()
        win.board_view.fit()
        app.processEvents()
        image = win.grab().toImage()
        if (image.width(), image.height()) != size:
            from PySide6.QtCore import Qt

            image = image.scaled(size[0], size[1], Qt.AspectRatioMode.IgnoreAspectRatio,
                                 Qt.TransformationMode.SmoothTransformation)
        write_file(path, _png(image))  # whole, or the old file left as it was
        win.close()
        _dispose(app, win)


def _png(image) -> bytes:  # type: ignore[no-untyped-def]
    """The image as PNG bytes, encoded in memory so the file is written in one piece."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise UserError("the picture could not be encoded as PNG")
    buffer.close()
    return data.data()


def _dispose(app, win) -> None:  # type: ignore[no-untyped-def]
    """Delete the window while QApplication still exists: PySide6 otherwise may free
    wrappers in the wrong order at interpreter exit and abort."""
    win.deleteLater()
    app.processEvents()
    from bsg_desktop.ui.qtart import clear_caches

    clear_caches()


ICON = shipped("assets/icons/bsg-express.svg")


def _no_display_reason() -> str:
    """Why a real window cannot open here, or '' when it can (or we cannot tell)."""
    if sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM"):
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            return ("no display to open the window on (DISPLAY and WAYLAND_DISPLAY are "
                    "unset); run it on a desktop, or use --screenshot FILE.png")
    return ""


def run(args: argparse.Namespace) -> int:
    _check_lang(args.lang)
    parse_size(args.size)  # a wrong --size is an error whatever the mode
    if args.steps < 0:
        raise UserError(f"--steps must be 0 or more, not {args.steps}")
    if args.demo_step is not None and not (args.demo or args.review):
        raise UserError("--demo-step needs --demo FILE.yaml or --review SAVE (the lesson "
                        "to step through)")
    if args.demo_step is None:
        args.demo_step = 0
    if args.demo_step < 0:
        raise UserError(f"--demo-step must be 0 or more, not {args.demo_step}")
    if args.screenshot:
        screenshot(args.screenshot, seed=args.seed, size=parse_size(args.size),
                   steps=args.steps, players=args.players, lang=args.lang or "en",
                   demo=args.demo, demo_step=args.demo_step, review=args.review,
                   open_file=args.open_file)
        print(args.screenshot)
        return 0
    from bsg_desktop.ui.platform_check import display_problem, x11_problem

    reason = _no_display_reason() or x11_problem() or display_problem()
    if reason:  # Qt would abort the process here; say why instead
        raise UserError(reason)
    app = _app(offscreen=False)
    from bsg_desktop.i18n import set_language
    from bsg_desktop.ui.settings import Settings, default_autosave_path
    from bsg_desktop.ui.window import MainWindow

    settings = Settings()
    lang = args.lang or settings.language()
    set_language(lang if lang in LANGUAGES else SOURCE)
    win = MainWindow(settings=settings, autosave_path=default_autosave_path())
    win.restore_placement()
    win.show()
    from bsg_desktop.ui.terminate import install_terminate_handler

    install_terminate_handler(win, win.terminate)
    if args.demo:
        if win.open_demo(args.demo):
            win.lesson_goto(args.demo_step)
    elif args.review:
        if win.open_path(args.review) and win.review_tools.review_game():
            win.lesson_goto(args.demo_step)
    elif args.open_file:
        win.open_path(args.open_file)
    else:
        win.offer_resume()
    from bsg_desktop.ui.crash_dialog import CrashGuard

    # a bug in a slot, a timer or a paint handler: a report and one dialog, not stderr only
    with CrashGuard(win).installed():
        code = int(app.exec())
    _dispose(app, win)
    return code
