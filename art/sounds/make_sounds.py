"""Make the table's four short sounds as 16-bit mono WAV files (standard library only, deterministic).

    python art/sounds/make_sounds.py

pick.wav    a soft wooden tick as a piece leaves the table
drop.wav    a lower, fuller knock as a piece lands
refuse.wav  two falling muted tones: "no"
score.wav   a bright rising three-note chime

Each sound is a sum of decaying partials (a small additive synthesiser); the
noise in the wooden sounds comes from a fixed-seed generator, so the files
are identical on every run.
"""
from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent


def _envelope(t: float, attack: float, decay: float) -> float:
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def tone(freq: float, seconds: float, decay: float, partials=((1, 1.0),), attack: float = 0.004) -> list[float]:
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        v = sum(a * math.sin(2 * math.pi * freq * k * t) for k, a in partials)
        out.append(v * _envelope(t, attack, decay))
    return out


def knock(freq: float, seconds: float, decay: float, noise: float, seed: int) -> list[float]:
    """A wooden knock: a damped low partial, a hollow overtone and a burst of filtered noise."""
    rng = random.Random(seed)
    body = tone(freq, seconds, decay, ((1, 1.0), (2.76, 0.35), (5.4, 0.12)), attack=0.0015)
    out, last = [], 0.0
    for i, v in enumerate(body):
        t = i / RATE
        last = 0.6 * last + 0.4 * rng.uniform(-1, 1)  # one-pole low-pass: a soft click, not hiss
        out.append(v + noise * last * math.exp(-t / 0.008))
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Overlay (start seconds, samples) pairs."""
    length = max(int(start * RATE) + len(s) for start, s in parts)
    out = [0.0] * length
    for start, samples in parts:
        o = int(start * RATE)
        for i, v in enumerate(samples):
            out[o + i] += v
    return out


def write(name: str, samples: list[float], peak: float, folder: Path = HERE) -> Path:
    top = max(abs(v) for v in samples) or 1.0
    fade = int(0.004 * RATE)  # end on silence, no click
    data = bytearray()
    for i, v in enumerate(samples):
        gain = min(1.0, (len(samples) - i) / fade)
        data += struct.pack("<h", int(32767 * peak * gain * v / top))
    path = folder / name
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(data))
    return path


def main(folder: Path = HERE) -> None:
    write("pick.wav", knock(880, 0.09, 0.018, 0.5, seed=1), 0.45, folder)
    write("drop.wav", knock(330, 0.16, 0.035, 0.7, seed=2), 0.6, folder)
    write("refuse.wav", mix((0.0, tone(392, 0.16, 0.05, ((1, 1.0), (3, 0.2)))),
                            (0.12, tone(294, 0.22, 0.07, ((1, 1.0), (3, 0.2))))), 0.45, folder)
    bell = ((1, 1.0), (2.0, 0.4), (3.01, 0.2), (4.2, 0.08))
    write("score.wav", mix((0.0, tone(784, 0.3, 0.12, bell)), (0.09, tone(988, 0.3, 0.12, bell)),
                           (0.18, tone(1175, 0.45, 0.2, bell))), 0.5, folder)


if __name__ == "__main__":
    main()
