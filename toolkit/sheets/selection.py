"""Which records a print run draws: the cards of a deck, each as often as it appears.

One function for `dossier print --deck` and the web's print page (``dossier serve``), so a deck
prints the same cards either way: its identity, its squad's agents, then its cards (crossfire:
roles) with their counts.
"""

from __future__ import annotations

from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import tr

MAX_PRINT_CARDS = 5000
"""The most cards one print run draws (a deck has tens; a whole game a few hundred)."""


def deck_records(deck: Any, lookup: Any, where: str | None = None) -> list[Any]:
    """The records ``deck`` prints, in order and with repeats; ``lookup.get(game, id, kind)`` finds them.

    A record the pool lacks, or a deck without cards, is a one-line :class:`DossierError` naming ``where``.
    """
    records: list[Any] = []
    where = where or tr("the deck")

    def need(record_id: str, kind: str) -> Any:
        record = lookup.get(deck.game, record_id, kind)
        if record is None:
            raise DossierError(
                tr("{where}: {id} is no {game} {kind}", where=where, id=repr(record_id), game=deck.game, kind=kind),
                exit_code=1,
            )
        return record

    if deck.identity is not None:
        records.append(need(deck.identity, "identity"))
    for agent in deck.agents or []:
        records.append(need(agent, "agent"))
    kind = "role" if deck.game == "crossfire" else "card"
    total = sum(int(n) for n in deck.cards.values())
    if total > MAX_PRINT_CARDS:
        raise DossierError(
            tr("{where}: {n} cards; a print run draws at most {most}", where=where, n=total, most=MAX_PRINT_CARDS),
            exit_code=1,
        )
    for card_id, count in deck.cards.items():
        records.extend([need(card_id, kind)] * count)
    if not records:
        raise DossierError(tr("{where}: the deck has no cards", where=where), exit_code=1)
    return records


PRINT_MODE = "print"
"""The mode of a deck that only says what to print (an imported sheet's quantity column): no game's rules."""


def print_default_modes(rules: Any) -> dict[str, str]:
    """The mode a deck that names none is read in to be printed (``print --deck`` and the web's Print page), by
    game, for ``rules`` (a :class:`validators.deck.DeckPool`): a netrunner list that names no format is standard,
    as `deck validate`, `simulate` and `play` read it; a list of another game that names no mode prints all the
    same (its mode's rules do not change the cards)."""
    return {game: PRINT_MODE for game in rules.games} | rules.default_modes()


def copies_deck(game: str, name: str, counts: dict[str, int]) -> dict[str, Any]:
    """A deck file (schema/deck.schema.json) that prints each card (crossfire: role) of ``counts`` that many
    times through :func:`deck_records` (``dossier print --deck``); a count of 0 leaves the card out."""
    return {
        "cards": {card_id: n for card_id, n in counts.items() if n > 0},
        "game": game,
        "mode": PRINT_MODE,
        "name": name,
    }


__all__ = ["MAX_PRINT_CARDS", "PRINT_MODE", "copies_deck", "deck_records"]
