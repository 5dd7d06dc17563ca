"""The ``dossier`` command line. Thin: parse arguments, call a function, print.

Every :class:`~toolkit.errors.DossierError` becomes one line on stderr and its
exit code; no traceback reaches a user for bad input.

Help pages are in the user's language too: the help texts are English messages in the
command definitions, put in the language of the command line (``--lang``, ``DOSSIER_LANG``,
the settings files) when a run begins, before anything is parsed
(:meth:`toolkit.cli.app.DossierGroup.main`, :mod:`toolkit.cli._help`): not at import, so a
process that runs several commands shows each in its own language.
"""

from __future__ import annotations

from .app import app, main

__all__ = ["app", "main"]
