"""What a piece of work leaves in reference cycles (objects only the cyclic garbage collector would free)."""
from __future__ import annotations

import gc
from typing import Any, Callable


def cyclic_garbage(work: Callable[[], Any]) -> tuple[Any, list[str]]:
    """`work()`'s result, and the type names of the objects it left in reference cycles."""
    gc.collect()
    was = gc.get_debug()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept in gc.garbage instead of freed
    try:
        result = work()
        gc.collect()
        return result, [type(o).__name__ for o in gc.garbage]
    finally:
        gc.set_debug(was)
        gc.garbage.clear()
