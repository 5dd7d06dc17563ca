"""Running ``dossier`` on a pseudo-terminal and typing keys into it, for the tests of what a person at the keyboard
sees (the draft, the balance lab's interruptions)."""

from __future__ import annotations

import contextlib
import os
import select
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import ROOT

# the command's first step on its terminal: become the terminal's session (so that Ctrl-C typed there interrupts it),
# then run dossier; run through subprocess, never a fork of the test's own process (a worker with a Ray session's
# threads could hang in the forked child before it ran anything)
_ON_THE_TERMINAL = ("import os, sys; os.close(os.open(os.ttyname(0), os.O_RDWR)); "
                    "os.execv(sys.executable, [sys.executable, '-m', 'toolkit.cli', *sys.argv[1:]])")


def at_keyboard(args: list[str], keys: list[str], stdout: Path | None = None) -> tuple[str, int]:
    """``dossier ARGS`` on a terminal, typing ``keys`` one after the other: what the terminal showed and the exit
    status; with ``stdout``, standard output goes to that file instead (``dossier … > out.json``)."""
    import pty

    fd, terminal = pty.openpty()
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(stdout.open("wb")) if stdout is not None else terminal
        process = subprocess.Popen([sys.executable, "-c", _ON_THE_TERMINAL, *args], stdin=terminal, stdout=out,
                                   stderr=terminal, cwd=ROOT, start_new_session=True)  # fmt: skip
    os.close(terminal)
    seen = b""

    def drain(seconds: float) -> None:
        nonlocal seen
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    return
                if not data:
                    return
                seen += data

    try:
        drain(6)
        for key in keys:
            os.write(fd, key.encode())
            drain(1.5)
        code = process.wait()
        drain(0.5)
    finally:
        os.close(fd)
    return seen.decode("utf-8", "replace"), code
