"""``bsg-express``: the one command line, with a subcommand per driver.

Each subcommand lives beside the code it drives and registers itself through
`COMMANDS` (module path -> name), so the engine, the printer and the window can
grow their options without touching each other. Errors a user can cause exit
with code 2 and one line; nothing reaches the user as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from bsg_desktop.crash import write_crash_report
from bsg_desktop.errors import UserError

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
        self.exit(2, f"{self.prog}: error: {message}\n")


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
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser, modules = build_parser()
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in
                         ("-h", "--help", "--version")):
        args_list = ["play", *args_list]
    missing = modules.get(args_list[0]) if args_list else None
    if isinstance(missing, _Missing):  # before its options, which only the module knows
        print(f"bsg-express {args_list[0]}: error: {missing.message}", file=sys.stderr)
        return 2
    args = parser.parse_args(args_list)
    if args.version:
        from bsg_desktop import __version__

        print(f"bsg-express {__version__}")
        return 0
    if args.command not in modules:
        print(f"bsg-express: error: the '{args.command}' command is not available", file=sys.stderr)
        return 2
    cards_before = os.environ.get("BSG_CARDS")
    try:
        if getattr(args, "cards", None):
            # through the environment, so --jobs worker processes read the same file
            os.environ["BSG_CARDS"] = args.cards
        if args.command not in NO_CARDS and os.environ.get("BSG_CARDS"):
            # a user's cards file is validated here, once, before any command starts
            # work (or worker processes that would each meet the same error)
            from bsg_desktop.data import load_components
            from bsg_desktop.engine.abilities import check_parts

            check_parts(load_components())
        return int(modules[args.command].run(args) or 0)  # type: ignore[attr-defined]
    except UserError as e:
        print(f"bsg-express {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader (e.g. `| head`) went away: not an error for the user
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as e:  # a bug: keep the traceback for the report, not for the screen
        try:
            where = f"; details in {write_crash_report(traceback.format_exc())}"
        except OSError:
            where = ""
        print(f"bsg-express {args.command}: internal error: {e.__class__.__name__}: {e}{where}",
              file=sys.stderr)
        return 1
    finally:
        if cards_before is None:
            os.environ.pop("BSG_CARDS", None)
        else:
            os.environ["BSG_CARDS"] = cards_before
