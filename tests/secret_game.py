"""A tiny game with private hands, for testing the engine's pass-and-play curtain without a real game.

Each seat holds three secret cards (numbers drawn at setup); on its turn a seat
plays one of them face up. `view` blanks every other seat's hand. The scene
draws the cards of the visible hands in SECRET_RGB, a colour nothing else on
screen uses, so a rendered frame can be searched for anything private.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

import pygame

from engine.core.rules import ScoreRow, ScoreSheet, action
from engine.ui.game_scene import GameScene
from engine.ui.widgets import draw_background

GAME = "secret_test"
SECRET_RGB = (255, 0, 255)
HIDDEN_RGB = (90, 90, 90)


@action(GAME, "play")
class PlayCard:
    card: int


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[int | None, ...], ...]
    table: tuple[int, ...] = ()
    current: int = 0
    draws: int = 0
    seats: int = 2
    extra: dict = field(default_factory=dict, compare=False)


class SecretRules:
    game_id = GAME

    def setup(self, seats, seed, options):
        rng = random.Random(seed)
        return State(hands=tuple(tuple(rng.randrange(1, 10) for _ in range(3)) for _ in seats), draws=1,
                     seats=len(seats))

    def to_move(self, s):
        return None if len(s.table) >= 3 * s.seats else s.current

    def legal_actions(self, s):
        if self.to_move(s) is None:
            return []
        return [PlayCard(i) for i, c in enumerate(s.hands[s.current]) if c is not None]

    def why_illegal(self, s, a):
        if self.to_move(s) is None:
            return "The game is over."
        if not isinstance(a, PlayCard) or a not in self.legal_actions(s):
            return "That card is not in your hand."
        return None

    def apply(self, s, a):
        hand = list(s.hands[s.current])
        card, hand[a.card] = hand[a.card], None
        hands = list(s.hands)
        hands[s.current] = tuple(hand)
        return replace(s, hands=tuple(hands), table=s.table + (card,), current=(s.current + 1) % s.seats)

    def score_sheet(self, s):
        return ScoreSheet(seats=[str(i) for i in range(s.seats)], rows=[ScoreRow("cards", [0] * s.seats)],
                          totals=[0] * s.seats)

    def view(self, s, seat):
        hands = tuple(h if i == seat else tuple(None for _ in h) for i, h in enumerate(s.hands))
        return replace(s, hands=hands)

    def chance_count(self, s):
        return s.draws

    def describe(self, s, a):
        return f"seat {s.current} played a card"

    def has_private_information(self):
        return True


class SecretScene(GameScene):
    def draw(self, surface):
        draw_background(surface)
        state = self.visible
        for seat, hand in enumerate(state.hands):
            for i, card in enumerate(hand):
                if card is not None:
                    colour = SECRET_RGB
                elif seat == self.holder:
                    continue
                else:
                    colour = HIDDEN_RGB
                pygame.draw.rect(surface, colour, pygame.Rect(100 + i * 90, 100 + seat * 150, 80, 120))


def secret_pixels(surface) -> int:
    return pygame.mask.from_threshold(surface, SECRET_RGB, (1, 1, 1, 255)).count()
