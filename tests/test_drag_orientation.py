"""The drag controller turns and flips a piece in hand, and picks it up in an orientation that fits somewhere."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.core.orientation import Orientation
from engine.ui.drag import DragController, DragSpec


@dataclass(frozen=True)
class Put:
    """A stand-in action: put the piece at a spot, lying so."""

    spot: int
    turn: object


class Board:
    """A stand-in match: the piece fits spot 1 only mirrored and turned once, spot 2 only as printed."""

    def __init__(self) -> None:
        self.states = [object()]
        self.version = 0
        self.played: list[Put] = []

    @property
    def state(self):
        return self.states[-1]

    def why_illegal(self, act: Put) -> str | None:
        fits = {1: Orientation(1, True), 2: Orientation(0, False)}
        return None if fits.get(act.spot) == act.turn else "It does not fit there lying so."

    def play(self, act: Put) -> None:
        self.played.append(act)
        self.version += 1


def _key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def _spec(**kw) -> DragSpec:
    return DragSpec(("rune",), (0, 0), lambda spot, turn: Put(spot, turn), lambda: [1, 2, 3], rotatable=True,
                    flippable=True, **kw)


def test_a_polyomino_in_hand_has_eight_orientations_turned_by_r_and_flipped_by_f():
    drag = DragController(Board(), lambda piece, pos: None)
    drag.pick(_spec(), (5, 5))
    seen = set()
    for _ in range(2):
        for _ in range(4):
            seen.add(drag.spec.turn)
            drag.handle(_key(pygame.K_r))
        drag.handle(_key(pygame.K_f))
    assert seen == set(Orientation(t, f) for t in range(4) for f in (False, True))
    drag.spec.rotation, drag.spec.flipped = 1, False
    drag.handle(_key(pygame.K_f))
    assert drag.spec.turn == Orientation(1, False).flip(), "F mirrors the piece as it looks now"


def test_legal_spots_follow_the_orientation_in_hand():
    drag = DragController(Board(), lambda piece, pos: None)
    drag.pick(_spec(), (5, 5))
    assert drag.legal_targets() == [2], "as printed it fits spot 2 only"
    drag.spec.rotation, drag.spec.flipped = 1, True
    assert drag.legal_targets() == [1]
    assert drag.legal_anywhere() == {2: [Orientation(0, False)], 1: [Orientation(1, True)]}
    assert (drag.spec.rotation, drag.spec.flipped) == (1, True), "asking everywhere leaves the piece as it lies"


def test_a_piece_is_picked_up_in_the_first_orientation_that_fits_somewhere():
    board = Board()
    board.why_illegal = lambda act: None if act == Put(1, Orientation(1, True)) else "No."  # mirrored and turned
    drag = DragController(board, lambda piece, pos: None)
    drag.pick(_spec(auto_orient=True), (5, 5))
    assert drag.spec.turn == Orientation(1, True)
    board.why_illegal = lambda act: "Nothing fits."
    drag.pick(_spec(auto_orient=True, rotation=2), (5, 5))
    assert drag.spec.turn == Orientation(2, False), "fitting nowhere, it stays as it was"


def test_a_drop_plays_the_action_of_the_orientation_in_hand():
    board = Board()
    drag = DragController(board, lambda piece, pos: 1 if pos == (10, 10) else None)
    drag.pick(_spec(auto_orient=True), (5, 5))
    assert drag.spec.turn == Orientation(0, False), "spot 2 fits as printed: no need to turn it"
    drag.spec.rotation, drag.spec.flipped = 1, True
    drag.pos = (10, 10)
    assert drag.drop() and board.played == [Put(1, Orientation(1, True))]


def test_a_piece_that_only_turns_still_gets_the_number_of_turns():
    board = Board()
    got = []
    spec = DragSpec(("tile",), (0, 0), lambda spot, turn: got.append(turn), lambda: [1], rotatable=True)
    drag = DragController(board, lambda piece, pos: None)
    drag.pick(spec, (0, 0))
    drag.handle(_key(pygame.K_r))
    drag.handle(_key(pygame.K_f))
    drag.legal_targets()
    assert got and got[-1] == 1 and not spec.flipped, "F does nothing to a piece that does not flip"
