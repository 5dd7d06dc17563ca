"""Dossier's cache directory: ``$XDG_CACHE_HOME/dossier`` (``~/.cache/dossier``).

What is kept there can always be made again (the user's font build, card images of the web app, the
analysed grammar of the ability language); deleting the directory costs only time.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path


def user_cache_dir(*parts: str, env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CACHE_HOME/dossier/<parts>``, else ``~/.cache/dossier/<parts>`` (a relative ``XDG_CACHE_HOME``
    is ignored, as the XDG specification says); not created here."""
    env = os.environ if env is None else env
    base = env.get("XDG_CACHE_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path(env.get("HOME") or Path.home()) / ".cache"
    return root.joinpath("dossier", *parts)
