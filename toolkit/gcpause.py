"""Pausing Python's cyclic garbage collector over a batch of work that builds many long-lived objects.

Loading ten thousand records makes millions of objects that all live to the end of the run; each
full collection the allocations set off walks every one of them again, and in a lint of a large
pool those walks were a quarter of the time. Reference counting still frees everything that is not
in a cycle, so memory does not grow while the collector waits; the cycles made meanwhile (few:
exceptions caught with their tracebacks) are collected when the batch ends.

In a process forked during the pause (lint's workers) the collector stays off as well, which also
spares the pages shared with the parent from being copied by a collection touching every object.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def gc_paused(*, freeze: bool = False) -> Iterator[None]:
    """The collector off for the ``with`` block, then back as it was (nested blocks are fine).

    With ``freeze``, for a process that ends soon after the block (a command), what exists when it
    ends is moved out of the collector's sight (:func:`gc.freeze`): the first collection after the
    block would otherwise walk every object the batch made, once more, for nothing.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if was_enabled:
            gc.enable()
