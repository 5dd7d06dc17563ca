"""The Crossfire moderator: a host deals, each player opens a private link (or scans its QR code) that
shows only their own role and the cards they saw; the host enters the aims, resolves, keeps the score.

The rules are the engine's (:mod:`toolkit.engine.crossfire`); what a player is told is
:func:`toolkit.engine.crossfire_cards.role_card`, as on the printed slips; the tables and their
secret links live in :mod:`toolkit.web.crossfire_rooms`. Every action of the host is a write
(:func:`toolkit.web.security.require_write`); the links themselves are the only key to read a table.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import shlex
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.routing import APIRoute

from toolkit import i18n
from toolkit.engine.crossfire import OPTIONS, SCRIPT, script_keys, sole_winners
from toolkit.errors import DossierError
from toolkit.i18n import tr
from toolkit.i18n.words import N_
from toolkit.web import settings as web_settings
from toolkit.web.app import WebState, state
from toolkit.web.crossfire_rooms import MAX_AGE, Entries, Room, RoomError, RoomStore, clean_names, house_rules
from toolkit.web.security import require_write
from toolkit.web.templating import render, request_lang


class PageRoute(APIRoute):
    """A crossfire form (POST) answers every refusal with a page in the page's language, never JSON: a
    cross-site or stale form (:func:`~toolkit.web.security.require_write`'s 403), a missing write token,
    a :class:`~toolkit.errors.DossierError`. The JSON routes of this router (GET) are left as they are."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        if "POST" not in (self.methods or ()):
            return handler

        async def page_handler(request: Request) -> Response:
            try:
                return await handler(request)
            except HTTPException as exc:
                return _refused(request, exc.status_code, str(exc.detail))
            except DossierError as exc:
                return _refused(request, 400, exc.message)

        return page_handler


router = APIRouter(tags=["crossfire"], include_in_schema=False, route_class=PageRoute)

MAX_PLAYERS = 10
PRIVATE_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "same-origin",  # the token in the address never leaves for another site in a Referer
    "X-Robots-Tag": "noindex, nofollow",
}


# ---------------------------------------------------------------- state


def rooms(web: WebState) -> RoomStore:
    """The server's crossfire tables (kept under the data directory)."""
    store = getattr(web, "crossfire_rooms", None)
    if store is None:
        with web.lock:
            store = getattr(web, "crossfire_rooms", None)
            if store is None:
                store = RoomStore(web.settings.data_path / "crossfire")
                web.crossfire_rooms = store  # type: ignore[attr-defined]
    return store


def game_of(web: WebState) -> Any:
    """The :class:`~toolkit.engine.crossfire.Crossfire` rules over the card pool (again after a reload). A role or
    mode file it names in an error is named as the editor names files (:func:`shown_file`), never by the server's
    path; a role whose text the engine cannot run and no mode needs is left out (:func:`left_out_note`)."""
    from toolkit.engine.crossfire import Crossfire

    held = getattr(web, "crossfire_game", None)
    if held is None or held[0] != web.generation:
        catalog = web.catalog
        records = catalog.records
        if not any(getattr(r, "game", None) == "crossfire" and getattr(r, "kind", None) == "role" for r in records):
            raise DossierError(tr("the card pool has no crossfire roles; serve a pool with `cards/crossfire`"))

        def shown(record: Any) -> str | None:
            path = catalog.file_of(record)
            return None if path is None else shown_file(web, path)

        held = (web.generation, Crossfire.from_records(records, shown))
        web.crossfire_game = held  # type: ignore[attr-defined]
    return held[1]


def shown_file(web: WebState, path: Any) -> str:
    """A card file as the editor names it to the browser: from its card folder (``my-set/roles/x.json``), never
    the server's absolute path (docs/reference/web.md, limits: paths)."""
    from toolkit.web.routes.editor import other_file

    return other_file(web, str(path))[0]


def left_out_note(game: Any, said: str | None = None) -> str | None:
    """The roles of the pool no table deals, as their text cannot be run, each with its file and why, in the
    current language (the request's: :func:`request_lang`); the moderator's page names them once (not one that
    ``said``, the refusal on the page, names already). None when there is none to name."""
    lines = [game.left_out(role) for role in game.unrunnable]
    lines = [line for line in lines if said is None or line not in said]
    return tr("; ").join(lines) if lines else None


def _page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    response = render(request, template, status_code=status, **context)
    response.headers.update(PRIVATE_HEADERS)
    return response


def _refused(request: Request, status: int, message: str) -> HTMLResponse:
    """A refused crossfire form as a page: the message, and the way back to the table (else to a new one)."""
    lang = request_lang(request)
    token = str(request.path_params.get("token") or "")
    room = rooms(state(request)).host(token) if token else None
    if room is not None:
        back = str(request.url_for("crossfire_host", token=room.host_token))
        label = i18n.t(lang, "Back to the table")
    else:
        back, label = str(request.url_for("crossfire_index")), i18n.t(lang, "Back to the form")
    return _page(request, "crossfire/missing.html", status, message=message, back=back, back_label=label)


def _missing(request: Request) -> HTMLResponse:
    """The same page for every wrong token: nothing tells a guess how close it came."""
    t = i18n.t
    return _page(
        request,
        "crossfire/missing.html",
        404,
        message=t(request_lang(request), "No such table: the link is wrong or the table was ended."),
    )


# ---------------------------------------------------------------- the address phones open

WILDCARDS = frozenset({"0.0.0.0", "::", ""})


def reach(request: Request) -> dict[str, Any]:
    """Where the private links point, and what the host is told about it.

    On loopback only (the default) no phone can open the links: ``loopback`` is set, the page warns and
    names the command to run instead. Listening on one address, the links use it; on every address
    (``--host 0.0.0.0``), this machine's LAN address (:func:`toolkit.web.settings.lan_ipv4`), else the
    address the page was asked at when that is not loopback, else that address with ``unknown`` set."""
    settings = request.app.state.settings
    bind = settings.host.strip().strip("[]")
    base = request.base_url
    view: dict[str, Any] = {"loopback": False, "unknown": False, "base": str(base), "port": settings.port}
    if web_settings.is_loopback(bind):
        view["loopback"] = True
        port = ["--port", str(settings.port)] if settings.port != 8000 else []
        view["command"] = shlex.join(["dossier", "serve", "--host", "0.0.0.0", *port, *settings.options])
        return view
    address = web_settings.lan_ipv4() if bind in WILDCARDS else bind
    if address is None:
        asked = base.hostname or ""
        view["unknown"] = web_settings.is_loopback(asked)
        return view
    host = f"[{address}]" if ":" in address else address
    view["base"] = str(base.replace(netloc=f"{host}:{settings.port}"))
    return view


def _at(view: dict[str, Any], url: Any) -> str:
    """``url`` (one of this app's) on the base the phones open."""
    from starlette.datastructures import URL

    base = URL(view["base"])
    return str(URL(str(url)).replace(scheme=base.scheme, netloc=base.netloc))


# ---------------------------------------------------------------- who the host is

HOST_COOKIE = "cf_host_"  # + the room's id; its value is host_mark(room)


def host_mark(room: Room) -> str:
    """The value of the host cookie of ``room``: derived from the host's token, which it does not reveal."""
    return hashlib.sha256(b"dossier crossfire host\0" + room.host_token.encode()).hexdigest()[:32]


def is_host(request: Request, room: Room) -> bool:
    """True when this browser opened the table's host page (it holds the room's host cookie)."""
    held = request.cookies.get(HOST_COOKIE + room.id, "")
    return bool(held) and secrets.compare_digest(held.encode(), host_mark(room).encode())


def _remember_host(request: Request, response: Response, room: Room) -> None:
    response.set_cookie(
        HOST_COOKIE + room.id,
        host_mark(room),
        max_age=MAX_AGE,
        path="/crossfire",
        httponly=True,
        samesite="lax",  # sent when a link is opened from another site too: it is the host's link either way
        secure=request.url.scheme == "https",
    )


# ---------------------------------------------------------------- the house rules (RULINGS C3, C6)

# each house rule as the host page and the private pages tell the table when it is on, when it is off (worded as
# the CLI's help and the rulings word it); the create form's checkbox says it on
HOUSE_RULES = {
    "protection_lost_when_hit": (
        N_("A protector who is hit protects no one afterwards."),
        N_("A protector's protection holds even if the protector is hit."),
    ),
    "protester_counts_as_bystander": (
        N_("The Protester and the Supporter count as Bystanders."),
        N_("The Protester and the Supporter do not count as Bystanders."),
    ),
}


def house_rule_lines(game: Any, room: Room, setup: Any, lang: str) -> list[str]:
    """The house rules ``room`` plays, one sentence each, on or off: the table's rules every player is told. Only
    those the set-up (``setup``: role ids, told to the table) gives a say: the protectors' with a role that
    protects, the Protester's and the Supporter's with a role that counts as a Bystander by its text; so a page
    names no role the table was not told of."""
    rules = house_rules(game, room)
    roles = [game.roles[r] for r in setup if r in game.roles]
    matters = {
        "protection_lost_when_hit": any(r.protects for r in roles),
        "protester_counts_as_bystander": any(r.counts_as != r.counts_strict for r in roles),
    }
    return [
        i18n.t(lang, HOUSE_RULES[name][0] if rules[name] else HOUSE_RULES[name][1])
        for name in OPTIONS
        if matters.get(name, True)
    ]


def _options_from(form: Any, mode: str) -> dict[str, bool] | None:
    """The house rules the create form chose for ``mode``: each one whose box of that mode is ticked is on, the
    others off, when the form showed that mode's boxes (its ``house_rules`` field names the mode); None (the mode's
    own rules) for a post without them, as the CLI reads a table without "options"."""
    if mode not in [str(v) for v in form.getlist("house_rules")]:
        return None
    ticked = {str(v) for v in form.getlist(f"option_{mode}")}
    return {name: name in ticked for name in OPTIONS}


# ---------------------------------------------------------------- the new-table form


def _modes(game: Any, lang: str) -> list[dict[str, Any]]:
    modes = []
    for mode in sorted(game.modes.values(), key=lambda m: (m.id != "crossfire", m.id)):
        counts = sorted(c.players for c in mode.compositions)
        specials = []
        for sub in mode.substitutions:
            if sub.role not in game.records or any(role in game.unrunnable for role in sub.add):
                continue  # (a role the engine cannot run is not offered: left_out_note names it)
            low, high = (sub.players.min, sub.players.max) if sub.players is not None else (counts[0], counts[-1])
            specials.append(
                {"id": sub.role, "name": i18n.name_of(game.records[sub.role], lang), "min": low, "max": high}
            )
        modes.append(
            {
                "id": mode.id,
                "name": i18n.name_of(mode, lang),
                "min": counts[0],
                "max": counts[-1],
                "specials": specials,
                "sniper": game.is_sniper_mode(mode.id),
                # the house rules, each ticked by default as the mode record has it (RULINGS C3: off; C6: on)
                "options": [
                    {"id": name, "label": i18n.t(lang, HOUSE_RULES[name][0]), "default": bool(getattr(mode, name))}
                    for name in OPTIONS
                ],
            }
        )
    return modes


def _index(
    request: Request,
    web: WebState,
    status: int = 200,
    error: str | None = None,
    form: Any = None,
    bad: list[str] | None = None,
) -> HTMLResponse:
    """The new-table form; ``bad``: the ids of the fields the error is about (marked invalid, described by the
    error, the first one focused)."""
    lang = request_lang(request)
    try:
        game = game_of(web)
    except DossierError as exc:
        return render(request, "crossfire/index.html", status_code=503, modes=[], error=exc.message, form={}, bad=[])
    values = {
        "mode": "crossfire",
        "players": 7,
        "names": [""] * MAX_PLAYERS,
        "specials": [],
        "sniper_seat": "",
        "host": "moderator",
        "host_seat": "1",
        "options": {},  # mode -> the house rules ticked on a refused form (other modes: their defaults)
    }
    if form is not None:
        values.update(form)
    return render(
        request,
        "crossfire/index.html",
        status_code=status,
        modes=_modes(game, lang),
        error=error,
        notice=left_out_note(game, error),  # (a note beside the page, not an alert: the tables work without it)
        form=values,
        bad=bad or [],
        max_players=MAX_PLAYERS,
        reach=reach(request),
    )


@router.get("/crossfire", response_class=HTMLResponse, name="crossfire_index")
def crossfire_index(request: Request) -> HTMLResponse:
    return _index(request, state(request))


def _number(value: Any, what: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise RoomError(tr("{what}: {value} is not a number", what=what, value=repr(str(value)[:20]))) from None


def _int(value: Any, what: str, low: int, high: int) -> int:
    number = _number(value, what)
    if not low <= number <= high:
        raise RoomError(tr("{what}: {n} is not between {low} and {high}", what=what, n=number, low=low, high=high))
    return number


@router.post("/crossfire", dependencies=[Depends(require_write)], name="crossfire_create")
async def crossfire_create(request: Request) -> Response:
    web = state(request)
    request_lang(request)
    form = await request.form()
    raw: dict[str, Any] = {
        "mode": str(form.get("mode") or "crossfire"),
        "players": str(form.get("players") or ""),
        "names": [str(form.get(f"name_{seat}") or "") for seat in range(1, MAX_PLAYERS + 1)],
        "specials": [str(s) for s in form.getlist("special")],
        "sniper_seat": str(form.get("sniper_seat") or ""),
        "host": "plays" if form.get("host") == "plays" else "moderator",
        "host_seat": str(form.get("host_seat") or ""),
    }
    mode_id = str(raw["mode"])
    options = _options_from(form, mode_id)
    if options is not None:  # a refused form shows the boxes as the host ticked them
        raw["options"] = {mode_id: [name for name, on in options.items() if on]}
    bad: list[str] = []  # the fields a refusal is about
    try:
        game = game_of(web)
        bad = ["cf-players"]
        players = _number(raw["players"], tr("players"))
        # the counts the mode takes, in its words, as the CLI says them ("Sniper mode is for 6-10 players, not 11")
        game.setup(raw["mode"], players)
        bad = _bad_names(list(raw["names"]), players)
        names = clean_names(list(raw["names"]), players)
        # Any player may be the Sniper (seed 003: "公开选出 1 名狙击手"); the dealer is another player, so with the
        # Sniper at seat 1 seat 2 deals first (crossfire_rooms.next_dealer).
        bad = [f"cf-sniper-{raw['mode']}"]
        sniper = _int(raw["sniper_seat"], tr("the Sniper's seat"), 1, players) if raw["sniper_seat"] else None
        plays = raw["host"] == "plays"
        bad = ["cf-host-seat"]
        host_seat = _int(raw["host_seat"], tr("your seat"), 1, players) if plays and raw["host_seat"] else None
        bad = _bad_specials(game, str(raw["mode"]), players, list(raw["specials"]))
        room = rooms(web).create(
            game,
            str(raw["mode"]),
            players,
            names,
            list(raw["specials"]),
            sniper,
            host_plays=plays,
            host_seat=host_seat,
            options=options,
        )
    except DossierError as exc:
        return _index(request, web, 400, exc.message, raw, bad)
    # The host page opens at the address the phones use, so that the host's cookie (set there) is sent
    # with the private links opened in this browser; the write token goes along when one is needed.
    view = reach(request)
    target = _at(view, request.url_for("crossfire_host", token=room.host_token))
    settings = request.app.state.settings
    if target.split("/crossfire/", 1)[0] != str(request.base_url).rstrip("/") and settings.needs_token():
        target += "?token=" + str(settings.token or "")
    response = RedirectResponse(target, 303)
    _remember_host(request, response, room)
    return response


def _bad_names(names: list[str], players: int) -> list[str]:
    """The name fields the names' refusal is about (none when they are taken): the seat the engine refuses, and
    for a name given twice the seat that gave it first too (the refusal names both)."""
    from toolkit.engine.crossfire import NameRefused
    from toolkit.engine.crossfire import clean_names as clean_seat_names

    try:
        clean_seat_names(enumerate(names[:players], start=1))
    except NameRefused as exc:
        seat = exc.seat
        if not 1 <= seat <= players:
            return []

        def key(n: int) -> str:
            return " ".join(names[n - 1].split()).casefold()

        return [f"cf-name-{seat}", *(f"cf-name-{s}" for s in range(1, seat) if key(s) and key(s) == key(seat))]
    except DossierError:
        return []
    return []


def _bad_specials(game: Any, mode: str, players: int, specials: list[str]) -> list[str]:
    """The special roles' checkboxes the set-up's refusal is about: each chosen one the mode refuses at this
    player count on its own, else every chosen one (they do not go together)."""
    refused = []
    for special in specials:
        try:
            game.setup(mode, players, [special])
        except DossierError:
            refused.append(special)
    return [f"cf-special-{mode}-{s}" for s in (refused or specials)]


# ---------------------------------------------------------------- the host


def _who(room: Room, seat: int, lang: str) -> str:
    name = room.names.get(seat)
    return (
        i18n.t(lang, "{name} (seat {seat})", seat=seat, name=name) if name else i18n.t(lang, "Seat {seat}", seat=seat)
    )


def _qr(url: str, title: str) -> str:
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=True, title=title))


def _host_view(
    request: Request, web: WebState, room: Room, entered: tuple[Entries, list[int]] | None = None
) -> dict[str, Any]:
    """What the host page shows; ``entered``: aims and marks the host sent that did not resolve."""
    from toolkit.engine.crossfire_cards import labels_in, seen_cards

    lang = request_lang(request)
    game = game_of(web)
    current = room.current
    assert current is not None
    deal = current.to_deal()
    # A host who plays sees no secret role until the round is resolved, and a moderator's roles stay folded away
    # on the page whose QR codes the players scan: either way every seat gets the same aim fields (two where the
    # set-up has a two-gun role), but the public Sniper, who places the shot cards; the resolution ignores what a
    # role does not fire and refuses what it must (crossfire_rooms.fit_aims, check_aims).
    hidden = room.host_plays and current.outcome is None
    card_words = labels_in(lang)
    same_guns = 1
    if not deal.sniper:
        same_guns = max((game.roles[r].guns for r in deal.setup if r in game.roles), default=1)
    view = reach(request)
    seats = []
    for seat in range(1, room.players + 1):
        url = _at(view, request.url_for("crossfire_private", token=room.seat_tokens[seat]))
        role_id = deal.roles[seat]
        rules = game.roles[role_id]
        guns = 0 if seat in deal.public and rules.marks else same_guns
        secret = hidden and seat not in deal.public
        # each entry in its own menu (None: blank), as entered (a refusal) or as fired (a round opened again)
        aims: list[int | None] = list((entered[0] if entered is not None else current.aims or {}).get(seat, []))
        hit_by = (current.outcome or {}).get("hit_by", {}).get(str(seat), [])
        seats.append(
            {
                "seat": seat,
                "name": room.names.get(seat, ""),
                "who": _who(room, seat, lang),
                "url": url,
                "qr": _qr(url, i18n.t(lang, "QR code of the private link of {who}", who=_who(room, seat, lang))),
                "role": None if secret else i18n.name_of(game.records[role_id], lang),
                "role_id": None if secret else role_id,
                "team": None if secret else i18n.word("team", game.records[role_id].team, lang),
                "team_id": None if secret else game.records[role_id].team,
                "public": seat in deal.public,
                # each card with where it came from, as the player's own page says it; a public role (the Sniper) is
                # not dealt: it sees no card (a table saved before may list it)
                "seen": None if secret else card_words["sep"].join(seen_cards(game, deal, seat, lang, card_words)),
                "guns": guns,
                "aims": aims + [None] * (guns - len(aims)),
                "marked": seat in (entered[1] if entered is not None else current.marks),
                "sniper": seat in deal.public and rules.marks,  # places the shot cards; none goes in front of it
                "hit_by": i18n.t(lang, ", ").join(_who(room, s, lang) for s in hit_by),
                "wins": current.outcome is not None and seat in current.outcome["winners"],
                "opened": seat in room.opened,
                "mine": room.host_plays and seat == room.host_seat,
            }
        )
    sep = i18n.t(lang, ", ")
    setup = sep.join(f"{i18n.name_of(game.records[r], lang)} ×{n}" for r, n in deal.setup.items() if r in game.records)
    shuffles = [
        i18n.t(
            lang,
            "{seat} shuffles the cards of seats {seats}",
            seat=_who(room, by, lang),
            seats=sep.join(map(str, trio)),
        )
        for by, trio in deal.shuffles
    ]
    public = [
        i18n.t(
            lang,
            "{seat} is the public {role} (not dealt)",
            seat=_who(room, s, lang),
            role=i18n.name_of(game.records[r], lang),
        )
        for s, r in deal.public.items()
    ]
    mode = game.modes.get(room.mode)
    outcome = None
    resolved = _resolved(game, room, current)  # (None until the round is resolved: nothing of the end before it)
    reports = _seat_reports(game, room, resolved, lang)
    for seat, row in enumerate(seats, start=1):
        row.update(reports.get(seat, {"pointed": "—", "saved": [], "why": []}))
    if current.outcome is not None:
        o = current.outcome
        sole = {s: game.records[deal.roles[s]] for s in o.get("sole", [])}  # (a round saved before: none)
        outcome = {
            "team": i18n.word("team", str(o["team"]), lang),
            "team_id": o["team"],
            "shot": sep.join(_who(room, s, lang) for s in o["shot"]) or "—",
            "winners": sep.join(_who(room, s, lang) for s in o["winners"]) or "—",
            "sole": sole_winners(sole, lambda s: _who(room, s, lang), lang),
            "sole_count": len(sole),
            "why": _why_team(game, room, resolved, lang),
        }
    try:
        scores = rooms(web).score(game, room)
    except DossierError:
        scores = []
    history = [
        {
            "number": r.number,
            "team": i18n.word("team", str(r.outcome["team"]), lang),
            "winners": sep.join(_who(room, s, lang) for s in r.outcome["winners"]) or "—",
            "sole": bool(r.outcome.get("sole")),
        }
        for r in room.rounds
        if r.outcome is not None
    ]
    games = web.catalog.of_kind("crossfire", "game")
    discussion = int(getattr(games[0], "discussion_seconds", 180)) if games else 180
    return {
        "aims_help": _aims_help(game, deal, room.host_plays, lang),
        "script_lines": [i18n.t(lang, SCRIPT[key]) for key in script_keys(deal.sniper)],
        "script": _script(game, room, resolved, lang),
        "two_hands": not deal.sniper and same_guns > 1,  # everyone points with both hands; the right one counts
        "room": room,
        "round": current,
        "mode_name": i18n.name_of(mode, lang) if mode is not None else room.mode,
        "dealer": _who(room, deal.dealer, lang),
        "sniper": deal.sniper,
        "host_plays": room.host_plays,
        "hidden": hidden,
        "seats": seats,
        "setup": setup,
        "house_rules": house_rule_lines(game, room, deal.setup, lang),
        "shuffles": shuffles,
        "public": public,
        "outcome": outcome,
        "scores": [
            {
                "player": _score_name(row["player"], lang),
                "score": row["score"],
                "winner": row["winner"],
            }
            for row in scores
        ],
        "history": history,
        "host_url": str(request.url_for("crossfire_host", token=room.host_token)),
        "host_state_url": str(request.url_for("crossfire_host_state", token=room.host_token)),
        "reach": view,
        "minutes": discussion // 60,
        "seconds": discussion,
    }


def _aims_help(game: Any, deal: Any, host_plays: bool, lang: str) -> str:
    """What the aims form asks for. It names only the roles of this set-up that point with two guns or protect
    (the set-up is told to the table, so naming them tells no one's role); a set-up without them is not told of
    them. A host who plays is told how roles are applied, naming none."""
    t = i18n.t
    if deal.sniper:
        if host_plays:
            return i18n.sentences(lang, [
                t(lang, "Mark the players in front of whom the Sniper put a shot card; then enter the target of each "
                        "Assassin who revealed and pointed. Other players' entries have no effect."),
                t(lang, "Enter a target for every player without a shot card, anyone for a player who did not point: "
                        "the form asks the same of every seat, so that it tells no one's role."),
            ])  # fmt: skip
        return t(lang, "Mark the players in front of whom the Sniper put a shot card, and each Assassin's target.")
    rules = [game.roles[r] for r in deal.setup if r in game.roles]
    both = max((r.guns for r in rules), default=1) > 1  # everyone points with both hands; the right one counts
    protectors = [r.id for r in rules if r.protects]
    if host_plays:
        if both:
            return (
                t(lang, "After the countdown everyone points at once, with both hands: the set-up has a two-gun role, "
                        "and no one's hands may give it away. Enter where each player's right hand pointed, and "
                        "their left hand's in its own menu (it may be left blank). Roles are applied when you "
                        "resolve: the two-gun role fires with both hands, at one player or two; every other role "
                        "with the right hand only, the left hand having no effect; an unarmed player's pointing has "
                        "no effect, a protector's right hand protects.")
                if protectors
                else t(lang, "After the countdown everyone points at once, with both hands: the set-up has a two-gun "
                             "role, and no one's hands may give it away. Enter where each player's right hand "
                             "pointed, and their left hand's in its own menu (it may be left blank). Roles are "
                             "applied when you resolve: the two-gun role fires with both hands, at one player or two; "
                             "every other role with the right hand only, the left hand having no effect; an unarmed "
                             "player's pointing has no effect.")
            )  # fmt: skip
        return (
            t(lang, "After the countdown everyone points at once. Enter where each player pointed. Roles are applied "
                    "when you resolve: an unarmed player's pointing has no effect, a protector's protects.")
            if protectors
            else t(lang, "After the countdown everyone points at once. Enter where each player pointed. Roles are "
                         "applied when you resolve: an unarmed player's pointing has no effect.")
        )  # fmt: skip
    sep = t(lang, ", ")

    def named(ids: list[str]) -> str:
        return sep.join(i18n.name_of(game.records[r], lang) for r in ids)

    parts = []
    if both:
        two = [r.id for r in rules if r.guns > 1]
        parts.append(t(lang, "After the countdown everyone points at once, with both hands: the set-up has a two-gun "
                             "role."))  # fmt: skip
        parts.append(i18n.tn(lang, "Enter the target of each armed player's right hand, and the left hand's of the "
                                   "{roles}, who points at one player or two different ones; every other left hand "
                                   "has no effect.", "Enter the target of each armed player's right hand, and the left "
                                   "hand's of each of these roles, who point at one player or two different ones: "
                                   "{roles}; every other left hand has no effect.", len(two),
                             roles=named(two)))  # fmt: skip
        if protectors:
            parts.append(i18n.tn(lang, "The {roles}'s right hand protects the player it points at, instead of "
                                       "shooting.", "The right hand of each of these roles protects the player it "
                                       "points at, instead of shooting: {roles}.", len(protectors),
                                 roles=named(protectors)))  # fmt: skip
    else:
        parts.append(t(lang, "After the countdown everyone points at once. Enter each armed player's target."))
        if protectors:
            parts.append(i18n.tn(lang, "The {roles} protects the player they point at, instead of shooting.",
                                 "Each of these roles protects the player it points at, instead of shooting: {roles}.",
                                 len(protectors), roles=named(protectors)))  # fmt: skip
    if protectors:  # a protector is unarmed, but names whom it protects: its aim is never blank
        parts.append(i18n.tn(lang, "Unarmed players may be left blank, but not the {roles}, who names whom it "
                                   "protects.", "Unarmed players may be left blank, but not these roles, who name "
                                   "whom they protect: {roles}.", len(protectors),
                             roles=named(protectors)))  # fmt: skip
    else:
        parts.append(t(lang, "Unarmed players may be left blank."))
    return i18n.sentences(lang, parts)


def _resolved(game: Any, room: Room, current: Any) -> tuple[Any, Any] | None:
    """The engine's table and outcome of the resolved round ``current`` (None before it is resolved, or when the pool
    changed under a running table: the outcome saved stays, without its script and seat-by-seat account)."""
    if current.outcome is None:
        return None
    try:
        where = i18n.tc(i18n.current_lang(), "crossfire", "round {n}", n=current.number)
        table = game.table(current.table(room.names, room.options), where)
    except DossierError:
        return None
    return table, game.resolve(table)


def _script(game: Any, room: Room, resolved: tuple[Any, Any] | None, lang: str) -> list[dict[str, Any]]:
    """The moderator's script of the resolved round: each line, and what it brought out (who was hit, whose
    protection cancelled a bullet, the team it decided); empty before the round is resolved."""
    from toolkit.engine.crossfire import step_lines

    if resolved is None:
        return []
    steps = game.script(*resolved)
    return [
        {"line": i18n.t(lang, step.line), "said": step_lines(step, lambda s: _who(room, s, lang), lang)}
        for step in steps
    ]


def _why_team(game: Any, room: Room, resolved: tuple[Any, Any] | None, lang: str) -> list[str]:
    """Why the round ended as it did, as the script's deciding step says it (seed 003: "VIP 被击中，红队获胜";
    sniper mode: the shot cards, or the Assassins' shots), and the team that lost; empty before the outcome."""
    from toolkit.engine.crossfire import step_lines

    if resolved is None:
        return []
    table, outcome = resolved
    decided = next((step for step in game.script(table, outcome) if step.team is not None), None)
    if decided is None:
        return []
    said = step_lines(decided, lambda s: _who(room, s, lang), lang)[-1]  # (its last line is the team's)
    lines = [said[:1].upper() + said[1:]]
    if not outcome.sole:  # (a player who won alone: every other player lost, as the line says)
        loser = "red" if outcome.team == "blue" else "blue"
        lines.append(i18n.t(lang, "{team} loses", team=i18n.word("team", loser, lang)))
    return lines


def _seat_reports(game: Any, room: Room, resolved: tuple[Any, Any] | None, lang: str) -> dict[int, dict[str, Any]]:
    """Seat -> what the outcome's table says of it beside its role: what it pointed at and what that did, the
    bullets protectors cancelled, why it won or lost (:meth:`toolkit.engine.crossfire.Crossfire.report`)."""
    from toolkit.engine.crossfire import aims_line, why_lines

    if resolved is None:
        return {}
    table, outcome = resolved
    roles = dict(zip(table.seats, (r.id for r in table.roles), strict=True))

    def who(seat: int) -> str:
        return _who(room, seat, lang)

    return {
        report.seat: {
            "pointed": aims_line(report, who, lang),
            "saved": [
                i18n.t_beside(
                    lang,
                    "{seat} protected by {protector} against the bullet of {shooter}",
                    seat=who(report.seat),
                    protector=who(protector),
                    shooter=who(shooter),
                )
                for shooter, protector in report.saved
            ],
            "why": why_lines(report, who, lang, game.records, roles),
        }
        for report in game.report(table, outcome)
    }


def _score_name(key: str, lang: str) -> str:
    seat = key.removeprefix("seat ")
    return i18n.t(lang, "Seat {seat}", seat=seat) if key.startswith("seat ") and seat.isdigit() else key


def _host_page(
    request: Request,
    room: Room,
    status: int = 200,
    error: str | None = None,
    entered: tuple[Entries, list[int]] | None = None,
    bad: list[str] | None = None,
) -> HTMLResponse:
    """The host page; ``bad``: the ids of the fields ``error`` is about (marked invalid, the first one focused)."""
    web = state(request)
    try:
        view = _host_view(request, web, room, entered)
    except DossierError as exc:
        return _page(request, "crossfire/missing.html", 503, message=exc.message)
    return _page(request, "crossfire/host.html", status, error=error, bad=bad or [], **view)


@router.get("/crossfire/host/{token}", response_class=HTMLResponse, name="crossfire_host")
def crossfire_host(request: Request, token: str) -> HTMLResponse:
    room = rooms(state(request)).host(token)
    if room is None:
        return _missing(request)
    response = _host_page(request, room)
    _remember_host(request, response, room)  # this browser is the host's: it opens no other seat's page
    return response


@router.get("/crossfire/host/{token}/state", name="crossfire_host_state")
def crossfire_host_state(request: Request, token: str) -> JSONResponse:
    """The round and the seats whose private page was opened (the host page updates its marks); no role."""
    room = rooms(state(request)).host(token)
    if room is None:
        return JSONResponse({"detail": i18n.tr("no such table")}, 404, headers=PRIVATE_HEADERS)
    current = room.current
    return JSONResponse(
        {"round": current.number if current else 0, "opened": list(room.opened)}, headers=PRIVATE_HEADERS
    )


def _host_or_404(request: Request, token: str) -> Room | None:
    return rooms(state(request)).host(token)


def _aims_from(form: Any, room: Room) -> tuple[Entries, list[int]]:
    """The aims form's entries, each seat's in the order of its menus (the right hand's first, then the left hand's,
    at a table with a two-gun role), a blank menu None, so that an entry stays the entry of its own hand (a left
    hand's is never taken for the right hand's); a seat with every menu blank is left out. And the shot cards."""
    aims: Entries = {}
    for seat in range(1, room.players + 1):
        chosen: list[int | None] = []
        for value in form.getlist(f"aim_{seat}"):
            if not str(value).strip():
                chosen.append(None)
                continue
            try:
                chosen.append(_int(value, tr("the aim of seat {seat}", seat=seat), 1, room.players))
            except RoomError as exc:  # (the menu it came from)
                raise RoomError(exc.message, (seat, len(chosen))) from None
        while chosen and chosen[-1] is None:
            chosen.pop()
        if chosen:
            aims[seat] = chosen
    marks = [_int(v, tr("a shot card"), 1, room.players) for v in form.getlist("mark") if str(v).strip()]
    return aims, marks


@router.post("/crossfire/host/{token}/resolve", dependencies=[Depends(require_write)], name="crossfire_resolve")
async def crossfire_resolve(request: Request, token: str) -> Response:
    room = _host_or_404(request, token)
    if room is None:
        return _missing(request)
    lang = request_lang(request)
    form = await request.form()
    web = state(request)
    try:
        aims, marks = _aims_from(form, room)
        game = game_of(web)
        rooms(web).resolve(game, room, aims, marks, lambda role: i18n.name_of(game.records[role], lang))
    except DossierError as exc:
        entered = None
        with contextlib.suppress(DossierError):  # show what the host entered, with the error
            entered = _aims_from(form, room)
        aim = exc.aim if isinstance(exc, RoomError) else None  # (the entry the refusal is about, where it says one)
        bad = [f"cf-aim-{aim[0]}-{aim[1]}"] if aim else []
        return _host_page(request, room, 400, exc.message, entered, bad)
    return RedirectResponse(str(request.url_for("crossfire_host", token=token)) + "#outcome", 303)


@router.post("/crossfire/host/{token}/next", dependencies=[Depends(require_write)], name="crossfire_next")
def crossfire_next(request: Request, token: str) -> Response:
    room = _host_or_404(request, token)
    if room is None:
        return _missing(request)
    web = state(request)
    try:
        rooms(web).deal_next(game_of(web), room)
    except DossierError as exc:
        return _host_page(request, room, 400, exc.message)
    return RedirectResponse(request.url_for("crossfire_host", token=token), 303)


@router.post("/crossfire/host/{token}/reopen", dependencies=[Depends(require_write)], name="crossfire_reopen")
def crossfire_reopen(request: Request, token: str) -> Response:
    room = _host_or_404(request, token)
    if room is None:
        return _missing(request)
    try:
        rooms(state(request)).reopen(room)
    except DossierError as exc:
        return _host_page(request, room, 400, exc.message)
    return RedirectResponse(str(request.url_for("crossfire_host", token=token)) + "#aims", 303)


@router.get("/crossfire/host/{token}/end", response_class=HTMLResponse, name="crossfire_end_confirm")
def crossfire_end_confirm(request: Request, token: str) -> HTMLResponse:
    """The page that asks "End this table?" (the host page's End this table… leads here, as /play's Resign… does):
    End this table (a form post to :func:`crossfire_delete`, which deletes the table, its rounds and score at once)
    or back to the table. A plain form and a link: it needs no script, and both are reached with the keyboard."""
    room = _host_or_404(request, token)
    if room is None:
        return _missing(request)
    request_lang(request)
    resolved = sum(1 for r in room.rounds if r.outcome is not None)
    return _page(
        request,
        "crossfire/end.html",
        room=room,
        resolved=resolved,
        host_url=str(request.url_for("crossfire_host", token=room.host_token)),
    )


@router.post("/crossfire/host/{token}/delete", dependencies=[Depends(require_write)], name="crossfire_delete")
def crossfire_delete(request: Request, token: str) -> Response:
    """End the table: it is deleted with every round and the score (the page of :func:`crossfire_end_confirm` asks
    first)."""
    room = _host_or_404(request, token)
    if room is None:
        return _missing(request)
    rooms(state(request)).delete(room)
    return RedirectResponse(request.url_for("crossfire_index"), 303)


# ---------------------------------------------------------------- the players


@router.get("/crossfire/p/{token}", response_class=HTMLResponse, name="crossfire_private")
def crossfire_private(request: Request, token: str) -> HTMLResponse:
    from toolkit.engine.crossfire_cards import role_card

    web = state(request)
    found = rooms(web).seat(token)
    if found is None:
        return _missing(request)
    room, seat = found
    current = room.current
    if current is None:
        return _missing(request)
    lang = request_lang(request)
    store = rooms(web)
    host = is_host(request, room)
    if host and room.host_plays and store.claim_host_seat(room, seat) != seat:
        # TRANSLATORS: a host who plays opened another player's private link in the browser of the host page
        message = i18n.t(
            lang,
            "This is the private link of {who}. You play at this table, and this browser holds its host page, "
            "so it does not show another player's role. Give this link to its player, or let them scan its QR "
            "code.",
            who=_who(room, seat, lang),
        )
        back = str(request.url_for("crossfire_host", token=room.host_token))
        return _page(
            request,
            "crossfire/missing.html",
            403,
            message=message,
            back=back,
            back_label=i18n.t(lang, "Back to the table"),
        )
    if not host or room.host_plays:  # the moderator checking a link is not the player opening it
        store.mark_opened(room, seat)
    try:
        deal = current.to_deal()
        game = game_of(web)
        card = role_card(game, deal, seat, room.names.get(seat), lang, house_rules(game, room))
        rules = house_rule_lines(game, room, deal.setup, lang)
    except (DossierError, KeyError) as exc:  # the pool changed under a running table
        message = (
            exc.message if isinstance(exc, DossierError) else tr("role {role} is no longer in the card pool", role=exc)
        )
        return _page(request, "crossfire/missing.html", 503, message=message)
    return _page(
        request,
        "crossfire/private.html",
        card=card,
        house_rules=rules,  # every player knows the rules of the table
        public=seat in deal.public,  # the Sniper's role is face up: nothing on the page is a secret
        round=current.number,
        who=_who(room, seat, lang),
        state_url=str(request.url_for("crossfire_private_state", token=token)),
    )


@router.get("/crossfire/p/{token}/state", name="crossfire_private_state")
def crossfire_private_state(request: Request, token: str) -> JSONResponse:
    """The round the table is in (the private page reloads when the host deals again); nothing else."""
    found = rooms(state(request)).seat(token)
    if found is None:
        return JSONResponse({"detail": i18n.tr("no such table")}, 404, headers=PRIVATE_HEADERS)
    room, _seat = found
    current = room.current
    return JSONResponse({"round": current.number if current else 0}, headers=PRIVATE_HEADERS)
