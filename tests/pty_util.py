"""Running ``dossier`` on a pseudo-terminal and typing keys into it, for the tests of what a person at the keyboard
sees (the draft, the balance lab's interruptions)."""

from __future__ import annotations

import os
import select
import sys
import time
from pathlib import Path

from tests.conftest import ROOT


def at_keyboard(args: list[str], keys: list[str], stdout: Path | None = None) -> tuple[str, int]:
    """``dossier ARGS`` on a terminal, typing ``keys`` one after the other: what the terminal showed and the exit
    status; with ``stdout``, standard output goes to that file instead (``dossier … > out.json``)."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: the command on the terminal
        os.chdir(ROOT)
        if stdout is not None:
            out_fd = os.open(stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(out_fd, 1)
        os.execv(sys.executable, [sys.executable, "-m", "toolkit.cli", *args])
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

    drain(6)
    for key in keys:
        os.write(fd, key.encode())
        drain(1.5)
    _, status = os.waitpid(pid, 0)
    drain(0.5)
    return seen.decode("utf-8", "replace"), os.waitstatus_to_exitcode(status)
