"""``bsg-express league``: the bot levels against each other, with error bars.

For each pair of neighbouring levels (random < heuristic < strong) and each side,
the higher level plays that side against the lower level on the other side, and
then the lower level plays the same side against itself, on the *same* seeds: the
same characters, seats, loyalty deal and dice stream for both games of a pair
(seats rotate with the seed, since setup deals characters and loyalty at random).
"Level X beats level Y as humans" means X-as-humans wins more often than
Y-as-humans against the same Cylons; the margin's 95% interval must lie above
zero. The verdict uses the paired interval (mean of per-seed differences: the
two games of a pair share the deal, and pairing removes that shared luck);
Newcombe's interval for independent samples (from Wilson intervals) is shown
beside it as the more cautious reading. Both opponents are shown; the verdict
uses the stronger one (X), because against random humans every Cylon wins and
no margin can show.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from bsg_desktop.bots.stats import diff_interval, paired_interval, pct, wilson
from bsg_desktop.errors import UserError
from bsg_desktop.inputs import budget_seconds, job_count, output_file, world_count
from bsg_desktop.outputs import Outputs
from bsg_desktop.progress import Bar, wanted
from bsg_desktop.sim import INTERRUPTED

LADDER = ("random", "heuristic", "strong")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=100, help="games per match-up (default 100)")
    p.add_argument("--players", type=int, choices=(3, 4, 5), default=4,
                   help="3, 4 or 5 (default 4)")
    p.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed+i")
    p.add_argument("--budget", type=budget_seconds, default=0.05,
                   help="strong bots' seconds per decision (default 0.05 to keep runs short)")
    p.add_argument("--worlds", type=lambda text: world_count(text, 0), default=None,
                   help="strong bots sample exactly this many worlds per searched decision "
                        "instead of using --budget (reproducible)")
    p.add_argument("--levels", default=",".join(LADDER),
                   help="comma-separated ladder, weakest first (default random,heuristic,strong)")
    p.add_argument("--side", choices=("humans", "cylons", "both"), default="both",
                   help="compare the levels on this side only (default both)")
    p.add_argument("--opponents", choices=("stronger", "both"), default="both",
                   help="play each comparison against the stronger level only (the one the "
                        "verdict uses) or against both levels (default)")
    p.add_argument("--jobs", type=job_count, default=1, metavar="N",
                   help="play games in N worker processes (default 1). Same results "
                        "with --worlds; with a time budget results differ between runs, "
                        "parallel or not, as thinking depends on the machine's load")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--report", metavar="FILE.md", type=output_file,
                   help="also write the table as Markdown, with a chart of the margins "
                        "beside it")


def _side_results(job: tuple[int, list[int], str, str, float, int | None]) -> dict[int, int]:
    """Per seed: 1 if the humans won, 0 if they lost (games that broke are left out)."""
    from bsg_desktop.sim import Tally, play_game

    players, seeds, humans, cylons, budget, worlds = job
    out: dict[int, int] = {}
    for seed in seeds:
        tally = Tally()
        play_game(players, seed, False, False, tally,
                  spec={"humans": humans, "cylons": cylons}, budget=budget, worlds=worlds)
        if tally.human_wins + tally.cylon_wins:
            out[seed] = tally.human_wins
    return out


def play_side(players: int, seeds: range, humans: str, cylons: str,
              budget: float, worlds: int | None = None, jobs: int = 1,
              bar: Bar | None = None) -> dict[int, int]:
    """Per seed: 1 if the humans won, 0 if they lost, played in ``jobs`` processes.

    Ctrl+C stops the workers and propagates: a comparison needs both games of every
    pair, so the caller drops a half-played match-up rather than report it.
    """
    from bsg_desktop.sim import run_jobs

    out: dict[int, int] = {}
    parts = run_jobs(_side_results, list(seeds), jobs,
                     lambda chunk: (players, chunk, humans, cylons, budget, worlds))
    try:
        for n, part in parts:
            out.update(part)
            if bar is not None:
                bar.advance(n)
    finally:
        parts.close()  # type: ignore[attr-defined]
    return dict(sorted(out.items()))


def match_ups(ladder: list[str], side: str, opponents: str) -> list[tuple[str, str, str, str]]:
    """(higher level, lower level, side, opponent) for every comparison the run makes."""
    out = []
    for lo, hi in zip(ladder, ladder[1:], strict=False):
        for s in ("humans", "cylons") if side == "both" else (side,):
            for opp in (hi, lo) if opponents == "both" else (hi,):
                out.append((hi, lo, s, opp))
    return out


def _specs(hi: str, lo: str, side: str, opp: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """The (humans, cylons) levels of the two games of a pair: higher and lower level."""
    if side == "humans":
        return (hi, opp), (lo, opp)
    return (opp, hi), (opp, lo)


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= 1_000_000:
        raise UserError("--games: expected a whole number from 1 to 1,000,000")
    if args.budget <= 0:
        raise UserError("--budget: expected a positive number of seconds")
    worlds = getattr(args, "worlds", None)
    if worlds is not None and worlds < 0:
        raise UserError("--worlds: expected 0 or more")
    jobs = getattr(args, "jobs", 1)
    if jobs < 1:
        raise UserError("--jobs: expected at least 1")
    from bsg_desktop.bots import LEVELS

    ladder = [x.strip() for x in args.levels.split(",") if x.strip()]
    for lv in ladder:
        if lv not in LEVELS:
            raise UserError(f"--levels: unknown level {lv!r}; expected {', '.join(LEVELS)}")
    if len(ladder) < 2:
        raise UserError("--levels: name at least two levels")
    if len(set(ladder)) < len(ladder):  # a level against itself says nothing of the ladder
        raise UserError("--levels: name each level once, weakest first")
    seeds = range(args.seed, args.seed + args.games)
    start = time.perf_counter()
    plan = match_ups(ladder, args.side, args.opponents)
    needed = list(dict.fromkeys(spec for m in plan for spec in _specs(*m)))
    cache: dict[tuple[str, str], dict[int, int]] = {}
    cut = False
    with Bar(len(needed) * len(seeds), "games", wanted(args.json), "league") as bar:
        for h, c in needed:
            try:
                cache[(h, c)] = play_side(args.players, seeds, h, c, args.budget, worlds, jobs,
                                          bar)
            except KeyboardInterrupt:
                cut = True
                break

    rows: list[dict[str, Any]] = []
    ok = True
    for hi, lo, side, opp in plan:
        spec_hi, spec_lo = _specs(hi, lo, side, opp)
        if spec_hi not in cache or spec_lo not in cache:
            continue  # interrupted before both games of this comparison were played
        res_hi, res_lo = cache[spec_hi], cache[spec_lo]
        if side == "cylons":  # the Cylons' wins are the games humans lost
            res_hi = {k: 1 - v for k, v in res_hi.items()}
            res_lo = {k: 1 - v for k, v in res_lo.items()}
        hw, hn = sum(res_hi.values()), len(res_hi)
        bw, bn = sum(res_lo.values()), len(res_lo)
        margin = diff_interval(hw, hn, bw, bn)
        paired = paired_interval([(res_hi[k], res_lo[k]) for k in res_hi if k in res_lo])
        rows.append(_row(hi, lo, side, opp, hw / max(1, hn), wilson(hw, hn),
                         bw / max(1, bn), wilson(bw, bn), margin, hn, paired))
        if opp == hi:
            ok &= paired[0] > 0
    seconds = time.perf_counter() - start
    lines = _table(args, rows, ok, worlds, seconds, cut)
    if getattr(args, "report", None):
        _write_report(args.report, lines, rows)
    if args.json:
        print(json.dumps({"players": args.players, "games": args.games, "seed": args.seed,
                          "budget": args.budget, "worlds": worlds, "side": args.side,
                          "rows": rows, "ladder_holds": ok and not cut, "partial": cut,
                          "seconds": round(seconds, 1)}))
    else:
        print("\n".join(lines))
    return INTERRUPTED if cut else 0


def _table(args: argparse.Namespace, rows: list[dict[str, Any]], ok: bool,
           worlds: int | None, seconds: float, cut: bool) -> list[str]:
    """The league's result as the lines of a plain-text table."""
    lines = []
    if cut:
        lines.append("interrupted by Ctrl+C: the comparisons finished before it")
    lines.append(f"League, {args.players} players, {args.games} games per match-up, seeds "
                 f"{args.seed}–{args.seed + args.games - 1}, strong "
                 + (f"{worlds} worlds per decision" if worlds else f"budget {args.budget}s"))
    lines.append("win rate of LEVEL on SIDE against OPPONENT, beside the level below on the "
                 "same side, seeds and opponent")
    lines.append(f"{'level':<10}{'below':<10}{'side':<8}{'opponent':<10}{'win rate':>10}  "
                 f"{'95% interval':<16}{'below':>10}  {'margin, paired (95%)':<24}"
                 f"{'margin, Newcombe (95%)'}")
    for r in rows:
        lines.append(
            f"{r['level']:<10}{r['below']:<10}{r['side']:<8}{r['opponent']:<10}"
            f"{pct(r['win_rate']):>10}  "
            f"{pct(r['ci'][0])}–{pct(r['ci'][1]):<9}{pct(r['baseline']):>10}  "
            f"{pct(r['paired_ci'][0]) + ' to ' + pct(r['paired_ci'][1]):<24}"
            f"{pct(r['margin_ci'][0])} to {pct(r['margin_ci'][1])}"
            f"{'' if r['paired_ci'][0] > 0 else '  (not shown)'}")
    where = "on both sides" if args.side == "both" else f"as {args.side}"
    verdict = "not known (interrupted)" if cut else ("yes" if ok else "no")
    lines.append(f"each level beats the one below {where} (against the stronger "
                 f"opponent): {verdict} ({seconds:.0f} s)")
    return lines


def _write_report(path: str, lines: list[str], rows: list[dict[str, Any]]) -> None:
    """``--report``: the table as Markdown (a code block keeps its columns), and a chart."""
    from bsg_desktop import charts

    text = "\n".join(["# League report", "", "```", *lines, "```", ""])
    with Outputs("--report") as out:  # the Markdown and its chart: all new, or all old
        if rows:
            text += charts.report_section(path, charts.league_charts, rows, out)
        out.add(path, text.encode("utf-8"))


def _row(level: str, below: str, side: str, opponent: str, rate: float,
         ci: tuple[float, float], base: float, base_ci: tuple[float, float],
         margin: tuple[float, float], games: int,
         paired: tuple[float, float]) -> dict[str, Any]:
    return {"level": level, "below": below, "side": side, "opponent": opponent,
            "games": games,
            "win_rate": round(rate, 4), "ci": [round(ci[0], 4), round(ci[1], 4)],
            "baseline": round(base, 4), "baseline_ci": [round(base_ci[0], 4),
                                                          round(base_ci[1], 4)],
            "margin_ci": [round(margin[0], 4), round(margin[1], 4)],
            "paired_ci": [round(paired[0], 4), round(paired[1], 4)]}
