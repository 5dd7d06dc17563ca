"""Play tactics against the machine in the browser: ``/play`` starts a game, ``/play/{id}`` is the game's private page.

The game is a :class:`toolkit.engine.tactics.session.TacticsSession`: its set-up and the labels of its decisions,
kept in a file (:mod:`toolkit.web.play_games`) and replayed on every request (a game is its decisions; the engine
keeps nothing between requests). The page shows what the player's seat may see and nothing else
(:func:`toolkit.engine.tactics.session.view`): the map with the enemy's face-down units as ``?``, the player's hand,
the log worded in the page's language, and the pending decision as a list of buttons (a form post each, so the
page works without JavaScript and from the keyboard). ``/play/{id}/undo`` replays all but the player's last
decision, while nothing was revealed since (:meth:`~toolkit.engine.tactics.session.TacticsSession.undo`);
``/play/{id}/resign`` asks "Resign this game?" and its form's post ends the game. ``/api/play/{id}`` is the same
view as JSON. The seed stays out of every seat's page and answer until the game is over (it rebuilds the deal). In a
game of two devices, a seat's link opens in the first browser that opens it only.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from markupsafe import Markup

from toolkit.cli._options import DRAWN_SEED_BITS
from toolkit.errors import DossierError
from toolkit.i18n import t, t_beside, tc
from toolkit.web.app import Web
from toolkit.web.security import require_write
from toolkit.web.templating import render, request_lang

router = APIRouter(tags=["play"], include_in_schema=False)
api_router = APIRouter(tags=["api"])  # /api/play/ID: the JSON API, documented at /docs with the rest of it

OPPONENTS = ("search:1", "search:2", "heuristic", "brawler", "random")  # the machine's players, the strongest first
PERSON = "person"  # the other seat is a person too, on a private link of their own, on a device of their own
HOTSEAT = "hotseat"  # the other seat is a person taking turns on this device: both links open here
SEAT_COOKIE = "pl_seat_"  # + a digest of the game's id: which seat of a game of two devices this browser plays
# (its value a secret of the browser's; the game's file keeps a digest of it by seat, "claims": the browser that first
# opens a seat's link plays that seat, and no other browser opens it)
KEPT = ("links", "creator", "resigned_by", "devices", "moves_from", "claims")  # a game's file besides the session's
PRIVATE = {"Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex, nofollow"}
MAX_LABEL = 200  # a decision's label, at most (the games' longest are under 50 characters)
SEED_DIGITS = 4300  # a seed's digits, at most: as the CLI's --seed, any whole number from 0 that Python reads
SEED_BITS = DRAWN_SEED_BITS  # a seed the server draws for a game (the form's seed left empty): as many bits
SHOWN = 40  # a value a refusal echoes, at most (characters; longer ones are cut, with an ellipsis)
_DECK_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,80}")  # a saved deck's id (toolkit.web.saved)


def echoed(value: Any) -> str:
    """A value a person sent, as a refusal echoes it: quoted, cut to :data:`SHOWN` characters with an ellipsis."""
    text = str(value)
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "…")


def _records(web: Any) -> list[Any]:
    return web.memo("play-records", lambda: [r for r in web.catalog.records if getattr(r, "game", None) == "tactics"])


def _store(web: Any) -> Any:
    from toolkit.web.play_games import PlayGames

    return PlayGames(web.settings.data_path)


def _modes(web: Any) -> list[str]:
    from toolkit.balance.games import playable_modes

    return web.memo("play-modes", lambda: playable_modes(_records(web), 2))


def _decks(web: Any, lang: str) -> list[dict[str, Any]]:
    """The saved tactics decks the form lists, each with its ``problem``: None for a deck the form may start a game
    with, else why :func:`saved_deck` refuses it (its first error, in ``lang``): the menu shows it disabled, saying
    so."""
    from toolkit.web.saved import SavedDecks

    found = [d for d in SavedDecks(web.settings.data_path).list() if d["game"] == "tactics"]
    for deck in found:
        try:
            saved_deck(web, deck["id"], lang)
            deck["problem"] = None
        except DossierError as exc:
            deck["problem"] = getattr(exc, "problem", None) or exc.message
    return sorted(found, key=lambda d: (d["mode"], d["name"]))


def _problem(request: Request, status: int, message: str, game_id: str | None = None,
             icons: bool = False) -> HTMLResponse:  # fmt: skip
    """The page of a refusal: one line; with ``game_id``, a way back to that game's page (its current question);
    with ``icons``, ``message`` is markup with the symbols of card text (``[click]``, ``[credit]``, …) drawn as the
    game's page draws them and whatever the person sent escaped (:func:`_not_an_option`; its `backquoted` parts
    are then words as any other); else it is text, escaped whole."""
    # a refused move (a form post of the game's page): the language switch goes to the game's page, which asks the
    # question again in the other language (posting the refused move again would echo it whole)
    switch_to = str(request.url_for("play_game", game_id=game_id)) if game_id and request.method == "POST" else None
    response = render(request, "play/error.html", status_code=status, message=message, game_id=game_id, icons=icons,
                      switch_to=switch_to)  # fmt: skip
    if game_id is not None:
        response.headers.update(PRIVATE)
    return response


def parse_seed(text: str, lang: str) -> int:
    """The seed the form gives, a whole number from 0 up as the CLI's ``--seed`` takes (Python's random seeds with
    any whole number; at most :data:`SEED_DIGITS` digits, as Python reads a number), kept as given; else
    DossierError. Empty: one the server draws, :data:`SEED_BITS` bits from :mod:`secrets`: the seed rebuilds the
    deal, and what a seat sees (its own hand, the aliases of the units hidden from it) is a function of it, so a seed
    from a small range would be found by trying them all (a million take seconds); 2^63 of them would take
    centuries even at a billion a second. A seed a person types is theirs to choose (a small one can be found so:
    the docs say it)."""
    text = text.strip()
    if not text:
        return secrets.randbits(SEED_BITS)
    field = tc(lang, "log field", "seed")  # the form's field, in the page's language (the word the log says)
    if re.fullmatch(r"-?[0-9]+", text) is None:
        raise DossierError(t(lang, "{option} {value}: give a whole number", option=field, value=echoed(text)))
    if text.startswith("-"):
        raise DossierError(t(lang, "{option} {value}: a seed is a whole number from 0 up", option=field,
                             value=echoed(text)))  # fmt: skip
    if len(text) > SEED_DIGITS:
        raise DossierError(t(lang, "{option} {value}: a seed has at most {n} digits", option=field,
                             value=echoed(text), n=SEED_DIGITS))  # fmt: skip
    return int(text)


def _mode_names(web: Any, lang: str) -> dict[str, str]:
    """Each tactics mode's name in ``lang``, by id."""
    from toolkit.i18n import name_of

    return {r.id: name_of(r, lang) for r in _records(web) if r.kind == "mode"}


@router.get("/play", response_class=HTMLResponse, name="play_index")
def play_index(request: Request, web: Web) -> HTMLResponse:
    """The form that starts a game: the mode, your deck (a saved one or a random legal one), the machine's player,
    your seat."""
    from toolkit.i18n import name_of

    lang = request_lang(request)
    by_id = {r.id: r for r in _records(web) if r.kind == "mode"}
    modes = [(m, name_of(by_id[m], lang) if m in by_id else m) for m in _modes(web)]
    from toolkit.web.routes import play_netrunner

    opponents = [(o, _opponent_words(o, lang)) for o in OPPONENTS]
    return render(request, "play/index.html", modes=modes, decks=_decks(web, lang), opponents=opponents,
                  netrunner=play_netrunner.choices(web, lang), machine_words=_netrunner_words,
                  mode_names=_mode_names(web, lang), examples=_example_decks(web, lang),
                  maps=_maps(web, lang))  # fmt: skip


def _maps(web: Any, lang: str) -> list[dict[str, Any]]:
    """The maps a game of two may be played on: each one's id, name in ``lang`` and the modes it is made for (of
    those the form offers: the maps of a mode that seat two players, as the engine's default map is chosen)."""
    from toolkit.balance.games import maps_for
    from toolkit.i18n import name_of

    records = _records(web)
    by_id = {r.id: r for r in records if r.kind == "map"}
    found: dict[str, list[str]] = {}
    for mode in _modes(web):
        for map_id in maps_for(records, mode, 2):
            found.setdefault(map_id, []).append(mode)
    return [{"id": m, "name": name_of(by_id[m], lang), "modes": modes} for m, modes in sorted(found.items())]


def _example_files() -> list[Any]:
    """The bundled example decks of tactics (``examples/decks/tactics/``), by file name."""
    from toolkit.paths import EXAMPLES_DIR

    folder = EXAMPLES_DIR / "decks" / "tactics"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*") if p.is_file() and p.suffix in (".json", ".txt"))


def _example_decks(web: Any, lang: str) -> list[dict[str, Any]]:
    """The bundled example decks the form offers (``example:`` and the file's stem): those this card pool reads as
    legal tactics decks of a playable mode, each once (a deck written in two formats: the first file), with its
    name in ``lang`` and its mode."""

    def read() -> list[dict[str, Any]]:
        found, seen = [], set()
        for path in _example_files():
            try:
                deck = _read_example(web, path, lang)
            except DossierError:
                continue
            key = (deck.mode, tuple(deck.agents or []), tuple(sorted((deck.cards or {}).items())))
            if key in seen or deck.mode not in _modes(web):
                continue
            seen.add(key)
            found.append({"id": f"example:{path.stem}", "name": _deck_name(deck, lang, path.stem), "mode": deck.mode})
        return sorted(found, key=lambda d: (d["mode"], d["name"]))

    return list(web.memo(f"play-examples:{lang}", read))


def _deck_name(deck: Any, lang: str, fallback: str) -> str:
    names = getattr(deck, "name", None)
    if isinstance(names, str):
        return names
    if names is None:
        return fallback
    from toolkit.i18n import chinese

    return str((names.zh_hans if chinese(lang) else names.en) or names.zh_hans or names.en or fallback)


def _read_example(web: Any, path: Any, lang: str) -> Any:
    """The bundled example deck of ``path``, legal in this card pool (else DossierError naming it)."""
    from toolkit.web import deckwork

    pool = web.deck_pool
    name = echoed(path.stem)
    try:
        loaded = deckwork.read_text(pool, path.read_text(encoding="utf-8"), filename=path.name)
    except (OSError, UnicodeError):
        raise DossierError(t(lang, "no example deck {id}", id=name)) from None
    verdict = deckwork.validate(pool, loaded, lang=lang)
    if verdict.deck is None or verdict.deck.game != "tactics":
        raise DossierError(t(lang, "no example deck {id}", id=name))
    if not verdict.legal:
        first = next(f for f in verdict.findings if f.severity == "error")
        raise DossierError(t(lang, "example deck {id} is not legal with these cards: {problem}", id=name,
                             problem=first.message))  # fmt: skip
    return verdict.deck


def example_deck(web: Any, choice: str, lang: str) -> Any:
    """The bundled example deck the form's ``example:STEM`` names (DossierError when there is none, or it is not
    legal with this card pool)."""
    stem = choice.removeprefix("example:")
    path = next((p for p in _example_files() if p.stem == stem), None)
    if path is None:
        raise DossierError(t(lang, "no example deck {id}", id=echoed(stem)))
    return _read_example(web, path, lang)


def _opponent_words(kind: str, lang: str) -> str:
    """The machine's tactics player as the form offers it: what it is, in the page's language."""
    if kind.startswith("search:"):
        return t(lang, "search: looks ahead, at most {seconds} s a choice", seconds=kind.split(":", 1)[1])
    words = {
        "heuristic": t(lang, "heuristic: weighs cover, flanks and the cost of each attack"),
        "brawler": t(lang, "brawler: attacks whatever it reaches"),
        "random": t(lang, "random: any legal choice"),
    }
    return words.get(kind, kind)


def _netrunner_words(kind: str, lang: str) -> str:
    """The machine's Netrunner player as the form offers it."""
    if kind == "heuristic":
        return t(lang, "heuristic: ices its servers and scores behind them, or builds a rig and runs where it pays")
    return _opponent_words(kind, lang)


@router.post("/play", dependencies=[Depends(require_write)], name="play_start")
def play_start(
    request: Request,
    web: Web,
    mode: Annotated[str | None, Form()] = None,  # (not sent: a random deck's Duel, a chosen deck's own mode)
    deck: Annotated[str, Form()] = "",  # (empty, or not sent: tactics plays a random legal deck; Netrunner refuses)
    opponent: Annotated[str, Form()] = "heuristic",
    seat: Annotated[str, Form()] = "1",
    seed: Annotated[str, Form()] = "",
    game: Annotated[str, Form()] = "tactics",
    side: Annotated[str, Form()] = "runner",
    board: Annotated[str, Form(alias="map")] = "",
    other_deck: Annotated[str, Form()] = "",
) -> Response:
    from toolkit.decks.random_deck import deck_card_ids, random_legal_deck
    from toolkit.engine.core import EngineError
    from toolkit.engine.tactics.session import HUMAN, TacticsSession, TacticsSetup
    from toolkit.i18n import word

    lang = request_lang(request)
    refusal = _not_a_form(request, lang)
    if refusal is not None:  # (every field has a default: a body that is no form would start a default game)
        return _problem(request, 415, refusal)
    records = _records(web)
    try:
        number = parse_seed(seed, lang)
    except DossierError as exc:
        return _problem(request, 400, exc.message)
    if game == "netrunner":
        from toolkit.web.routes import play_netrunner

        try:
            record = play_netrunner.start(web, lang, side, deck, opponent, number, other_deck)
        except DossierError as exc:
            return _problem(request, 400, exc.message)
        if opponent in (PERSON, HOTSEAT):  # a private link per side, as a tactics game of two people has per seat
            return _new_game(request, web, {**record, "status": "playing"}, 1 if side == "corp" else 2, opponent)
        links = _store(web).new({**record, "status": "playing", "creator": 1}, (1,))
        return RedirectResponse(request.url_for("play_game", game_id=links[1]), status_code=303)
    if game != "tactics":  # (the games by their names, as the site's menus say them)
        games = {"first": word("web.game", "tactics", lang), "second": word("web.game", "netrunner", lang)}
        return _problem(request, 400, t_beside(lang, "choose the game from the form: {first} or {second}", **games))
    if opponent not in (*OPPONENTS, PERSON, HOTSEAT) or seat.strip() not in ("1", "2"):
        return _problem(request, 400, t(lang, "choose the machine's player and your seat from the form"))
    seat_n = int(seat)
    rng = random.Random(number)
    names = _mode_names(web, lang)
    if mode is None and deck in ("", "random"):
        mode = "duel"  # (a random deck of the form's first mode)
    if mode is not None and mode not in _modes(web):
        listed = t(lang, ", ").join(names.get(m, m) for m in _modes(web))
        return _problem(request, 400, t_beside(lang, "mode {mode}: choose one of {modes}", mode=echoed(mode),
                                               modes=listed))  # fmt: skip
    if deck in ("", "random"):
        assert mode is not None
        mine = random_legal_deck(records, mode, rng, name="random")
    else:
        try:
            mine = example_deck(web, deck, lang) if deck.startswith("example:") else saved_deck(web, deck, lang)
        except DossierError as exc:
            return _problem(request, 400, exc.message)
        if mode is not None and mine.mode != mode:  # (the form's deck menu offers the mode's decks only: no script)
            return _problem(request, 400, t_beside(lang, "this deck is a deck of {deck_mode}: choose a deck of {mode}, "
                                                         "or the mode {deck_mode}",
                                                   deck_mode=names.get(mine.mode, mine.mode),
                                                   mode=names.get(mode, mode)))  # fmt: skip
    board = board.strip()
    if board:
        from toolkit.balance.games import maps_for

        fits = maps_for(records, mine.mode, 2)
        if board not in fits:
            names = {m["id"]: m["name"] for m in _maps(web, lang)}
            return _problem(request, 400, t_beside(lang, "map {map}: the maps of {mode} are {maps}", map=echoed(board),
                                                   mode=_mode_names(web, lang).get(mine.mode, mine.mode),
                                                   maps=t(lang, ", ").join(names.get(m, m) for m in fits)))  # fmt: skip
    theirs = random_legal_deck(records, mine.mode, rng, name="machine", taken=list(mine.agents or []))
    other = HUMAN if opponent in (PERSON, HOTSEAT) else opponent
    order = [mine, theirs] if seat_n == 1 else [theirs, mine]
    kinds = [HUMAN, other] if seat_n == 1 else [other, HUMAN]
    setup = TacticsSetup(mine.mode, [list(d.agents or []) for d in order], [deck_card_ids(d) for d in order], kinds,
                         seed=number, board=board or None)  # fmt: skip
    try:
        session = TacticsSession(records, setup)
    except EngineError as exc:
        return _problem(request, 400, str(exc))
    return _new_game(request, web, _record(session, {}), seat_n, opponent)


FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")  # the bodies of the form of /play


def _not_a_form(request: Request, lang: str, game_id: str | None = None) -> str | None:
    """Why the body of ``request`` is no form (as the forms of ``/play`` and of a game's page send: :data:`FORMS`), in
    one line; None when it is one. ``game_id``: a post of that game's page (decide, undo, resign), else ``/play``'s."""
    kind = request.headers.get("content-type", "")
    if kind.split(";", 1)[0].strip().lower() in FORMS:
        return None
    if game_id is not None:
        if not kind.strip():
            return t(lang, "this is a form of the game's page: send its fields as a form (`{first}` or `{second}`); "
                           "this request has no Content-Type", first=FORMS[0], second=FORMS[1])  # fmt: skip
        return t(lang, "this is a form of the game's page: send its fields as a form (`{first}` or `{second}`), "
                       "not {kind}", first=FORMS[0], second=FORMS[1], kind=echoed(kind))  # fmt: skip
    if not kind.strip():
        return t(lang, "a game starts from the form of `/play`: send its fields as a form (`{first}` or `{second}`); "
                       "this request has no Content-Type", first=FORMS[0], second=FORMS[1])  # fmt: skip
    return t(lang, "a game starts from the form of `/play`: send its fields as a form (`{first}` or `{second}`), "
                   "not {kind}", first=FORMS[0], second=FORMS[1], kind=echoed(kind))  # fmt: skip


def _form_only(request: Request, game_id: str, change: Callable[[], Response]) -> Response:
    """``change`` when the request's body is a form (a post of the game's page); else its refusal (415), the game
    left as it was: a JSON body would be read as an empty form (no label, no number)."""
    refusal = _not_a_form(request, request_lang(request), game_id)
    if refusal is not None:
        return _problem(request, 415, refusal, game_id)
    return change()


def _new_game(request: Request, web: Any, record: dict[str, Any], seat_n: int, opponent: str) -> Response:
    """Keep a new game (``record``) the creator plays on seat ``seat_n``, and send the creator to its page: against a
    person, a private link per seat; on two devices, the creator's browser plays the creator's seat (it claims it)."""
    seats = (seat_n, 3 - seat_n) if opponent in (PERSON, HOTSEAT) else (seat_n,)
    devices = {"devices": "one" if opponent == HOTSEAT else "two"} if len(seats) == 2 else {}
    claims, token = {}, secrets.token_urlsafe(24)
    if devices.get("devices") == "two":  # the creator's browser plays the creator's seat
        claims = {"claims": {str(seat_n): _claim_digest(token)}}
    links = _store(web).new({**record, "creator": seat_n, **devices, **claims}, seats)
    answer = RedirectResponse(request.url_for("play_game", game_id=links[seat_n]), status_code=303)
    if claims:
        _bind(request, answer, links[seat_n], token)
    return answer


def _seat_cookie(game_id: str) -> str:
    return SEAT_COOKIE + hashlib.sha256(b"dossier play game\0" + game_id.encode()).hexdigest()[:16]


def _seat_mark(link: str) -> str:
    """The seat cookie's value a game started before seats were claimed gave the browser of ``link`` (now a secret
    of the browser's: :func:`_claim_digest`)."""
    return hashlib.sha256(b"dossier play seat\0" + link.encode()).hexdigest()[:32]


def _claim_digest(token: str) -> str:
    """What the game's file keeps of the seat cookie's value of the browser that plays a seat."""
    return hashlib.sha256(b"dossier play claim\0" + token.encode()).hexdigest()


def _bind(request: Request, response: Response, game_id: str, token: str) -> None:
    response.set_cookie(_seat_cookie(game_id), token, max_age=60 * 60 * 24 * 90, path="/",
                        httponly=True, samesite="lax", secure=request.url.scheme == "https")  # fmt: skip


def _holder(request: Request, found: Opened) -> str:
    """Who plays the seat of ``found``'s link in a game of two people on two devices, as this browser is concerned:
    ``mine`` (this browser; or the game is not of two devices), ``other`` (this browser plays the other seat: the
    creator opening the link meant for the other player), ``taken`` (another browser opened the link first),
    ``free`` (no browser yet: the first to open the link takes it), ``legacy`` (a game started before seats were
    claimed, whose cookie this browser holds for this seat: it takes the seat with that cookie)."""
    if found.record.get("devices") != "two":
        return "mine"
    seat = str(found.seat)
    held = request.cookies.get(_seat_cookie(found.game_id), "")
    claims = found.record.get("claims") or {}
    if held:
        digest = _claim_digest(held)
        for claimed, kept in claims.items():
            if isinstance(kept, str) and secrets.compare_digest(kept.encode(), digest.encode()):
                return "mine" if claimed == seat else "other"
        for other, link in (found.record.get("links") or {}).items():
            mark = _seat_mark(link) if isinstance(link, str) else ""
            if other not in claims and mark and secrets.compare_digest(held.encode(), mark.encode()):
                return "legacy" if other == seat else "other"
    return "taken" if seat in claims else "free"


def _claim(request: Request, web: Any, found: Opened, response: Response) -> bool:
    """This browser takes the free seat of ``found``'s link (the game's file keeps the digest of its cookie, set on
    ``response``): False when another browser took it in the meantime."""
    from toolkit.web.play_games import GameChanged

    held = request.cookies.get(_seat_cookie(found.game_id), "")
    token = held if held and _holder(request, found) == "legacy" else secrets.token_urlsafe(24)
    try:
        with _store(web).changing(found.game_id):
            record = _store(web).load(found.game_id)
            claims = dict(record.get("claims") or {})
            if str(found.seat) in claims:
                return False
            claims[str(found.seat)] = _claim_digest(token)
            _store(web).save(found.game_id, {**record, "claims": claims}, expect=record)
    except GameChanged:
        return False
    found.record["claims"] = claims
    _bind(request, response, found.game_id, token)
    return True


def _seat_refusal(request: Request, found: Opened, lang: str) -> str | None:
    """Why this browser may not open the link of ``found`` (a game of two devices), or None."""
    holder = _holder(request, found)
    if holder == "other":
        return t(lang, "This is the other player's private link, and this browser plays the other seat of this game: "
                       "give the link to the other player.")  # fmt: skip
    if holder == "taken":
        return t(lang, "This seat is taken: another browser opened its private link first and plays it.")
    return None


def saved_deck(web: Any, deck_id: str, lang: str, game: str = "tactics") -> Any:
    """A saved deck of ``game``, legal (else DossierError naming the deck by its name, and its first error)."""
    from toolkit.web import deckwork
    from toolkit.web.saved import SavedDecks

    if _DECK_ID.fullmatch(deck_id) is None:
        raise DossierError(t(lang, "no saved deck {id}", id=echoed(deck_id)))
    data = SavedDecks(web.settings.data_path).load(deck_id)
    from toolkit.web.saved import shown_name

    name = echoed(shown_name(data.get("name"), deck_id))
    pool = web.deck_pool
    verdict = deckwork.validate(pool, deckwork.read_json_deck(pool, data), lang=lang)
    if verdict.deck is None or verdict.deck.game != game:
        if game == "netrunner":
            raise DossierError(t(lang, "saved deck {id} is not a netrunner deck", id=name))
        raise DossierError(t(lang, "saved deck {id} is not a tactics deck", id=name))
    if not verdict.legal:
        first = next(f for f in verdict.findings if f.severity == "error")
        raise IllegalDeck(t(lang, "saved deck {id} is not legal: {problem}", id=name, problem=first.message),
                          first.message)  # fmt: skip
    return verdict.deck


class IllegalDeck(DossierError):
    """:func:`saved_deck`'s refusal of a deck of the game that breaks its rules: ``problem``, the first error alone
    (the form's deck menu says it beside the deck)."""

    def __init__(self, message: str, problem: str) -> None:
        super().__init__(message)
        self.problem = problem


def _record(session: Any, previous: dict[str, Any], status: str | None = None) -> dict[str, Any]:
    """What the game's file holds: the session's record, what ``previous`` held besides it, and the status."""
    record: dict[str, Any] = {**session.to_json(), **{k: previous[k] for k in KEPT if k in previous}}
    record["status"] = status or ("over" if session.pending is None else "playing")
    return record


class Opened:
    """A game opened by a private link: the session replayed, the file's record, the game's id, the link's seat."""

    def __init__(self, session: Any, record: dict[str, Any], game_id: str, seat: int, base: dict[str, Any]) -> None:
        self.session, self.record, self.game_id, self.seat = session, record, game_id, seat
        self.base = base  # the file as this request read it: a save checks it still holds that

    @property
    def netrunner(self) -> bool:
        return self.record.get("game") == "netrunner"

    @property
    def resigned(self) -> bool:
        return self.record.get("status") == "resigned"

    def save(self, web: Any, status: str | None = None, **extra: Any) -> None:
        """Write the game (:class:`~toolkit.web.play_games.GameChanged` when its file changed since it was read)."""
        _store(web).save(self.game_id, {**_record(self.session, self.record, status), **extra}, expect=self.base)


class Unplayable(DossierError):
    """The game of a private link is there (its file was read) but cannot be replayed: answered 409, not 404 (a link
    that opens no game)."""


def _load(web: Any, link: str, lang: str) -> Opened:
    """The game a private link opens, replayed; DossierError when there is none, :class:`Unplayable` when it cannot
    be replayed (:func:`_unplayable`)."""
    import copy

    from toolkit.engine.core import EngineError
    from toolkit.engine.tactics.session import HUMAN, TacticsSession

    game_id, record, seat = _store(web).open(link)
    base = copy.deepcopy(record)  # what the file held, before replaying it could touch the record
    try:
        if record.get("game") == "netrunner":
            from toolkit.web.routes import play_netrunner

            session = play_netrunner.load(web, record)
            # (a game of two people: the link's side; against the machine: the person's, whatever the link)
            mine = seat if getattr(session, "people", False) and seat is not None else session.seat
            return Opened(session, record, game_id, mine, base)
        from toolkit.engine.netrunner.saved import check_cards

        check_cards(_records(web), record)  # (a game whose cards changed since: refused naming them)
        session = TacticsSession.from_json(_records(web), record)
    except EngineError as exc:
        raise _unplayable(web, base, link, lang, exc) from None
    if seat is None:  # a game of one person: the seat its set-up gives a person
        seat = next((i for i, kind in enumerate(session.setup.players, 1) if kind == HUMAN), 1)
    return Opened(session, record, game_id, seat, base)


def _unplayable(web: Any, record: dict[str, Any], link: str, lang: str, exc: Exception) -> Unplayable:
    """Why the game of ``record`` (the file of ``link``) cannot be replayed (``exc``: the engine's refusal), in
    ``lang``. Its saved decisions no longer fitting the game (a label that is no option of its decision any more:
    the game was saved by an earlier version of the rules, or with other cards), the refusal names the decision by
    its number among those saved, and nothing of it besides: its label and its options may be the other side's
    secrets (the machine's hand), which the engine's own message would show. Else, the engine's reason."""
    from toolkit.engine.netrunner.saved import CardsChanged
    from toolkit.engine.tactics.session import SavedMisfit

    number, saved = None, None
    if isinstance(exc, CardsChanged):  # (its cards changed since it was saved: they are named, not a decision)
        pass
    elif record.get("game") == "netrunner":
        from toolkit.web.routes import play_netrunner

        number = play_netrunner.misfit_at(web, record)
        saved = (record.get("record") or {}).get("decisions")
    elif isinstance(exc, SavedMisfit):
        number = _tactics_misfit_at(web, record)
        saved = record.get("decisions")
    shown = link[:8] + "…"
    if number is None:
        return Unplayable(t(lang, "game {id} cannot be replayed with these cards: {reason}", id=shown,
                            reason=str(exc)))  # fmt: skip
    total = len(saved) if isinstance(saved, list) else number
    return Unplayable(t(lang, "game {id} was saved by an earlier version of Dossier's rules or with other cards, and "
                              "cannot be replayed: decision {number} of the {total} saved with it no longer fits the "
                              "game", id=shown, number=number, total=max(total, number)))  # fmt: skip


def _tactics_misfit_at(web: Any, record: dict[str, Any]) -> int | None:
    """The number of the saved decision at which the tactics game of ``record`` stops fitting (1 for the first, as
    the engine counts them: every seat's), found by replaying it once more; None when its replay does not stop
    there."""
    import contextlib

    from toolkit.engine.core import EngineError
    from toolkit.engine.tactics.session import TacticsSession

    reached: list[int] = []

    class Counting(TacticsSession):  # (the session's replay, which says how many decisions it took)
        def __post_init__(self) -> None:
            try:
                super().__post_init__()
            except EngineError:
                decider = getattr(self, "decider", None)
                if decider is not None:
                    reached.append(len(decider.taken) + 1)
                raise

    with contextlib.suppress(EngineError):
        Counting.from_json(_records(web), record)
    return reached[0] if reached else None


def _open(request: Request, web: Any, link: str) -> Opened | HTMLResponse:
    """The game a private link opens, or the page saying why it cannot be (404; 409 for a game there is that cannot
    be replayed; 403 for the other seat's link in a browser that plays one seat of a game of two devices)."""
    lang = request_lang(request)
    try:
        found = _load(web, link, lang)
    except Unplayable as exc:
        response = _problem(request, 409, exc.message)
        response.headers.update(PRIVATE)
        return response
    except DossierError as exc:
        return _problem(request, 404, exc.message)
    refusal = _seat_refusal(request, found, lang)
    if refusal is not None:
        return _problem(request, 403, refusal)
    return found


def _board_svg(session: Any, seat: int, names: Any, ending: str | None = None,
               states: dict[str, dict[str, str]] | None = None) -> str:  # fmt: skip
    """The map as replays draw it, each unit hidden from ``seat`` a ``?`` without name, HP or facing; the others
    named in the page's language (``names``: the page's :class:`~toolkit.cli._lang.LogNames`); the caption names
    the map (and, once the game is over, says how it ended: ``ending``, see :func:`_ending`); with ``states`` (the
    seat's :func:`_unit_states`), each unit's tooltip ends with its shield, temporary HP, equipment and statuses."""
    from toolkit.board.draw import named_state

    state = named_state(_masked_state(session.game.board_state(), seat, session.setup.seed), names.name)
    more = {label: words["more"] for label, words in (states or {}).items() if words["more"]}
    return _svg(session.game.board, state, names, ending, more)


def _unit_states(seen: dict[str, Any], lang: str, names: Any) -> dict[str, dict[str, str]]:
    """What the seat's view shows on each unit, by label, in the terminal's words
    (:func:`~toolkit.engine.tactics.terminal.unit_words`, past the unit's name, cell, facing and HP): ``state``,
    tapped and hidden, then its shield, temporary HP, the equipment it wears (a tapped one said so) and its
    statuses; ``more``, those last alone (the map's tooltip says tapped and hidden already). A face-down unit
    (``hidden#N``) shows the equipment and statuses on it alone: played face up, they tell nothing of the unit."""
    from toolkit.engine.tactics.terminal import unit_line, unit_words

    out: dict[str, dict[str, str]] = {}
    for unit in seen["units"]:
        words = unit_words(unit, "", lang, names)
        line = unit_line(unit, "", lang, names)  # (words begin with it, and it with the line untapped and face up)
        bare = unit_line({**unit, "tapped": False, "hidden": False}, "", lang, names)
        out[unit["label"]] = {"state": words[len(bare) :].removeprefix(" · "),
                              "more": words[len(line) :].removeprefix(" · ")}  # fmt: skip
    return out


def _svg(board: Any, state: dict[str, Any], names: Any, ending: str | None = None,
         more: dict[str, str] | None = None) -> str:  # fmt: skip
    """A board state drawn with the map's name in the page's language in its caption; with ``ending``, the caption
    says that instead of whose turn it is; with ``more`` (words by a unit's label as the view names it: ``id#uid``,
    a ``?`` ``hidden#N``), those units' tooltips end with them."""
    from toolkit.board.draw import draw, to_svg

    map_name = (names.record_name(board.map_id) if board.map_id else None) or board.map_id or None
    more = more or {}
    units = [
        # (a ``?`` has no id, and its alias stands for a uid: the words of the cards on it, played face up)
        {**u, "id_in_title": False, "notes": more.get(f"{u.get('id') or 'hidden'}#{u['uid']}", "") if "uid" in u else ""}
        if isinstance(u, dict) else u
        for u in state.get("units") or []
    ]  # fmt: skip
    state = {**state, "units": units}  # the tooltips name a unit in the page's language, without its record id
    if ending is not None:  # the caption is the map's name, then what the state says: here, how the game ended
        state = {**state, "round": None, "active": None}
        map_name = " · ".join(x for x in (map_name, ending) if x)
    drawing = draw(board, state, map_name=map_name)
    return to_svg(drawing)


def _ending(found: Opened) -> str | None:
    """How a game over ended, in the current language (``P1 wins · last unit standing · after 7 rounds``; ``round
    3 · P2 resigned``); None while it goes on."""
    from toolkit.board.replay import result_text
    from toolkit.i18n import tr

    if found.resigned:
        played = tr("round {n}", n=found.session.game.board_state().get("round"))
        resigned = tr("P{seat} resigned", seat=found.record.get("resigned_by"))
        return " · ".join((played, resigned))
    if found.session.pending is None:
        return result_text(found.session.result())
    return None


def log_line(names: Any, entry: dict[str, Any], lang: str, who: Any = None) -> str:
    """A log entry as the page shows it (:meth:`LogNames.line`)."""
    return str(names.line(entry, who))


def _masked_state(state: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
    """A board state (``board_state()``, a replay frame's) of the game of ``seed`` as ``seat`` may see it: a unit face
    down and not its own (a hidden scene obstacle: everyone's) is a ``?`` at its cell, with no id, name, HP or facing,
    and by its alias, not its uid (:func:`~toolkit.engine.tactics.state.hidden_alias`: a uid tells which agent)."""
    from toolkit.engine.tactics.state import hidden_alias

    units = [
        {"uid": hidden_alias(seed, u["uid"]), "id": "", "name": "?", "seat": u["seat"], "team": u["team"], "kind": "agent"
         if u["kind"] != "obstacle" else "obstacle", "pos": u["pos"], "hidden": True, "tapped": False}
        if u.get("hidden") and (u["seat"] == 0 or u["seat"] != seat) else u
        for u in state["units"]
    ]  # fmt: skip
    return {**state, "units": units}


@router.get("/play/{game_id}", response_class=HTMLResponse, name="play_game")
def play_game(request: Request, web: Web, game_id: str) -> HTMLResponse:
    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.session import HUMAN, view

    lang = request_lang(request)
    found = _open(request, web, game_id)
    if isinstance(found, HTMLResponse):
        return found
    if found.netrunner:
        from toolkit.web.routes import play_netrunner

        page = play_netrunner.page(request, web, found, game_id)
        page.headers.update(PRIVATE)
        if _holder(request, found) in ("free", "legacy") and not _claim(request, web, found, page):
            return _problem(request, 403, t(lang, "This seat is taken: another browser opened its private link first "
                                                  "and plays it."))  # fmt: skip
        return page
    session, record, seat = found.session, found.record, found.seat
    pending = None if found.resigned else session.pending
    decision = pending if pending is not None and pending.seat == seat else None
    seen = view(session.game, seat, decision, over=pending is None)
    names = web.memo(f"play-names:{lang}", lambda: LogNames(_records(web), lang))
    log = [log_line(names, entry, lang) for entry in seen["log"][-60:]]
    if found.resigned:  # the log ends with the resignation, in words, numbered as the entries before it
        log.append(_resigned_entry(session.game, record.get("resigned_by"), lang)["line"])
    me = next(p for p in seen["players"] if p["seat"] == seat)
    from toolkit.engine.tactics.terminal import card_name, mode_scores, option_words, prompt_text, table_lines

    options = list(zip([o.label for o in decision.options], option_words(decision, seen, lang, names), strict=True)
                   ) if decision else []  # fmt: skip
    states = _unit_states(seen, lang, names)
    scores = mode_scores(session.game)  # (a score only in a mode with 先发制人, §15.2)
    table = table_lines(seen, lang, names, scores)
    if me.get("discard"):  # (the pile is open: every card in it)
        table.insert(0, t(lang, "your discard pile: {cards}", cards=t(lang, ", ").join(
            card_name(c, names) for c in me["discard"])))  # fmt: skip
    prompt = prompt_text(decision.prompt, names) if decision is not None else ""
    result = None
    if session.pending is None:
        from toolkit.engine.logwords import word

        result = dict(session.result())
        result["reason_words"] = word("reason", str(result["reason"]), lang) or str(result["reason"])
    person = session.setup.players[2 - seat] == HUMAN  # the other seat is a person
    hotseat = record.get("devices") == "one"
    other_link = None
    if person and (record.get("creator") == seat or hotseat):
        link = (record.get("links") or {}).get(str(3 - seat))
        other_link = str(request.url_for("play_game", game_id=link)) if link else None
    response = render(
        request, "play/game.html", game_id=game_id, seat=seat, seen=seen, me=me, log=log, options=options,
        prompt=prompt, decision=decision, result=result, resigned=found.resigned,
        decision_number=session.own_number(decision) if decision is not None else None,
        resigned_by=record.get("resigned_by"), names=names, states=states, table=table, scores=scores,
        board=Markup(_board_svg(session, seat, names, _ending(found), states)),
        setup=session.setup, person=person, other_link=other_link, hotseat=hotseat,
        waiting=pending is not None and pending.seat != seat,
        # (not while the other seat is asked: taking the decision back would tell whether it had an answer)
        # (a machine's pass that showed nothing is left out, as undo leaves it out: TacticsSession.last_decider;
        # offered only when the undo is taken: nothing seen, rolled or shuffled since, TacticsSession.undo_refusal)
        can_undo=decision is not None and session.last_decider() == seat and _last_person(session) == seat
        and session.undo_refusal(seat) is None,
        map_data=Markup(_map_data(seen, names)),
        moved=_moved_since(found) is not None,
    )  # fmt: skip
    response.headers.update(PRIVATE)
    if _holder(request, found) in ("free", "legacy") and not _claim(request, web, found, response):
        return _problem(request, 403, t(lang, "This seat is taken: another browser opened its private link first and "
                                              "plays it."))  # fmt: skip
    return response


def _map_data(seen: dict[str, Any], names: Any) -> str:
    """What the page's script needs to answer a click on the map: where the cells are, the units' cells and labels,
    the seat's prospects (all of it from the seat's view; the names in them in the page's language, ``names`` its
    LogNames, as ``/api/play/ID`` gives them). JSON safe inside a script element."""
    import copy
    import json

    from toolkit.board.draw import CELL, MARGIN_LEFT, MARGIN_TOP

    prospects = copy.deepcopy(seen["prospects"])  # (the page's own list names them as it shows them: left as it is)
    _name_words(prospects, names)
    data = {
        "cell": CELL, "left": MARGIN_LEFT, "top": MARGIN_TOP, "prospects": prospects,
        "units": [{"label": u["label"], "pos": u["pos"]} for u in seen["units"]],
    }  # fmt: skip
    return json.dumps(data, ensure_ascii=True).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _last_person(session: Any) -> int | None:
    """The seat of the people's last decision (the one undo would take back)."""
    from toolkit.engine.tactics.session import HUMAN

    seats = [s for s in session.decider.asked if session.setup.players[s - 1] == HUMAN]
    return seats[-1] if seats else None


@api_router.get(
    "/api/play/{game_id}", name="play_api", summary="A game played in the browser, as its link's seat sees it",
    responses={404: {"description": "No game has this private link (`detail`: why)"},
               409: {"description": "The game cannot be replayed: saved by an earlier version of the rules or with "
                                    "other cards (`detail`: why, naming the saved decision that no longer fits)"},
               403: {"description": "A game of two devices: this browser plays the other seat, or another browser "
                                    "opened this seat's link first"}},
)  # fmt: skip
def play_api(request: Request, web: Web, game_id: str) -> JSONResponse:
    """What the link's seat may see of the game, and its pending decision, as JSON: `game_id` is the private link's
    id (`/play/ID`). Tactics: `status` (`playing`, `over`, `resigned`), `seat`, `round`, `active`, `map`,
    `units` (a unit face down and not the seat's: `hidden#N`, its alias, and its cell only), `players` (the seat's own hand,
    mortgage and standby agents; the others' counts; every player's `discard` pile, open), `shop` (the matrix shop's
    count; null in a mode without the shop), `result` (`winners`, `reason` and, in the request's language,
    `reason_words`; a resigned game's: the other side wins, its reason `resigned`), `resigned_by` (the seat that
    resigned, else null), `log` (each entry's `line` in the request's language; a resigned game's ends with an
    entry `resigned`), `decision` (`number`: the seat's own decisions counted, 1 for its first; `prompt` and
    `words`, the question in the request's language; `options`, each with its `label` and, in the request's
    language, its `text` and `words`: send the label and the number to `POST /play/ID/decide`), `prospects`. A
    Netrunner game: the same `status`, `log` and `decision`, and the table as the seat's side sees it."""
    from toolkit.engine.tactics.session import view

    lang = request_lang(request)
    try:
        found = _load(web, game_id, lang)
    except Unplayable as exc:  # (a game there is: 409, as the page)
        return JSONResponse({"detail": exc.message}, status_code=409, headers=PRIVATE)
    except DossierError as exc:
        return JSONResponse({"detail": exc.message}, status_code=404, headers=PRIVATE)
    refusal = _seat_refusal(request, found, lang)
    if refusal is not None:
        return JSONResponse({"detail": refusal}, status_code=403, headers=PRIVATE)
    pending = None if found.resigned else found.session.pending
    if found.netrunner:
        import inspect

        from toolkit.web.routes import play_netrunner

        # the set-up's seed once the game is over (a session whose view takes ``over``); while it goes on, never
        shown = inspect.signature(found.session.view).parameters
        over: dict[str, Any] = {"over": True} if pending is None and "over" in shown else {}
        if "seat" in shown:  # (the link's side: a game of two people has one per side)
            over["seat"] = found.seat
        seen = found.session.view(**over)
        if found.resigned:
            seen["decision"] = None
        if pending is not None:
            _hide_seed(seen)
        play_netrunner.word_view(web, lang, seen, pending)
        _said_as_worded(seen)
        _name_log(seen, play_netrunner.names_of(web, lang))
    else:
        seen = view(found.session.game, found.seat, pending, over=pending is None)
        _word_view(web, lang, seen, pending)
        seen["resigned_by"] = found.record.get("resigned_by") if found.resigned else None
        if found.resigned:
            _resignation(found, lang, seen)
    answer = JSONResponse({"status": found.record.get("status"), **seen}, headers=PRIVATE)
    if _holder(request, found) in ("free", "legacy") and not _claim(request, web, found, answer):
        taken = t(lang, "This seat is taken: another browser opened its private link first and plays it.")
        return JSONResponse({"detail": taken}, status_code=403, headers=PRIVATE)
    return answer


def _resignation(found: Opened, lang: str, seen: dict[str, Any]) -> None:
    """The view of ``/api/play/ID`` of a tactics game a seat resigned: its ``result`` the other side's win (its
    ``winners``, every seat hostile to the one that resigned; its ``reason`` ``resigned``, its ``reason_words`` who
    resigned, in the request's language), and its log ending with the resignation (an entry ``resigned`` of that
    seat, its ``line`` in words)."""
    game = found.session.game
    by = found.record.get("resigned_by")
    words = t(lang, "P{seat} resigned", seat=by)
    winners = [p.seat for p in game.players if isinstance(by, int) and p.seat != by and game.hostile(by, p.seat)]
    seen["result"] = {"winners": winners, "reason": "resigned", "reason_words": words, "rounds": game.round}
    seen["log"].append(_resigned_entry(game, by, lang))


def _resigned_entry(game: Any, by: Any, lang: str) -> dict[str, Any]:
    """The log entry that ends the log of a game the seat ``by`` resigned: numbered as the game numbers it, after
    the last entry of its whole log (every seat's entries: the same number on every seat's page, as the replay's
    :func:`toolkit.cli.map.resigned_end` gives it), and its ``line`` numbered as :meth:`LogNames.line` numbers
    theirs (``   7 P1 resigned``)."""
    seq = len(game.log) + 1  # (an entry's number is its place in the whole log: toolkit.engine.core.Log.add)
    return {"seq": seq, "event": "resigned", "player": by, "line": f"{seq:>4} {t(lang, 'P{seat} resigned', seat=by)}"}


def _hide_seed(seen: dict[str, Any]) -> None:
    """A seat's view of a game that goes on without the seed in its set-up's log entry: the seed rebuilds the deal
    (the other side's hand and deck order, hidden cards); it is shown once the game is over."""
    for entry in seen.get("log") or []:
        if entry.get("event") == "setup":
            entry.pop("seed", None)


def _word_view(web: Any, lang: str, seen: dict[str, Any], pending: Any) -> None:
    """The view of ``/api/play/ID`` with what the page says in words, in the request's language: each log entry's
    ``line``, the decision's ``words`` and each option's ``words``; the entries' own fields keep their keys and
    codes, their names in the request's language (:func:`_name_log`)."""
    from toolkit.cli._lang import LogNames
    from toolkit.engine.logwords import word
    from toolkit.engine.tactics.terminal import option_words, prompt_text

    names = web.memo(f"play-names:{lang}", lambda: LogNames(_records(web), lang))
    # the options told apart as the page and the terminal say them (a deployment die by its face: from the log's
    # rolls, read before the log's fields are put in words)
    said = option_words(pending, seen, lang, names) if pending is not None and seen.get("decision") else []
    if seen.get("result"):
        reason = str(seen["result"]["reason"])
        seen["result"] = {**seen["result"], "reason_words": word("reason", reason, lang) or reason}
    for entry in seen["log"]:
        entry["line"] = log_line(names, entry, lang)
    _name_log(seen, names)
    for key, value in seen.items():  # the board, the hands, the prospects: their names in the request's language
        if key not in ("log", "decision"):
            _name_words(value, names)
    decision = seen.get("decision")
    if decision is not None and pending is not None:
        decision["words"] = prompt_text(pending.prompt, names)
        for shown, words in zip(decision["options"], said, strict=True):
            shown["words"] = words
        _said_as_worded(seen)


def _said_as_worded(seen: dict[str, Any]) -> None:
    """The decision of a view of ``/api/play/ID`` in the request's language throughout: its ``prompt`` and each
    option's ``text`` (the engine's sentences, its English with the cards' Chinese names) the same words as its
    ``words`` and theirs; what a client sends and compares are the ``label`` and the ``number``, in no language."""
    decision = seen.get("decision")
    if not isinstance(decision, dict) or "words" not in decision:
        return
    decision["prompt"] = decision["words"]
    for option in decision.get("options") or []:
        if "words" in option:
            option["text"] = option["words"]


def _name_log(seen: dict[str, Any], names: Any) -> None:
    """The log of the view ``seen`` with the names its entries hold in the language of ``names`` (a LogNames), as
    ``simulate --format json`` writes them (:meth:`LogNames.event`: keys, codes and each entry's ``line`` as they
    are). A masked entry stays masked: a name is put in words, never added."""
    seen["log"] = [{**names.event({k: v for k, v in entry.items() if k != "line"}),
                    **({"line": entry["line"]} if "line" in entry else {})} for entry in seen["log"]]  # fmt: skip


_NAME_KEYS = frozenset({"name", "target_name", "attack"})  # the view's fields that hold a record's (or unit's) name


def _name_words(value: Any, names: Any) -> None:
    """Put the names in ``value`` (a part of the view: dicts and lists) in the language of ``names`` (LogNames), in
    place: a card in hand, a unit on the board, its equipment and statuses, an attack and its target."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in _NAME_KEYS and isinstance(inner, str):
                value[key] = names.name(inner)
            else:
                _name_words(inner, names)
    elif isinstance(value, list):
        for inner in value:
            _name_words(inner, names)


def _one_at_a_time(request: Request, web: Any, game_id: str, change: Callable[[], Response]) -> Response:
    """Run ``change`` (a request that reads, changes and saves the game) under the game's lock: two actions on one
    game at the same moment run one after the other, the second on what the first saved (so it is refused when
    the first made it stale); a change saved in between by another process is refused (409), never overwritten."""
    from toolkit.web.play_games import GameChanged

    try:
        with _store(web).changing(game_id):
            return change()
    except GameChanged as exc:
        return _problem(request, 409, exc.message, game_id)


@router.post("/play/{game_id}/decide", dependencies=[Depends(require_write)], name="play_decide")
def play_decide(request: Request, web: Web, game_id: str, label: Annotated[str, Form()] = "",
                number: Annotated[str, Form()] = "") -> Response:  # fmt: skip
    """Answer the pending decision: ``label`` (an option's), ``number`` (the decision's, as the page's form and
    ``/api/play/ID`` give it: a form sent again, or from another tab, answers nothing it was not shown)."""
    return _form_only(request, game_id, lambda: _one_at_a_time(
        request, web, game_id, lambda: _decide(request, web, game_id, label, number)))  # fmt: skip


def _decide(request: Request, web: Any, game_id: str, label: str, number: str) -> Response:
    from toolkit.engine.core import EngineError

    lang = request_lang(request)
    found = _open(request, web, game_id)
    if isinstance(found, HTMLResponse):
        return found
    pending = found.session.pending
    if pending is None or found.resigned:
        return _problem(request, 409, t(lang, "the game is over: no decision is pending"), game_id)
    if pending.seat != found.seat:
        return _problem(request, 409, t(lang, "this decision is the other player's"), game_id)
    if not number.strip():
        return _problem(request, 400, t(lang, "the decision's number is missing: send it with the label, as the "
                                              "page's form does (`/api/play/ID` gives it)"), game_id)  # fmt: skip
    if re.fullmatch(r"[0-9]+", number.strip()) is None:
        return _problem(request, 400, t(lang, "the decision's number {number} is malformed: send it as a whole number, "
                                              "as the page's form does", number=echoed(number)), game_id)  # fmt: skip
    if number.strip() != str(found.session.own_number(pending)):  # (the seat's own decisions: never the other's)
        return _problem(request, 409, t(lang, "this decision has changed; reload the game's page"), game_id)
    if len(label) > MAX_LABEL:
        return _problem(request, 400, t(lang, "{label}: a decision's label is at most {n} characters",
                                        label=echoed(label), n=MAX_LABEL), game_id)  # fmt: skip
    try:
        pending.find(label)
    except EngineError:
        return _problem(request, 400, _not_an_option(web, found, lang, pending, label), game_id, icons=True)
    mark = len(found.session.game.log)  # the log as the person saw it: what follows is for /moves to show
    try:
        found.session.apply(label)
    except EngineError as exc:
        return _problem(request, 400, str(exc), game_id)
    if not found.netrunner:
        found.record["moves_from"] = {**(found.record.get("moves_from") or {}), str(found.seat): mark}
    found.save(web)
    return RedirectResponse(request.url_for("play_game", game_id=game_id), status_code=303)


def _not_an_option(web: Any, found: Opened, lang: str, pending: Any, label: str) -> Markup:
    """The refusal of a label that is none of the decision's options, as markup for the refusal's page
    (``_problem(..., icons=True)``): the decision's number and its prompt as the page words it, the label (cut short)
    as the person typed it (escaped: a ``[credit]`` typed is text, not a symbol), the options as the page's buttons
    word them, the symbols of card text in the prompt and the options drawn as the page draws them."""
    from markupsafe import escape

    from toolkit.web.icons import with_icons

    if found.netrunner:
        from toolkit.web.routes import play_netrunner

        nr_names = play_netrunner.names_of(web, lang)
        prompt = str(nr_names.say("prompt", pending.prompt))
        texts = [str(nr_names.say("option", o.text)) for o in pending.options]
    else:
        from toolkit.cli._lang import LogNames
        from toolkit.engine.tactics.session import view
        from toolkit.engine.tactics.terminal import option_words, prompt_text

        names = web.memo(f"play-names:{lang}", lambda: LogNames(_records(web), lang))
        prompt = prompt_text(pending.prompt, names)
        texts = option_words(pending, view(found.session.game, found.seat, pending), lang, names)
    options = t(lang, ", ").join(texts[:30]) + (" …" if len(texts) > 30 else "")
    said = t(lang, "decision {number} ({prompt}): {label} is not an option; options: {options}")  # (filled below)
    return Markup(escape(said)).format(number=found.session.own_number(pending), prompt=with_icons(prompt),
                                       label=echoed(label), options=with_icons(options))  # fmt: skip


def _moved_since(found: Opened) -> int | None:
    """The log's length when the link's seat last decided, if the other seats have acted since (else None)."""
    mark = (found.record.get("moves_from") or {}).get(str(found.seat))
    if not isinstance(mark, int):
        return None
    events = found.session.game.log.since(mark)
    return mark if any(e.player not in (None, found.seat) for e in events) else None


@router.get("/play/{game_id}/moves", response_class=HTMLResponse, name="play_moves")
def play_moves(request: Request, web: Web, game_id: str) -> HTMLResponse:
    """What the other seats did since the link's seat last decided, step by step on the map as that seat may see
    it (face-down units as ``?``), each step's log lines in words; it plays by itself and steps with the keys. When
    they have done nothing since, the map as it is now with no lines (200: the game is there, 404 is for one that
    is not)."""
    from toolkit.board.draw import named_state
    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.session import TacticsSession, view

    lang = request_lang(request)
    found = _open(request, web, game_id)
    if isinstance(found, HTMLResponse):
        return found
    if found.netrunner:  # (no map to step through: the game's page, its log, says what the other side did)
        return _problem(request, 404, t(lang, "the moves view is for tactics games: in a Netrunner game, the log on "
                                              "the game's page says what the other side did"), game_id)  # fmt: skip
    names = web.memo(f"play-names:{lang}", lambda: LogNames(_records(web), lang))
    mark = _moved_since(found)
    if mark is None:  # (no moves since: an empty list of them)
        now = {"svg": Markup(_board_svg(found.session, found.seat, names, _ending(found))), "lines": []}
        response = render(request, "play/moves.html", game_id=game_id, steps=[now])
        response.headers.update(PRIVATE)
        return response
    frames: list[dict[str, Any]] = []
    TacticsSession(_records(web), found.session.setup, found.session.labels, frames)
    seen = {e["seq"]: e for e in view(found.session.game, found.seat)["log"]}
    board = found.session.game.board
    steps = []
    shown: set[int] = set()
    for frame in frames:
        seqs = [e.get("seq") for e in frame.get("events") or [] if isinstance(e.get("seq"), int)]
        if not seqs or max(seqs) <= mark:
            continue
        shown.update(seqs)
        lines = [log_line(names, seen[q], lang) for q in seqs if q in seen and q > mark]
        state = named_state(_masked_state(frame["state"], found.seat, found.session.setup.seed), names.name)
        steps.append({"svg": Markup(_svg(board, state, names)), "lines": lines})
    rest = [log_line(names, entry, lang) for q, entry in sorted(seen.items()) if q > mark and q not in shown]
    if rest or not steps:  # what no frame holds yet (the set-up's deployments, the step still open): the board now
        steps.append({"svg": Markup(_board_svg(found.session, found.seat, names, _ending(found))), "lines": rest})
    response = render(request, "play/moves.html", game_id=game_id, steps=steps)
    response.headers.update(PRIVATE)
    return response


@router.post("/play/{game_id}/undo", dependencies=[Depends(require_write)], name="play_undo")
def play_undo(request: Request, web: Web, game_id: str) -> Response:
    """Take back the link's seat's last decision (and what the machine decided after it): not once the game is
    over (409: its end, even its replay, has been seen), nor when the other player has decided since (409)."""
    return _form_only(request, game_id, lambda: _one_at_a_time(request, web, game_id,
                                                                lambda: _undo(request, web, game_id)))  # fmt: skip


def _undo(request: Request, web: Any, game_id: str) -> Response:
    lang = request_lang(request)
    found = _open(request, web, game_id)
    if isinstance(found, HTMLResponse):
        return found
    if found.resigned or found.session.pending is None:
        return _problem(request, 409, t(lang, "the game is over: its decisions cannot be undone"), game_id)
    if found.netrunner:
        last = found.seat if any(d["seat"] == found.seat for d in found.session.game.decisions) else None
    else:
        last = _last_person(found.session)
    if last is None:
        return _problem(request, 409, t(lang, "you have made no decision to undo"), game_id)
    if (found.netrunner and last != found.seat) or not found.session.undo(found.seat):
        # (why: the session's ``refused``, a key of UNDO_REFUSALS; a session that does not say: the other decided)
        refused = getattr(found.session, "refused", None)
        return _problem(request, 409, _undo_refusal(lang, refused, found.netrunner), game_id)
    found.save(web)
    return RedirectResponse(request.url_for("play_game", game_id=game_id), status_code=303)


def _undo_refusal(lang: str, reason: str | None, netrunner: bool) -> str:
    """Why an undo was refused (the session's ``refused``), in ``lang``, in the words of the game's session: Netrunner's
    refusals are the tactics session's but its own ``seen`` (cards, no units) and ``bid`` (a psi game's bids revealed
    since)."""
    if netrunner:
        from toolkit.engine.netrunner.session import UNDO_REFUSALS
    else:
        from toolkit.engine.tactics.session import UNDO_REFUSALS

    return t(lang, UNDO_REFUSALS.get(reason or "", UNDO_REFUSALS["other"]))


@router.get("/play/{game_id}/resign", response_class=HTMLResponse, name="play_resign_confirm")
def play_resign_confirm(request: Request, web: Web, game_id: str) -> Response:
    """The page that asks "Resign this game?" (the game page's Resign leads here): Resign (a form post, which ends
    the game) or back to the game. A game over already: its page."""
    found = _open(request, web, game_id)
    if isinstance(found, HTMLResponse):
        return found
    if found.resigned or found.session.pending is None:
        return RedirectResponse(request.url_for("play_game", game_id=game_id), status_code=303)
    response = render(request, "play/resign.html", game_id=game_id)
    response.headers.update(PRIVATE)
    return response


@router.post("/play/{game_id}/resign", dependencies=[Depends(require_write)], name="play_resign")
def play_resign(request: Request, web: Web, game_id: str) -> Response:
    return _form_only(request, game_id, lambda: _one_at_a_time(request, web, game_id,
                                                                lambda: _resign(request, web, game_id)))  # fmt: skip


def _resign(request: Request, web: Any, game_id: str) -> Response:
    found = _open(request, web, game_id)
    if isinstance(found, HTMLResponse):
        return found
    if not found.resigned and found.session.pending is not None:
        if not found.netrunner:  # (a tactics session's call, as `dossier play tactics` resigns: saved so)
            found.session.resign(found.seat)
        found.save(web, "resigned", resigned_by=found.seat)
    return RedirectResponse(request.url_for("play_game", game_id=game_id), status_code=303)


@router.get("/play/{game_id}/replay", response_class=HTMLResponse, name="play_replay")
def play_replay(request: Request, web: Web, game_id: str) -> HTMLResponse:
    """The finished game's replay (as ``simulate --replay`` writes it): every seat's units and cards, so only once
    the game is over."""
    from toolkit.board.replay import name_frames, render_frames_html
    from toolkit.cli._lang import LogNames

    lang = request_lang(request)
    found = _open(request, web, game_id)
    if isinstance(found, HTMLResponse):
        return found
    if found.session.pending is not None and not found.resigned:
        return _problem(request, 409, t(lang, "the replay opens when the game is over"), game_id)
    if found.netrunner:
        from toolkit.web.routes import play_netrunner

        return _replay_page(request, play_netrunner.replay(request, web, found))
    from toolkit.cli.map import replay_frames

    # (played again; a resigned game ends as its log ended: the step under way, then the resignation)
    frames = replay_frames(found.session)
    names = web.memo(f"play-names:{lang}", lambda: LogNames(_records(web), lang))
    name_frames(frames, names.name)  # names in the page's language, as `simulate --replay` writes them
    board = found.session.game.board
    mode = found.session.setup.mode
    title = t(lang, "{game} · seed {seed}", game=_mode_names(web, lang).get(mode, mode), seed=found.session.setup.seed)
    page = render_frames_html(board, frames, title, line=names.line,
                              map_name=names.record_name(board.map_id) if board.map_id else None)  # fmt: skip
    return _replay_page(request, page)


def _replay_page(request: Request, page: str) -> HTMLResponse:
    """A replay page (as ``simulate --replay`` writes it) served: its own script runs under this server's policy
    (the request's nonce), and it asks for no icon the server does not have (as the other pages)."""
    nonce = str(getattr(request.state, "csp_nonce", ""))
    page = page.replace("<script>", f'<script nonce="{nonce}">')
    page = page.replace("<head>", '<head>\n<link rel="icon" href="data:,">', 1)
    return HTMLResponse(page, headers=PRIVATE)
