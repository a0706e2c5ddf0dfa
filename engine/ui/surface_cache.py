"""The one bounded cache of drawn pictures: least recently used out first, by the bytes of pixels held.

Pictures are cached per pixel size, and a window dragged wider makes new sizes every frame; an
unbounded cache then keeps a copy of everything at every size (1.3 GB after 244 sizes). The art
(Assets), rendered text, shadows, backgrounds and the game scenes' own pictures are each kept in a
SurfaceCache whose budget holds a whole game's working set, so steady frames always hit and only
sizes no longer drawn are dropped.
"""
from __future__ import annotations

import ctypes
import sys
from collections import OrderedDict
from typing import Callable, Generic, Hashable, Iterator, TypeVar

import pygame

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

MB = 1 << 20
# What one entry costs beyond its pixels (key, value, slots): caches of text or points stay bounded too.
ENTRY_BYTES = 64
# Pixels freed by evictions before the C heap is asked to give its free pages back (see _release_freed_pages).
RELEASE_EVERY = 32 * MB
_MISSING = object()


def _find_malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None elsewhere (other C libraries hand large freed blocks back themselves)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None).malloc_trim  # type: ignore[no-any-return]  # the process's own libc
    except (OSError, AttributeError):  # musl has none
        return None


_MALLOC_TRIM = _find_malloc_trim()
_freed_since_release = 0


def _evicted(cost: int) -> None:
    """Count evicted pixels; once RELEASE_EVERY have gone, hand the C heap's free pages back to the system."""
    global _freed_since_release
    _freed_since_release += cost
    if _freed_since_release >= RELEASE_EVERY:
        _freed_since_release = 0
        _release_freed_pages()


def _release_freed_pages() -> None:
    """Return freed heap pages to the system.

    glibc raises its mmap threshold after a large free (so per-frame window-sized overlays stay cheap),
    which puts later pixel buffers in the heap; evicting them leaves free holes it keeps resident
    (100 MB after a 200-size resize). Only evictions lead here, never a steady frame.
    """
    if _MALLOC_TRIM is not None:
        _MALLOC_TRIM(0)


def pixel_bytes(value: object) -> int:
    """Bytes of pixels a cached value keeps alive: a Surface's rows, or the sum over a tuple or list of values."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height()
    if isinstance(value, (tuple, list)):
        return sum(pixel_bytes(v) for v in value)
    return 0


class SurfaceCache(Generic[K, V]):
    """A mapping holding at most `budget` bytes of pixels; the least recently used entries go first.

    The newest entry always stays, even alone over the budget, so a picture larger than the budget
    is still made once per use rather than on every call. A changed budget applies from the next store.
    """

    __slots__ = ("budget", "name", "bytes", "evictions", "_items", "_costs")

    def __init__(self, budget: int, name: str = "") -> None:
        if budget <= 0:
            raise ValueError(f"a cache budget must be positive, got {budget!r}")
        self.budget = int(budget)
        self.name = name
        self.bytes = 0  # pixels (and entry costs) held now
        self.evictions = 0  # entries dropped to stay within the budget, for tests and the curious
        self._items: OrderedDict[K, V] = OrderedDict()  # least recently used first
        self._costs: dict[K, int] = {}

    def get(self, key: K, default: V | None = None) -> V | None:
        """The value under `key` (now the most recently used), or default."""
        value = self._items.get(key, _MISSING)
        if value is _MISSING:
            return default
        self._items.move_to_end(key)
        return value  # type: ignore[return-value]

    def remember(self, key: K, make: Callable[[], V]) -> V:
        """The value under `key`, made by `make()` and kept when missing."""
        value = self._items.get(key, _MISSING)
        if value is _MISSING:
            value = make()
            self[key] = value
            return value
        self._items.move_to_end(key)
        return value  # type: ignore[return-value]

    def __setitem__(self, key: K, value: V) -> None:
        if key in self._items:
            self.bytes -= self._costs[key]
        cost = pixel_bytes(value) + ENTRY_BYTES
        self._items[key] = value
        self._items.move_to_end(key)
        self._costs[key] = cost
        self.bytes += cost
        while self.bytes > self.budget and len(self._items) > 1:
            old, _ = self._items.popitem(last=False)
            cost = self._costs.pop(old)
            self.bytes -= cost
            self.evictions += 1
            _evicted(cost)

    def __getitem__(self, key: K) -> V:
        value = self.get(key, _MISSING)  # type: ignore[arg-type]
        if value is _MISSING:
            raise KeyError(key)
        return value  # type: ignore[return-value]

    def __delitem__(self, key: K) -> None:
        del self._items[key]
        self.bytes -= self._costs.pop(key)

    def pop(self, key: K, default: V | None = None) -> V | None:
        """Remove and return the value under `key` (default when absent)."""
        if key not in self._items:
            return default
        value = self._items.pop(key)
        self.bytes -= self._costs.pop(key)
        return value

    def forget(self, which: Callable[[K], bool]) -> None:
        """Remove every entry whose key `which` accepts (a file changed: its copies at every size)."""
        for key in [k for k in self._items if which(k)]:
            del self[key]

    def clear(self) -> None:
        self._items.clear()
        self._costs.clear()
        self.bytes = 0

    def __contains__(self, key: object) -> bool:
        return key in self._items  # a look, not a use: the order stays

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[K]:
        """Keys from least to most recently used."""
        return iter(list(self._items))

    def __repr__(self) -> str:
        held = f"{self.bytes / MB:.1f} of {self.budget / MB:.0f} MB"
        return f"SurfaceCache({self.name!r}: {len(self._items)} entries, {held})"


def cache_on(owner: object, attr: str, budget: int) -> SurfaceCache:
    """The SurfaceCache kept in `owner.<attr>`, made on first use (for a cache a drawing helper adds to a scene)."""
    cache = owner.__dict__.get(attr)
    if cache is None:
        cache = owner.__dict__[attr] = SurfaceCache(budget, f"{type(owner).__name__}.{attr}")
    return cache
