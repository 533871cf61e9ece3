"""``bsg-express replay FILE``: print the log of a saved game, as a spectator reads it."""

from __future__ import annotations

import argparse

from bsg_desktop.engine import visible_log
from bsg_desktop.engine.save import load_game
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import LANGUAGES, set_language, tr
from bsg_desktop.log import describer_for


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a saved game (.json)")
    p.add_argument("--lang", choices=sorted(LANGUAGES), default="en")
    p.add_argument("--rules", action="store_true", help="show the rule id of every line")
    p.add_argument("--all", action="store_true",
                   help="include every seat's secrets (only once the game is over)")


def run(args: argparse.Namespace) -> int:
    set_language(args.lang)
    g = load_game(args.file)
    if args.all and g.outcome is None:
        # every loyalty card and roll of a game still being played: not for anyone's eyes
        raise UserError(tr("replay.all_unfinished", file=args.file))
    d = describer_for(g, spectator=args.all)
    events = g.events if args.all else visible_log(g, None)
    for e in events:
        line = d.describe(e)
        print(f"[{e.rule}] {line}" if args.rules else line)
    if g.outcome is None:
        print(tr("replay.unfinished"))
    return 0
