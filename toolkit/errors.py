"""The one exception root for everything a user can get wrong.

The CLI catches :class:`DossierError` and prints its one-line message; anything
else that escapes is a bug in Dossier, not in the user's input.
"""

from __future__ import annotations


class DossierError(Exception):
    """Bad input or an I/O problem, described in one line for the user.

    ``exit_code`` is 2 for usage and I/O errors (unreadable files, missing
    directories, bad options) and 1 for input that was read but is invalid.
    """

    def __init__(self, message: str, *, exit_code: int = 2) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code

    def __str__(self) -> str:
        return self.message
