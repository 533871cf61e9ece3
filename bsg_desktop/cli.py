"""``bsg-express``: the one command line, with a subcommand per driver.

Each subcommand lives beside the code it drives and registers itself through
`COMMANDS` (module path -> name), so the engine, the printer and the window can
grow their options without touching each other. Errors a user can cause exit
with code 2 and one line; nothing reaches the user as a traceback.
"""

from __future__ import annotations

import argparse
import codecs
import errno
import importlib
import os
import sys
import traceback
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from bsg_desktop.crash import write_crash_report
from bsg_desktop.errors import UserError, one_line

# name -> module providing add_arguments(parser) and run(args) -> int
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("bsg_desktop.ui.command", "open the game window (the default)"),
    "simulate": ("bsg_desktop.sim", "play many games with computer players and report"),
    "scenario": ("bsg_desktop.scenario", "run scenario files and check their expectations"),
    "replay": ("bsg_desktop.replay", "print the log of a saved game"),
    "learn": ("bsg_desktop.teach", "the rule lessons as a course: --list prints it"),
    "hint": ("bsg_desktop.advice", "what a good player would do in a saved game's pending "
                                   "decision, from that seat's view only"),
    "print": ("bsg_desktop.printing.command", "write the print-and-play PDFs"),
    "league": ("bsg_desktop.league", "play the bot levels against each other"),
    "install-desktop": ("bsg_desktop.desktop", "add (or --uninstall) the Linux menu entry"),
}
# the commands that never read the cards: no --cards, and BSG_CARDS is not checked for them
NO_CARDS = frozenset({"install-desktop"})
# an importable module's name -> the package pip installs it from, where the two differ
PIP_NAMES = {"PySide6": "PySide6-Essentials", "yaml": "pyyaml", "PIL": "pillow"}


class _Missing:
    """Stands in for a command whose module cannot be imported because a dependency is
    not installed: the command is still listed, and running it says what to install."""

    def __init__(self, name: str, module: str) -> None:
        package = PIP_NAMES.get(module, module)
        self.message = (f"the '{name}' command needs {package}, which is not installed: "
                        f"{Path(sys.executable).name} -m pip install {package}")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """No options: its own parser could not be read without the dependency."""


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with a single line instead of usage + message."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")

    def _print_message(self, message: str, file: IO[str] | None = None) -> None:
        """Write and flush, letting a failed write be met: argparse's own drops it, so
        ``--help > /dev/full`` exited 0 with nothing written."""
        if message:
            out = file or sys.stderr
            out.write(message)
            out.flush()


# What a character the terminal's encoding lacks becomes, before the last resort "?":
# typographic marks the program writes (the minus of "−1", dashes, quotes) and the
# Hungarian long umlauts, which Latin-1 and cp1252 lack but whose short forms they have.
_PLAINER = {"\u2212": "-", "\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'",
            "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2026": "...", "\u00d7": "x",
            "\u2192": "->", "\u2190": "<-", "\u2264": "<=", "\u2265": ">=", "\u00a0": " ",
            "\u202f": " ", "\u2009": " ", "\u2022": "*", "\u00b7": ".",
            "\u0151": "\u00f6", "\u0150": "\u00d6", "\u0171": "\u00fc", "\u0170": "\u00dc"}


def _plainer(error: UnicodeError, encoding: str) -> tuple[str, int]:
    """The codec error handler for a terminal in ``encoding``: a character it cannot show
    is written the nearest way it can (ő as ö or o, − as -), never as a crash. The
    encoding is the stream's own: the error names only "charmap" for cp437 or cp1252."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for ch in error.object[error.start:error.end]:
        near = _PLAINER.get(ch, ch)
        bare = "".join(c for c in unicodedata.normalize("NFKD", near)
                       if not unicodedata.combining(c))
        for candidate in (near, bare, "?"):
            try:
                candidate.encode(encoding)
            except (UnicodeEncodeError, LookupError):
                continue
            out.append(candidate)
            break
    return "".join(out), error.end


_HANDLERS: set[str] = set()


def _plainer_for(encoding: str) -> str:
    """The name of the error handler for ``encoding`` (registered on first use)."""
    name = f"bsg-plainer-{codecs.lookup(encoding).name}"
    if name not in _HANDLERS:
        codecs.register_error(name, lambda error: _plainer(error, encoding))
        _HANDLERS.add(name)
    return name


def _terminal_degrades() -> None:
    """Let stdout and stderr write what their encoding cannot show the nearest way it can:
    an ASCII, Latin-1 or cp1252 terminal (PYTHONIOENCODING, a Windows console) then shows
    "-1" for "−1" and "ö" for "ő" instead of the program stopping on the first one."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors=_plainer_for(stream.encoding))
            except (ValueError, OSError, LookupError, TypeError):
                pass  # closed, or not a text stream we may change: left as it is


def _home_problem() -> str:
    """Why HOME cannot hold the program's settings, autosave and crash reports (and
    reportlab's ``~/.reportlab_mods``), or ''."""
    home = os.environ.get("HOME")
    if home and os.path.exists(home) and not os.path.isdir(home):
        return f"HOME is {home!r}, which is a file, not a folder; set HOME to your home folder"
    return ""


# A write that failed because of where the output goes (a full disk, /dev/full, a
# quota, a device error), not because of the program.
_OUTPUT_ERRNOS = frozenset(getattr(errno, name) for name in
                           ("ENOSPC", "EDQUOT", "EFBIG", "EIO", "ENXIO") if hasattr(errno, name))


def _silence_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush of what is still
    buffered cannot fail a second time (and print its own traceback) at exit."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, object]]:
    parser = _Parser(prog="bsg-express", description="BSG: Express Desktop")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    modules: dict[str, object] = {}
    for name, (modname, help_text) in COMMANDS.items():
        module: object
        try:
            module = importlib.import_module(modname)
        except ModuleNotFoundError as e:
            missing = (e.name or "").split(".")[0]
            if not missing or missing == "bsg_desktop":
                raise  # the program's own module: a bug, not an install to fix
            module = _Missing(name, missing)
            help_text = f"{help_text} (not available: needs {PIP_NAMES.get(missing, missing)})"
        p = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(p)  # type: ignore[attr-defined]
        if name not in NO_CARDS and not isinstance(module, _Missing):
            p.add_argument("--cards", metavar="FILE", help="use your own cards file instead of "
                           "the shipped cards.yaml (the same as BSG_CARDS=FILE)")
        modules[name] = module
    return parser, modules


def main(argv: Sequence[str] | None = None) -> int:
    _terminal_degrades()
    args_list = list(sys.argv[1:] if argv is None else argv)
    where = "bsg-express"  # the prefix of an error line; the command's name once known
    cards_before = os.environ.get("BSG_CARDS")
    try:
        home = _home_problem()
        if home:
            raise UserError(home)
        parser, modules = build_parser()
        if not args_list or (args_list[0].startswith("-") and args_list[0] not in
                             ("-h", "--help", "--version")):
            args_list = ["play", *args_list]
        if args_list and args_list[0] in modules:
            where = f"bsg-express {args_list[0]}"
        missing = modules.get(args_list[0]) if args_list else None
        if isinstance(missing, _Missing):  # before its options, which only the module knows
            raise UserError(missing.message)
        args = parser.parse_args(args_list)
        if args.version:
            from bsg_desktop import __version__

            print(f"bsg-express {__version__}")
            sys.stdout.flush()
            return 0
        if args.command not in modules:
            raise UserError(f"the '{args.command}' command is not available")
        where = f"bsg-express {args.command}"
        if getattr(args, "cards", None):
            # through the environment, so --jobs worker processes read the same file
            os.environ["BSG_CARDS"] = args.cards
        if args.command not in NO_CARDS and os.environ.get("BSG_CARDS"):
            # a user's cards file is validated here, once, before any command starts
            # work (or worker processes that would each meet the same error)
            from bsg_desktop.data import load_components
            from bsg_desktop.engine.abilities import check_parts

            check_parts(load_components())
        code = int(modules[args.command].run(args) or 0)  # type: ignore[attr-defined]
        sys.stdout.flush()  # a full disk under stdout is met here, inside the guard
        return code
    except UserError as e:
        _say(f"{where}: error: {one_line(str(e))}")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader (e.g. `| head`) went away: not an error for the user
        _silence_stdout()
        return 0
    except OSError as e:
        if e.errno not in _OUTPUT_ERRNOS:
            return _internal_error(where, e)
        # a full disk or device under the output: one line, and the run counts as failed
        _silence_stdout()
        what = f"{e.filename}" if e.filename else "the output"
        _say(f"{where}: error: cannot write {one_line(str(what))}: {e.strerror or e}")
        return 2
    except Exception as e:  # a bug: keep the traceback for the report, not for the screen
        return _internal_error(where, e)
    finally:
        if cards_before is None:
            os.environ.pop("BSG_CARDS", None)
        else:
            os.environ["BSG_CARDS"] = cards_before


def _say(line: str) -> None:
    """One line on stderr; a stderr that cannot be written either is left alone."""
    try:
        print(line, file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _internal_error(where: str, e: BaseException) -> int:
    try:
        report = f"; details in {write_crash_report(traceback.format_exc())}"
    except OSError:
        report = ""
    _say(f"{where}: internal error: {e.__class__.__name__}: {one_line(str(e))}{report}")
    return 1
