"""The sounds of the public moments, synthesised here and shipped in assets/sounds/.

Every sound is made by the functions below (sine partials, glides, envelopes and,
for the dice, noise from a fixed seed) and written as a 16-bit mono WAV: no
recording or sample from anywhere else is used, and the same code writes the same
bytes on every run. ``python3 -m bsg_desktop.sounds`` rewrites
``assets/sounds/*.wav``; the tests fail while the shipped files differ from what
the code makes. The program plays the shipped files (`bsg_desktop.ui.sound`), so it
spends no time on synthesis.

Every sound lasts exactly `SOUND_MS`, within a moment's length, whatever it is
about: how long a sound is tells nobody anything (a Cylon's reveal is no longer
than a jump, and the game's end sounds the same for either winner).
"""

from __future__ import annotations

import io
import math
import random
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22050  # samples per second: plenty for short chimes, and small files
SOUND_MS = 600  # every sound exactly this long, within the shortest moment (present.pace)
FRAMES = RATE * SOUND_MS // 1000
PEAK = 0.5  # of full scale: a moment's sound stays well under other programs' alerts


# ------------------------------------------------------------------ synthesis
def _env(t: float, attack: float, decay: float) -> float:
    """A struck or blown note: a short linear rise, then an exponential fall."""
    if t < 0:
        return 0.0
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def _note(out: list[float], start: float, freq: float, length: float, decay: float,
          gain: float, partials: Sequence[tuple[float, float]] = ((1, 1.0),),
          attack: float = 0.008) -> None:
    """Add one note: `partials` are (multiple of freq, loudness) pairs."""
    tau = 2 * math.pi
    first = int(start * RATE)
    for i in range(first, min(FRAMES, first + int(length * RATE))):
        t = i / RATE - start
        e = gain * _env(t, attack, decay)
        out[i] += e * sum(a * math.sin(tau * freq * m * t) for m, a in partials)


def _glide(out: list[float], start: float, length: float, f0: float, f1: float,
           gain: float, partials: Sequence[tuple[float, float]],
           shape: Callable[[float], float] = lambda x: 0.15 + 0.85 * x * x) -> None:
    """Add a tone sliding from f0 to f1 (exponentially); its loudness follows
    ``shape`` over 0..1 of its length (by default it swells to its end)."""
    tau = 2 * math.pi
    phase = 0.0
    first = int(start * RATE)
    n = int(length * RATE)
    for k in range(n):
        i = first + k
        if i >= FRAMES:
            break
        x = k / n
        phase += tau * f0 * (f1 / f0) ** x / RATE
        e = gain * shape(x)
        out[i] += e * sum(a * math.sin(m * phase) for m, a in partials)


def _jump(out: list[float]) -> None:
    # the drive spooling up, then the jump itself: a bright short chord
    _glide(out, 0.0, 0.34, 140.0, 620.0, 0.6, ((1, 1.0), (2, 0.35), (3, 0.12)))
    for f in (523.25, 784.0, 1046.5):
        _note(out, 0.34, f, 0.26, 0.07, 0.35, ((1, 1.0), (2, 0.2)), attack=0.002)


def _averted(out: list[float]) -> None:
    # three bell-like notes rising: C, E, G
    for k, f in enumerate((523.25, 659.25, 783.99)):
        _note(out, 0.09 * k, f, 0.6 - 0.09 * k, 0.16, 0.45,
              ((1, 1.0), (2, 0.3), (3.01, 0.08)))


def _failed(out: list[float]) -> None:
    # two notes falling a minor third, reedy (odd partials), the second drooping
    reed = ((1, 1.0), (3, 0.3), (5, 0.12))
    _note(out, 0.0, 293.66, 0.26, 0.12, 0.5, reed, attack=0.015)
    _glide(out, 0.22, 0.38, 246.94, 220.0, 0.45, reed,
           lambda x: min(1.0, x / 0.05) * math.exp(-2.5 * x))


def _reveal(out: list[float]) -> None:
    # a low tritone with a slow throb: something is wrong (its overtones carry it on
    # small speakers that cannot play the low notes themselves)
    tau = 2 * math.pi
    tones = ((110.0, 1.0), (155.56, 0.8), (220.0, 0.5), (311.13, 0.45), (466.16, 0.2))
    for i in range(FRAMES):
        t = i / RATE
        swell = min(1.0, t / 0.12) * (1 - t / (SOUND_MS / 1000)) ** 0.6
        throb = 0.65 + 0.35 * math.sin(tau * 7 * t)
        out[i] += 0.5 * swell * throb * sum(a * math.sin(tau * f * t) for f, a in tones)


def _brig(out: list[float]) -> None:
    # a heavy door: a low thud and inharmonic metal partials, struck twice
    metal = ((1, 1.0), (2.32, 0.6), (4.07, 0.4), (6.28, 0.25))
    for start, gain in ((0.0, 0.55), (0.2, 0.35)):
        _note(out, start, 180.0, 0.4, 0.06, gain, metal, attack=0.001)
        _note(out, start, 62.0, 0.3, 0.09, gain * 1.2, attack=0.003)


def _end(out: list[float]) -> None:
    # a short fanfare: G, C, then the C major chord held (the same for either winner)
    brass = ((1, 1.0), (2, 0.45), (3, 0.25), (4, 0.1))
    _note(out, 0.0, 392.0, 0.14, 0.09, 0.4, brass, attack=0.012)
    _note(out, 0.12, 523.25, 0.14, 0.09, 0.4, brass, attack=0.012)
    for f in (523.25, 659.25, 783.99):
        _note(out, 0.24, f, 0.36, 0.2, 0.3, brass, attack=0.015)


def _roll(out: list[float]) -> None:
    # dice landing on the table: a few clicks, each a burst of noise and a woody knock
    rng = random.Random(7)  # fixed: the same clatter every time
    at = 0.0
    for k in range(6):
        gain = 0.6 * 0.75 ** k
        first = int(at * RATE)
        pitch = 900 + 500 * rng.random()
        for i in range(first, min(FRAMES, first + int(0.04 * RATE))):
            t = i / RATE - at
            out[i] += gain * math.exp(-t / 0.006) * (rng.uniform(-1, 1)
                                                    + math.sin(2 * math.pi * pitch * t))
        at += 0.05 + 0.05 * rng.random()


SYNTHS: dict[str, Callable[[list[float]], None]] = {
    "jump": _jump, "averted": _averted, "failed": _failed, "reveal": _reveal,
    "brig": _brig, "end": _end, "roll": _roll}
KINDS = tuple(SYNTHS)  # every sound made is one written and played: one list, not two


def samples(kind: str) -> list[float]:
    """One sound as FRAMES samples in -PEAK..PEAK, with short fades so it never clicks."""
    out = [0.0] * FRAMES
    SYNTHS[kind](out)
    fade_in, fade_out = int(0.003 * RATE), int(0.03 * RATE)
    for i in range(fade_in):
        out[i] *= i / fade_in
    for i in range(fade_out):
        out[FRAMES - 1 - i] *= i / fade_out
    top = max(abs(x) for x in out) or 1.0
    return [PEAK * x / top for x in out]


def wav_bytes(kind: str) -> bytes:
    """One sound as a complete WAV file (16-bit mono, RATE Hz, FRAMES frames)."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(int(round(x * 32767)).to_bytes(2, "little", signed=True)
                               for x in samples(kind)))
    return buf.getvalue()


def main() -> None:
    """Rewrite the shipped WAVs from the code above."""
    folder = Path(__file__).resolve().parents[1] / "assets" / "sounds"
    folder.mkdir(parents=True, exist_ok=True)
    for kind in KINDS:
        path = folder / f"{kind}.wav"
        path.write_bytes(wav_bytes(kind))
        print(path)


if __name__ == "__main__":
    main()
