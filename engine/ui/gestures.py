"""Gestures made of pointer events, as a player's hand would make them: a press that picks up, a sweep.

The frame benchmark uses them (a game's games/<id>/bench.py picks a piece up with
`pick_up` and returns `sweep_events(board_rect)`; `python -m bench` plays those
events frame by frame), so a game's benchmark hook needs nothing from `bench`.
"""
from __future__ import annotations

import math
from typing import Callable

TURN_EVERY = 40  # frames between R presses while the tile is held

FrameEvents = Callable[[int], list]  # frame number (from 0, warm-up included) -> the events of that frame


def sweep_pos(rect, i: int) -> tuple[int, int]:
    """A point of a Lissajous path that sweeps back and forth over `rect`."""
    x = rect.centerx + rect.width * 0.48 * math.sin(2 * math.pi * i / 150)
    y = rect.centery + rect.height * 0.48 * math.sin(2 * math.pi * i / 230 + 0.7)
    return int(x), int(y)


def sweep_events(rect, turn_every: int = TURN_EVERY) -> FrameEvents:
    """Per frame: one held-button MOUSEMOTION along the sweep, and now and then an R key (turn the tile)."""
    import pygame

    def events(i: int) -> list:
        pos, before = sweep_pos(rect, i), sweep_pos(rect, i - 1)
        out = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - before[0], pos[1] - before[1]),
                                  buttons=(1, 0, 0), touch=False)]
        if turn_every and i % turn_every == turn_every - 1:
            out.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=21))
        return out

    return events


def pick_up(app, pos: tuple[int, int]) -> None:
    """Move the pointer to `pos` and press the left button there (one frame each), as a hand picking a piece up."""
    import pygame

    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)])
