"""The choice bar: what the seat to move may choose now, as buttons that page and never drop a choice.

A game lists its choices (`Choice` values) and the rows of its action area; the
table lays them out row after row. When they do not all fit, they come a page
at a time behind a last "More (1/2)" button: no choice is ever left out.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import pygame

Icon = Callable[[pygame.Surface, pygame.Rect, tuple[int, int, int]], None]


class Choice(NamedTuple):
    """One choice as a button: its words, its picture, what it does (an action to play, or a function) and why."""

    label: str
    icon: Icon | None
    action: Any  # an Action, played through the Match; or a function the scene runs (a toggle, a page)
    tip: str = ""
    chosen: bool = False  # stands out (the colour in use, a good selected for sale)
    width: int | None = None  # design pixels, for a picture without words that needs a set size


class MainAction(NamedTuple):
    """What the main button (and Enter) does now: its words, the action to play (or a function), and why."""

    label: str
    action: Any
    tip: str = ""


def flow(widths: list[int], rows: list[pygame.Rect], gap: int, lead: int = 0) -> list[pygame.Rect]:
    """Buttons of these widths laid out row after row; as many rects as fit, in order (`lead`: room kept in row 1)."""
    out: list[pygame.Rect] = []
    if not rows:
        return out
    row, x = 0, rows[0].left + lead
    for width in widths:
        while row < len(rows) and x + width > rows[row].right:
            row += 1
            if row < len(rows):
                x = rows[row].left
        if row >= len(rows):
            break
        out.append(pygame.Rect(x, rows[row].top, width, rows[row].height))
        x += width + gap
    return out


def pages(widths: list[int], rows: list[pygame.Rect], gap: int, more: int, lead: int = 0) -> list[tuple[int, int]]:
    """(first, end) of the choices on each page, each page keeping room for the "More" button."""
    out: list[tuple[int, int]] = []
    first = 0
    while first < len(widths):
        end = first + 1  # a page shows at least one choice, whatever its width
        while end < len(widths) and len(flow(widths[first:end + 1] + [more], rows, gap, lead)) == end + 2 - first:
            end += 1
        out.append((first, end))
        first = end
    return out
