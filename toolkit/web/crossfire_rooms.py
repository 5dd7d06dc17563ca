"""Crossfire tables run from the web (``dossier serve``): the host's room, its rounds, the private seat links.

A :class:`Room` is one table of players over several rounds. The host creates it (mode, player
count, names, special roles), deals a round with :meth:`toolkit.engine.crossfire.Crossfire.deal`,
enters where everyone pointed (and the Sniper's shot cards), resolves with
:meth:`~toolkit.engine.crossfire.Crossfire.resolve` and reads the score over the resolved rounds from
:meth:`~toolkit.engine.crossfire.Crossfire.score`. No rule lives here: this module keeps state.

Secrets: the host's link and each seat's link carry a token from :func:`secrets.token_urlsafe`
(128 bits or more); a seat's token shows only that seat's role (:mod:`toolkit.engine.crossfire_cards`).
Tokens stay the same over the rounds, so a player keeps one link for the evening.

Rooms persist as one JSON file each under ``<data>/crossfire/`` (a directory only the user can read:
the files hold every role and token), written atomically, so a restarted server keeps its tables.
Rooms untouched for :data:`MAX_AGE` seconds, and the oldest past :data:`MAX_ROOMS`, are removed.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.engine.crossfire import ASSASSIN, OPTIONS, Crossfire, Deal, TableError
from toolkit.engine.crossfire import clean_names as clean_seat_names
from toolkit.errors import DossierError
from toolkit.i18n import current_lang, name_of, tc, tr

MAX_ROOMS = 200
MAX_AGE = 14 * 24 * 3600  # two weeks
MAX_ROUNDS = 100
TOKEN_BYTES = 18  # 24 characters of URL-safe base64, 144 bits
ROOM_ID = re.compile(r"^[0-9a-f]{16}$")
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
VERSION = 1


class RoomError(DossierError):
    """A request the table cannot take (bad names, aims, a seat that is not there); one line. ``aim``: the entry of
    the aims form it is about, (seat, its n-th target counted from 0), where it is about one."""

    def __init__(self, message: str, aim: tuple[int, int] | None = None) -> None:
        super().__init__(message, exit_code=1)
        self.aim = aim


@dataclass
class Round:
    """One deal and, once the host resolved it, its aims, marks and outcome."""

    number: int
    deal: dict[str, Any]  # Deal.to_json(names): the table with empty aims, roles, seen cards
    aims: dict[int, list[int]] | None = None
    marks: list[int] = field(default_factory=list)
    outcome: dict[str, Any] | None = None  # team, shot, winners, hit_by {seat: [seats]}

    @property
    def resolved(self) -> bool:
        return self.outcome is not None

    def to_deal(self) -> Deal:
        """The :class:`Deal` back from its JSON (what role_card and the host page need)."""
        data = self.deal
        players = data["players"]
        return Deal(
            mode=data["mode"],
            seed=int(data["seed"]),
            dealer=int(data["dealer"]),
            roles={int(p["seat"]): str(p["role"]) for p in players},
            seen={int(p["seat"]): [str(r) for r in p["seen"]] for p in players},
            shuffles=[
                (int(s["by"]), (int(s["seats"][0]), int(s["seats"][1]), int(s["seats"][2]))) for s in data["shuffles"]
            ],
            public={int(p["seat"]): str(p["role"]) for p in players if p.get("public")},
            setup={str(k): int(v) for k, v in data["setup"].items()},
            sniper="marks" in data,
        )

    def table(self, names: dict[int, str], options: dict[str, bool] | None = None) -> dict[str, Any]:
        """The filled-in table as `dossier crossfire resolve` reads it, with the room's house rules (``options``,
        :attr:`Room.options`) in its "options" as the CLI reads them; none (a room saved before): the mode's."""
        aims = self.aims or {}
        players = []
        for p in self.deal["players"]:
            seat = int(p["seat"])
            player: dict[str, Any] = {"seat": seat, "role": p["role"], "aim": list(aims.get(seat, []))}
            if names.get(seat):
                player["name"] = names[seat]
            players.append(player)
        data: dict[str, Any] = {"mode": self.deal["mode"], "players": players}
        if "marks" in self.deal:
            data["marks"] = list(self.marks)
        if options:
            data["options"] = dict(options)
        return data

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "deal": self.deal,
            "aims": {str(k): v for k, v in self.aims.items()} if self.aims is not None else None,
            "marks": self.marks,
            "outcome": self.outcome,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Round:
        aims = data.get("aims")
        return cls(
            number=int(data["number"]),
            deal=data["deal"],
            aims={int(k): [int(x) for x in v] for k, v in aims.items()} if aims is not None else None,
            marks=[int(m) for m in data.get("marks") or []],
            outcome=data.get("outcome"),
        )


@dataclass
class Room:
    """One table: its players and settings, the secret links, the rounds dealt so far."""

    id: str
    host_token: str
    seat_tokens: dict[int, str]
    mode: str
    players: int
    names: dict[int, str]
    specials: list[str]
    sniper_seat: int | None = None
    host_plays: bool = False  # the host holds a seat too: the host page shows no secret role before the outcome
    host_seat: int | None = None  # the seat of a host who plays (None: the first seat the host's browser opens)
    # the house rules the table plays (RULINGS C3, C6: the engine's OPTIONS), every one of them, as the host chose
    # them; empty for a room saved before they were kept: it plays its mode's (house_rules)
    options: dict[str, bool] = field(default_factory=dict)
    opened: list[int] = field(default_factory=list)  # seats whose private page was opened in the current round
    created: float = 0.0
    touched: float = 0.0
    rounds: list[Round] = field(default_factory=list)

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def seat_of(self, token: str) -> int | None:
        for seat, held in self.seat_tokens.items():
            if secrets.compare_digest(held, token):
                return seat
        return None

    def label(self, seat: int) -> str:
        """The player's name, else "Seat N" (in the current language)."""
        return self.names.get(seat) or tr("Seat {seat}", seat=seat)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "id": self.id,
            "host_token": self.host_token,
            "seat_tokens": {str(k): v for k, v in self.seat_tokens.items()},
            "mode": self.mode,
            "players": self.players,
            "names": {str(k): v for k, v in self.names.items()},
            "specials": self.specials,
            "sniper_seat": self.sniper_seat,
            "host_plays": self.host_plays,
            "host_seat": self.host_seat,
            "options": dict(self.options),
            "opened": self.opened,
            "created": self.created,
            "touched": self.touched,
            "rounds": [r.to_json() for r in self.rounds],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Room:
        return cls(
            id=str(data["id"]),
            host_token=str(data["host_token"]),
            seat_tokens={int(k): str(v) for k, v in data["seat_tokens"].items()},
            mode=str(data["mode"]),
            players=int(data["players"]),
            names={int(k): str(v) for k, v in data.get("names", {}).items()},
            specials=[str(s) for s in data.get("specials", [])],
            sniper_seat=int(data["sniper_seat"]) if data.get("sniper_seat") is not None else None,
            host_plays=bool(data.get("host_plays", False)),
            host_seat=int(data["host_seat"]) if data.get("host_seat") is not None else None,
            options={str(k): v for k, v in (data.get("options") or {}).items() if k in OPTIONS and type(v) is bool},
            opened=sorted({int(s) for s in data.get("opened") or []}),
            created=float(data.get("created", 0.0)),
            touched=float(data.get("touched", 0.0)),
            rounds=[Round.from_json(r) for r in data.get("rounds", [])],
        )


# the JSON pointer the engine puts after the table's name, after the colon of the language ("round 1: /players/0/aim",
# "第 1 轮：/players/0/aim")
_POINTER = re.compile(r"(?:: |：)/[^\s:：]*")

Entries = dict[int, list[int | None]]
"""What a host entered: seat -> the entries of its row of the aims form in their order, the right hand's first at a
table whose set-up has a two-gun role (then the left hand's); None, a menu left blank. A seat with none may be left
out."""


def house_rules(game: Crossfire, room: Room) -> dict[str, bool]:
    """The house rules ``room`` plays (RULINGS C3, C6): the ones the host chose, else (a room saved before they were
    kept) its mode's, as the CLI reads a table without "options"."""
    mode = game.mode(room.mode)
    return {name: bool(room.options.get(name, getattr(mode, name))) for name in OPTIONS}


def marks_decide(game: Crossfire, deal: Deal, room: Room, marks: list[int]) -> bool:
    """Sniper mode: do the shot cards before ``marks`` decide the round, so that no Assassin reveals and points
    (:meth:`toolkit.engine.crossfire.Crossfire.marks_decide`), under the room's house rules, not only its mode's
    (with ``protester_counts_as_bystander`` off a shot card on the Protester hits no Bystander)."""
    return game.marks_decide(room.mode, deal.roles, marks, house_rules(game, room))


def _hands(game: Crossfire, role: str, entries: list[int | None]) -> list[int]:
    """The targets a seat of ``role`` points at, from its entries in the form (crossfire mode): both hands of a
    two-gun role (the Enforcer: one player or two, RULINGS C4 as Dossier reads it), the right hand of every other
    role; a one-gun role's left hand is never a shot, so it is not counted, blank or not."""
    if game.roles[role].guns > 1:
        return [target for target in entries if target is not None]
    return [entries[0]] if entries and entries[0] is not None else []


def _check_entries(game: Crossfire, deal: Deal, room: Room, aims: Entries, marks: list[int]) -> None:
    """What either host entered, checked without any secret role, in the form's words: no one points at themselves,
    with either hand; the shot cards (sniper mode only) are at most one a player, none in front of the Sniper, no
    more than the set-up's Assassins (the count is public). Two entries at one player are the roles' business
    (:func:`fit_aims`, :func:`check_aims`): a one-gun player's left hand is no shot, wherever it points."""
    for seat in range(1, room.players + 1):
        targets = aims.get(seat, [])
        if seat in targets:
            raise RoomError(tr("{who} points at themselves; no one may", who=room.label(seat)),
                            (seat, targets.index(seat)))  # fmt: skip
    if not marks:
        return
    if not deal.sniper:
        raise RoomError(tr("shot cards are placed only in sniper mode"))
    if len(set(marks)) != len(marks):
        raise RoomError(tr("two shot cards in front of one player; at most one each"))
    for seat in marks:
        role = deal.public.get(seat)
        if role is not None and role in game.roles and game.roles[role].marks:
            raise RoomError(tr("{who} is the Sniper, who places the shot cards: none goes in front of them",
                               who=room.label(seat)))  # fmt: skip
    held = sum(n for role, n in deal.setup.items() if role in game.roles and ASSASSIN in game.roles[role].counts_as)
    if len(marks) > held:
        raise RoomError(tr("{n} shot cards, but the Sniper holds {held} (one per Assassin)", n=len(marks), held=held))


def fit_aims(game: Crossfire, deal: Deal, room: Room, aims: Entries, marks: list[int]) -> dict[int, list[int]]:
    """The aims a host who plays too entered, fitted to the roles without telling the host any role.

    That host's form asks the same of every seat, and every refusal is worked out before any secret role is
    looked at, so that no refusal differs with who holds which role. In crossfire mode every player's right hand
    is asked for (everyone points at someone); at a table whose set-up has a two-gun role everyone points with
    both hands, and the left hand may be entered or left blank (a check of who must enter two, or of whose two
    entries must differ, would tell the host the Enforcer): it counts for a two-gun role only, which points at
    one player or two (both hands at one player: that player, once). In sniper mode a target is asked of every
    player without a shot card but the Sniper, since any of them could be an Assassin who reveals and points (a
    check of the Assassins alone, or of whether the shot cards decided the game, would tell the host-Sniper
    where to put the shot cards). Then each seat keeps what its role fires: an unarmed player's pointing, a
    one-gun role's left hand, a target of a player who does not point in sniper mode (or of everyone, once the
    shot cards decided the game) has no effect."""
    _check_entries(game, deal, room, aims, marks)
    sniper = deal.sniper
    for seat in range(1, room.players + 1):
        if seat in deal.public:  # a public role (the Sniper): the rules below may name it
            continue
        entries = aims.get(seat, [])
        who = room.label(seat)
        if sniper:
            if seat not in marks and not any(target is not None for target in entries):
                raise RoomError(
                    tr("{who}: enter a target for every player without a shot card (anyone for a player who did not "
                       "point: only an Assassin's target counts), so that the form tells no one's role", who=who),
                    (seat, 0),
                )  # fmt: skip
            continue
        if not entries or entries[0] is None:  # the right hand, whoever holds which role
            raise RoomError(tr("{who}: enter where this player pointed (everyone points at someone)", who=who), (seat, 0))
    fitted: dict[int, list[int]] = {}
    decided = sniper and marks_decide(game, deal, room, marks)  # no Assassin reveals and points
    for seat in range(1, room.players + 1):
        role = deal.roles[seat]
        rules = game.roles[role]
        entries = aims.get(seat, [])
        if sniper:
            targets = [target for target in entries if target is not None]
            allowed = rules.aims_sniper if seat not in marks and not decided else (0, *rules.aims_sniper)
        else:
            targets = list(dict.fromkeys(_hands(game, role, entries)))  # (both hands at one player: once)
            allowed = rules.aims_crossfire
        if len(targets) < min(allowed):  # only a public role gets here: the checks above asked every other seat
            raise RoomError(
                tr("{who} holds {n} guns: enter each player they pointed at", who=room.label(seat), n=min(allowed)),
                (seat, len(targets)),
            )
        fitted[seat] = targets[: max(allowed)]
    return fitted


def check_aims(
    game: Crossfire, deal: Deal, room: Room, aims: Entries, marks: list[int], role_name: Any
) -> dict[int, list[int]]:
    """The aims a moderating host entered (the host knows every role): each seat that must point has its targets,
    else a RoomError in the page's words, naming the seat and its role (``role_name``: a role id -> its name in
    the page's language), as the form asks, not as the engine's table names it, and about the menu it names
    (a one-gun role's right hand, whatever its left hand says). Returns the aims each role fires: a two-gun role's
    hands (one player or two different ones), every other role's right hand; an entry the role does not fire
    (a one-gun role's left hand, an unarmed player's pointing) has no effect."""
    _check_entries(game, deal, room, aims, marks)
    decided = deal.sniper and marks_decide(game, deal, room, marks)  # no Assassin reveals and points
    fitted: dict[int, list[int]] = {}
    for seat in range(1, room.players + 1):
        role = deal.roles[seat]
        rules = game.roles[role]
        entries = aims.get(seat, [])
        who, name = room.label(seat), role_name(role)
        if deal.sniper:
            targets = [target for target in entries if target is not None]
            allowed = rules.aims_sniper if seat not in marks and not decided else (0, *rules.aims_sniper)
        else:
            targets = _hands(game, role, entries)
            allowed = rules.aims_crossfire
            twice = next((t for k, t in enumerate(targets) if t in targets[:k]), None)
            if twice is not None:  # a two-gun role's two hands at one player (C4: two different players)
                again = [k for k, target in enumerate(entries) if target == twice][1]
                raise RoomError(tr("{who} ({role}): two aims at the same player; the two guns point at two different "
                                   "players, or leave one hand blank", who=who, role=name), (seat, again))  # fmt: skip
        if len(targets) >= min(allowed):
            fitted[seat] = targets[: max(allowed)]
            continue
        aim = (seat, len(targets) if deal.sniper else 0)
        if deal.sniper:
            raise RoomError(tr("{who} ({role}): an Assassin without a shot card reveals and points: enter their "
                               "target", who=who, role=name), aim)  # fmt: skip
        raise RoomError(tr("{who} ({role}): enter where this player pointed", who=who, role=name), aim)
    return fitted


def in_form_terms(game: Crossfire, room: Room, message: str, role_name: Any = None) -> str:
    """An engine's refusal of a room's table (``round 1: /players/0/aim: seat 1 (VIP) …``) as the host's form says
    it: no JSON pointer, each seat as the form names it (with its role when ``role_name`` is given, for a
    moderating host; without any role for a host who plays), in the current language."""
    message = _POINTER.sub("", message, count=1)
    lang = current_lang()
    for seat in range(room.players, 0, -1):  # seat 10 before seat 1
        for role_id, record in game.records.items():
            said = tr("seat {seat} ({role})", seat=seat, role=name_of(record, lang))
            if said in message:
                who = room.label(seat)
                shown = who if role_name is None else tr("{who} ({role})", who=who, role=role_name(role_id))
                message = message.replace(said, shown)
    return message


def next_dealer(room: Room, dealer: int | None) -> int:
    """The seat that deals after ``dealer`` (None: the first round, seat 1): the next seat clockwise that is not
    the Sniper's the host chose, since the dealer is a player other than the Sniper (seed 003, sniper mode)."""
    seat = 1 if dealer is None else dealer % room.players + 1
    if room.sniper_seat is not None and seat == room.sniper_seat and room.players > 1:
        seat = seat % room.players + 1
    return seat


def clean_names(raw: list[str], players: int) -> dict[int, str]:
    """Seat -> name from the form's fields, as every front end takes names (:func:`toolkit.engine.crossfire.clean_names`:
    blank is no name, and the score then counts by seat; distinct, short, never a seat label, "seat N" or "N 号座位")."""
    try:
        return clean_seat_names(enumerate(raw[:players], start=1))
    except TableError as exc:
        raise RoomError(exc.message) from None


def outcome_json(outcome: Any) -> dict[str, Any]:
    return {
        "team": outcome.team,
        "shot": list(outcome.shot),
        "winners": list(outcome.winners),
        "hit_by": {str(k): v for k, v in outcome.hit_by.items()},
        "sole": list(outcome.sole),  # who won alone, the team's result overridden (the Bomber: ruling C8)
    }


class RoomStore:
    """The rooms of one server, in memory and on disk (one JSON file per room under ``directory``)."""

    def __init__(self, directory: Path, *, clock: Any = time.time) -> None:
        self.directory = directory
        self.clock = clock
        self.lock = threading.RLock()
        self._rooms: dict[str, Room] | None = None
        self._hosts: dict[str, str] = {}
        self._seats: dict[str, tuple[str, int]] = {}

    # -- loading, saving

    def _load(self) -> dict[str, Room]:
        if self._rooms is not None:
            return self._rooms
        rooms: dict[str, Room] = {}
        try:
            names = sorted(os.listdir(self.directory))
        except OSError:
            names = []
        now = self.clock()
        for name in names:
            stem, dot, ext = name.partition(".")
            if ext != "json" or not dot or not ROOM_ID.match(stem):
                continue
            path = self.directory / name
            try:
                from toolkit.jsonio import read_regular

                room = Room.from_json(json.loads(read_regular(path, 4 * 2**20).decode("utf-8")))
            except (OSError, ValueError, KeyError, TypeError, IndexError):
                continue  # a damaged room file is skipped, not fatal to the server
            if room.id != stem:
                continue
            if now - room.touched > MAX_AGE:
                self._remove_file(room.id)
                continue
            rooms[room.id] = room
        self._rooms = rooms
        for room in rooms.values():
            self._index(room)
        return rooms

    def _index(self, room: Room) -> None:
        self._hosts[room.host_token] = room.id
        for seat, token in room.seat_tokens.items():
            self._seats[token] = (room.id, seat)

    def _path(self, room_id: str) -> Path:
        return self.directory / f"{room_id}.json"

    def _remove_file(self, room_id: str) -> None:
        with contextlib.suppress(OSError):
            os.unlink(self._path(room_id))

    def save(self, room: Room) -> None:
        """Write the room's file atomically (the directory is created readable by the user only)."""
        from toolkit.jsonio import atomic_write_text

        room.touched = self.clock()
        try:
            self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            atomic_write_text(self._path(room.id), json.dumps(room.to_json(), ensure_ascii=False, indent=1) + "\n")
        except OSError as exc:
            raise DossierError(tr("cannot save the table: {reason}", reason=exc.strerror or exc)) from None

    # -- lookups

    def host(self, token: str) -> Room | None:
        """The room whose host link carries ``token`` (None for anything else)."""
        if not TOKEN.match(token):
            return None
        with self.lock:
            rooms = self._load()
            room_id = self._hosts.get(token)
            room = rooms.get(room_id) if room_id else None
            if room is None or not secrets.compare_digest(room.host_token, token):
                return None
            return room

    def seat(self, token: str) -> tuple[Room, int] | None:
        """The room and seat whose private link carries ``token`` (None for anything else)."""
        if not TOKEN.match(token):
            return None
        with self.lock:
            rooms = self._load()
            found = self._seats.get(token)
            if found is None or found[0] not in rooms:
                return None
            room = rooms[found[0]]
            seat = room.seat_of(token)
            return (room, seat) if seat is not None else None

    def __len__(self) -> int:
        with self.lock:
            return len(self._load())

    # -- actions

    def create(
        self,
        game: Crossfire,
        mode: str,
        players: int,
        names: dict[int, str],
        specials: list[str],
        sniper_seat: int | None = None,
        seed: int | None = None,
        host_plays: bool = False,
        host_seat: int | None = None,
        options: dict[str, bool] | None = None,
    ) -> Room:
        """A new room with its first round dealt; the engine's one-line error when the set-up is impossible.
        ``options``: house rules the host chose (RULINGS C3, C6), the mode's for the others; the room keeps all."""
        game.setup(mode, players, specials)  # TableError for a bad mode, count or special role
        for name, value in (options or {}).items():
            if name not in OPTIONS or type(value) is not bool:
                raise RoomError(tr("unknown option (options: {options})", options=tr(", ").join(OPTIONS)))
        if sniper_seat is not None and not game.is_sniper_mode(mode):
            sniper_seat = None
        with self.lock:
            rooms = self._load()
            room_id = secrets.token_hex(8)
            while room_id in rooms:
                room_id = secrets.token_hex(8)
            now = self.clock()
            room = Room(
                id=room_id,
                host_token=secrets.token_urlsafe(TOKEN_BYTES),
                seat_tokens={seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in range(1, players + 1)},
                mode=mode,
                players=players,
                names=names,
                specials=list(specials),
                sniper_seat=sniper_seat,
                host_plays=host_plays,
                host_seat=host_seat if host_plays and host_seat is not None and 1 <= host_seat <= players else None,
                created=now,
                touched=now,
            )
            room.options = house_rules(game, room) | dict(options or {})
            self._deal(game, room, dealer=next_dealer(room, None), seed=seed)
            self._prune(rooms)
            rooms[room.id] = room
            self._index(room)
            self.save(room)
            return room

    def _deal(self, game: Crossfire, room: Room, dealer: int, seed: int | None) -> None:
        if seed is None:
            seed = secrets.randbelow(10**9)
        # The host's Sniper holds every round: next_dealer never hands them the deal (seed 003: "另选 1 名
        # 非狙击手玩家任发牌人"), and the engine refuses a Sniper at the dealer's seat rather than move them.
        public = {"sniper": room.sniper_seat} if room.sniper_seat else None
        deal = game.deal(room.mode, room.players, room.specials, seed=seed, dealer=dealer, public_seats=public)
        room.opened = []  # a new round: the host page marks the seats whose private page shows it
        room.rounds.append(Round(number=len(room.rounds) + 1, deal=deal.to_json(room.names)))

    def deal_next(self, game: Crossfire, room: Room, seed: int | None = None) -> Round:
        """Deal the next round (the dealer moves one seat to the left, past the host's Sniper); the current round
        must be resolved."""
        with self.lock:
            current = room.current
            if current is not None and not current.resolved:
                raise RoomError(
                    tr("round {n} is not resolved yet; enter the aims and resolve it first", n=current.number)
                )
            if len(room.rounds) >= MAX_ROUNDS:
                raise RoomError(tr("this table has played {n} rounds; start a new table", n=MAX_ROUNDS))
            dealer = next_dealer(room, int(current.deal["dealer"]) if current is not None else None)
            self._deal(game, room, dealer, seed)
            self.save(room)
            assert room.current is not None
            return room.current

    def resolve(self, game: Crossfire, room: Room, aims: Entries, marks: list[int], role_name: Any = None) -> Round:
        """Resolve the current round with the host's aims (:data:`Entries`: seat -> its entries, the right hand's
        first) and marks; the engine checks them. ``role_name``: a role id -> its name in the page's language, for a
        moderating host's refusals."""
        with self.lock:
            current = room.current
            if current is None:
                raise RoomError(tr("nothing has been dealt yet"))
            if current.resolved:
                raise RoomError(tr("round {n} is already resolved; deal the next round", n=current.number))
            for seat in list(aims) + marks:
                if not 1 <= seat <= room.players:
                    raise RoomError(tr("seat {seat} is not at this {n}-player table", seat=seat, n=room.players))
            deal = current.to_deal()
            if room.host_plays:
                fired = fit_aims(game, deal, room, aims, marks)
            else:
                fired = check_aims(game, deal, room, aims, marks, role_name or str)
            trial = Round(current.number, current.deal, aims={s: a for s, a in fired.items() if a}, marks=marks)
            try:
                where = tc(current_lang(), "crossfire", "round {n}", n=current.number)
                table = game.table(trial.table(room.names, room.options), where)
            except TableError as exc:  # the checks above leave the engine little to refuse (a changed pool)
                shown = None if room.host_plays else (role_name or str)  # a host who plays is told no role
                raise RoomError(in_form_terms(game, room, exc.message, shown)) from None
            outcome = game.resolve(table)
            current.aims = trial.aims
            current.marks = list(marks)
            current.outcome = outcome_json(outcome)
            self.save(room)
            return current

    def mark_opened(self, room: Room, seat: int) -> None:
        """Remember that ``seat``'s private page was opened this round (the host page marks it); saved once per seat
        and round (:meth:`_deal` starts the marks again)."""
        with self.lock:
            if seat not in room.opened and 1 <= seat <= room.players:
                room.opened = sorted({*room.opened, seat})
                self.save(room)

    def claim_host_seat(self, room: Room, seat: int) -> int:
        """The seat of a host who plays: the one set at creation, else ``seat`` (the first one opened in the
        host's browser) from now on."""
        with self.lock:
            if room.host_seat is None:
                room.host_seat = seat
                self.save(room)
            return room.host_seat

    def reopen(self, room: Room) -> None:
        """Undo the resolution of the current round (the host entered an aim wrong). Not for a host who plays: the
        outcome showed every role, so a round opened again could be played with them known (shot cards placed,
        say, where the Assassins turned out to sit)."""
        with self.lock:
            current = room.current
            if current is None or not current.resolved:
                raise RoomError(tr("the current round is not resolved"))
            if room.host_plays:
                raise RoomError(
                    tr("a host who plays cannot open a resolved round again: its outcome showed every role")
                )
            current.outcome = None
            self.save(room)

    def score(self, game: Crossfire, room: Room) -> list[dict[str, Any]]:
        """RULINGS C10 over the resolved rounds: rows of player (name, else "seat N"), score, winner."""
        rounds = []
        for r in room.rounds:
            if r.resolved:
                where = tc(current_lang(), "crossfire", "round {n}", n=r.number)
                table = game.table(r.table(room.names, room.options), where)
                rounds.append((table, game.resolve(table)))
        return game.score(rounds) if rounds else []

    def delete(self, room: Room) -> None:
        with self.lock:
            rooms = self._load()
            rooms.pop(room.id, None)
            self._hosts.pop(room.host_token, None)
            for token in room.seat_tokens.values():
                self._seats.pop(token, None)
            self._remove_file(room.id)

    def _prune(self, rooms: dict[str, Room]) -> None:
        now = self.clock()
        old = [r for r in rooms.values() if now - r.touched > MAX_AGE]
        rest = sorted((r for r in rooms.values() if now - r.touched <= MAX_AGE), key=lambda r: r.touched)
        old += rest[: max(0, len(rest) - MAX_ROOMS + 1)]
        for room in old:
            self.delete(room)


__all__ = [
    "Entries",
    "MAX_ROOMS",
    "Room",
    "RoomError",
    "RoomStore",
    "Round",
    "TableError",
    "clean_names",
    "house_rules",
    "marks_decide",
    "next_dealer",
    "outcome_json",
]
