"""Memory: the bounded picture cache, and every table through 200 window sizes staying under a bound.

Before the caches were bounded, 200 sizes took Five Tribes to over 1 GB of peak RSS, Entdecker to
610 MB and Realm of the Desert Sons to 400 MB.
"""
from __future__ import annotations

import sys

import pygame
import pytest

from bench.resize import SWEEP_SIZES, measure_resize_sweep, open_table
from engine.ui import surface_cache, widgets
from engine.ui.surface_cache import ENTRY_BYTES, MB, SurfaceCache, cache_on, pixel_bytes

PLAYABLE = ("entdecker", "desert_sons", "five_tribes", "realm_of_sand")
RSS_LIMIT_MB = 250.0


def picture(w: int, h: int = 1) -> pygame.Surface:
    """A 32-bit picture of exactly w * h * 4 bytes of pixels."""
    return pygame.Surface((w, h), pygame.SRCALPHA)


def cost(w: int, h: int = 1) -> int:
    return w * h * 4 + ENTRY_BYTES


# ------------------------------------------------------------------ the cache itself
def test_pixel_bytes_counts_surfaces_and_what_holds_them() -> None:
    a, b = picture(10, 2), picture(3, 3)
    assert pixel_bytes(a) == a.get_pitch() * 2 == 80
    assert pixel_bytes((a, b)) == 80 + 36
    assert pixel_bytes([a, ("text", b)]) == 80 + 36
    assert pixel_bytes(["wrapped", "words"]) == 0 and pixel_bytes(None) == 0


def test_the_least_recently_used_entry_goes_first() -> None:
    cache: SurfaceCache[str, pygame.Surface] = SurfaceCache(3 * cost(100))
    for name in "abc":
        cache[name] = picture(100)
    cache["d"] = picture(100)
    assert list(cache) == ["b", "c", "d"] and cache.evictions == 1
    cache["e"] = picture(100)
    assert list(cache) == ["c", "d", "e"] and "a" not in cache and "b" not in cache


def test_a_hit_makes_the_entry_the_most_recent() -> None:
    cache: SurfaceCache[str, pygame.Surface] = SurfaceCache(3 * cost(100))
    for name in "abc":
        cache[name] = picture(100)
    assert cache.get("a") is not None
    assert cache.remember("b", lambda: pytest.fail("b is cached: nothing is made")) is not None
    assert list(cache) == ["c", "a", "b"]
    cache["d"] = picture(100)
    assert list(cache) == ["a", "b", "d"]  # c, the least recently used, went; a and b stayed


def test_looking_does_not_count_as_use() -> None:
    cache: SurfaceCache[str, pygame.Surface] = SurfaceCache(2 * cost(100))
    cache["a"], cache["b"] = picture(100), picture(100)
    assert "a" in cache and len(cache) == 2
    cache["c"] = picture(100)
    assert list(cache) == ["b", "c"]


def test_the_bytes_held_never_pass_the_budget() -> None:
    budget = 10_000
    cache: SurfaceCache[int, pygame.Surface] = SurfaceCache(budget)
    for i in range(200):
        cache[i] = picture(1 + i * 7 % 60, 1 + i % 9)
        assert cache.bytes <= budget
        assert cache.bytes == sum(pixel_bytes(cache.get(k)) + ENTRY_BYTES for k in list(cache))
    assert 199 in cache and cache.evictions > 0


def test_a_picture_larger_than_the_budget_stays_alone() -> None:
    cache: SurfaceCache[str, pygame.Surface] = SurfaceCache(cost(100))
    cache["small"] = picture(50)
    big = cache["big"] = picture(400)
    assert list(cache) == ["big"] and cache.get("big") is big and cache.bytes == cost(400)
    cache["small"] = picture(50)
    assert list(cache) == ["small"]


def test_replacing_an_entry_counts_its_bytes_once() -> None:
    cache: SurfaceCache[str, pygame.Surface] = SurfaceCache(10 * cost(100))
    cache["a"] = picture(100)
    cache["a"] = picture(200)
    assert len(cache) == 1 and cache.bytes == cost(200)


def test_pop_forget_and_clear_give_the_bytes_back() -> None:
    cache: SurfaceCache[tuple, object] = SurfaceCache(100 * cost(10))
    for i in range(6):
        cache[("tile", i)] = picture(10)
    cache[("words", 0)] = ["a", "line"]
    assert cache.pop(("tile", 0)) is not None and cache.pop(("tile", 0)) is None
    cache.forget(lambda key: key[0] == "tile" and key[1] % 2 == 1)
    assert sorted(cache) == [("tile", 2), ("tile", 4), ("words", 0)]
    assert cache.bytes == 2 * cost(10) + ENTRY_BYTES
    del cache[("words", 0)]
    with pytest.raises(KeyError):
        cache[("words", 0)]
    cache.clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_values_without_pixels_are_bounded_by_their_count() -> None:
    cache: SurfaceCache[int, list[str]] = SurfaceCache(100 * ENTRY_BYTES)
    for i in range(1000):
        cache[i] = ["wrapped", "words"]
    assert len(cache) == 100


def test_cache_on_makes_one_cache_per_owner_and_name() -> None:
    class Scene:
        pass

    scene, other = Scene(), Scene()
    cache = cache_on(scene, "_surfaces", 1000)
    assert cache_on(scene, "_surfaces", 1000) is cache and cache.budget == 1000
    assert cache_on(other, "_surfaces", 1000) is not cache


def test_evictions_hand_freed_pages_back_now_and_then(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    monkeypatch.setattr(surface_cache, "_release_freed_pages", lambda: calls.append(1))
    monkeypatch.setattr(surface_cache, "_freed_since_release", 0)
    monkeypatch.setattr(surface_cache, "RELEASE_EVERY", 10 * cost(100))
    cache: SurfaceCache[int, pygame.Surface] = SurfaceCache(cost(100))
    for i in range(25):
        cache[i] = picture(100)
    assert cache.evictions == 24 and len(calls) == 2  # once per 10 evicted pictures, not per eviction


# ------------------------------------------------------------------ shadows
@pytest.mark.parametrize("size, radius, spread", [((300, 200), 12, 12), ((513, 257), 14, 6), ((1000, 700), 20, 20),
                                                  ((2176, 1600), 48, 48), ((600, 20), 8, 16), ((700, 90), 0, 10)])
def test_a_large_shadow_cut_from_its_kit_is_the_whole_shadow_pixel_for_pixel(size, radius: int, spread: int) -> None:
    whole = pygame.Surface((size[0] + 200, size[1] + 200), pygame.SRCALPHA)
    whole.fill((200, 180, 150, 255))
    cut = whole.copy()
    rect = pygame.Rect(100, 100, *size)
    whole.blit(widgets._shadow(size, radius, spread, 140), (rect.left - spread, rect.top - spread + 5))
    widgets.draw_shadow(cut, rect, radius, spread, (0, 5), 140)
    assert pygame.image.tobytes(cut, "RGBA") == pygame.image.tobytes(whole, "RGBA")


def test_a_shadow_costs_its_kit_not_its_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    shadows: SurfaceCache = SurfaceCache(widgets.SHADOWS_BUDGET, "shadows")
    monkeypatch.setattr(widgets, "_SHADOWS", shadows)
    target = pygame.Surface((2600, 1600), pygame.SRCALPHA)
    for width in range(1200, 2400, 40):  # a board frame at every size a dragged window gives it
        widgets.draw_panel(target, pygame.Rect(100, 100, width, width * 9 // 16), radius=24)
    assert len(shadows) == 1 and shadows.bytes < 1 * MB and shadows.evictions == 0


# ------------------------------------------------------------------ the tables
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_table_resized_through_200_sizes_stays_under_the_memory_bound(game_id: str) -> None:
    figures = measure_resize_sweep(game_id)  # in a fresh interpreter: this game's peak alone
    assert figures["sizes"] == SWEEP_SIZES == 200
    assert figures["peak_rss_mb"] < RSS_LIMIT_MB, figures


def resize(size: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


def look_around(app, sizes: list[tuple[int, int]]) -> None:
    """At each window size: hover the board, zoom in there, out, out again and back in; two frames each."""
    for size in sizes:
        app.step([resize(size)])
        centre = app.top.board_view.center
        hover = pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
        for y in (0, 1, -1, -1, 1):
            wheel = [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))]
            app.step([hover] + (wheel if y else []))
            app.step([hover])


@pytest.mark.parametrize("sizes", [[(1920, 1080), (1280, 720)], [(3840, 2160)]], ids=["1920x1080+1280x720", "4K"])
@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_table_seen_again_makes_no_picture_again(app, monkeypatch: pytest.MonkeyPatch, game_id: str,
                                                   sizes: list[tuple[int, int]]) -> None:
    """Window sizes and zoom levels drawn once are all still cached the next time: the budgets hold a
    table's whole working set, so no frame renders or rescales a picture again."""
    app.step([resize(sizes[0])])
    open_table(app, game_id)
    look_around(app, sizes)
    look_around(app, sizes)  # tooltips wait for the pointer to rest: by now every one has shown
    made = []
    store = SurfaceCache.__setitem__
    monkeypatch.setattr(SurfaceCache, "__setitem__", lambda cache, key, value: (made.append((cache.name, key)),
                                                                                store(cache, key, value)))
    look_around(app, sizes)
    look_around(app, sizes)
    assert made == []
