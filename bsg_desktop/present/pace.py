"""The pace a person can follow: how long a move's changes and a moment stay in sight.

Computer players answer faster than anyone reads. Settings -> Pace (fast, normal,
slow) gives every *visible change* of a move a fixed stretch of time before a computer
seat's next answer is shown (`STEP_S`: about 0.8 s at normal), and a moment's banner
the time its words take to read (`read_ms`: at least 2.5 s for two lines at normal).

The schedule is a function of public facts only: the public view before and after the
move, and the move's public moment. It is applied on top of the fixed release hold of
`bots.release` (the controller holds the next computer answer for the longer of the
two), so how long a computer seat waits still says nothing about what it holds: in
twin worlds that differ only in hidden facts the pause is the same.

``instant`` is no pace at all: the tests, the screenshot command and the benchmarks of
whole games run at it (``BSG_EXPRESS_PACE`` names a pace for a whole run).
"""

from __future__ import annotations

import os

from bsg_desktop.engine import PlayerView
from bsg_desktop.present.moments import Moment

PACES = ("fast", "normal", "slow")  # offered in Settings -> Pace, fastest first
DEFAULT_PACE = "normal"
INSTANT = "instant"  # no pause: tests, screenshots, whole-game benchmarks
ENV = "BSG_EXPRESS_PACE"  # a pace for the whole run, over the remembered one

# seconds a visible change stays in sight before a computer seat's next answer shows
STEP_S = {INSTANT: 0.0, "fast": 0.35, "normal": 0.8, "slow": 1.4}
# a moment's banner: a first glance, then each word at a reading speed (~260 words a
# minute at normal), times the pace's factor; two lines never less than TWO_LINES_MS
READ_FACTOR = {INSTANT: 1.0, "fast": 0.6, "normal": 1.0, "slow": 1.5}
GLANCE_MS, WORD_MS, TWO_LINES_MS, MOST_MS = 900, 230, 2500, 7000
# a move that changes more parts at once (a new round's dice at every seat) is not
# held longer than this many steps: its changes play together, and are read together
MOST_STEPS = 5


def valid(pace: object) -> str | None:
    """``pace`` if it names a pace (instant included), else None."""
    return pace if isinstance(pace, str) and pace in STEP_S else None


def pace_from_env() -> str | None:
    """The pace ``BSG_EXPRESS_PACE`` asks for the whole run (None: unset or unknown)."""
    return valid(os.environ.get(ENV, "").strip().lower())


def changed_parts(before: PlayerView, after: PlayerView) -> list[str]:
    """Which parts of the board a move changed: the tracks, the DRADIS monitor, the
    damage, the demoralized markers, the crisis, the check, and per seat its dice,
    brig, reveal and the admiral's title (teach mode's highlights read the same)."""
    out: list[str] = []
    pairs = [("dradis", before.dradis_monitor, after.dradis_monitor),
             ("damage", before.damage, after.damage),
             ("demoralized", before.demoralized, after.demoralized),
             ("jump", before.jump_track, after.jump_track),
             ("distance", before.distance, after.distance),
             ("crisis", before.crisis, after.crisis),
             ("check", before.check, after.check)]
    out += [name for name, a, b in pairs if a != b]
    for sb, sa in zip(before.seats, after.seats, strict=True):
        if [(d.state, d.value) for d in sb.dice] != [(d.state, d.value) for d in sa.dice]:
            out.append(f"seat.{sa.seat}.dice")
        if sb.in_brig != sa.in_brig:
            out.append(f"seat.{sa.seat}.brig")
        if sb.revealed != sa.revealed:
            out.append(f"seat.{sa.seat}.revealed")
        if sb.admiral != sa.admiral:
            out.append(f"seat.{sa.seat}.admiral")
    return out


def visible_changes(before: PlayerView, after: PlayerView) -> int:
    """How many parts of the public board a move changed (the public views only: what
    everyone at the table sees move)."""
    if before.seat is not None or after.seat is not None:
        raise ValueError("the pace is counted on the public view only")
    return len(changed_parts(before, after))


def read_ms(headline: str, line: str, pace: str = DEFAULT_PACE) -> int:
    """How long a banner with these words stays up (fading in and out included): long
    enough to read its second line at the pace, never more than `MOST_MS` times the
    pace's factor. The words are the public log's, so the length tells nothing hidden."""
    factor = READ_FACTOR[valid(pace) or DEFAULT_PACE]
    words = len(headline.split()) + len(line.split())
    ms = GLANCE_MS + WORD_MS * words
    if line.strip() and line.strip() != headline.strip():
        ms = max(ms, TWO_LINES_MS)
    return int(round(min(ms, MOST_MS) * factor))


def moment_ms(moment: Moment, pace: str = DEFAULT_PACE) -> int:
    """How long a moment's banner stays: its headline, and its line where that says more
    than the headline (the jump's says the same and is shown once)."""
    two = moment.line.strip() and moment.line.strip() != moment.headline.strip()
    return read_ms(moment.headline, moment.line if two else "", pace)


def pause_after(pace: str, before: PlayerView, after: PlayerView,
                moment: Moment | None) -> float:
    """Seconds a move's changes stay in sight before a computer seat's next answer may
    show: `STEP_S` per visible change (at most `MOST_STEPS` of them), or the public
    moment's reading time if longer. Public facts only: the public views around the
    move and its public moment."""
    pace = valid(pace) or DEFAULT_PACE
    if pace == INSTANT:
        return 0.0
    changes = min(visible_changes(before, after), MOST_STEPS)
    read = moment_ms(moment, pace) / 1000 if moment is not None else 0.0
    return max(STEP_S[pace] * changes, read)
