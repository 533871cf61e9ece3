"""Charts for the balance reports of ``simulate --report`` and ``league --report``.

A balance question ("is 5 players too easy?") is answered faster by a picture of
the win rate against the 45–55% band than by a table of intervals, so each
report writes its charts as PNG files beside the Markdown and links them.

matplotlib is an optional extra (``pip install "bsg-express-desktop[report]"``):
the game itself never needs it, and without it a report keeps its tables and says
how to get the charts.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bsg_desktop.outputs import Outputs

INSTALL_HINT = ('Charts need matplotlib: `pip install "bsg-express-desktop[report]"` '
                "(or `pip install matplotlib`), then run the report again.")
BAND = (0.45, 0.55)  # the human win rates the dice are balanced to (docs/balance.md)
CONDITIONS = ("jump", "raiders", "damage", "morale")
TRACK_LABELS = {"distance": "distance", "jump": "jump track", "damage": "damage markers",
                "demoralized": "demoralized markers", "raiders": "Raiders on DRADIS"}

# A chart: (file suffix, title for the link, drawing function filling a Figure).
Chart = tuple[str, str, Callable[[Any], None]]


def report_section(md_path: str | Path, charts: Callable[[Any], list[Chart]],
                   data: Any, out: Outputs) -> str:
    """Draw ``charts(data)`` into files beside ``md_path``, added to ``out`` (so they are
    put in place with the Markdown, or not at all), and return the Markdown that links
    them."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: never open a window, never need a display
        from matplotlib.figure import Figure
    except ImportError:
        return f"\n## Charts\n\n{INSTALL_HINT}\n"
    md = Path(md_path)
    lines = ["", "## Charts", ""]
    for suffix, title, draw in charts(data):
        fig = Figure(figsize=(6.4, 3.6), dpi=100, layout="constrained")
        draw(fig)
        png = md.with_name(f"{md.stem}-{suffix}.png")
        picture = io.BytesIO()
        # No creation time or version in the file: the same run writes the same bytes.
        fig.savefig(picture, format="png", metadata={"Software": None})
        out.add(png, picture.getvalue())
        lines += [f"![{title}]({png.name})", ""]
    return "\n".join(lines)


def simulate_charts(results: Sequence[dict[str, Any]]) -> list[Chart]:
    """The four pictures of a ``simulate --report``: one result per player count."""
    counts = [r["players"] for r in results]

    def win_rate(fig: Any) -> None:
        ax = fig.add_subplot()
        ax.axhspan(*BAND, color="#cfe8cf", label="45–55% band")
        rates = [r["human_win_rate"] for r in results]
        lo = [r["human_win_rate"] - r["human_win_rate_95"][0] for r in results]
        hi = [r["human_win_rate_95"][1] - r["human_win_rate"] for r in results]
        ax.errorbar(counts, rates, yerr=[lo, hi], fmt="o", capsize=6, color="#1f3b73",
                    label="human wins, 95% interval")
        ax.set_xticks(counts, [f"{c} players" for c in counts])
        ax.set_xlim(min(counts) - 0.5, max(counts) + 0.5)
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_formatter(_percent())
        ax.set_ylabel("human win rate")
        ax.set_title("Human win rate by player count")
        ax.legend(loc="lower right")

    def endings(fig: Any) -> None:
        ax = fig.add_subplot()
        bottom = [0.0] * len(results)
        for cond, colour in zip(CONDITIONS, ("#1f3b73", "#b22222", "#d98c1f", "#6b4c9a"),
                                strict=True):
            shares = [r["wins_by_condition"][cond] / max(1, r["games"]) for r in results]
            ax.bar([str(c) for c in counts], shares, bottom=bottom, color=colour,
                   label=cond if cond != "jump" else "jump (humans)")
            bottom = [b + s for b, s in zip(bottom, shares, strict=True)]
        ax.yaxis.set_major_formatter(_percent())
        ax.set_xlabel("players")
        ax.set_ylabel("share of games")
        ax.set_title("How games end")
        ax.legend(loc="center left", bbox_to_anchor=(1, 0.5))

    def lengths(fig: Any) -> None:
        ax = fig.add_subplot()
        for r in results:
            hist = {int(t): n for t, n in r["turns_histogram"].items()}
            if not hist:
                continue
            turns = list(range(min(hist), max(hist) + 1))
            n = max(1, sum(hist.values()))
            ax.plot(turns, [hist.get(t, 0) / n for t in turns], marker=".",
                    label=f"{r['players']} players")
        ax.yaxis.set_major_formatter(_percent())
        ax.set_xlabel("turns played")
        ax.set_ylabel("share of games")
        ax.set_title("Game length")
        ax.legend()

    def tracks(fig: Any) -> None:
        fig.set_size_inches(10, 3.4)
        axes = fig.subplots(1, len(TRACK_LABELS), sharex=True)
        for ax, (name, label) in zip(axes, TRACK_LABELS.items(), strict=True):
            for r in results:
                # A mean over the last few long games is noise: stop where fewer than
                # 5% of the games (and at least 10) are still running.
                least = max(10, r["games"] // 20)
                series = [row[name] for row in r["mean_tracks_by_turn"] if row["games"] >= least]
                ax.plot(range(len(series)), series, label=f"{r['players']}p")
            ax.set_title(label, fontsize=8)
            ax.tick_params(labelsize=7)
            ax.set_xlabel("turn", fontsize=7)
        axes[0].legend(fontsize=7)
        fig.suptitle("Mean track positions at the start of each turn, over the games still "
                     "running (at least 5% of them)", fontsize=10)

    return [("winrate", "Human win rate with 95% interval", win_rate),
            ("endings", "How games end, by condition", endings),
            ("length", "Distribution of game length", lengths),
            ("tracks", "Mean track positions by turn", tracks)]


def league_charts(rows: Sequence[dict[str, Any]]) -> list[Chart]:
    """One picture of a ``league --report``: each rung's margin with its paired interval."""

    def margins(fig: Any) -> None:
        ax = fig.add_subplot()
        labels = [f"{r['level']} > {r['below']} as {r['side']} (vs {r['opponent']})"
                  for r in rows]
        mid = [r["win_rate"] - r["baseline"] for r in rows]
        lo = [m - r["paired_ci"][0] for m, r in zip(mid, rows, strict=True)]
        hi = [r["paired_ci"][1] - m for m, r in zip(mid, rows, strict=True)]
        ys = list(range(len(rows)))
        ax.axvline(0, color="#888888", linewidth=1)
        ax.errorbar(mid, ys, xerr=[lo, hi], fmt="o", capsize=5, color="#1f3b73")
        ax.set_yticks(ys, labels, fontsize=8)
        ax.invert_yaxis()
        ax.xaxis.set_major_formatter(_percent())
        ax.set_xlabel("margin over the level below (paired 95% interval)")
        ax.set_title("Each level against the one below")

    return [("margins", "Win-rate margins with paired 95% intervals", margins)]


def _percent() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0, decimals=0)
