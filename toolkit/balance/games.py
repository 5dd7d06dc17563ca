"""The games of a balance run: planned from (run seed, game index), played in batches, one plain result each.

:func:`plan_random` and :func:`plan_decks` turn a run's settings into :class:`GameSpec` s. Game ``2k``
and ``2k + 1`` are the same deal (the same decks on the same map) with the seats swapped, so every
deck, agent and card sits first as often as second; with ``N`` players (3 or 4, ``--players``), games
``N·k`` … ``N·k + N − 1`` are deal ``k`` with the seats turned one a game. A deal's decks are drawn from the seed derived
from (run seed, deal index) (:func:`derive`), a game's dice and choices from (run seed, game index):
the same run seed gives the same games, however they are spread over workers.

:func:`play_batch` plays a list of specs in this process and returns one :func:`play_one` result per
spec: a JSON-ready dict (ids only, no names; the report names them in its language). It is what a
Ray task runs (:mod:`toolkit.balance.runner`), and what the benchmark runs in one process.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import tr

PLAYERS = 2  # seats per game unless a run asks for more (a win scores 1, a draw each seat's fair share)
ROUNDS = 100  # rounds per game at most (a game still going then is a draw)


def deck_digest(deck: Any) -> str:
    """A digest of what a deck plays (game, mode, identity or squad, player count and cards; not its name, its
    description or its file's format), kept with a run (``meta["deck_digests"]``, by deck key) so that a comparison
    tells two runs of decks of the same file names but other cards apart."""
    agents = sorted(deck.agents) if getattr(deck, "agents", None) is not None else None
    content = [deck.game, deck.mode, getattr(deck, "identity", None), agents, getattr(deck, "players", None),
               sorted(deck.cards.items())]  # fmt: skip
    return hashlib.sha256(json.dumps(content, ensure_ascii=False).encode()).hexdigest()[:16]


def derive(*parts: object) -> int:
    """A 63-bit seed from the parts (the run seed, a label, an index): stable across processes and machines."""
    digest = hashlib.sha256(json.dumps([str(p) for p in parts]).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def card_set_hash(records: Iterable[Any], game: str = "tactics") -> str:
    """The SHA-256 of a game's records (each in canonical JSON, sorted by kind and id): names a card set."""
    rows = []
    for record in records:
        if getattr(record, "game", None) == game:
            data = record.model_dump(mode="json", by_alias=True, exclude_none=True)
            rows.append((record.kind, record.id, json.dumps(data, sort_keys=True, ensure_ascii=False)))
    digest = hashlib.sha256()
    for row in sorted(rows):
        digest.update("\x1f".join(row).encode())
        digest.update(b"\x1e")
    return digest.hexdigest()


@dataclass(frozen=True)
class GameSpec:
    """One game to play: ``decks`` are (squad, command card ids, deck key) per seat in seat order
    (:func:`plan_decks`), or None for random legal decks drawn from ``deal_seed`` (no agent on two sides, T24)."""

    index: int
    mode: str
    map: str
    seed: int
    deal_seed: int
    swapped: bool
    decider: str
    rounds: int
    decks: tuple[tuple[tuple[str, ...], tuple[str, ...], str], ...] | None = None
    players: int = PLAYERS
    rotation: int = 0  # with more than two players: the deal's decks turned this many seats (two: ``swapped``)


def maps_for(records: Iterable[Any], mode: str, players: int = PLAYERS) -> list[str]:
    """The ids of the maps made for ``mode`` that seat ``players`` (sorted)."""
    return sorted(
        r.id
        for r in records
        if getattr(r, "game", None) == "tactics"
        and r.kind == "map"
        and mode in r.modes
        and r.players.min <= players <= r.players.max
    )


def playable_modes(records: Iterable[Any], players: int = PLAYERS) -> list[str]:
    """The tactics modes a balance run can play: complete rules that allow ``players`` (team play only with
    an even count, :func:`toolkit.engine.tactics.base.player_counts`) and a map for them."""
    from toolkit.engine.tactics.base import player_counts

    records = list(records)
    return sorted(
        r.id
        for r in records
        if getattr(r, "game", None) == "tactics"
        and r.kind == "mode"
        and r.status != "incomplete"
        and players in player_counts(r)
        and maps_for(records, r.id, players)
    )


def check_modes(records: Sequence[Any], modes: Sequence[str], players: int = PLAYERS, pool: str = "",
                given: bool = True) -> list[str]:  # fmt: skip
    """The ids of ``modes``, each named by its id or its name in either language, any case (``Duel``, ``单挑``), as
    ``play --mode`` reads one (:meth:`toolkit.decks.names.NameIndex.mode_id`). Refuse (one line, exit 2) a mode a run
    cannot play with ``players`` seats (:func:`playable_modes`), naming the card pool (``pool``: which directories,
    chosen where) when the fault is the pool's: one with no tactics mode to play at all (with how to give a pool), one
    with none for ``players`` (``--players``), one without a mode of the defaults (``given`` False: no ``--modes``;
    which modes ``--modes`` can name). A mode ``--modes`` names that the pool cannot play: the modes it can (the
    mode as given)."""
    from toolkit.config import missing_pool
    from toolkit.decks.names import NameIndex
    from toolkit.i18n import current_lang, word
    from toolkit.models import namespace

    playable = playable_modes(records, players)
    where = tr(" ({name})", name=pool) if pool else ""
    game = word("game", "tactics", current_lang())
    if not playable:
        if not any(playable_modes(records, count) for count in range(2, 5)):  # no tactics mode at all: which pool?
            raise DossierError(tr("the card pool{pool} has no {game} mode to play (a mode's rules and a map for it); "
                                  "{hint}", pool=where, game=game, hint=missing_pool()))  # fmt: skip
        raise DossierError(tr("{option} {n}: the card pool{pool} has no {game} mode that {n} players can play (its "
                              "rules and a map for them)", option="--players", n=players, pool=where,
                              game=game))  # fmt: skip
    if not modes:
        raise ValueError("no mode to play")  # (the command line always names one: its default ones)
    index = NameIndex(r for r in records if namespace(r.kind) == "mode")  # (the modes only: a name is looked up)
    ids = []
    for mode in modes:
        found = index.mode_id(mode.strip(), "tactics") or mode
        if found in playable:
            ids.append(found)
            continue
        if not given:
            raise DossierError(tr("the card pool{pool} has no {game} mode {mode} that {n} players can play; name the "
                                  "modes to play with {option}, among {choices}", pool=where, game=game, mode=mode,
                                  n=players, option="--modes", choices=tr(", ").join(playable)))  # fmt: skip
        from toolkit.decks.formats import mode_choices

        raise DossierError(  # (in Chinese each with its name: duel（单挑）、duo（双雄）, as `deck validate` lists them)
            tr("{option} {value}: choose among {choices} (with {n} players)", option="--modes", value=repr(mode),
               choices=mode_choices(r for r in records if r.kind == "mode" and r.game == "tactics" and r.id in playable),
               n=players)
        )  # fmt: skip
    return ids


def whole_games(games: int, players: int = PLAYERS) -> int:
    """``games`` rounded up to whole deals of ``players`` games (a deal is played once per seat: :func:`plan_random`,
    :func:`plan_decks`), so that every deck sits in every seat as often as in the others: ``--games 3`` with two
    players would play game 2 without its seat-swapped twin. The command line plays the count this gives, and says
    so when it is not the count asked."""
    if games < 1 or players < 1:
        raise ValueError(f"no whole deals of {players} in {games} games")
    return players * -(-games // players)


def _turned(seats: Sequence[Any], rotation: int, players: int) -> list[Any]:
    """The seats of a deal for its game ``rotation`` (0 … players − 1): two players swap, more turn by one seat
    a game, so every deck sits in every seat once per deal."""
    if players == 2:
        return list(reversed(seats)) if rotation % 2 else list(seats)
    return [*seats[rotation:], *seats[:rotation]]


def plan_random(
    records: Sequence[Any], games: int, modes: Sequence[str], seed: int, decider: str, rounds: int = ROUNDS,
    players: int = PLAYERS,
) -> list[GameSpec]:  # fmt: skip
    """``games`` games of random legal decks for ``players`` seats: deal ``k`` is played as games ``N·k`` …
    ``N·k + N − 1`` (``N`` players; the seats turned one a game: swapped with two), its mode
    ``modes[k % len(modes)]``, its map the next of the mode's maps for ``N`` players in turn."""
    check_modes(records, modes, players)
    maps = {mode: maps_for(records, mode, players) for mode in modes}
    specs = []
    for index in range(games):
        deal, rotation = divmod(index, players)
        mode = modes[deal % len(modes)]
        board = maps[mode][(deal // len(modes)) % len(maps[mode])]
        specs.append(
            GameSpec(index, mode, board, derive(seed, "game", index), derive(seed, "deal", deal), rotation != 0,
                     decider, rounds, None, players, rotation)
        )  # fmt: skip
    return specs


def plan_decks(
    records: Sequence[Any], decks: Sequence[Any] | Mapping[str, Any], games: int, seed: int, decider: str,
    rounds: int = ROUNDS, players: int = PLAYERS,
) -> list[GameSpec]:  # fmt: skip
    """``games`` games of the given decks (:class:`toolkit.models.deck.Deck`, legal), round-robin: every group
    of ``players`` decks of the same mode in turn (every pair, with two), each group's deal played once per
    seat, the seats turned one a game (swapped, with two).

    ``decks`` maps each deck's key to the deck (its file's name without the suffix, as ``balance netrunner`` keys
    its decks), in the order to play them; a plain list of decks is keyed by its place, ``"1"``, ``"2"``… A game
    keeps the key, never the deck's name: the name is in the reader's language, the games are the same in any. A deck
    with no other ``players − 1`` decks of its mode is in no group: it is not played (:func:`unplayed_decks`)."""
    from itertools import combinations

    keyed = list(decks.items()) if isinstance(decks, Mapping) else [(str(i), d) for i, d in enumerate(decks, 1)]
    _check_deck_modes(records, keyed, players)
    groups = [group for group in combinations(keyed, players) if len({d.mode for _key, d in group}) == 1]
    if not groups:
        raise DossierError(tr("{option}: no {n} decks of the same mode to play against each other", option="--decks",
                              n=players))  # fmt: skip
    specs = []
    for index in range(games):
        deal, rotation = divmod(index, players)
        group = groups[deal % len(groups)]
        mode = group[0][1].mode
        board_ids = maps_for(records, mode, players)
        if not board_ids:
            raise DossierError(tr("no tactics map is made for {mode} with {n} players ({directory})",
                                  mode=mode, n=players, directory="cards/tactics/maps/"))  # fmt: skip
        board = board_ids[(deal // len(groups)) % len(board_ids)]
        seats = _turned([_seat(key, deck) for key, deck in group], rotation, players)
        specs.append(
            GameSpec(index, mode, board, derive(seed, "game", index), derive(seed, "deal", deal),
                     rotation != 0, decider, rounds, tuple(seats), players, rotation)
        )  # fmt: skip
    return specs


def _check_deck_modes(records: Sequence[Any], keyed: Sequence[tuple[str, Any]], players: int) -> None:
    """Refuse (one line, exit 2), before any game, given decks of a mode ``players`` seats cannot play (its rules,
    or no map for them: :func:`playable_modes`), as ``--modes`` naming such a mode is refused: played, every game of
    theirs would end in an engine error. The line names the modes and their decks, and the modes to choose."""
    playable = playable_modes(records, players)
    refused: dict[str, list[str]] = {}
    for key, deck in keyed:
        if deck.mode not in playable:
            refused.setdefault(deck.mode, []).append(key)
    if not refused:
        return
    if not playable:  # no mode at all for so many players: the pool's fault, said as --modes would be
        check_modes(records, sorted(refused), players)
    from toolkit.decks.formats import mode_choices
    from toolkit.i18n import current_lang, name_of

    named = {r.id: name_of(r, current_lang()) for r in records if getattr(r, "game", None) == "tactics"
             and r.kind == "mode"}  # fmt: skip
    decks = tr(", ").join(tr("{deck} ({mode})", deck=key, mode=named.get(mode, mode))
                          for mode, keys in sorted(refused.items()) for key in sorted(keys))  # fmt: skip
    raise DossierError(tr("{option} {n}: {n} players cannot play the modes of these decks: {decks}; choose the decks "
                          "to play with {modes}, among {choices}", option="--players", n=players, decks=decks,
                          modes="--modes", choices=mode_choices(r for r in records if getattr(r, "game", None) ==
                                                                "tactics" and r.kind == "mode" and r.id in playable)))  # fmt: skip


def unplayed_decks(decks: Sequence[Any] | Mapping[str, Any], players: int = PLAYERS) -> dict[str, str]:
    """The decks :func:`plan_decks` leaves out, key → mode (keyed as it keys them): those of a mode with fewer than
    ``players`` decks (with two players, no other deck of its mode), which no group of the same mode holds. The
    command names them (one line), and the report too: they are not played, not dropped in silence."""
    keyed = list(decks.items()) if isinstance(decks, Mapping) else [(str(i), d) for i, d in enumerate(decks, 1)]
    per_mode: dict[str, int] = {}
    for _key, deck in keyed:
        per_mode[deck.mode] = per_mode.get(deck.mode, 0) + 1
    return {key: deck.mode for key, deck in keyed if per_mode[deck.mode] < players}


def _seat(key: str, deck: Any) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """A seat's (squad, cards, deck key): the key, not the deck's name, which is worded in the current language."""
    from toolkit.decks.random_deck import deck_card_ids

    return tuple(deck.agents or ()), tuple(deck_card_ids(deck)), key


def deal(records: Sequence[Any], spec: GameSpec) -> list[tuple[tuple[str, ...], tuple[str, ...], str]]:
    """The (squad, cards, deck key) of each seat of the game (the key ``""``: a random deck)."""
    if spec.decks is not None:
        return list(spec.decks)
    from toolkit.decks.random_deck import deck_card_ids, random_legal_decks

    decks = random_legal_decks(records, spec.mode, random.Random(spec.deal_seed), spec.players)
    seats = [(tuple(d.agents or ()), tuple(deck_card_ids(d)), "") for d in decks]
    return _turned(seats, spec.rotation if spec.players != 2 else int(spec.swapped), spec.players)


def play_one(records: Sequence[Any], spec: GameSpec) -> dict[str, Any]:
    """Play one game; its result: mode, map, seed, winners (seats), how it ended, rounds, and each side's squad,
    deck (its key, :func:`plan_decks`; ``""``: a random deck) and the cards it played. An engine error is kept as
    the result's ``error`` (the game then counts for nothing) rather than stopping the run: in English (the code's
    language, :func:`_english`), so that ``games.jsonl`` is the same in every language, and as the run's language
    words it in ``error_words``, which the summary and ``report.html`` show and ``games.jsonl`` leaves out."""
    start = time.perf_counter()
    result: dict[str, Any] = {"index": spec.index, "mode": spec.mode, "map": spec.map, "seed": spec.seed}
    try:
        seats = deal(records, spec)
        result["sides"] = [
            {"seat": seat, "agents": list(squad), "cards": sorted(set(cards)), "deck": key}
            for seat, (squad, cards, key) in enumerate(seats, 1)
        ]
        game = _simulate(records, spec, seats)
    except Exception as exc:  # noqa: BLE001 - one game's engine error is a figure of the run, not its end
        words = f"{type(exc).__name__}: {exc}"
        result.update(winners=[], reason="error", rounds=0, error=_english(records, spec, words), error_words=words)
        result["seconds"] = time.perf_counter() - start
        return result
    played: dict[int, set[str]] = {}
    for event in game.log:
        if event.kind in ("play", "respond") and event.player and "record" in event.data:
            played.setdefault(event.player, set()).add(str(event.data["record"]))
    for side in result["sides"]:
        side["played"] = sorted(played.get(side["seat"], ()))
    outcome = game.result()
    result.update(winners=sorted(outcome["winners"]), reason=str(outcome["reason"]), rounds=int(outcome["rounds"]))
    # a seat's fair share of a game: one side's (a team of two in 4-player 双雄, one seat in 混战), what each seat
    # scores in a draw and what an average seat scores (:mod:`toolkit.balance.figures`)
    result["share"] = round(1 / len({game.team_of(seat) for seat in range(1, len(seats) + 1)}), 6)
    result["seconds"] = time.perf_counter() - start
    return result


def _simulate(records: Sequence[Any], spec: GameSpec, seats: Sequence[tuple[tuple[str, ...], tuple[str, ...], str]]) -> Any:
    from toolkit.engine.simulate import simulate_tactics

    return simulate_tactics(records, spec.mode, [s[0] for s in seats], [s[1] for s in seats], spec.rounds, spec.seed,
                            spec.decider, board=spec.map)  # fmt: skip


def _english(records: Sequence[Any], spec: GameSpec, words: str) -> str:
    """A game's engine error (``words``: as the current language worded it) in English: the game played again in
    English, which ends in the same error (the same seed, the same choices); ``words`` when the language is English,
    or when the game played again does not end so."""
    from toolkit.i18n import SOURCE_LANG, current_lang, pseudo_active, use_lang

    if current_lang() == SOURCE_LANG and not pseudo_active():
        return words
    with use_lang(SOURCE_LANG):
        try:
            _simulate(records, spec, deal(records, spec))
        except Exception as exc:  # noqa: BLE001 - the error this game ended in, worded in English
            return f"{type(exc).__name__}: {exc}"
    return words


def play_batch(records: Sequence[Any], specs: Sequence[GameSpec]) -> list[dict[str, Any]]:
    """Play the specs one after the other in this process (what one Ray task does)."""
    return [play_one(records, spec) for spec in specs]
