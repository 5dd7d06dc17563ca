"""A Tabletop Simulator saved object for a deck printed with ``dossier print --tts``.

TTS loads a deck of custom cards from sheet images: a face sheet holds up to
10×7 cards, read left to right, top to bottom; the back is one image for every
card, or (``UniqueBack``) a sheet in the same grid. The saved object this module
writes is the JSON file TTS keeps under ``Saves/Saved Objects/``::

    {
      "SaveName": "<deck>", "ObjectStates": [<object>, ...], ...empty save fields...
    }

    <object>, a deck (two cards or more):
      {"Name": "DeckCustom", "GUID", "Transform", "Nickname": "<deck>", "Description": "",
       "DeckIDs": [CardID of each card, top of the deck first],
       "CustomDeck": {"<sheet key>": <sheet>, ...},
       "ContainedObjects": [<card>, ... one per card, in the order of DeckIDs], ...}
    <object>, a single card: <card> itself.

    <card>:  {"Name": "Card", "GUID", "Transform", "CardID": <sheet key> * 100 + <position on the sheet>,
              "Nickname": <its name>, "Description": <its text>, "CustomDeck": {"<sheet key>": <sheet>}, ...}
    <sheet>: {"FaceURL": <face sheet image>, "BackURL": <back image or back sheet>,
              "NumWidth": <columns>, "NumHeight": <rows>, "BackIsHidden": true,
              "UniqueBack": <one back per card>, "Type": 0}

A print of cards (by id, ``--game``, ``--query``) is one object: a face-down deck of every card, or the one card
face up. A deck print (``setup``) is laid out as the game starts (:func:`placement`): the draw deck face down
where the object is placed; what starts in play rather than in the deck (a netrunner identity, a tactics squad's
agents) and a tactics token card (set aside outside the game) each a card of its own, face up, in a row to the
right of it; tactics matrix shop (gold) cards, which belong in the shared shop and never in a personal deck, a
face-down deck of their own (named as the shop's back) to the left. A crossfire role set is dealt: one deck.
Every object takes its cards from the same sheets: the sheets are the same either way.

Sheet keys are 1, 2, … in the order of the face sheets; the position on a
sheet counts from 0 at the top left, row by row. ``Type`` 0 is TTS's rounded
rectangle card. ``BackIsHidden`` shows the back image as the face of a card in
someone else's hand. Each card's Nickname is its name in the chosen language
(the Chinese one when it has no English), its Description its text: the ability
text (rendered in English for ``en`` where the ability language can, the card
names it quotes in English too, else as written) or an imported card's printed
text in that language.

Image URLs: ``file:///absolute/path.png`` (TTS reads local files, so the JSON
works on the machine that printed it, as long as the images stay where they
are), or ``url_base`` + the file name for images uploaded to a web host. The
output is deterministic: GUIDs derive from the deck name and the card's place.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .render import TtsSheet, distinct_backs

CARD_SHAPE = 0  # TTS CardType: 0 rounded rectangle, 1 rectangle, 2 rounded hex, 3 hex, 4 circle
TINT = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # TTS's default for custom objects
FACE_DOWN = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0}
FACE_UP = {**FACE_DOWN, "rotZ": 0.0}
CARD_STEP = 2.5  # TTS units between the centres of two objects side by side (a card at scale 1 is about 2.2 wide)

DRAW, IN_PLAY, SET_ASIDE, SHOP = "draw", "in play", "set aside", "shop"
"""Where a card of a deck print starts (:func:`placement`)."""


URL_SCHEMES = ("http", "https", "file")
_SAFE_PATH = "/%!$&'()*+,;=:@-._~"  # what a URL's path holds as it is (RFC 3986), escapes written already among it


def split_url_base(url_base: str) -> tuple[str, str, str] | None:
    """``--tts-url-base`` as (scheme as written, host, path), or None when it is no ``scheme://`` URL."""
    scheme, sep, rest = url_base.partition("://")
    if not sep or scheme.lower() not in URL_SCHEMES:
        return None
    host, slash, path = rest.partition("/")
    return scheme, host, slash + path


def url_base_problem(url_base: str) -> str | None:
    """Why image URLs made from ``url_base`` would be broken (in the current language), or None: an http(s) URL
    without a host (``https://``, ``https:///dir``), a ``file://`` one without a path, one with a query or a
    fragment (the file name would land inside it). Its scheme is checked apart (:func:`split_url_base`)."""
    from toolkit.i18n import tr

    parts = split_url_base(url_base)
    if parts is None:
        return None
    scheme, host, path = parts
    if "?" in url_base or "#" in url_base:
        return tr("a URL with a query ({query}) or a fragment ({fragment}) would hold the image's file name in it; "
                  "give the folder's URL alone", query="?…", fragment="#…")  # fmt: skip
    if scheme.lower() == "file":
        if not host and not path:
            return tr("expected a folder after {scheme}, such as {example}", scheme="file://",
                      example="file:///home/me/decks/")  # fmt: skip
    elif not host or host.startswith(("@", ":")) or any(ch.isspace() for ch in host):
        return tr("expected a host after {scheme}, such as {example}", scheme=f"{scheme}://",
                  example=f"{scheme}://example.org/decks/")  # fmt: skip
    return None


def image_url(path: Path, url_base: str | None = None) -> str:
    """``file:///`` + the absolute path (as TTS writes local files), or ``url_base/<file name>``: the base's scheme
    and host as given, its path percent-encoded (a space, a Chinese folder name; an escape written already, such as
    ``%20``, kept) and ended by one slash."""
    if url_base is not None:
        parts = split_url_base(url_base)
        if parts is None:  # (refused by the command; kept whole here)
            return f"{url_base.rstrip('/')}/{quote(path.name)}"
        scheme, host, folder = parts
        folder = quote(re.sub(r"%(?![0-9A-Fa-f]{2})", "%25", folder.rstrip("/")), safe=_SAFE_PATH)
        return f"{scheme}://{host}{folder}/{quote(path.name)}"
    return "file:///" + Path(path).resolve().as_posix().lstrip("/")


def card_name(record: Any, lang: str) -> str:
    """The record's name in ``lang`` (the Chinese one when it has no English)."""
    from toolkit.i18n import name_of

    return name_of(record, lang)


def card_description(record: Any, lang: str, names: dict[str, str] | None = None) -> str:
    """The text a player reads in the tooltip, as the face prints it: every ability text, or an imported card's
    printed text (all of it, :func:`toolkit.sheets.layouts.printed_paragraphs`), one paragraph a line. ``names``
    (zh-Hans → English, :func:`toolkit.sheets.layouts.english_names`) puts the card names English ability text
    quotes in English."""
    from toolkit import markup
    from toolkit.models import iter_texts

    from .layouts import printed_paragraphs

    printed = printed_paragraphs(record, lang)
    if printed:
        return "\n".join(markup.to_plain(p) for p in printed)
    return "\n".join(_ability(text, lang, names or {}) for _, text in iter_texts(record))  # a reverse face's, wins


def _ability(text: str, lang: str, names: dict[str, str]) -> str:
    from toolkit.i18n import chinese

    if chinese(lang):
        return text
    from .layouts import english_ability

    english = english_ability(text, names)
    return text if english is None else english


def _guid(*parts: object) -> str:
    return hashlib.sha1("/".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def _transform(position: dict[str, float]) -> dict[str, float]:
    return {**position, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _common(name: str, guid: str, nickname: str, description: str, transform: dict[str, float]) -> dict[str, Any]:
    return {
        "GUID": guid,
        "Name": name,
        "Transform": _transform(transform),
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": dict(TINT),
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "IgnoreFoW": False,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": False,
        "HideWhenFaceDown": True,
        "Hands": name == "Card",
        "SidewaysCard": False,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


def sheet_positions(faces: Sequence[TtsSheet]) -> list[tuple[int, int]]:
    """(sheet key, position on the sheet) of each card of the deck, in deck order."""
    positions: list[tuple[int, int]] = []
    for number, sheet in enumerate(faces, start=1):
        positions.extend((number, slot) for slot in range(sheet.count))
    return positions


def placement(record: Any) -> str:
    """Where a card of a deck print starts a game: :data:`DRAW`, in the draw deck (every card of a personal deck,
    every crossfire role: a role set is dealt from one deck); :data:`IN_PLAY`, face up before the game starts (a
    netrunner identity, a tactics agent); :data:`SET_ASIDE`, outside the game, face up (a tactics token card,
    made by effects, never drawn: RULINGS T4); :data:`SHOP`, in the shared matrix shop (a tactics gold card: T5)."""
    if record.game == "crossfire":
        return DRAW
    if record.kind in ("identity", "agent"):
        return IN_PLAY
    if record.kind == "card" and getattr(record, "token", None) is not None:
        return SET_ASIDE
    if record.kind == "card" and getattr(record, "back", None) == "shop":
        return SHOP
    return DRAW if record.kind == "card" else SET_ASIDE


def apart_count(records: Sequence[Any]) -> int:
    """How many cards of a deck print lie beside its draw deck (see :func:`placement`)."""
    return sum(1 for record in records if placement(record) != DRAW)


def saved_object(
    records: Sequence[Any],
    faces: Sequence[TtsSheet],
    backs: Sequence[TtsSheet],
    face_urls: Sequence[str],
    back_urls: Sequence[str],
    *,
    name: str,
    lang: str = "zh-Hans",
    names: dict[str, str] | None = None,
    setup: bool = False,
) -> dict[str, Any]:
    """The saved object (see the module docstring) for ``records`` laid out on ``faces`` as ``render_tts`` does.

    ``backs`` and ``back_urls`` are what ``render_tts`` returned: one back image shared by every card, or
    one back sheet per face sheet when the cards' backs differ. ``names``: see :func:`card_description`.
    ``setup``: ``records`` are a deck's, laid out as its game starts (:func:`placement`); else one deck.
    """
    positions = sheet_positions(faces)
    if len(positions) != len(records) or len(face_urls) != len(faces) or len(back_urls) != len(backs):
        raise ValueError("the sheets do not hold the deck's cards")
    if not records:
        raise ValueError("a deck has at least one card")
    unique = len(distinct_backs(records)) > 1
    if unique and len(backs) != len(faces):
        raise ValueError("unique backs need one back sheet per face sheet")
    custom: dict[str, dict[str, Any]] = {}
    for number, sheet in enumerate(faces, start=1):
        custom[str(number)] = {
            "FaceURL": face_urls[number - 1],
            "BackURL": back_urls[number - 1] if unique else back_urls[0],
            "NumWidth": sheet.columns,
            "NumHeight": sheet.rows,
            "BackIsHidden": True,
            "UniqueBack": unique,
            "Type": CARD_SHAPE,
        }
    cards = []
    for index, (record, (number, slot)) in enumerate(zip(records, positions, strict=True)):
        card = _common(
            "Card",
            _guid(name, "card", index),
            card_name(record, lang),
            card_description(record, lang, names),
            FACE_DOWN,
        )
        card["CardID"] = number * 100 + slot
        card["CustomDeck"] = {str(number): custom[str(number)]}
        cards.append(card)
    if not setup:  # one card lies face up, more are a deck
        states = [_pile(cards, custom, name, _guid(name, "deck"), FACE_UP if len(cards) == 1 else FACE_DOWN)]
    else:
        states = _setup(records, cards, custom, name, lang)
    return {
        "SaveName": name,
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": states,
    }


def _deck(
    cards: list[dict[str, Any]], custom: dict[str, dict[str, Any]], name: str, guid: str, at: dict[str, float]
) -> dict[str, Any]:
    """A DeckCustom of ``cards`` (two or more) at ``at``, named ``name``; its sheets those its cards are on."""
    state = _common("DeckCustom", guid, name, "", at)
    state["Hands"] = False
    state["DeckIDs"] = [card["CardID"] for card in cards]
    used = {key for card in cards for key in card["CustomDeck"]}
    state["CustomDeck"] = {key: sheet for key, sheet in custom.items() if key in used}
    state["ContainedObjects"] = cards
    return state


def _pile(
    cards: list[dict[str, Any]], custom: dict[str, dict[str, Any]], name: str, guid: str, at: dict[str, float]
) -> dict[str, Any]:
    """``cards`` as one object at ``at``: a deck, or the one card itself."""
    if len(cards) > 1:
        return _deck(cards, custom, name, guid, at)
    card = cards[0]
    card["Transform"] = _transform(at)
    return card


def _setup(
    records: Sequence[Any], cards: list[dict[str, Any]], custom: dict[str, dict[str, Any]], name: str, lang: str
) -> list[dict[str, Any]]:
    """The objects of a deck print laid out as its game starts (see the module docstring): the draw deck first."""
    from . import labels

    where = [placement(record) for record in records]
    states: list[dict[str, Any]] = []
    drawn = [card for card, place in zip(cards, where, strict=True) if place == DRAW]
    if drawn:
        states.append(_pile(drawn, custom, name, _guid(name, "deck"), FACE_DOWN))
    column = 0
    for card, place in zip(cards, where, strict=True):
        if place in (IN_PLAY, SET_ASIDE):
            column += 1
            card["Transform"] = _transform({**FACE_UP, "posX": CARD_STEP * column})
            states.append(card)
    shop = [card for card, place in zip(cards, where, strict=True) if place == SHOP]
    if shop:
        shop_name = labels.say(lang, labels.WORDS["shop"])
        states.append(_pile(shop, custom, shop_name, _guid(name, "shop"), {**FACE_DOWN, "posX": -CARD_STEP}))
    return states


def is_saved_object(text: str) -> bool:
    """Whether ``text`` is a TTS saved object (a file ``--tts`` may replace), not some other JSON."""
    import json

    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and isinstance(data.get("ObjectStates"), list)


__all__ = [
    "CARD_SHAPE",
    "DRAW",
    "IN_PLAY",
    "SET_ASIDE",
    "SHOP",
    "apart_count",
    "card_description",
    "card_name",
    "image_url",
    "is_saved_object",
    "placement",
    "saved_object",
    "sheet_positions",
]
