"""Whole games of Five Tribes played with the mouse alone: random legal actions, each made by real pygame events.

Every action is chosen among the rules' legal actions and made by the gestures of five_tribes_gestures
(drags, clicks, the wheel, buttons), never by calling the Match; the test checks that exactly that
action was played. Pass-and-play curtains are lifted by clicking their button. With FT_PLAY_SHOTS set
to a folder, the screen is saved the first time each kind of action is about to be played, and once
the final score sheet shows: <n>_<kind>.png.
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat
from engine.ui.scenes.curtain import CurtainScene
from games.five_tribes.scene_sheet import FiveTribesSheetScene
from games.five_tribes.rules_state import Build, Drop, PickUp, UseDjinn
from tests.five_tribes_gestures import click, lift_curtain, meanings, perform
from tests.five_tribes_helpers import at_turn, cell, court, give_cards, give_djinn, put, seats, set_board

SHEET_FRAMES = 900  # frames (at 60 per second) the final sheet may wait for a Whim notice to be read


class Shots:
    """Screenshots of the first action of each kind (FT_PLAY_SHOTS=folder), numbered in the order taken."""

    def __init__(self, folder: str | None) -> None:
        self.folder = Path(folder) if folder else None
        self.taken: list[str] = []

    def hook(self, app, kind: str):
        """A hook for perform(): saves the screen just before the action's last event, the first time only."""
        if self.folder is None or kind in self.taken:
            return lambda: None
        return lambda: self.save(app, kind)

    def save(self, app, kind: str) -> None:
        if self.folder is None or kind in self.taken:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        self.taken.append(kind)
        pygame.image.save(app.screen, str(self.folder / f"{len(self.taken)}_{kind}.png"))


SHOTS = Shots(os.environ.get("FT_PLAY_SHOTS"))  # one numbering for the whole run


def open_table(app, match):
    scene = registry.get("five_tribes").make_scene(app, match)
    app.push(scene)
    app.step([])
    lift_curtain(app)
    assert app.top is scene
    return scene


def play_one(app, scene, rng: random.Random, number: int) -> None:
    """Choose a random legal action, make it by gestures, and check that it (and nothing else) was played."""
    match = scene.match
    legal = match.legal_actions()
    act = rng.choice(legal)
    seat = match.to_move()
    before = len(match.log)
    perform(app, scene, act, SHOTS.hook(app, act.kind))
    played = [e.action for e in match.log[before:]]
    assert played, f"action {number}: the gestures for {act} played nothing (toast: {scene.toast})"
    assert played[0] in meanings(act, legal), f"action {number}: the gestures for {act} played {played[0]}"
    assert match.log[before].seat == seat
    others = [e for e in match.log[before + 1:] if not match.seats[e.seat].is_computer]
    assert not others, f"action {number}: the gestures for {act} also played {[e.action for e in others]}"


def wait_for_sheet(app, scene) -> FiveTribesSheetScene:
    """Step the app until the final score sheet is pushed (a Whim notice may hold it back a while)."""
    for _ in range(SHEET_FRAMES):
        if isinstance(app.top, FiveTribesSheetScene):
            break
        lift_curtain(app)
        app.step([])
    sheet = app.top
    assert isinstance(sheet, FiveTribesSheetScene), f"the final sheet never opened ({type(sheet).__name__} on top)"
    assert scene.final_pushed and scene.match.finished
    app.step([])
    SHOTS.save(app, "final_sheet")
    return sheet


def play_to_the_end(app, match, seed: int, limit: int = 1500) -> int:
    """Every seat human: play random legal actions by gestures until the game is over; returns the count."""
    scene = open_table(app, match)
    rng = random.Random(seed)
    lifts = 0
    for number in range(limit):
        if match.finished:
            break
        if isinstance(app.top, CurtainScene):
            assert app.top.seat == match.to_move(), "the curtain names the seat to move"
            lifts += 1
            lift_curtain(app)
        assert app.top is scene and scene.holder == match.to_move(), "the seat to move holds the screen"
        play_one(app, scene, rng, number)
    assert match.finished and match.state.phase == "over", f"no end after {limit} actions"
    assert lifts > 0, "the screen passed between the human seats behind the curtain"
    sheet = wait_for_sheet(app, scene)
    assert len(sheet.cells) == len(sheet.sheet.rows) * len(match.seats)
    return len(match.log)


@pytest.mark.parametrize("seed, players", [(1, 5), (6, 2), (2, 3), (5, 4)])
def test_a_whole_game_is_played_with_the_mouse_alone(app, seed, players):
    match = Match(registry.get("five_tribes").make_rules(), seats(players), seed)
    played = play_to_the_end(app, match, seed)
    assert played > 100


def test_a_game_rich_in_djinns_is_played_with_the_mouse_alone(app):
    """Djinn powers from the first turn (Kumarbi's bids, Lamia's and Hagis' payments, Iblis' pairs, every
    targeted power): the pay toggle, the Kumarbi button and more choices than the action area holds."""
    match = Match(registry.get("five_tribes").make_rules(), seats(2), 6)
    s = match.state
    hands = (("kumarbi", "lamia", "hagis", "iblis", "leta", "sibittis", "boaz"),
             ("anun_nak", "bouraq", "echidna", "enki", "sloar", "utug", "kandicha"))
    for seat, djinns in enumerate(hands):
        for djinn in djinns:
            give_djinn(s, seat, djinn)
        give_cards(s, seat, "fakir", "fakir", "fakir")
        for tile, counts in enumerate(s.meeples):  # two Elders from crowded tiles, to pay with
            if counts[1] and sum(counts) > 1 and s.players[seat].elders < 2:
                s.meeples[tile] = counts[:1] + (counts[1] - 1,) + counts[2:]
                s.players[seat].elders += 1
    assert not match.rules.check_invariants(s)
    played = play_to_the_end(app, match, 6)
    kinds = {e.action.kind for e in match.log}
    assert {"use_djinn", "keep_djinn"} <= kinds
    assert any(e.action.kind == "bid" and e.action.fakirs for e in match.log), "Kumarbi lowered a bid"
    assert played > 100


def test_one_human_plays_by_mouse_against_computer_seats(app):
    app.settings.animation_speed = "off"  # computer seats pause the shortest time between their actions
    match = Match(registry.get("five_tribes").make_rules(),
                  [Seat(0, "Ann", "red")] + [Seat(i, name, colour, "computer")
                                             for i, name, colour in ((1, "Bob", "yellow"), (2, "Cid", "white"))], 3)
    scene = open_table(app, match)
    assert scene.computer.delay <= 0.05
    rng = random.Random(3)
    mine = 0
    for frame in range(20000):
        if match.finished:
            break
        if match.to_move() == 0 and app.top is scene:
            play_one(app, scene, rng, len(match.log))
            mine += 1
        else:
            scene.computer.wait(5)
            app.step([])
    assert match.finished, "the game ends"
    assert mine > 30 and len(match.log) > mine + 30, "both Ann and the computer seats played"
    wait_for_sheet(app, scene)


# ------------------------------------------------------------------ the scene bugs these games found
def test_kumarbis_fakirs_go_with_one_bid_only(app):
    """The first bidder bids with a Fakir through Kumarbi; the next, without Kumarbi, drags his marker: no Fakir."""
    match = Match(registry.get("five_tribes").make_rules(), seats(2), 7)
    first = match.to_move()
    give_djinn(match.state, first, "kumarbi")
    give_cards(match.state, first, "fakir", "fakir")
    scene = open_table(app, match)
    bid = next(a for a in match.legal_actions() if a.fakirs == 1)
    perform(app, scene, bid)
    assert match.log[-1].action == bid
    lift_curtain(app)
    assert match.to_move() != first and scene.kumarbi == 0
    second = match.legal_actions()[-1]
    assert second.fakirs == 0
    perform(app, scene, second)
    assert match.log[-1].action == second


def test_choices_beyond_the_action_area_are_reached_through_more(app):
    """Builders with 3 Fakirs and 8 Djinns to use: more buttons than room, shown a page at a time."""
    match = Match(registry.get("five_tribes").make_rules(), seats(2), 7)
    s = match.state
    set_board(s)
    put(s, cell(3, 0), "builder")
    put(s, cell(3, 1), "builder", "merchant")
    put(s, cell(0, 0), "vizier", "vizier")
    for djinn in ("anun_nak", "bouraq", "echidna", "enki", "sloar", "utug", "leta", "sibittis"):
        give_djinn(s, 0, djinn)
    give_cards(s, 0, "fakir", "fakir", "fakir")
    court(s, 0, elders=2)
    at_turn(s, 0)
    scene = open_table(app, match)
    perform(app, scene, PickUp(cell(3, 0)))
    perform(app, scene, Drop(cell(3, 1), "builder"))
    assert match.state.phase == "tribe"
    legal = match.legal_actions()
    wanted = {f"Use {scene.djinn_name(a.djinn)}" for a in legal if isinstance(a, UseDjinn)}
    wanted |= {repr(a) for a in legal if isinstance(a, Build) and a.fakirs}
    assert len(wanted) == 11 and scene.choice_buttons[-1].label == "More (1/2)"
    seen = set()
    for _ in range(2):
        shown = {(b.label, b.tooltip_text()) for b in scene.choice_buttons}
        seen |= {label for label, _tip in shown}
        seen |= {repr(c.action) for c in scene.choices() if (c.label, c.tip) in shown}  # a button shows its choice
        click(app, scene.choice_buttons[-1].rect.center)
    assert scene.choice_buttons[-1].label == "More (1/2)", "the pages turn round"
    assert wanted <= seen, f"unreachable: {wanted - seen}"
    last = next(a for a in reversed(legal) if isinstance(a, UseDjinn) and a.tile < 0)
    perform(app, scene, last)
    assert [e.action for e in match.log[2:]] == [last]
