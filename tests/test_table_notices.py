"""The table's notices stay inside the band a game gives them: the newest kept, never over what a player reads."""
from __future__ import annotations

import pygame

from engine.ui.table_notices import NoticeBoard
from tests.realm_of_sand_helpers import open_table


def test_notices_fit_inside_their_band_keeping_the_newest(app) -> None:
    board = NoticeBoard(app)
    for k in range(4):
        board.add(f"Seat {k} laid a rune tile and took another from in front of the queen.", 10.0)
    band = pygame.Rect(100, 100, 380, 90)
    placed = board.layout(band)
    assert placed, "at least one notice is shown"
    assert all(band.contains(rect) for *_, rect in placed), "every notice stands inside the band"
    assert placed[-1][0] is board.notices[-1], "the newest notice is the one kept"
    assert len(placed) < 4, "the older ones wait in the log"
    roomy = board.layout(pygame.Rect(100, 100, 380, 600))
    assert len(roomy) == 4, "where there is room, all four show"


def test_a_sticky_notice_keeps_its_place_before_newer_plain_ones(app) -> None:
    board = NoticeBoard(app)
    paid = board.add("Ann claimed a card and was paid a disc.", 10.0, sticky=True)
    for k in range(3):
        board.add(f"Bob moved disc {k}.", 10.0)
    placed = board.layout(pygame.Rect(0, 0, 380, 90))
    shown = [notice for notice, *_ in placed]
    assert paid in shown and board.notices[-1] in shown and len(shown) == 2


def test_a_notice_taller_than_its_band_is_cut_with_an_ellipsis(app) -> None:
    board = NoticeBoard(app)
    board.add("A very long notice " * 20, 10.0)
    band = pygame.Rect(0, 0, 300, 70)
    (_, _, lines, rect), = board.layout(band)
    assert band.contains(rect)
    assert lines[-1].endswith("…")


def test_realm_of_sands_notices_stand_above_the_market_with_room_for_two(app) -> None:
    """At 1280x720 the notices covered the points and hourglasses of market row III; they now have their own band."""
    scene = open_table(app, ("Ann", "Bob", "Cid"))
    for size in ((1280, 720), (1920, 1080)):
        app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        assert app.size == size
        band = scene.notice_band()
        assert not band.colliderect(scene.market_rect), size
        assert not band.colliderect(scene.board_rect), size
        assert band.top >= scene.offer_area.bottom - app.px(6), size
        scene.notices.clear()
        scene.notices.add("Bob laid rune tile T04.", 10.0)
        scene.notices.add("Bob took rune tile T11 from in front of the queen.", 10.0)
        placed = scene.notices.layout(band)
        assert len(placed) == 2, size
        assert all(band.contains(rect) for *_, rect in placed), size
