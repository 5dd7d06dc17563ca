"""Board geometry of the tactics game: a map's cells, distances, vision, sight, cover and moves.

A room of its own under the engine (DESIGN.md, "The board"): it imports only
:mod:`toolkit.models` and knows nothing of cards, units or players. The API is
the contract in ``board_api.md``; see :mod:`toolkit.board.geometry`.
"""

from .geometry import FACINGS, LEGEND, TERRAINS, Board, Cell, MapError, parse_cell

__all__ = ["FACINGS", "LEGEND", "TERRAINS", "Board", "Cell", "MapError", "parse_cell"]
