"""Decks: reading and writing deck files, statistics, odds, the draft.

Rule checks live in :mod:`validators.deck`; this package turns files into
:class:`~toolkit.models.deck.Deck` records and back.
"""

from .formats import NETRUNNER_ONLY, READ_FORMATS, WRITE_FORMATS, LoadedDeck, detect_format, read_deck, render_deck
from .names import NameIndex, name_language, normalize

__all__ = [
    "NETRUNNER_ONLY",
    "READ_FORMATS",
    "WRITE_FORMATS",
    "LoadedDeck",
    "NameIndex",
    "detect_format",
    "name_language",
    "normalize",
    "read_deck",
    "render_deck",
]
