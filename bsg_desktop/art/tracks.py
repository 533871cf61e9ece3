"""How the Galactica monitor lays out its two tracks (rule C1), as plain arithmetic.

The jump track (0 to ``jump_max``) and the distance track (0 to ``distance_win``, its
last slot meaning "that far or farther") are rows of equal slots, wrapped within the
monitor's width. The cards file sets both lengths, so the layout is worked out here
from the numbers alone, and two readers share it: the board (`art.board`), which
draws the slots where this puts them, and the cards check (`data.components`), which
accepts only track lengths that this can place on paper with slots a printed marker
fits (`markers.MARKER`, 20 mm). That keeps the check and the drawing one rule, and
keeps this module free of the cards' types (the check imports it).

A reminder printed beside a slot needs the free margin at a row's end, so the
distance track's loyalty slot (L1) starts a row and its last slot (W1) ends one, each
in a row one slot short of full. The jump track's reminder ("jump!") goes beside its
last slot when that row has room, else in a band under it.
"""

from __future__ import annotations

from dataclasses import dataclass

Rows = tuple[tuple[int, ...], ...]

# The printed marker (`art.markers.MARKER`): a paper slot is never smaller.
MARKER_MM = 20.0
PAPER_SLOT = 22.0     # the shipped slot: a marker with a finger's margin
PAPER_SLOT_MIN = 20.5


@dataclass(frozen=True)
class Metrics:
    """One surface's sizes (mm) around the tracks' slots."""

    width: float       # the width the slots may use
    gap: float         # between two slots of a row
    row_gap: float     # between two rows of a track
    jump_head: float   # from the tracks' top to the jump slots' top (title, badge band)
    dist_head: float   # from the jump track's end to the distance slots' top (title)
    note: float        # the band under the jump track when its reminder goes under it
    side: float        # the least margin beside a row for a reminder


# Paper: the monitor is 105 mm wide with 4 mm kept clear at each side.
PAPER = Metrics(width=97.0, gap=3.0, row_gap=2.0, jump_head=5.0, dist_head=6.0, note=4.0,
                side=12.0)


@dataclass(frozen=True)
class Track:
    """One track laid out: its slot size, its rows (slot numbers), and whether its
    reminder (the jump track's) goes under its last slot."""

    slot: float
    rows: Rows
    note_under: bool = False

    def height(self, m: Metrics) -> float:
        n = len(self.rows)
        return n * self.slot + (n - 1) * m.row_gap + (m.note if self.note_under else 0.0)


def per_row(m: Metrics, slot: float) -> int:
    """How many slots of ``slot`` mm a row holds."""
    return max(1, int((m.width + m.gap) // (slot + m.gap)))


def margin(m: Metrics, slot: float, count: int) -> float:
    """The free width beside a centred row of ``count`` slots."""
    return (m.width - (count * slot + (count - 1) * m.gap)) / 2


def rows(count: int, across: int, short: int, starts: frozenset[int] = frozenset(),
         ends: frozenset[int] = frozenset()) -> Rows:
    """Slots 0 … count−1 in rows of at most ``across``; a slot in ``starts`` begins a
    row and one in ``ends`` closes one, each in a row of at most ``short`` slots so the
    reminder beside it has its margin."""
    out: list[tuple[int, ...]] = []
    row: list[int] = []
    for k in range(count):
        if row and (len(row) >= across or k in starts or (row[0] in starts and len(row) >= short)
                    or (k in ends and len(row) >= short)):
            out.append(tuple(row))
            row = []
        row.append(k)
        if k in ends:
            out.append(tuple(row))
            row = []
    if row:
        out.append(tuple(row))
    return tuple(out)


def _short(m: Metrics, slot: float, across: int) -> int:
    """The most slots a row with a reminder beside it may hold (at least one)."""
    fits = [k for k in range(1, across) if margin(m, slot, k) >= m.side]
    return max(fits, default=1)


def jump_track(m: Metrics, slot: float, jump_max: int) -> Track:
    across = per_row(m, slot)
    laid = rows(jump_max + 1, across, across)
    return Track(slot, laid, margin(m, slot, len(laid[-1])) < m.side)


def distance_track(m: Metrics, slot: float, distance_win: int, distance_loyalty: int) -> Track:
    """The loyalty slot (L1) starts a row and the last slot ends one (a loyalty slot
    beyond the track's end is never reached on it: no reminder)."""
    across = per_row(m, slot)
    starts = frozenset({distance_loyalty}) if distance_loyalty <= distance_win else frozenset()
    return Track(slot, rows(distance_win + 1, across, _short(m, slot, across), starts,
                            frozenset({distance_win})))


def height(m: Metrics, jump: Track, distance: Track) -> float:
    """The tracks' whole height from their top to the last distance slot's bottom."""
    return m.jump_head + jump.height(m) + m.dist_head + distance.height(m)


# Paper rooms (`art.board._rooms`): two columns of three, or, when the tracks need the
# room, three columns of two shorter ones.
ROOMS_TOP = 20.5
ROOM_GAP = 2.0
ROOM_H = 37.0
ROOM_H_COMPACT = 35.5
PAPER_BOTTOM = 226.0  # the panel's frame: nothing is drawn beyond it
TRACKS_GAP = 3.0      # between the rooms and the jump track's title


def rooms_bottom(compact: bool) -> float:
    n = 2 if compact else 3
    h = ROOM_H_COMPACT if compact else ROOM_H
    return ROOMS_TOP + n * h + (n - 1) * ROOM_GAP


@dataclass(frozen=True)
class PaperPlan:
    """Where the paper monitor puts its tracks: the rooms' arrangement, each track and
    the tracks' top."""

    compact: bool
    jump: Track
    distance: Track
    top: float


def paper_plan(jump_max: int, distance_win: int, distance_loyalty: int) -> PaperPlan | None:
    """The paper layout of these track lengths, or None if none fits: the rooms as
    shipped if the tracks leave them room, else the compact rooms; full 22 mm slots,
    else the smallest that still holds a marker with a margin."""
    for compact in (False, True):
        for slot in (PAPER_SLOT, PAPER_SLOT_MIN):
            jump = jump_track(PAPER, slot, jump_max)
            dist = distance_track(PAPER, slot, distance_win, distance_loyalty)
            top = rooms_bottom(compact) + TRACKS_GAP
            if top + height(PAPER, jump, dist) <= PAPER_BOTTOM:
                return PaperPlan(compact, jump, dist, top)
    return None


def longest_distance(jump_max: int, distance_loyalty: int) -> int:
    """The longest distance track (``distance_win``) the paper monitor holds beside this
    jump track (0 if none)."""
    return max((d for d in range(1, 31) if paper_plan(jump_max, d, distance_loyalty)),
               default=0)


def limit_message(jump_max: int, distance_loyalty: int) -> str:
    """The cards check's line when the tracks do not fit: the limit, in the file's
    own terms."""
    return (f"the printed Galactica monitor holds both tracks in at most 5 rows of "
            f"{per_row(PAPER, PAPER_SLOT)} slots of at least {MARKER_MM:g} mm: with "
            f"jump_max {jump_max}, distance_win can be at most "
            f"{longest_distance(jump_max, distance_loyalty)}")
