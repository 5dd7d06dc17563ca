"""Whether this process may fork a helper process (lint's workers, the database build's English, the lint cache's
writer).

A forked child holds only the thread that forked it, with every lock as it was at that moment: a lock another
thread held then (a stream's, an allocator's, a library's) is held for ever in the child, which waits on it at its
first use. A command run from the shell has one thread and forks freely; a process with other threads (the web
server's, a test runner's worker with its messaging thread) does the same work in one process instead: slower,
never stuck.
"""

from __future__ import annotations

import os
import threading


def may_fork() -> bool:
    """Whether forking is both possible here and safe: the system forks and no other thread runs."""
    return hasattr(os, "fork") and threads() == 1


def threads() -> int:
    """How many threads this process runs: the system's count where it tells it (a thread started outside
    :mod:`threading`, as a library's messaging thread is, counts too), else Python's."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()
