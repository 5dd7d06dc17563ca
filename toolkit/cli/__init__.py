"""The ``dossier`` command line. Thin: parse arguments, call a function, print.

Every :class:`~toolkit.errors.DossierError` becomes one line on stderr and its
exit code; no traceback reaches a user for bad input.
"""

from __future__ import annotations

from .app import app, main

__all__ = ["app", "main"]
