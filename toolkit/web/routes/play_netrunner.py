"""Netrunner against the machine, or between two people, in the browser: the parts of ``/play`` that are Netrunner's
(the form's choices, a new game, the game's page laid out as the table). The routes themselves are :mod:`.play`'s: a
game's file says which game it is, and the same private link, undo, resign and API serve both. A game of two people
(the opponent ``person``: two devices, or ``hotseat``: one) has a private link per side, as a tactics game of two
people has one per seat; the creator chooses both decks.

The page shows what the person's side may see (:meth:`NetrunnerSession.view`): the corp's servers with their ice,
outermost first (a card the runner has not seen is "face down"), the runner's rig, both sides' credits, clicks and
points, the person's hand, the run under way with the ice encountered and its subroutines (broken ones struck
through), the pending decision as buttons and the log in the page's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse

from toolkit.errors import DossierError
from toolkit.i18n import t, text_lang
from toolkit.web.templating import render, request_lang


def records(web: Any) -> list[Any]:
    return web.memo("play-nr-records", lambda: [r for r in web.catalog.records if getattr(r, "game", None) == "netrunner"])


def choices(web: Any, lang: str) -> dict[str, Any]:
    """What the form offers: each side's identities (their example decks) and the saved Netrunner decks, each with
    its side (``side``: the side of its identity; None when the pool has no such identity)."""
    from toolkit.engine.netrunner.session import MACHINES, identities
    from toolkit.i18n import name_of
    from toolkit.web.saved import SavedDecks

    found = records(web)
    sides = {r.id: r.side for r in found if r.kind == "identity"}
    store = SavedDecks(web.settings.data_path)
    saved = []
    for deck in store.list():
        if deck["game"] != "netrunner":
            continue
        try:
            identity = store.load(deck["id"]).get("identity")
        except DossierError:
            identity = None
        saved.append({**deck, "side": sides.get(identity) if isinstance(identity, str) else None})
    return {
        "identities": {side: [(r.id, name_of(r, lang)) for r in identities(found, side)] for side in ("corp", "runner")},
        "decks": sorted(saved, key=lambda d: d["name"]),
        "machines": MACHINES,
    }


def start(web: Any, lang: str, side: str, deck: str, opponent: str, seed: int, other_deck: str = "") -> dict[str, Any]:
    """A new game's record (DossierError, in ``lang``, when the choices do not make one). ``opponent``: a machine's
    player, or a person (``person``, ``hotseat``: the game is of two people), whose deck is ``other_deck`` (as
    ``deck`` names one; empty: an identity drawn by the seed, with its example deck, as the machine's is)."""
    from toolkit.engine.core import EngineError
    from toolkit.engine.netrunner.session import MACHINES, PERSON, NetrunnerSession, new_record
    from toolkit.web.routes.play import HOTSEAT

    people = opponent in (PERSON, HOTSEAT)
    if side not in ("corp", "runner") or not (opponent in MACHINES or people):
        raise DossierError(t(lang, "choose the machine's player and your seat from the form"))
    found = records(web)
    other = "runner" if side == "corp" else "corp"
    try:
        mine = _deck(web, lang, deck, side)
        theirs = _deck(web, lang, other_deck, other) if people and other_deck.strip() else None
        record = new_record(found, mine, side, seed, theirs=theirs, people=people)
        session = NetrunnerSession(found, record, side, PERSON if people else opponent)
    except EngineError as exc:
        raise DossierError(str(exc)) from None
    return session.to_json()


def _deck(web: Any, lang: str, deck: str, side: str) -> Any:
    """The deck the form names (``identity:ID``, an identity's example deck; else a saved deck's id) for ``side``
    (DossierError, in ``lang``, when there is none or it is another side's)."""
    from toolkit.engine.netrunner.session import example_deck
    from toolkit.i18n import name_of, word
    from toolkit.web.routes.play import echoed, saved_deck

    found = records(web)
    by_id = {r.id: r for r in found if r.kind == "identity"}
    if not deck.strip():  # (the form's deck menu sent nothing: the refusal names the field as the form does)
        raise DossierError(t(lang, "{field}: the field is empty; choose an identity's deck or a saved deck of the "
                                   "{side}", field=t(lang, "Your deck"), side=word("side", side, lang)))  # fmt: skip
    if deck.startswith("identity:"):
        identity = deck.removeprefix("identity:")
        if identity not in by_id:
            raise DossierError(t(lang, "unknown netrunner identity {id}; identities: {ids}", id=echoed(identity),
                                 ids=", ".join(sorted(by_id))))  # fmt: skip
        mine = example_deck(found, identity)
        called = name_of(by_id[identity], lang)
    else:
        mine = saved_deck(web, deck, lang, "netrunner")
        called = mine.name or deck
    side_of = by_id[mine.identity].side if mine.identity in by_id else None
    if side_of != side:
        raise DossierError(t(lang, "deck {id} is not a {side} deck", id=echoed(called),
                             side=word("side", side, lang)))  # fmt: skip
    return mine


def word_view(web: Any, lang: str, seen: dict[str, Any], pending: Any) -> None:
    """The view of ``/api/play/ID`` with what the page says in words, in the request's language: each log entry's
    ``line``, the decision's ``words`` and each option's ``words``, the text of each subroutine of the ice a run
    encounters, worded as :func:`page` words them, and why the game ended (``reason``, as the page's result says
    it: ``1 meat damage …``, ``the corp resigned``). As a tactics game's answer, ``resigned_by``: the seat that
    resigned (None unless one did; ``winner`` then the other side, and the log ends with the resignation)."""
    from toolkit.engine.netrunner.saved import RESIGNED
    from toolkit.engine.netrunner.state import SEATS
    from toolkit.engine.phrase import Phrase
    from toolkit.web.routes.play import log_line

    names, side = names_of(web, lang), _side_word(lang)
    reason = seen.get("reason")
    seen["resigned_by"] = None
    if isinstance(reason, Phrase):
        if reason.message == RESIGNED:
            seen["resigned_by"] = SEATS.get(getattr(reason.fields.get("side"), "code", ""))
        seen["reason"] = str(names.say("reason", reason))
    for entry in seen["log"]:
        entry["line"] = log_line(names, entry, lang, side)
    run = seen.get("run")
    encounter = run.get("encounter") if isinstance(run, dict) else None
    for sub in (encounter or {}).get("subroutines") or []:  # the ice's subroutines, worded as the page words them
        sub["text"] = str(names.value("text", sub["text"]))
    decision = seen.get("decision")
    if decision is not None and pending is not None:
        decision["words"] = str(names.say("prompt", pending.prompt))
        for shown, option in zip(decision["options"], pending.options, strict=True):
            shown["words"] = str(names.say("option", option.text))


def names_of(web: Any, lang: str) -> Any:
    """The LogNames of the pool in ``lang`` (made once a language)."""
    from toolkit.cli._lang import LogNames

    return web.memo(f"play-nr-names:{lang}", lambda: LogNames(records(web), lang))


def _side_word(lang: str) -> Callable[[int], str]:
    """A seat's side in words (1 the corp, 2 the runner)."""
    from toolkit.i18n import word

    def side(seat: int) -> str:
        return word("side", {1: "corp", 2: "runner"}.get(seat, ""), lang)

    return side


def load(web: Any, data: dict[str, Any]) -> Any:
    """The game of a game's file, replayed; a game a side resigned is over, the other side its winner (the page,
    ``/api/play/ID`` and their logs say so: :func:`resigned`). A game whose cards changed since it was saved is
    refused (:class:`~toolkit.engine.netrunner.saved.CardsChanged`)."""
    from toolkit.engine.netrunner.saved import check_cards
    from toolkit.engine.netrunner.session import NetrunnerSession

    if isinstance(data, dict):  # (a game whose cards changed since: refused naming them, not replayed as another)
        check_cards(records(web), data.get("record"))
    session = NetrunnerSession.from_json(records(web), data)
    if data.get("status") == "resigned":
        resigned(session, data.get("resigned_by"))
    return session


def misfit_at(web: Any, data: dict[str, Any]) -> int | None:
    """The number of the saved decision at which the game of ``data`` (a game's file) stops fitting (1 for the
    first, as the engine counts them: both sides'), found by replaying it once more; None when its replay fails
    before it plays (a file the engine refuses as it reads it) or does not fail."""
    import contextlib

    from toolkit.engine.core import EngineError
    from toolkit.engine.netrunner.session import NetrunnerSession

    reached: list[int] = []

    class Counting(NetrunnerSession):  # (the session's replay, which says how many decisions it took)
        def __init__(self, *args: Any) -> None:
            try:
                super().__init__(*args)
            except EngineError:
                game = getattr(self, "game", None)
                if game is not None:  # (its decisions replayed: it failed on the next one)
                    reached.append(len(game.decisions) + 1)
                raise

    with contextlib.suppress(EngineError):
        Counting.from_json(records(web), data)
    return reached[0] if reached else None


def resigned(session: Any, seat: Any) -> None:
    """End ``session``'s game as the engine ends one: the side of ``seat`` resigned (that of the person against the
    machine when the file does not say), the other side wins, the reason ``the corp resigned`` (a phrase, worded
    where it is shown; its code ``resigned``), and the log's last entry says so."""
    from toolkit.engine.netrunner.saved import end_resigned
    from toolkit.engine.netrunner.state import SEATS

    end_resigned(session.game, next((side for side, n in SEATS.items() if n == seat), session.side))


def page(request: Request, web: Any, found: Any, game_id: str) -> HTMLResponse:
    """The game's page for the link's side (the person's; in a game of two people, the side of the link): what that
    side may see, its decisions only; while the other side decides, the page says so and looks again every few
    seconds. The creator's page (and, on one device, each side's) links to the other side's page."""
    from toolkit.engine.logwords import word as log_word
    from toolkit.web.routes.play import log_line

    lang = request_lang(request)
    session = found.session
    seat = found.seat  # (the session's side in a game against the machine)
    names, side = names_of(web, lang), _side_word(lang)
    pending = None if found.resigned else session.pending
    decision = pending if pending is not None and pending.seat == seat else None
    # (the seed only once the game is over)
    seen = session.view(over=found.resigned or session.pending is None, seat=seat)
    people = bool(getattr(session, "people", False))
    hotseat = people and found.record.get("devices") == "one"
    other_link = None
    if people and not found.resigned and session.pending is not None and (found.record.get("creator") == seat
                                                                          or hotseat):  # fmt: skip
        link = (found.record.get("links") or {}).get(str(3 - seat))
        other_link = str(request.url_for("play_game", game_id=link)) if link else None

    def lw(kind: str, code: str) -> str:
        return log_word(kind, code, lang) or code

    log = [log_line(names, entry, lang, side) for entry in seen["log"][-80:]]
    options = [(o.label, str(names.say("option", o.text))) for o in decision.options] if decision else []
    prompt = str(names.say("prompt", decision.prompt)) if decision is not None else ""
    result = None
    if session.pending is None:
        result = {"winner": session.game.winner, "reason": str(names.say("reason", session.game.end_reason)),
                  "turns": session.game.turns}  # fmt: skip
    mine = {1: "corp", 2: "runner"}[seat]
    last_mine = bool(session.game.decisions) and session.game.decisions[-1]["seat"] == seat
    response = render(
        request, "play/netrunner.html", game_id=game_id, seen=seen, side=mine, me=seen[mine], seat=seat,
        options=options, prompt=prompt, decision=decision, result=result, resigned=found.resigned,
        decision_number=session.own_number(decision) if decision is not None else None,
        resigned_by=found.record.get("resigned_by"), log=log, name=_namer(lang),
        # (in a game of two people, not while the other side is asked: taking it back would tell whether it was)
        # (and only an undo the session would take: asked last, as it replays the game)
        can_undo=last_mine and (not people or decision is not None) and session.undo_refusal(seat) is None,
        machine=session.machine, people=people, hotseat=hotseat, other_link=other_link,
        waiting=pending is not None and pending.seat != seat,
        server_name=lambda code: names.server(code) or code, lw=lw, ability=lambda text: str(names.value("text", text)),
        side_word=side(seat),
    )  # fmt: skip
    return response


def replay(request: Request, web: Any, found: Any) -> str:
    """The finished game's replay page, as ``simulate netrunner --replay`` writes it (every side's cards)."""
    from toolkit.engine.netrunner.replay import render_replay
    from toolkit.engine.netrunner.saved import resigned_end
    from toolkit.i18n import word

    lang = request_lang(request)
    names = names_of(web, lang)
    session = found.session
    # (the game by its name, as the site's menus and the tactics replay's mode name it)
    title = t(lang, "{game} · seed {seed}", game=word("web.game", "netrunner", lang), seed=session.record["seed"])
    frames = session.frames()
    resigned_end(frames, session.game)  # (a game resigned: its log ends with it, the other side the winner)
    return render_replay(frames, title, lang, names)


def _namer(lang: str) -> Any:
    """A card of the view by its name in ``lang`` ("face down" when the side may not see it)."""

    def name(card: dict[str, Any] | None) -> str:
        if not card or not card.get("name"):
            return t(lang, "face-down ice") if card and card.get("type") == "ice" else t(lang, "face-down card")
        names = card["name"]
        shown = str(names.get(text_lang(lang)) or names.get("zh-Hans")) or str(card.get("id"))
        if card.get("id") is None:  # face down, known to the runner (it accessed the card where it is)
            if card.get("type") == "ice":
                return t(lang, "face-down ice ({card})", card=shown)
            return t(lang, "face-down card ({card})", card=shown)
        return shown

    return name
