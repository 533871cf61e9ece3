"""Advice a player can ask for: what the strong computer player would do in their seat.

The advice is computed from the seat's own view and nothing else, exactly as a
computer player in that seat would decide, so it can tell the player nothing they
could not know: two games that differ only in facts hidden from the seat give the
same advice (``tests/test_advice.py`` plays such twins). Its look-ahead is seeded
from the public record and runs a fixed number of sampled worlds, not for a fixed
time, so the same question always gets the same answer on any machine.

The reason given is what the look-ahead measured: the share of the sampled games,
played a few turns on, that the seat's side goes on to win after this choice, and
after the best other choice it tried. Where the position cannot be rebuilt for a
look-ahead, the advice is the computer player's rule of thumb and says so.

``bsg-express hint SAVE [--seat N] [--lang hu]`` prints the advice for the pending
decision of a saved game.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from bsg_desktop.bots.heuristic import HeuristicBot
from bsg_desktop.bots.strong import StrongBot
from bsg_desktop.engine import Choice, Decision, PlayerView
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import LANGUAGES, set_language, tr

ADVICE_WORLDS = 12  # sampled worlds per candidate: about a second for an action step


@dataclass(frozen=True)
class Advice:
    """The strong player's choice for one seat, and what its look-ahead expects of it."""

    choice: Choice
    cylon: bool  # the seat plays for the Cylons (by its own loyalty card)
    looked_ahead: bool  # False: the rule of thumb, with nothing else worth trying
    clear_gain: bool  # the look-ahead found this clearly better than the usual play
    chance: float  # the seat's side's win share after ``choice`` in the sampled games
    alternative: Choice | None  # the usual play (when overruled) or the best other choice
    alternative_chance: float
    worlds: int


def _seed(view: PlayerView) -> int:
    """A seed from what the whole table knows, so twins of the hidden facts share it."""
    return (view.turn * 1_000_003 + len(view.record) * 7919 + (view.seat or 0)) & 0xFFFFFFFF


def advise(view: PlayerView, decision: Decision, worlds: int = ADVICE_WORLDS) -> Advice:
    """The strong computer player's choice for ``view.seat``, with what it expects.

    As the strong player does, the rule of thumb (the heuristic) is the default and a
    look-ahead overrules it only on a clear gain; for advice every decision with more
    than one choice worth trying is looked ahead, not only the ones the strong player
    searches within its time budget at the table.
    """
    if view.seat is None or decision.seat != view.seat:
        raise ValueError("advice is for the seat that decides, from that seat's own view")
    bot = StrongBot(_seed(view), worlds=worlds)
    usual = HeuristicBot.choose(bot, view, decision)
    cands = bot.intents(view, decision, usual, bot.candidates(view, decision, usual))
    if len(cands) > 1:
        pick, _intent = bot.search(view, decision, cands)
        means: list[float] = bot.last_stats.get("means", [])
        done: int = bot.last_stats.get("worlds", 0)
        if done and len(means) == len(cands):
            chosen = next(i for i, (c, _) in enumerate(cands) if c == pick)
            others = [i for i, (c, _) in enumerate(cands) if c != pick]
            if others:
                overruled = bool(bot.last_stats.get("overruled"))
                other = 0 if overruled else max(others, key=lambda i: means[i])
                return Advice(pick, view.is_cylon, True, overruled, means[chosen],
                              cands[other][0], means[other], done)
    return Advice(usual, view.is_cylon, False, False, 0.0, None, 0.0, 0)


def reason_words(advice: Advice, choice_text: str, other_text: str) -> str:
    """The advice's one-line reason in plain words, in the current language."""
    if not advice.looked_ahead:
        return tr("advice.reason_rule_of_thumb")
    side = tr("advice.side_cylons" if advice.cylon else "advice.side_humans")
    key = "advice.reason_better" if advice.clear_gain else "advice.reason_usual"
    return tr(key, choice=choice_text, side=side, chance=round(100 * advice.chance),
              other=other_text, other_chance=round(100 * advice.alternative_chance),
              worlds=advice.worlds)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a saved game (.json)")
    p.add_argument("--seat", type=int, default=None, metavar="N",
                   help="the seat asking, numbered from 1 (default: the seat that decides)")
    p.add_argument("--lang", choices=sorted(LANGUAGES), default="en")


def run(args: argparse.Namespace) -> int:
    from bsg_desktop.engine.save import load_game
    from bsg_desktop.present.words import choice_words, decision_words

    set_language(args.lang)
    g = load_game(args.file)
    if g.outcome is not None:
        raise UserError(tr("advice.over", file=args.file))
    d = g.pending
    if d.seat is None:
        raise UserError(tr("advice.chance", file=args.file))
    seat = d.seat if args.seat is None else args.seat - 1
    if not 0 <= seat < g.n:
        raise UserError(tr("advice.no_seat", seat=args.seat, players=g.n))
    if seat != d.seat:
        raise UserError(tr("advice.not_deciding", seat=seat + 1, decider=d.seat + 1))
    view = g.view(seat)
    advice = advise(view, d)
    comp = g.c
    print(decision_words(comp, view))
    choice_text = choice_words(comp, view, advice.choice)
    other_text = "" if advice.alternative is None else choice_words(comp, view, advice.alternative)
    print(tr("advice.pick", choice=choice_text))
    print(reason_words(advice, choice_text, other_text))
    return 0
