"""How a piece of square cells lies: turned 0-3 quarter turns clockwise, and mirrored or not (8 ways).

Pure Python. Offsets are (x, y) = (column, row) with y growing downwards, as on the board
and the screen, so a quarter turn clockwise maps (x, y) to (-y, x). An orientation mirrors
the piece left-right first (if flipped) and then turns it: Orientation(1, True) is "flip
it over, then give it a quarter turn to the right". Hex shapes turn in sixths with
engine.core.hexgrid.rotate; they are not mirrored by any game here, so this module is
about squares only.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable, Iterable, Sequence

from engine.core.words import N_, Words, join

Offset = tuple[int, int]

_TURN_WORDS = ("", N_("turned 90° right"), N_("turned 180°"), N_("turned 90° left"))


@dataclass(frozen=True, slots=True)
class Orientation:
    """A piece's lie: `turns` quarter turns clockwise (0-3), after a left-right mirror if `flipped`."""

    turns: int = 0
    flipped: bool = False

    def __post_init__(self) -> None:
        # bool is an int: refuse it so a swapped argument pair (True, 1) cannot slip through.
        if isinstance(self.turns, bool) or not isinstance(self.turns, int) or not 0 <= self.turns <= 3:
            raise ValueError(f"turns must be a whole number from 0 to 3, not {self.turns!r}")
        if not isinstance(self.flipped, bool):
            raise ValueError(f"flipped must be true or false, not {self.flipped!r}")

    def turned(self, step: int = 1) -> Orientation:
        """This lie turned further: +1 a quarter turn right (clockwise, the R key), -1 left."""
        return Orientation((self.turns + step) % 4, self.flipped)

    def flip(self) -> Orientation:
        """This lie mirrored left-right as the piece now looks (the F key)."""
        # Mirroring after k right turns is the same as mirroring first and then turning k left.
        return Orientation(-self.turns % 4, not self.flipped)

    def inverse(self) -> Orientation:
        """The lie that undoes this one."""
        if self.flipped:
            return self  # a mirror followed by a turn is a reflection, and reflections undo themselves
        return Orientation(-self.turns % 4, False)

    def apply_cell(self, cell: Offset) -> Offset:
        """Where one offset goes, about (0, 0), without moving the result back to the corner."""
        x, y = cell
        if self.flipped:
            x = -x
        for _ in range(self.turns):
            x, y = -y, x
        return (x, y)

    def apply(self, offsets: Iterable[Offset]) -> tuple[Offset, ...]:
        """The piece's cells in this lie, in the order given (colours stay with their cells), moved so min x and y are 0."""
        return normalised(self.apply_cell(cell) for cell in offsets)

    def to_dict(self) -> dict[str, Any]:
        return {"turns": self.turns, "flipped": self.flipped}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Orientation:
        """The lie a save wrote with to_dict; ValueError for anything else."""
        if not isinstance(data, dict) or set(data) - {"turns", "flipped"}:
            raise ValueError(f"an orientation is {{turns: 0-3, flipped: true/false}}, not {data!r}")
        return cls(data.get("turns", 0), data.get("flipped", False))

    def describe(self) -> Words:
        """The lie in words a player reads, e.g. 'flipped, turned 90° right' (each part translatable: Words)."""
        words = [Words(w) for w in (N_("flipped") if self.flipped else "", _TURN_WORDS[self.turns]) if w]
        return join(words, ", ") if words else Words("as printed")


IDENTITY = Orientation()
# Unflipped first, so distinct() names the simplest lie for each shape.
ALL: tuple[Orientation, ...] = tuple(Orientation(t, f) for f in (False, True) for t in range(4))


def normalised(offsets: Iterable[Offset]) -> tuple[Offset, ...]:
    """The offsets moved so that the smallest x and the smallest y are 0, order kept."""
    cells = tuple(offsets)
    if not cells:
        return cells
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return tuple((x - min_x, y - min_y) for x, y in cells)


def distinct(offsets: Sequence[Offset], labels: Sequence[Hashable] | None = None) -> tuple[Orientation, ...]:
    """The orientations that lay the piece down differently; with `labels` (a colour per cell) those count too."""
    if labels is not None and len(labels) != len(offsets):
        raise ValueError(f"{len(labels)} labels for {len(offsets)} cells")
    seen: set[frozenset[Any]] = set()
    kept: list[Orientation] = []
    for lie in ALL:
        cells = lie.apply(offsets)
        key = frozenset(zip(cells, labels)) if labels is not None else frozenset(cells)
        if key not in seen:
            seen.add(key)
            kept.append(lie)
    return tuple(kept)
