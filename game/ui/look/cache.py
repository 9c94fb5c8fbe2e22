"""Byte-bounded caches of drawn surfaces.

Card faces and text are drawn once and reused every frame, but a long game keeps drawing new ones
(a Labyrinth card changes with every item tried on it; the reading panel writes hundreds of lines),
so a cache bounded by a count grew to tens of megabytes, and one that cleared itself when full threw
away the faces the next frame needed. A SurfaceLRU drops the least recently used surfaces once their
pixels pass a budget in bytes, which keeps what the visible table draws and bounds the rest.
Every cache registers itself, so a table that closes can free them all (`release_all`) and tests and
benchmarks can read their sizes (`caches`); the registry holds them weakly, so a cache made for one
object goes with it instead of living as long as the program.

A source surface an entry keeps alive (a card face a turned copy was made from) counts against the
budget too, once however many entries keep it: uncounted, a 40 MB cache of small turned copies held on
to hundreds of faces their own caches had already dropped.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from typing import Callable, Hashable

import pygame

_REGISTRY: "weakref.WeakSet[SurfaceLRU]" = weakref.WeakSet()


def surface_bytes(surface: pygame.Surface) -> int:
    """The pixel memory a surface holds."""
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class SurfaceLRU:
    """Surfaces by key, the least recently used dropped first once their pixels pass `budget` bytes
    (the newest always stays, however big), and at most `max_items` of them. An entry may keep an
    object alive with it (`keep`: the source a copy was made from, whose `id` is in the key); a kept
    surface's pixels count in `used` once while any entry keeps it."""

    def __init__(self, name: str, budget_bytes: int, max_items: int | None = None, *,
                 released_with_tables: bool = True) -> None:
        self.name = name
        # False: a look shared by every screen (art scaled for the menus), kept when a table closes
        self.released_with_tables = released_with_tables
        self.budget = budget_bytes
        self.max_items = max_items
        self.used = 0
        self.peak = 0  # the most bytes ever held (tests: a cap that held all through a run)
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._kept: dict[Hashable, object] = {}
        self._keepers: dict[int, int] = {}  # id of a kept surface -> how many entries keep it
        _REGISTRY.add(self)

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> pygame.Surface | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
            self.hits += 1
        return found

    def put(self, key: Hashable, surface: pygame.Surface, keep: object = None) -> pygame.Surface:
        old = self._items.pop(key, None)
        if old is not None:
            self.used -= surface_bytes(old)
            self._let_go(key)
        self._items[key] = surface
        if keep is not None:
            self._kept[key] = keep
            if isinstance(keep, pygame.Surface):
                count = self._keepers.get(id(keep), 0)
                if count == 0:
                    self.used += surface_bytes(keep)
                self._keepers[id(keep)] = count + 1
        self.used += surface_bytes(surface)
        while len(self._items) > 1 and (self.used > self.budget
                                        or (self.max_items is not None and len(self._items) > self.max_items)):
            dropped_key, dropped = self._items.popitem(last=False)
            self._let_go(dropped_key)
            self.used -= surface_bytes(dropped)
        self.peak = max(self.peak, self.used)
        return surface

    def _let_go(self, key: Hashable) -> None:
        """The entry `key` no longer keeps its source: its pixels stop counting with the last keeper."""
        kept = self._kept.pop(key, None)
        if isinstance(kept, pygame.Surface):
            count = self._keepers.pop(id(kept), 1) - 1
            if count > 0:
                self._keepers[id(kept)] = count
            else:
                self.used -= surface_bytes(kept)

    @property
    def kept_count(self) -> int:
        """How many distinct source surfaces the entries keep alive."""
        return len(self._keepers)

    def get_or_build(self, key: Hashable, build: Callable[[], pygame.Surface], keep: object = None) -> pygame.Surface:
        """The cached surface for `key`, drawn by `build()` the first time (and after it was dropped)."""
        found = self.get(key)
        if found is None:
            self.misses += 1
            found = self.put(key, build(), keep)
        return found

    def values(self) -> list[pygame.Surface]:
        return list(self._items.values())

    def clear(self) -> None:
        self._items.clear()
        self._kept.clear()
        self._keepers.clear()
        self.used = 0


def caches() -> list[SurfaceLRU]:
    """Every SurfaceLRU still in use, in no particular order."""
    return list(_REGISTRY)


def release_all() -> None:
    """Empty every cache a table filled (a table closed: the next screen draws other things); those
    made with `released_with_tables` off (art scaled for the menus) stay, bounded by their bytes."""
    for cache in list(_REGISTRY):
        if cache.released_with_tables:
            cache.clear()
