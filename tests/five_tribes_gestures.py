"""Five Tribes played with the mouse alone: `perform(app, scene, action)` posts the events a player would use.

Every legal action of the rules has one gesture here, built from what the scene shows (the rects of
tiles, meeples, markers, cards, Djinns and buttons). Nothing here plays an action or calls a scene
method that plays one: the events go through `app.step`, and the scene turns them into actions.
`perform` returns nothing; the caller checks the Match's log to see what the gestures played.
"""
from __future__ import annotations

from typing import Callable

import pygame

from engine.ui.scenes.curtain import CurtainScene
from games.five_tribes.rules_state import (
    Bid,
    Build,
    BuyCard,
    Decline,
    Drop,
    EndTurn,
    KeepDjinn,
    Kill,
    PickUp,
    PlaceCamel,
    PlacePalace,
    PlacePalm,
    Sell,
    TakeDjinn,
    UseDjinn,
)

Hook = Callable[[], None]  # called just before the event that plays the action (screenshots)


class NoGesture(AssertionError):
    """A legal action that no gesture of the table can reach: a scene bug."""


# ---------------------------------------------------------------------- raw events
def down(pos, button=1):
    """A mouse button pressed at pos."""
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    """A mouse button released at pos."""
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos, held=True):
    """The pointer moved to pos, the left button held or not."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0))


def wheel(y=1):
    """One notch of the wheel (y=1 away from the player)."""
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)


def _nothing() -> None:
    pass


def click(app, pos, before: Hook = _nothing) -> None:
    """Hover, then press and release at pos (one frame each)."""
    pos = (round(pos[0]), round(pos[1]))
    app.step([move(pos, held=False)])
    before()
    app.step([down(pos), up(pos)])


def glide(app, start, end, steps=3) -> None:
    """Move with the button held from start to end in steps (no press, no release)."""
    for k in range(1, steps + 1):
        app.step([move((round(start[0] + (end[0] - start[0]) * k / steps),
                        round(start[1] + (end[1] - start[1]) * k / steps)))])


def drag(app, start, end, before: Hook = _nothing, steps=3) -> None:
    """Press at start, move in steps with the button held, release at end."""
    start = (round(start[0]), round(start[1]))
    end = (round(end[0]), round(end[1]))
    app.step([move(start, held=False)])
    app.step([down(start)])
    glide(app, start, end, steps)
    before()
    app.step([up(end)])


def lift_curtain(app) -> None:
    """Click the curtain's button ("I am Ann: show my game") as the player would."""
    while isinstance(app.top, CurtainScene):
        click(app, app.top.button.rect.center)
    if getattr(app.top, "since", None) is not None:
        click(app, app.top.log_rect().center)  # "since your last turn" read: a click goes on to play


# ---------------------------------------------------------------------- the scene's buttons
def _button(scene, want: Callable, app=None) -> object | None:
    """The choice button `want` accepts; with `app`, turning the pages ("More (1/2)") until it shows."""
    for _ in range(len(scene.choices()) + 1):
        found = next((b for b in scene.choice_buttons if b.visible and want(b)), None)
        more = next((b for b in scene.choice_buttons if b.label.startswith("More (")), None)
        if found is not None or app is None or more is None:
            return found
        click(app, more.rect.center)
    return None


def _choice_button(app, scene, act) -> object:
    """The button of the choice that plays `act` (a button shows its choice's label and tip)."""
    def offers(b) -> bool:
        return any(c.action == act and (c.label, c.tip) == (b.label, b.tooltip_text())
                   for c in scene.choices() if not callable(c.action))
    button = _button(scene, offers, app)
    if button is None:
        raise NoGesture(f"no button offers {act}: {[b.label for b in scene.choice_buttons]}")
    return button


def _labelled(app, scene, start: str) -> object | None:
    return _button(scene, lambda b: b.label.startswith(start), app)


def _tipped(app, scene, start: str) -> object | None:
    return _button(scene, lambda b: b.tooltip_text().startswith(start), app)


def _main(app, scene, before: Hook) -> None:
    assert scene.btn_main.visible and scene.btn_main.enabled, f"the main button is off ({scene.btn_main.label})"
    click(app, scene.btn_main.rect.center, before)


def _prefer(app, scene, wanted: tuple, payments: list[tuple]) -> None:
    """Set the pay toggle ("Pay: Fakirs first" / "Elders first") so the scene pays `wanted` among `payments`."""
    if scene.pay_for(payments) == tuple(wanted):
        return
    toggle = _labelled(app, scene, "Pay:")
    if toggle is None:
        raise NoGesture(f"no pay toggle, and the scene pays {scene.pay_for(payments)} rather than {wanted}")
    click(app, toggle.rect.center)
    if scene.pay_for(payments) != tuple(wanted):
        raise NoGesture(f"neither way of paying gives {wanted} among {payments}")


def _legal(scene) -> list:
    return scene.rules.legal_actions(scene.match.state)


def centre(scene, tile: int) -> tuple[int, int]:
    return scene.cell_rect(tile).center


# ---------------------------------------------------------------------- one gesture per action kind
def _bid(app, scene, a: Bid, before: Hook) -> None:
    for _ in range(len(scene.m.levels) + 1):  # Kumarbi: each click discards one more Fakir (wrapping to 0)
        if scene.kumarbi == a.fakirs:
            break
        chip = _labelled(app, scene, "Kumarbi:")
        if chip is None:
            raise NoGesture(f"no Kumarbi button for {a}")
        click(app, chip.rect.center)
    if scene.kumarbi != a.fakirs:
        raise NoGesture(f"Kumarbi never reaches {a.fakirs} Fakirs")
    drag(app, scene.marker_rect(scene.m.marker).center, scene.spot_centre(a.spot), before)


def _pick_up(app, scene, a: PickUp, before: Hook) -> None:
    click(app, centre(scene, a.tile), before)


def _choose_colour(app, scene, colour: str, by_wheel: bool) -> None:
    if by_wheel:
        for _ in range(5):
            if scene.colour == colour:
                break
            app.step([wheel(-1)])
    elif scene.colour != colour:
        chip = _tipped(app, scene, f"Drop a {scene.tribe_name(colour)} next")
        if chip is None:
            raise NoGesture(f"no colour chip for {colour}")
        click(app, chip.rect.center)
    if scene.colour != colour:
        raise NoGesture(f"the {'wheel' if by_wheel else 'chips'} never reach {colour}")


def _drop(app, scene, a: Drop, before: Hook) -> None:
    _choose_colour(app, scene, a.colour, by_wheel=len(scene.match.log) % 3 == 0)
    here, there = centre(scene, scene.m.pos), centre(scene, a.tile)
    edge = scene.cell_rect(scene.m.pos).inflate(-4, -4)
    near = (here[0] + (there[0] - here[0]) * 0.45, here[1] + (there[1] - here[1]) * 0.45)
    assert edge.collidepoint(near)
    app.step([move(here, held=False)])
    app.step([down(here)])
    glide(app, here, near, steps=2)  # the hand leaves its tile: entering the next one drops the meeple
    before()
    app.step([move(there)])
    app.step([up(there)])


def _place_camel(app, scene, a: PlaceCamel, before: Hook) -> None:
    drag(app, scene.seat_parts(scene.m.seat)["camels"].center, centre(scene, a.tile), before)


def _build(app, scene, a: Build, before: Hook) -> None:
    if a.fakirs == 0:
        _main(app, scene, before)
    else:
        click(app, _choice_button(app, scene, a).rect.center, before)


def _kill(app, scene, a: Kill, before: Hook) -> None:
    colour = a.colours[0]
    if a.tile >= 0:
        rects = dict(scene.meeple_rects(a.tile, scene.m.meeples[a.tile]))
        target = rects[colour].center
    else:
        target = scene.seat_parts(a.seat)[colour].center
    drag(app, scene.marker_source().center, target, before if len(a.colours) == 1 else _nothing)
    if scene.kill_choice:  # Iblis: the kills at that target become buttons
        click(app, _choice_button(app, scene, a).rect.center, before)


def _place(app, scene, a: PlacePalm | PlacePalace, before: Hook) -> None:
    if a.pay:
        pays = [x.pay for x in _legal(scene) if type(x) is type(a) and x.tile == a.tile and x.pay]
        _prefer(app, scene, a.pay, pays)
    drag(app, scene.palm_source().center, centre(scene, a.tile), before)


def _buy_card(app, scene, a: BuyCard, before: Hook) -> None:
    click(app, scene.row_rects[a.slot].center, before)


def _take_djinn(app, scene, a: TakeDjinn, before: Hook) -> None:
    pays = [x.pay for x in _legal(scene) if isinstance(x, TakeDjinn) and x.djinn == a.djinn]
    _prefer(app, scene, a.pay, pays)
    click(app, scene.djinn_rects[scene.m.djinn_row.index(a.djinn)].center, before)


def _decline(app, scene, a: Decline, before: Hook) -> None:
    _main(app, scene, before)


def _keep_djinn(app, scene, a: KeepDjinn, before: Hook) -> None:
    rect = next(r for d, r in scene.drawn_rects() if d == a.djinn)
    click(app, rect.center, before)


def _use_djinn(app, scene, a: UseDjinn, before: Hook) -> None:
    uses = [x for x in _legal(scene) if isinstance(x, UseDjinn) and x.djinn == a.djinn]
    if a.tile >= 0:
        uses = [x for x in uses if x.tile == a.tile]
    _prefer(app, scene, a.pay, list(dict.fromkeys(tuple(x.pay) for x in uses)))
    button = _labelled(app, scene, f"Use {scene.djinn_name(a.djinn)}")
    if button is None:
        raise NoGesture(f"no button uses {a.djinn}: {[b.label for b in scene.choice_buttons]}")
    if a.tile < 0:
        click(app, button.rect.center, before)
        return
    if scene.targeting != a.djinn:
        click(app, button.rect.center)
    assert scene.targeting == a.djinn, "the Djinn's button asks for its target"
    click(app, centre(scene, a.tile), before)


def _sell(app, scene, a: Sell, before: Hook) -> None:
    for good in scene.cat.goods:
        if (good in a.goods) != (good in scene.selling):
            chip = _tipped(app, scene, f"Choose {scene.card_name(good)} for the set")
            if chip is None:
                raise NoGesture(f"no button chooses {good}")
            click(app, chip.rect.center)
    click(app, _choice_button(app, scene, a).rect.center, before)


def _end_turn(app, scene, a: EndTurn, before: Hook) -> None:
    _main(app, scene, before)


GESTURES = {
    Bid: _bid, PickUp: _pick_up, Drop: _drop, PlaceCamel: _place_camel, Build: _build, Kill: _kill,
    PlacePalm: _place, PlacePalace: _place, BuyCard: _buy_card, TakeDjinn: _take_djinn, Decline: _decline,
    KeepDjinn: _keep_djinn, UseDjinn: _use_djinn, Sell: _sell, EndTurn: _end_turn,
}


def perform(app, scene, action, before: Hook = _nothing) -> None:
    """Post the mouse events a player would use to play `action` (legal now, on `scene`, the top scene)."""
    assert app.top is scene, f"the table is covered by {type(app.top).__name__}"
    gesture = GESTURES.get(type(action))
    if gesture is None:
        raise NoGesture(f"no gesture makes a {type(action).__name__}")
    gesture(app, scene, action, before)


def meanings(action, legal: list) -> list:
    """The legal actions the gestures for `action` may legitimately play: only `action` itself.

    Every field of every action is chosen on screen: the spot and Kumarbi's Fakirs of a bid, the tile
    and colour of a drop, the target of a kill (its Fakirs follow from the distance; Iblis' pairs are
    buttons), the payment of a Djinn, palm or palace (the pay toggle), the goods of a sale.
    """
    return [a for a in legal if a == action]


__all__ = ["GESTURES", "NoGesture", "click", "drag", "glide", "lift_curtain", "meanings", "perform"]
