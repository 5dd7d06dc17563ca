"""A deck file: the JSON format Dossier reads and writes (schema/deck.schema.json)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictInt, model_validator

from toolkit.i18n import current_lang, tr, word

from .common import GameId, Model, Names, NonEmptyText, Slug

# strict: a count written "2" or true is an error, not read as 2 or 1 (the schema says an integer)
Count = Annotated[StrictInt, Field(ge=1, le=99)]
OWNERS = {"agents": "tactics", "identity": "netrunner", "ban_list": "netrunner", "players": "crossfire"}
"""The fields of one game's decks, and that game."""


def _name_optional(schema: dict[str, Any]) -> None:
    """The deck file's schema: a file may leave out the deck's name (the model needs one: the deck readers give it
    the file's stem, as a text list without a name line gets)."""
    schema["required"] = [key for key in schema.get("required", []) if key != "name"]


class Deck(Model):
    """A deck (tactics, netrunner) or a role set (crossfire).

    ``cards`` counts command cards (tactics), cards (netrunner) or roles
    (crossfire) by id. The squad (tactics), identity (netrunner) and player
    count (crossfire) have their own fields.
    """

    model_config = {**Model.model_config, "json_schema_extra": _name_optional}

    schema_: str | None = Field(default=None, alias="$schema", description="Path of schema/deck.schema.json.")
    game: GameId
    mode: Slug = Field(description="Mode id (tactics, crossfire) or format id (netrunner).")
    name: NonEmptyText | Names = Field(
        description='The deck\'s name: a string, or a name in each language ({"zh-Hans": …, "en": …}), shown in the '
        "reader's language. A file without one is named after the file (its name without the extension)."
    )
    description: str | None = Field(default=None, max_length=20000, description="Notes, strategy, credits.")
    cards: dict[Slug, Count] = Field(default_factory=dict, description="Card (or role) id -> copies.")
    agents: list[Slug] | None = Field(default=None, description="tactics: the squad's agent ids.")
    identity: Slug | None = Field(default=None, description="netrunner: the identity's id.")
    ban_list: Slug | None = Field(
        default=None,
        description="netrunner: the ban list of the format the deck is checked under (an id of the format's "
        "ban_lists, or NetrunnerDB's code of it); none: the one in force.",
    )
    players: StrictInt | None = Field(default=None, ge=1, le=20, description="crossfire: the player count.")

    @model_validator(mode="after")
    def _fields_of_game(self) -> Deck:
        """Refuse the fields of other games' decks, all of them at once, each with its game's name."""
        foreign = [
            (field, game) for field, game in OWNERS.items() if getattr(self, field) is not None and self.game != game
        ]
        if not foreign:
            return self
        lang = current_lang()
        other = word("game", self.game, lang)
        if len(foreign) == 1:
            field, game = foreign[0]
            raise ValueError(tr("{field} is for {game} decks, not {other}", field=repr(field),
                                game=word("game", game, lang), other=other))  # fmt: skip
        # TRANSLATORS: a field of a deck file with the game whose decks have it: 'players' (crossfire)
        fields = tr(", ").join(tr("{field} ({game})", field=repr(f), game=word("game", g, lang)) for f, g in foreign)
        raise ValueError(tr("{fields} are for other games' decks, not {other}", fields=fields, other=other))

    def total(self) -> int:
        return sum(self.cards.values())

    def title(self, lang: str | None = None) -> str:
        """The deck's name in ``lang`` (default: the current language): a name given in one string is that
        string; one given in each language is the reader's, else the Chinese."""
        name = self.name
        if isinstance(name, str):
            return name
        return name.get(lang or current_lang()) or name.zh_hans
