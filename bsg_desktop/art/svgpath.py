"""SVG path data (the ``d`` of a ``<path>``) turned into the art's `Path` shape.

Vendored icons (`art.emblems`) come as SVG path data; the backends (reportlab, Qt,
SVG) each draw moves, lines, cubic curves and closes, so the parser reduces the whole
path grammar to those four: relative commands become absolute, horizontal and
vertical lines become lines, quadratic curves and smooth curves become cubics, and
elliptical arcs become cubic pieces of at most 90°. A malformed path is a ValueError
naming where it went wrong, so a bad vendored icon fails its test, not a print run.
"""

from __future__ import annotations

import math
import re

from bsg_desktop.art.shapes import Path, PathOp, Style

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _tokens(d: str) -> list[str]:
    """Commands and numbers; an arc's flags may be written run together ("a5 5 0 015 5")."""
    out: list[str] = []
    pos = 0
    command = ""
    arg = 0
    while pos < len(d):
        ch = d[pos]
        if ch in " \t\r\n,":
            pos += 1
            continue
        if command in "Aa" and arg % 7 in (3, 4) and ch in "01":
            out.append(ch)       # a flag is one digit, never the start of a longer number
            pos += 1
            arg += 1
            continue
        m = _TOKEN.match(d, pos)
        if m is None:
            raise ValueError(f"SVG path: unexpected {ch!r} at character {pos}")
        tok = m.group()
        out.append(tok)
        if tok.isalpha():
            command, arg = tok, 0
        else:
            arg += 1
        pos = m.end()
    return out


def _arc(x1: float, y1: float, rx: float, ry: float, phi_deg: float, large: bool,
         sweep: bool, x2: float, y2: float) -> list[PathOp]:
    """An elliptical arc as cubic pieces (SVG 1.1, appendix F.6: endpoint to centre)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(phi_deg)
    cos_p, sin_p = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos_p * dx + sin_p * dy, -sin_p * dx + cos_p * dy
    lam = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if lam > 1:                       # radii too small for the ends: scale them up
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        k = -k
    cxp, cyp = k * rx * y1p / ry, -k * ry * x1p / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    t1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dt = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    pieces = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / pieces
    alpha = 4 / 3 * math.tan(step / 4)

    def at(t: float) -> tuple[float, float, float, float]:
        """The point at angle t and its derivative direction, on the rotated ellipse."""
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        tx, ty = -rx * math.sin(t), ry * math.cos(t)
        return (cx + cos_p * ex - sin_p * ey, cy + sin_p * ex + cos_p * ey,
                cos_p * tx - sin_p * ty, sin_p * tx + cos_p * ty)

    out: list[PathOp] = []
    for i in range(pieces):
        a, b = t1 + i * step, t1 + (i + 1) * step
        ax, ay, adx, ady = at(a)
        bx, by, bdx, bdy = at(b)
        if i == pieces - 1:
            bx, by = x2, y2       # land exactly on the given end point
        out.append(("C", ax + alpha * adx, ay + alpha * ady, bx - alpha * bdx,
                    by - alpha * bdy, bx, by))
    return out


def parse_ops(d: str) -> tuple[PathOp, ...]:
    """The path data ``d`` as absolute M / L / C / Z operations."""
    toks = _tokens(d)
    out: list[PathOp] = []
    i = 0
    x = y = sx = sy = 0.0
    last_c: tuple[float, float] | None = None    # the last cubic's second control point
    last_q: tuple[float, float] | None = None    # the last quadratic's control point
    command = ""
    while i < len(toks):
        tok = toks[i]
        if tok.isalpha():
            command = tok
            i += 1
            if command in "Zz":
                out.append(("Z",))
                x, y = sx, sy
                last_c = last_q = None
                continue
        elif not command or command in "Zz":
            raise ValueError(f"SVG path: a number {tok!r} with no command before it")
        upper = command.upper()
        n = _ARGS[upper]
        args = toks[i:i + n]
        if len(args) < n or any(a.isalpha() for a in args):
            raise ValueError(f"SVG path: {command} takes {n} numbers, got {' '.join(args)!r}")
        v = [float(a) for a in args]
        i += n
        rel = command.islower()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        was_c, was_q = last_c, last_q
        last_c = last_q = None
        if upper == "M":
            x, y = v[0] + ox, v[1] + oy
            sx, sy = x, y
            out.append(("M", x, y))
            command = "l" if rel else "L"     # further pairs are lines
        elif upper == "L":
            x, y = v[0] + ox, v[1] + oy
            out.append(("L", x, y))
        elif upper == "H":
            x = v[0] + ox
            out.append(("L", x, y))
        elif upper == "V":
            y = v[0] + oy
            out.append(("L", x, y))
        elif upper == "C":
            c1 = (v[0] + ox, v[1] + oy)
            c2 = (v[2] + ox, v[3] + oy)
            x, y = v[4] + ox, v[5] + oy
            out.append(("C", *c1, *c2, x, y))
            last_c = c2
        elif upper == "S":
            c1 = (2 * x - was_c[0], 2 * y - was_c[1]) if was_c else (x, y)
            c2 = (v[0] + ox, v[1] + oy)
            x, y = v[2] + ox, v[3] + oy
            out.append(("C", *c1, *c2, x, y))
            last_c = c2
        elif upper in "QT":
            if upper == "Q":
                q = (v[0] + ox, v[1] + oy)
                ex, ey = v[2] + ox, v[3] + oy
            else:
                q = (2 * x - was_q[0], 2 * y - was_q[1]) if was_q else (x, y)
                ex, ey = v[0] + ox, v[1] + oy
            out.append(("C", x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y),
                        ex + 2 / 3 * (q[0] - ex), ey + 2 / 3 * (q[1] - ey), ex, ey))
            x, y = ex, ey
            last_q = q
        else:  # A
            ex, ey = v[5] + ox, v[6] + oy
            out.extend(_arc(x, y, v[0], v[1], v[2], v[3] != 0, v[4] != 0, ex, ey))
            x, y = ex, ey
    if out and out[0][0] != "M":
        raise ValueError("SVG path: it must start with a move (M or m)")
    return tuple(out)


def parse(d: str, style: Style) -> Path:
    """SVG path data as a `Path` painted in ``style``."""
    return Path(parse_ops(d), style)
