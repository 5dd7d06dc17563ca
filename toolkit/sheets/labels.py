"""Every word and mark the layouts print that does not come from a record.

The words are English messages of the catalogs (:mod:`toolkit.i18n`), each marked with the context
``card face`` (``Nc_("card face", "Influence")``): a face says them in its language with :func:`say`
(``say(lang, WORDS["hp"])``, ``say(lang, WORDS["max_in_play"], n=2)``). The English is the glossary's
(``../shared/GLOSSARY.md``); the context keeps a card's short words apart from the same English said
elsewhere (the web app's "Identity" is 特性, a card's type line says 特性卡牌).

Kept in one table so that :mod:`toolkit.sheets.fontbuild` puts each character of every language's
words into the bundled font subset, so that a user's font is cut down and checked with them
(``dossier print --font``): :func:`all_strings` yields them in every language of
:data:`toolkit.i18n.LANGS`. Marks that are no words (separators, the unique mark) are :data:`SYMBOLS`,
the same in every language. A test reads the drawing modules and fails on a non-ASCII string that is
not here.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from toolkit.i18n import LANGS, t, tc
from toolkit.i18n.words import N_, Nc_

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"

Entry = tuple[str, str]  # (context, English message)


def say(lang: str, entry: Entry, /, **fields: Any) -> str:
    """The word ``entry`` (``Nc_(context, message)``) in ``lang``, its ``{fields}`` filled in."""
    return tc(lang, entry[0], entry[1], **fields)


TACTICS_CATEGORY: dict[str, Entry] = {
    "equipment": Nc_("card face", "Equipment"),
    "skill": Nc_("card face", "Skill"),
    "item": Nc_("card face", "Item"),
    "status": Nc_("card face", "Status"),
    "minion": Nc_("card face", "Minion"),
}
EQUIPMENT_SIZE: dict[str, Entry] = {
    "carried": Nc_("card face", "Carried"),
    "normal": Nc_("card face", "Normal"),
    "heavy": Nc_("card face", "Heavy"),
}
ATTACK_STYLE: dict[str, Entry] = {"melee": Nc_("card face", "Melee"), "ranged": Nc_("card face", "Ranged")}
STATUS_TARGET: dict[str, Entry] = {
    # TRANSLATORS: what a status card is attached to, on its type line: "Status · Attach: enemy unit"
    "any_unit": Nc_("card face", "Attach: any unit"),
    "friendly_unit": Nc_("card face", "Attach: friendly unit"),
    "enemy_unit": Nc_("card face", "Attach: enemy unit"),
    "agent": Nc_("card face", "Attach: agent"),
    "friendly_agent": Nc_("card face", "Attach: friendly agent"),
    "enemy_agent": Nc_("card face", "Attach: enemy agent"),
    "minion": Nc_("card face", "Attach: minion"),
    "none": Nc_("card face", "Attach: not directly"),
}
DEPLOY_POSITION: dict[str, Entry] = {
    "same_coordinate": Nc_("card face", "same coordinate"),
    "adjacent": Nc_("card face", "adjacent coordinate"),
    "within": Nc_("card face", "within {n}"),
    "deployment_zone": Nc_("card face", "any deployment zone"),
}
USERS: dict[str, Entry] = {"agent": Nc_("card face", "agent"), "minion": Nc_("card face", "minion")}
OBSTACLE: dict[str, Entry] = {"normal": Nc_("card face", "Obstacle"), "scene": Nc_("card face", "Scene obstacle")}

NETRUNNER_TYPE: dict[str, Entry] = {
    "operation": Nc_("card face", "Operation"),
    "agenda": Nc_("card face", "Agenda"),
    "ice": Nc_("card face", "Ice"),
    "upgrade": Nc_("card face", "Upgrade"),
    "asset": Nc_("card face", "Asset"),
    "hardware": Nc_("card face", "Hardware"),
    "resource": Nc_("card face", "Resource"),
    "program": Nc_("card face", "Program"),
    "event": Nc_("card face", "Event"),
    "identity": Nc_("card face", "Identity"),
}
TEAM: dict[str, Entry] = {
    "blue": Nc_("card face", "Blue team"),
    "red": Nc_("card face", "Red team"),
    "none": Nc_("card face", "No team"),
}

WORDS: dict[str, Entry] = {
    "agent": Nc_("card face", "Agent"),
    "private": Nc_("card face", "Private"),
    "hp": Nc_("card face", "HP"),
    "move": Nc_("card face", "Move"),
    "vision": Nc_("card face", "Vision"),
    # TRANSLATORS: the directions an agent sees, joined by +: "Vision front+rear"
    "front": Nc_("card face", "front"),
    "rear": Nc_("card face", "rear"),
    "side": Nc_("card face", "side"),
    "speed": Nc_("card face", "Speed"),
    "range": Nc_("card face", "Range {range}"),
    "through_walls": Nc_("card face", "Through walls"),
    "shield": Nc_("card face", "Shield"),
    "slots": Nc_("card face", "Slots"),
    "exclusive": Nc_("card face", "Exclusive: {agent}"),
    "response": Nc_("card face", "Response"),
    "shop": Nc_("card face", "Matrix shop"),
    "token": Nc_("card face", "Token"),
    "max_in_play": Nc_("card face", "At most {n} in play"),
    "deploys": Nc_("card face", "Deploys: {where}"),
    "hidden": Nc_("card face", "Hidden"),
    "exposed": Nc_("card face", "Exposed"),
    "tapped": Nc_("card face", "Enters tapped"),
    "uses_commands": Nc_("card face", "Can use command cards"),
    "users": Nc_("card face", "Usable by: {users}"),
    "reverse": Nc_("card face", "Reverse"),
    "active_face": Nc_("card face", "Active face"),
    "switch": Nc_("card face", "Switch"),
    "not_playable": Nc_("card face", "Cannot be played"),
    "strength": Nc_("card face", "Strength"),
    "trash_cost": Nc_("card face", "Trash cost"),
    "memory": Nc_("card face", "Memory"),
    "influence": Nc_("card face", "Influence"),
    "agenda_points": Nc_("card face", "Agenda points"),
    "advancement": Nc_("card face", "Advancement"),
    "min_deck": Nc_("card face", "Min. deck size"),
    "influence_limit": Nc_("card face", "Influence limit"),
    "unlimited": Nc_("card face", "Unlimited"),
    "link": Nc_("card face", "Link"),
    "neutral": Nc_("card face", "Neutral"),
    "armed": Nc_("card face", "Armed"),
    "unarmed": Nc_("card face", "Unarmed"),
    "guns": Nc_("card face", "Two guns"),
    "protects": Nc_("card face", "Protects"),
    "marks": Nc_("card face", "Sniper marks"),
    "special": Nc_("card face", "Special role"),
    "standard": Nc_("card face", "Standard role"),
    "counts_as": Nc_("card face", "Counts as {role}"),
    "win": Nc_("card face", "Win condition"),
    # TRANSLATORS: a type and its subtypes on a card's type line: "Ice: Barrier · Bioroid"
    "type_subtypes": Nc_("card face", "{type}: {subtypes}"),
    # TRANSLATORS: between the users of a piece of equipment: "agent, minion"
    "enumeration": Nc_("card face", ", "),
    "calibrate_title": Nc_("card face", "Duplex alignment test"),
    "calibrate_front": Nc_("card face", "front side"),
    "calibrate_back": Nc_("card face", "back side"),
    # TRANSLATORS: the title of each page of the alignment test: "Duplex alignment test · front"
    "calibrate_page": Nc_("card face", "{title} · {side}"),
}

CALIBRATE_LINES: tuple[Entry, ...] = (
    Nc_("card face", 'Print at 100% actual size, not "fit to page".'),
    Nc_("card face", "Measure: the ruler should be 100 mm long, the card outline {card} mm."),
    Nc_("card face", "Print it duplex ({duplex}) and hold the back to the light:"),
    Nc_("card face", "where the front's cross falls on the back's scales,"),
    Nc_("card face", "add that reading to --back-dx / --back-dy."),
)
# the second line of CALIBRATE_LINES when the card outline has no room on the page (a large card, or one whose every
# place there would cover a cross): drawn on a third page of its own, or, larger than the paper, not at all; the
# page says only what is drawn
CALIBRATE_OUTLINE_APART: Entry = Nc_(
    "card face", "Measure: the ruler should be 100 mm long, the card outline {card} mm on the third page."
)
CALIBRATE_NO_OUTLINE: Entry = Nc_(
    "card face", "Measure: the ruler should be 100 mm long (no room on this paper for a {card} mm card outline)."
)
# the last line of CALIBRATE_LINES, and the line of the offsets the page was drawn with, where the offsets go by the
# names of a form's fields (the web's print form) rather than by `dossier print`'s options
CALIBRATE_ADD_TO_FIELDS: Entry = Nc_("card face", "add that reading to “{dx}” / “{dy}”.")
CALIBRATE_FIELD_VALUES: Entry = Nc_("card face", "{dx}: {x} · {dy}: {y}")
DUPLEX_WORDS: dict[str, Entry] = {
    "long-edge": Nc_("card face", "flip on the long edge"),
    "short-edge": Nc_("card face", "flip on the short edge"),
    "none": Nc_("card face", "one-sided"),
}

# the words of the bundled card backs (``"text": {"message": "Matrix shop"}`` in templates/**/back-*.json):
# marked here for the catalogs, translated where a back is drawn (:func:`toolkit.sheets.template.words`)
BACK_LABELS: tuple[str, ...] = (
    N_("Personal deck"),
    N_("Matrix shop"),
    N_("Agents"),
    N_("Units"),
    N_("Corp"),
    N_("Runner"),
    N_("Role card"),
)

SYMBOLS = {
    "separator": " · ",  # between subtypes and the parts of a type line
    "unique": "◆ ",  # before a unique card's name
    "ellipsis": "…",  # a cut name
    "times": "×",  # card sizes on the calibration page
    "plus_minus": "±",
    "bullet": "•",  # list items of printed text (markup.BULLET in plain text)
    "no_break_space": "\xa0",  # NetrunnerDB's text keeps them
    "em_dash": "—",  # English ability text: Action — Tap
    "name_open": "「",  # around a card name that ability text quotes (English text quotes it "…")
    "name_close": "」",
}

TABLES: tuple[dict[str, Entry], ...] = (
    TACTICS_CATEGORY,
    EQUIPMENT_SIZE,
    ATTACK_STYLE,
    STATUS_TARGET,
    DEPLOY_POSITION,
    USERS,
    OBSTACLE,
    NETRUNNER_TYPE,
    TEAM,
    WORDS,
    DUPLEX_WORDS,
)


def all_strings() -> Iterator[str]:
    """Every word above in every language of :data:`toolkit.i18n.LANGS` (the ``{n}`` templates included),
    the symbols, and every string of the bundled card templates (the backs' labels, …) in every language,
    for the font subset and the glyph checks."""
    for lang in LANGS:
        for table in TABLES:
            for entry in table.values():
                yield say(lang, entry)
        for entry in (*CALIBRATE_LINES, CALIBRATE_OUTLINE_APART, CALIBRATE_NO_OUTLINE, CALIBRATE_ADD_TO_FIELDS,
                      CALIBRATE_FIELD_VALUES):  # fmt: skip
            yield say(lang, entry)
        for message in BACK_LABELS:
            yield t(lang, message)
    yield from SYMBOLS.values()
    yield from template_strings()


def template_strings(directory: Path = TEMPLATE_DIR) -> list[str]:
    """Every string value of the card templates (``toolkit/sheets/templates/**.json``) that is not ASCII,
    and every ``text`` of theirs in every language (a ``{"message": …}`` translated by the catalogs)."""
    from .template import words

    strings, texts = _template_values(directory)
    return [*strings, *(w for text in texts for lang in LANGS if (w := words(text, lang)) is not None)]


@functools.lru_cache(maxsize=1)
def _template_values(directory: Path) -> tuple[tuple[str, ...], tuple[dict[str, str], ...]]:
    """(the non-ASCII strings, the ``text`` objects) of the templates under ``directory``."""
    found: set[str] = set()
    texts: list[dict[str, str]] = []

    def walk(key: str | None, value: Any) -> None:
        if isinstance(value, str):
            if not value.isascii():
                found.add(value)
        elif isinstance(value, dict):
            if key == "text" and all(isinstance(v, str) for v in value.values()):
                texts.append(value)
            for name, item in value.items():
                walk(name, item)
        elif isinstance(value, list):
            for item in value:
                walk(None, item)

    for path in sorted(directory.rglob("*.json")) if directory.is_dir() else []:
        try:
            walk(None, json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue  # a broken template is reported where templates are read
    return tuple(sorted(found)), tuple(texts)
