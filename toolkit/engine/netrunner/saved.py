"""A game saved as its seed, its decks and its decisions; loading replays them (the same state again).

A game saved to a file a person keeps (``dossier play netrunner --save``) holds nothing their side may not see in plain
text: the machine's decisions name the cards it installs face down (``install:hb_sentinel_frame#45@rnd``), the cards
of its hand it plays or keeps and its secret bids, so each is written sealed (:func:`sealed_decisions`:
``sealed:…``, as a tactics save seals the machine's: :func:`~toolkit.engine.tactics.session.seal`), and opened again
as the game is read (:func:`opened`, :func:`replay_game`). The seed stays as it is, as a tactics save keeps it: the
game is replayed from it (it rebuilds the deal, as the engine alone can; the person is not shown it while the game
goes on).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from toolkit.filekinds import NETRUNNER_GAME_FORMAT, card_prints
from toolkit.i18n import tr
from toolkit.i18n.words import N_
from toolkit.jsonio import atomic_write_text
from toolkit.models.deck import Deck

from ..core import EngineError
from ..tactics.session import SEALED, seal, unseal
from .game import NetrunnerGame

FORMAT = NETRUNNER_GAME_FORMAT  # (what tells a saved game from other files: toolkit.filekinds)
LANGS = ("en", "zh-Hans")  # the languages a game is played in (a saved game's ``lang``)


def game_record(game: NetrunnerGame, decks: Mapping[str, Deck], turns: int) -> dict[str, Any]:
    """The saved record of ``game``: its seed, format, turns, both decks, its decisions and the fingerprint of the
    cards of its decks (``cards``: :func:`toolkit.filekinds.card_prints`)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "seed": game.seed,
        "netrunner_format": game.format,
        "turns": turns,
        "decks": {side: deck.model_dump(mode="json", by_alias=True, exclude_none=True) for side, deck in decks.items()},
        "decisions": [d["label"] for d in game.decisions],
    }
    record["cards"] = card_prints(game.records, record["decks"])  # (a card changed since is told on loading)
    return record


class CardsChanged(EngineError):
    """A saved game (either game's) whose cards changed since it was saved
    (:func:`toolkit.filekinds.saved_changed_cards`): replayed, it would be another game, so it is refused naming them
    (``cards``: their ids) rather than its first decision that no longer fits being blamed on the rules."""

    def __init__(self, cards: list[str], option: str | None = None) -> None:
        from toolkit.filekinds import cards_changed_reason

        super().__init__(cards_changed_reason(cards, option))
        self.cards = cards


def check_cards(records: Any, data: Any) -> None:
    """:class:`CardsChanged` when the cards of the saved game ``data`` changed since it was saved; nothing for a game
    saved without their fingerprint (before there was one)."""
    from toolkit.filekinds import saved_changed_cards

    changed = saved_changed_cards(records, data)
    if changed:
        raise CardsChanged(changed)


def sealed_decisions(labels: list[str], seats: list[int], seed: int, kept: int) -> list[str]:
    """``labels`` (a game's decisions, each of the seat of ``seats`` at its place) as a person's saved file holds
    them: the decisions of every seat but ``kept`` (the person's) sealed (:func:`~toolkit.engine.tactics.session.seal`,
    at ``decision:N``, its place), the person's own as they are."""
    return [label if seat == kept else seal(label, seed, f"decision:{i}")
            for i, (label, seat) in enumerate(zip(labels, seats, strict=True))]  # fmt: skip


def opened(data: Any) -> Any:
    """A saved game with its sealed decisions opened (:func:`sealed_decisions`); anything else as it is (a decision
    that does not open stays sealed, to be refused as the label it is; a record without a whole-number seed is left
    for :func:`check_saved` to refuse)."""
    if not isinstance(data, dict) or not isinstance(data.get("decisions"), list):
        return data
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        return data
    labels = [unseal(x, seed, f"decision:{i}") if isinstance(x, str) and x.startswith(SEALED) else x
              for i, x in enumerate(data["decisions"])]  # fmt: skip
    return {**data, "decisions": labels}


def save_game(path: Path, game: NetrunnerGame, decks: Mapping[str, Deck], turns: int) -> None:
    atomic_write_text(path, json.dumps(game_record(game, decks, turns), ensure_ascii=False, indent=1) + "\n")


def played_by_people(data: dict[str, Any]) -> bool:
    """Whether the saved game ``data`` was played by two people (:attr:`~.game.NetrunnerGame.people`): its record
    says ``people``; one saved by the stop that brought games of two people says so by its three flags of then
    (``corp_always_asked`` and the others, always set together)."""
    return bool(data.get("people", data.get("corp_always_asked", False)))


def replay_game(records: Any, data: dict[str, Any], policies: Mapping[str, Any] | None = None) -> NetrunnerGame:
    """A new game from a saved record with its decisions queued (answered before any policy); sealed decisions
    (a person's saved file) are opened (:func:`opened`)."""
    data = opened(data)
    check_saved(data)
    decks = {}
    for side, deck in data["decks"].items():
        try:
            decks[side] = Deck.model_validate(deck)
        except ValidationError as exc:
            from toolkit.jsonio import loc_pointer
            from toolkit.model_errors import model_error

            first = exc.errors()[0]
            where = f"/decks/{side}" + loc_pointer(deck, first["loc"])
            raise EngineError(tr("{field}: {problem}", field=where, problem=model_error(first))) from None
    game = NetrunnerGame(
        records,
        seed=data["seed"],
        decks=decks,
        fmt=data.get("netrunner_format", "standard"),
        policies=dict(policies or {}),
    )
    game.people = played_by_people(data)  # a game of two people: its windows asked as they were played
    game.replay.extend(data["decisions"])
    return game


def _check_saved(data: dict[str, Any]) -> None:
    """An EngineError (in the current language) naming the first field of a saved game that is missing or of
    the wrong kind: ``seed`` a whole number, ``decks`` an object of both sides' decks, ``decisions`` a list of
    labels, ``netrunner_format`` (if given) a format id, ``side`` and ``resigned`` (if given: the side that
    resigned, ``dossier play``) corp or runner, ``opponent`` (if given) a string, ``lang`` (if given: the language
    it is played in) en or zh-Hans."""
    wanted = (
        ("seed", lambda v: isinstance(v, int) and not isinstance(v, bool), tr("expected a whole number")),
        ("decks", lambda v: isinstance(v, dict), tr("expected an object")),
        ("decisions", lambda v: isinstance(v, list), tr("expected a list")),
    )
    for key, fits, problem in wanted:
        if key not in data:
            raise EngineError(tr("{field}: {problem}", field=f"/{key}", problem=tr("a required field is missing")))
        if not fits(data[key]):
            raise EngineError(tr("{field}: {problem}", field=f"/{key}", problem=problem))
    for i, label in enumerate(data["decisions"]):
        if not isinstance(label, str):
            raise EngineError(tr("{field}: {problem}", field=f"/decisions/{i}", problem=tr("expected a string")))
    for side in data["decks"]:
        if side not in ("corp", "runner"):
            raise EngineError(
                tr("{field}: {problem}", field="/decks",
                   problem=tr("{key} is not a side: {first} or {second}", key=repr(side), first="corp",
                              second="runner"))
            )  # fmt: skip
    for side in ("corp", "runner"):  # a game is played by both decks: a save of one side's is no game
        if side not in data["decks"]:
            raise EngineError(tr("{field}: {problem}", field=f"/decks/{side}",
                                 problem=tr("a required field is missing")))  # fmt: skip
    if not isinstance(data.get("netrunner_format", "standard"), str):
        raise EngineError(tr("{field}: {problem}", field="/netrunner_format", problem=tr("expected a string")))
    for key in ("side", "resigned"):
        if key in data and data[key] not in ("corp", "runner"):
            raise EngineError(tr("{field}: {problem}", field=f"/{key}",
                                 problem=tr("{key} is not a side: {first} or {second}", key=repr(data[key]),
                                            first="corp", second="runner")))  # fmt: skip
    if "lang" in data and data["lang"] not in LANGS:
        raise EngineError(tr("{field}: {problem}", field="/lang",
                             problem=tr("{value}: choose one of {choices}", value=repr(data["lang"]),
                                        choices=tr(", ").join(LANGS))))  # fmt: skip
    if "opponent" in data and not isinstance(data["opponent"], str):
        raise EngineError(tr("{field}: {problem}", field="/opponent", problem=tr("expected a string")))


def check_saved(data: Any) -> None:
    """An EngineError (in the current language) naming what makes ``data`` no saved game to replay: not an object,
    another ``format``, or the first field that is missing or of the wrong kind (:func:`_check_saved`)."""
    if not isinstance(data, dict):
        raise EngineError(tr("{field}: {problem}", field="/", problem=tr("expected an object")))
    if data.get("format") != FORMAT:
        raise EngineError(
            tr(
                "not a saved netrunner game (format {format}, expected {expected})",
                format=repr(data.get("format")),
                expected=repr(FORMAT),
            )
        )
    _check_saved(data)


RESIGNED = N_("the {side} resigned")  # why a game a side resigned ended (``side``: its Term)


def end_resigned(game: NetrunnerGame, loser: str) -> None:
    """End ``game`` as the engine ends one: the side ``loser`` resigned, the other side wins, the reason ``the corp
    resigned`` (a phrase, worded where it is shown; its code ``resigned``), and the log's last entry says so; nothing
    for a game already over."""
    from ..phrase import Phrase, Term

    if game.winner is None:
        game.game_over("runner" if loser == "corp" else "corp", Phrase(RESIGNED, side=Term("side", loser)), "resigned")


def resigned_end(frames: list[dict[str, Any]], game: NetrunnerGame) -> None:
    """End the replay ``frames`` of a game a side resigned as the game ended (``game``: the game played on the same
    record and ended by the resignation, :func:`toolkit.web.routes.play_netrunner.resigned`; the frames, played again
    from the record alone, stop where the decisions run out): its last frame ends with the game-over entry (the other
    side wins, the side that resigned its reason) and shows the table as it ended. Nothing for a game that did not
    end so."""
    if game.winner is None or game.end_code != "resigned" or not frames:
        return
    last = frames[-1]
    if any(isinstance(e, dict) and e.get("event") == "game_over" for e in last.get("events") or []):
        return
    log: Any = game.log  # (the game's _Log)
    over = [e for e in log.every_seat(max(0, len(log) - 3)) if e.get("event") == "game_over"]
    last["events"] = [*(last.get("events") or []), *over[-1:]]
    last["state"] = game.view()
