"""Drag and drop that any game's scene reuses: pick up, follow, highlight, explain, turn, drop, spring back.

The controller knows only pieces and targets. The scene tells it, through a
`DragSpec`, which action a (piece, target, orientation) makes; the rules (through
the Match) judge that action. Nothing here knows a game's rules.

A piece that turns takes R (Shift+R back), the wheel or a right click; a piece
that also flips (a polyomino: eight orientations) takes F. With `auto_orient`
the piece comes up in the first orientation, from the one it has, that fits
somewhere, so a player never has to turn it just to find a legal spot.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

import pygame

from engine.core.orientation import Orientation
from engine.core.rules import Action, IllegalAction

SPRING_SECONDS = 0.18


@dataclass
class DragSpec:
    """What the scene tells the controller about one piece being dragged."""

    piece: Any
    origin: tuple[float, float]  # screen point the piece springs back to
    # (target, turn) -> the action, or None if no action there. `turn` is the number of turns (of `sides`),
    # or an Orientation (turns and a flip) for a piece that flips.
    action_for: Callable[[Hashable, Any], Action | None]
    candidates: Callable[[], list[Hashable]]  # targets worth highlighting (legal ones are found among them)
    rotatable: bool = False
    rotation: int = 0
    sides: int = 4
    on_cancel: Callable[[], None] | None = None  # dropped nowhere / refused
    data: dict = field(default_factory=dict)
    flippable: bool = False  # F mirrors it (square pieces: eight orientations)
    flipped: bool = False
    auto_orient: bool = False  # picked up in the first orientation that fits somewhere

    @property
    def turn(self) -> Any:
        """What `action_for` is given: the turns, or the Orientation of a piece that flips."""
        return Orientation(self.rotation % 4, self.flipped) if self.flippable else self.rotation

    def orientations(self) -> list[tuple[int, bool]]:
        """Every (turns, flipped) the piece can take, starting from the one it has."""
        turns = [(self.rotation + k) % self.sides for k in range(self.sides)] if self.rotatable else [self.rotation]
        flips = [self.flipped, not self.flipped] if self.flippable else [self.flipped]
        return [(r, f) for f in flips for r in turns]


class DragController:
    """Holds at most one piece; reports what the player is doing with it."""

    def __init__(
        self,
        match: Any,
        target_at: Callable[[Any, tuple[int, int]], Hashable | None],
        on_played: Callable[[Action], None] | None = None,
        on_refused: Callable[[str], None] | None = None,
        sound: Callable[[str], None] | None = None,
    ) -> None:
        self.match = match
        self.sound = sound  # plays "pick" when a piece is taken up and "drop" when it lands legally
        self.target_at = target_at
        self.on_played = on_played
        self.on_refused = on_refused
        self.spec: DragSpec | None = None
        self.pos: tuple[int, int] = (0, 0)
        self.hover: Hashable | None = None
        self.hover_reason: str | None = None
        self._legal_cache: dict[tuple[int, int, bool, int], list[Hashable]] = {}  # (version, turns, flipped, piece)
        self.spring: tuple[Any, tuple[float, float], tuple[float, float], float] | None = None
        self.last_refusal: str | None = None

    # ------------------------------------------------------------------ state
    @property
    def holding(self) -> bool:
        return self.spec is not None

    @property
    def rotation(self) -> int:
        return self.spec.rotation if self.spec else 0

    def pick(self, spec: DragSpec, pos: tuple[int, int]) -> None:
        self.spec = spec
        self.pos = pos
        self.spring = None
        self._legal_cache.clear()  # another piece: an id in the key may be one a freed piece had
        if spec.auto_orient:
            self._first_fitting_orientation()
        if self.sound:
            self.sound("pick")
        self._refresh_hover()

    def _first_fitting_orientation(self) -> None:
        spec = self.spec
        assert spec is not None
        tries = spec.orientations()
        for rotation, flipped in tries:
            spec.rotation, spec.flipped = rotation, flipped
            if self.legal_targets():
                return
        spec.rotation, spec.flipped = tries[0]  # fits nowhere: as it was

    def cancel(self) -> None:
        if self.spec is not None:
            self.spring = (self.spec.piece, self.pos, self.spec.origin, 0.0)
            if self.spec.on_cancel:
                self.spec.on_cancel()
        self.spec = None
        self.hover = None
        self.hover_reason = None

    def legal_targets(self) -> list[Hashable]:
        """Targets where dropping the piece at its current rotation is legal (cached per state and rotation)."""
        if self.spec is None:
            return []
        key = (self.match.version, self.spec.rotation, self.spec.flipped, id(self.spec.piece))
        hit = self._legal_cache.get(key)
        if hit is None:
            if len(self._legal_cache) > 64:
                self._legal_cache.clear()
            hit = []
            turn = self.spec.turn
            for target in self.spec.candidates():
                act = self.spec.action_for(target, turn)
                if act is not None and self.match.why_illegal(act) is None:
                    hit.append(target)
            self._legal_cache[key] = hit
        return hit

    def legal_anywhere(self) -> dict[Hashable, list[Any]]:
        """For each target, the turns (or orientations) at which the piece may go there (for 'every legal spot')."""
        spec = self.spec
        if spec is None:
            return {}
        out: dict[Hashable, list[Any]] = {}
        keep = (spec.rotation, spec.flipped)
        try:
            for rotation, flipped in sorted(spec.orientations(), key=lambda o: (o[1], o[0])):
                spec.rotation, spec.flipped = rotation, flipped
                turn = spec.turn
                for target in spec.candidates():
                    act = spec.action_for(target, turn)
                    if act is not None and self.match.why_illegal(act) is None:
                        out.setdefault(target, []).append(turn)
        finally:
            spec.rotation, spec.flipped = keep
        return out

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        """Feed an event; True when the controller used it."""
        if self.spec is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.pos = event.pos
            self._refresh_hover()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.turn(1)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_r:
                self.turn(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key == pygame.K_f and self.spec.flippable:
                self.flip()
                return True
            if event.key == pygame.K_ESCAPE:
                self.cancel()
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pos = event.pos
            self.drop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return True  # a click while holding (click-to-place flow) is taken by the release
        return False

    def turn(self, steps: int) -> None:
        if self.spec is not None and self.spec.rotatable:
            self.spec.rotation = (self.spec.rotation + steps) % self.spec.sides
            self._refresh_hover()

    def flip(self) -> None:
        """Mirror the piece in hand as it looks now (left-right), keeping the way it faces."""
        spec = self.spec
        if spec is not None and spec.flippable:
            o = Orientation(spec.rotation % 4, spec.flipped).flip()
            spec.rotation, spec.flipped = o.turns, o.flipped
            self._refresh_hover()

    def drop(self) -> bool:
        """Play the action at the pointer; spring back with the reason when refused."""
        spec = self.spec
        if spec is None:
            return False
        target = self.target_at(spec.piece, self.pos)
        act = spec.action_for(target, spec.turn) if target is not None else None
        if act is None:
            self._refuse(None)
            return False
        reason = self.match.why_illegal(act)
        if reason is None:
            try:
                self.match.play(act)
            except IllegalAction as exc:  # the rules changed their mind (e.g. a computer seat moved first)
                reason = exc.reason
        if reason is not None:
            self._refuse(reason)
            return False
        self.spec = None
        self.hover = None
        self.hover_reason = None
        if self.sound:
            self.sound("drop")
        if self.on_played:
            self.on_played(act)
        return True

    def _refuse(self, reason: str | None) -> None:
        self.last_refusal = reason
        if reason and self.on_refused:
            self.on_refused(reason)
        self.cancel()

    def _refresh_hover(self) -> None:
        spec = self.spec
        if spec is None:
            return
        target = self.target_at(spec.piece, self.pos)
        self.hover = target
        self.hover_reason = None
        if target is not None:
            act = spec.action_for(target, spec.turn)
            if act is not None:
                self.hover_reason = self.match.why_illegal(act)

    # ------------------------------------------------------------------ animation
    def update(self, dt: float) -> None:
        if self.spring is not None:
            piece, start, end, t = self.spring
            t += dt / SPRING_SECONDS
            self.spring = None if t >= 1 else (piece, start, end, t)

    def spring_pos(self) -> tuple[Any, tuple[float, float]] | None:
        """The piece flying back after a refused drop, and where it is now."""
        if self.spring is None:
            return None
        piece, (x0, y0), (x1, y1), t = self.spring
        e = 1 - (1 - t) ** 3
        return piece, (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e)
