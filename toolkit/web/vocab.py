"""The web app's own words, looked up by value: kinds and types of records, the search keys' help, the
attributes of a search hit, the card editor's field labels and help. Each is an English message marked
for the catalogs (:func:`toolkit.i18n.words.N_`), translated where it is shown.

The editor's labels and help are the web's, not the JSON Schema's titles and descriptions: those are
the models' documentation (English, with the rule documents' Chinese terms in it), not the page's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolkit import i18n
from toolkit.i18n.words import N_, WORDS, Nc_
from toolkit.sheets.labels import ATTACK_STYLE, EQUIPMENT_SIZE, OBSTACLE, STATUS_TARGET

Entry = str | tuple[str, str]


def say(entry: Entry | None, lang: str, fallback: str = "") -> str:
    """An entry of these tables in ``lang`` (``fallback`` for none)."""
    if entry is None:
        return fallback
    return i18n.tc(lang, entry[0], entry[1]) if isinstance(entry, tuple) else i18n.t(lang, entry)


# ---------------------------------------------------------------- kinds and types of records

RECORD: dict[str, Entry] = {
    # kinds
    "card": Nc_("record", "Card"),
    "agent": Nc_("record", "Agent"),
    "unit": Nc_("record", "Unit"),
    "ability": Nc_("record", "Basic ability"),
    "attack": Nc_("record", "Built-in attack"),
    "identity": Nc_("record", "Identity"),
    "faction": Nc_("record", "Faction"),
    "format": Nc_("record", "Format"),
    "role": Nc_("record", "Role"),
    "map": Nc_("record", "Map"),
    "mode": Nc_("record", "Mode"),
    "game": Nc_("record", "Game"),
    # types: tactics
    "equipment": Nc_("record", "Equipment"),
    "skill": Nc_("record", "Skill"),
    "item": Nc_("record", "Item"),
    "status": Nc_("record", "Status"),
    "minion": Nc_("record", "Minion"),
    "obstacle": Nc_("record", "Obstacle"),
    # types: netrunner
    "agenda": Nc_("record", "Agenda"),
    "asset": Nc_("record", "Asset"),
    "operation": Nc_("record", "Operation"),
    "ice": Nc_("record", "Ice"),
    "upgrade": Nc_("record", "Upgrade"),
    "hardware": Nc_("record", "Hardware"),
    "resource": Nc_("record", "Resource"),
    "program": Nc_("record", "Program"),
    "event": Nc_("record", "Event"),
}


def record_word(value: str | None, lang: str) -> str:
    """A kind or type of record (``card``, ``ice``, ``agent``) as a word of ``lang``; the value itself when
    it is none of ours (imported data may bring its own)."""
    if not value:
        return ""
    return say(RECORD.get(value), lang, value)


def kind_line(kind: str, type_: str | None, lang: str) -> str:
    """``Card · Equipment``: the kind, and the type when it says more."""
    words = [record_word(kind, lang)]
    if type_ and type_ != kind:
        words.append(record_word(type_, lang))
    return " · ".join(words)


# ---------------------------------------------------------------- the search keys

KEY_HELP: dict[str, str] = {
    "name": N_("name in Chinese or English (substring)"),
    "text": N_("ability or printed text (substring)"),
    "flavor": N_("flavor text (substring)"),
    "id": N_("record id (exact)"),
    "game": N_("game: `tactics`, `netrunner`, `crossfire`"),
    "kind": N_("record kind: `card`, `agent`, `unit`, `identity`, `role`, …"),
    "type": N_("card type, category or unit type"),
    "faction": N_("faction id, name or NetrunnerDB code: `f:hb`, `f:weyland`, `f:mini`"),
    "side": N_("`corp` or `runner`"),
    "subtype": N_("subtype id or name"),
    "cost": N_("play or rez cost; tactics: `-X`"),
    "mortgage": N_("cards mortgaged to play a tactics card (the X of cost `-X`)"),
    "influence": N_("influence cost"),
    "strength": N_("ice or icebreaker strength"),
    "points": N_("agenda points"),
    "advancement": N_("advancement requirement"),
    "memory": N_("memory cost (MU)"),
    "trash": N_("trash cost"),
    "link": N_("base link of a runner identity"),
    "deck_size": N_("minimum deck size of an identity"),
    "influence_limit": N_("influence limit of an identity"),
    "limit": N_("copies allowed in a deck"),
    "unique": N_("unique card: `yes` / `no`"),
    "set": N_("set (pack) id or NetrunnerDB code (`e:core`); `<` `>` by release date"),
    "cycle": N_("cycle id or NetrunnerDB code (a set released alone is its own cycle)"),
    "pool": N_("in the card pool of a format (id or name): `z:startup`"),
    "restriction": N_("on a format's ban list or restricted list"),
    "banned": N_("banned in a format"),
    "restricted": N_("restricted in a format"),
    "legal": N_("legal in a format: in its card pool and not banned"),
    "released": N_("release date of a set it is in: `r<2017`, `r:2019-03`, `r>=sc19`"),
    "quantity": N_("copies in a set it is in (NetrunnerDB's quantity)"),
    "illustrator": N_("illustrator (substring)"),
    "hp": N_("HP of agents and units"),
    "move": N_("move speed"),
    "slot": N_("equipment slots taken (0 carried, 1, 2 heavy)"),
    "size": N_("equipment size: `carried`, `normal`, `heavy`"),
    "speed": N_("attack speed (hit dice)"),
    "range": N_("attack range: `range:3` reaches distance 3"),
    "style": N_("`melee` or `ranged`"),
    "shield": N_("shield printed on equipment"),
    "token": N_("token card: `yes` / `no`"),
    "shop": N_("matrix shop (gold) card: `yes` / `no`"),
    "agent": N_("exclusive to an agent (id, name or symbol; `yes` / `no`)"),
    "tap": N_("playing it taps the agent: `yes` / `no`"),
    "response": N_("response card: `yes` / `no`"),
    "team": N_("`blue`, `red` or `none`"),
    "armed": N_("armed role: `yes` / `no`"),
    "special": N_("special role: `yes` / `no`"),
    "run": N_("what the engine runs of the text: `yes` (all of it), `partial`, `no` (printed text only)"),
    "players": N_("modes and maps for this many players"),
}


# the set, cycle and release date examples of NetrunnerDB's codes the search help gives when the served cards hold
# them (NetrunnerDB's data imported); else each key's help says what its codes and dates need
NRDB_EXAMPLES = {"set": "e:core", "cycle": "c:sc19", "released": "r<2017"}
# the set and released keys' help when the served cards are not known to hold NetrunnerDB's sets and dates
SET_HELP = N_("set (pack) id; NetrunnerDB's set codes, and `<` `>` by release date, need its data imported")
SET_HELP_EXAMPLE = N_(
    "set (pack) id: `{example}`; NetrunnerDB's set codes, and `<` `>` by release date, need its data imported"
)
RELEASED_HELP = N_("release date of a set it is in: needs NetrunnerDB's data imported (`dossier import netrunnerdb`)")
RELEASED_HELP_EXAMPLE = N_("release date of a set it is in: `{example}`")


def _answers(web: Any, query: str) -> bool:
    """Whether the served database answers ``query`` (compiled only: no row is read) rather than refusing it."""
    from toolkit.errors import DossierError
    from toolkit.search import QueryError
    from toolkit.search.run import statement_for

    try:
        statement_for(web.database, query, game="netrunner")
    except (QueryError, DossierError, LookupError, ValueError):
        return False
    return True


def _local_examples(web: Any) -> dict[str, str]:
    """Set, cycle and release examples of what the served cards hold: the first set (the game record's oldest, else
    the first id a card names), its cycle, its release year."""
    from toolkit.errors import DossierError

    try:
        rules = web.deck_pool.rules.game("netrunner")
    except (DossierError, LookupError, AttributeError):  # no netrunner cards served
        return {}
    sets = list(getattr(rules.game_record, "sets", None) or [])
    out: dict[str, str] = {}
    if sets:
        first = sets[0]
        out["set"] = f"e:{first.code or first.id}"
        out["cycle"] = f"c:{first.cycle or first.code or first.id}"
        dated = [s.released for s in sets if getattr(s, "released", None)]
        if dated:
            out["released"] = f"r:{str(dated[0])[:4]}"
    else:
        named = sorted({r.set for r in rules.records.values() if isinstance(getattr(r, "set", None), str)})
        if named:
            out["set"] = f"e:{named[0]}"
            out["cycle"] = f"c:{named[0]}"
    return out


def code_examples(web: Any) -> dict[str, str | None]:
    """The search examples of set, cycle and release date (``set``, ``cycle``, ``released``) that the served
    database answers: NetrunnerDB's (``e:core``, ``c:sc19``, ``r<2017``) when it holds those sets and dates, else
    ones of what it holds, else None; ``nrdb``: whether all of NetrunnerDB's are answered. Checked once per
    generation of the database (a compile per example, no search run)."""

    def make() -> dict[str, str | None]:
        local = _local_examples(web)
        out: dict[str, str | None] = {}
        for key, example in NRDB_EXAMPLES.items():
            if _answers(web, example):
                out[key] = example
            else:
                out[key] = local[key] if key in local and _answers(web, local[key]) else None
        out["nrdb"] = "yes" if all(out[key] == example for key, example in NRDB_EXAMPLES.items()) else None
        return out

    return dict(web.memo("search-code-examples", make))


def search_help_codes(web: Any) -> dict[str, Any]:
    """What the search help under a card search box says of codes (``_search_form.html``): ``nrdb`` (NetrunnerDB's
    examples all answer), ``examples`` (those that do, ``f:hb`` first)."""
    found = code_examples(web)
    return {
        "nrdb": bool(found.get("nrdb")),
        "examples": ["f:hb", *(found[k] for k in NRDB_EXAMPLES if found.get(k))],
    }


def _key_help(name: str, lang: str, fallback: str, examples: dict[str, str | None] | None) -> str:
    """A key's help in ``lang``; the set and released keys' as the served cards (``examples``: :func:`code_examples`,
    None: not known) hold sets and dates."""
    if name in ("set", "released") and (examples is None or not examples.get("nrdb")):
        example = examples.get(name) if examples is not None else None
        if name == "set":
            return i18n.t(lang, SET_HELP_EXAMPLE, example=example) if example else i18n.t(lang, SET_HELP)
        return i18n.t(lang, RELEASED_HELP_EXAMPLE, example=example) if example else i18n.t(lang, RELEASED_HELP)
    return say(KEY_HELP.get(name), lang, fallback)


def search_keys(lang: str, web: Any = None) -> list[dict[str, Any]]:
    """The query language's keys as the search page lists them: the names one may type (the Chinese ones
    first on a Chinese page) and what the key matches, in ``lang``; the set and released keys' examples those the
    served cards (``web``'s) answer (:func:`code_examples`; no ``web``: no NetrunnerDB code promised)."""
    from toolkit.search.keys import KEYS

    examples = code_examples(web) if web is not None else None
    out = []
    for key in KEYS:
        names = [key.name, *key.aliases]
        if i18n.chinese(lang):
            names.sort(key=lambda n: i18n.script_lang(n) != "zh-Hans")
        else:
            names = [n for n in names if i18n.script_lang(n) != "zh-Hans"]
        out.append({"names": names, "help": _key_help(key.name, lang, key.help, examples)})
    return out


def _register_template_globals() -> None:
    """``search_help_codes`` for the card search form (``cards/_search_form.html``), which every card search page
    includes."""
    from toolkit.web.templating import templates

    templates.env.globals["search_help_codes"] = search_help_codes


_register_template_globals()


# ---------------------------------------------------------------- a hit's attributes (toolkit.search.display.stats)



def hit_stats(hit: Any, lang: str, lookup: Any = None) -> str:
    """The attributes of a search hit in ``lang`` as the command line shows them
    (:func:`toolkit.search.display.stats_in`), the ids of factions, agents and modes as names (``lookup``:
    (kind, id) → record or None), the attributes that are no search key in the web's words."""
    from toolkit.i18n import name_of
    from toolkit.search.display import stats_in

    text = stats_in(hit, lang, lookup)
    if lang != "en" or lookup is None or not text:
        return text
    # English keeps the keys as one types them; the ids of factions, agents and modes are names on a page
    parts = []
    for part in text.split(" · "):
        label, _, value = part.partition(" ")
        if label in ("faction", "agent") and value:
            record = lookup(label, value)
            value = name_of(record, lang) if record is not None else value
        elif label == "modes" and value:
            value = ", ".join(name_of(r, lang) if (r := lookup("mode", m)) is not None else m for m in value.split(", "))
        parts.append(f"{label} {value}".rstrip())
    return " · ".join(parts)


# ---------------------------------------------------------------- the card editor's fields

FIELD_LABELS: dict[str, str] = {
    "actions": N_("Basic actions"),
    "active_when_tapped": N_("Active while tapped"),
    "add": N_("Roles added"),
    "adjacency": N_("Adjacency"),
    "advancement_requirement": N_("Advancement requirement"),
    "agenda_points": N_("Agenda points"),
    "agenda_points_to_win": N_("Agenda points to win"),
    "agent": N_("Exclusive to agent"),
    "agent_subtypes": N_("Agent subtypes"),
    "agents_count_toward_deck_size": N_("Agent cards count toward deck size"),
    "armed": N_("Armed"),
    "attack": N_("Attack"),
    "attack_subtypes": N_("Attack subtypes"),
    "attacks": N_("Built-in attacks"),
    "ban_list": N_("Ban list in force"),
    "ban_lists": N_("Ban lists"),
    "banned": N_("Banned"),
    "base_link": N_("Base link"),
    "base_memory": N_("Base memory"),
    "can_use_command_cards": N_("May use command cards"),
    "clicks": N_("Clicks"),
    "climb_cost": N_("Climb cost"),
    "code": N_("Code"),
    "color": N_("Color"),
    "compositions": N_("Role sets"),
    "copies": N_("Copies"),
    "count": N_("Count"),
    "counts": N_("Only these counts"),
    "counts_as": N_("Counts as"),
    "credits": N_("Credits"),
    "cycle": N_("Cycle"),
    "date_start": N_("In force from"),
    "deck_limit": N_("Deck limit"),
    "deck_rules": N_("Deck rules"),
    "deploy": N_("Deployment"),
    "deployment_zones": N_("Deployment zones"),
    "discard_from_mortgage": N_("Discard from the mortgage zone"),
    "discussion_seconds": N_("Discussion (seconds)"),
    "distance": N_("Distance"),
    "draw_phase": N_("Draw phase"),
    "equipment": N_("Equipment"),
    "equipment_slots": N_("Equipment slots"),
    "first_blood_points": N_("First blood points"),
    "global_penalty": N_("Global influence penalty"),
    "guns": N_("Guns"),
    "hand_limit": N_("Hand limit"),
    "hand_size": N_("Hand size"),
    "hidden": N_("Hidden"),
    "hidden_agents": N_("Agents start hidden"),
    "hit_die": N_("Hit die"),
    "hp": N_("HP"),
    "illustrator": N_("Illustrator"),
    "influence_free_if": N_("Free of influence if"),
    "influence_limit": N_("Influence limit"),
    "card": N_("Card"),
    "interchangeable": N_("Interchangeable roles"),
    "non_alliance": N_("Non-alliance cards only"),
    "paragraphs": N_("Paragraphs"),
    "per_faction": N_("Per faction"),
    "marks": N_("Places shot cards"),
    "matrix_shop": N_("Matrix shop"),
    "max": N_("Most"),
    "max_agents": N_("Most agents"),
    "max_in_play": N_("Most in play"),
    "memory_cost": N_("Memory cost"),
    "min": N_("Fewest"),
    "min_deck_size": N_("Minimum deck size"),
    "minion": N_("Minion"),
    "modes": N_("Modes"),
    "mortgage": N_("Mortgage"),
    "move": N_("Move speed"),
    "neutral": N_("Neutral"),
    "obstacle": N_("Obstacle"),
    "of": N_("Of"),
    "opening_hand": N_("Opening hand"),
    "playable": N_("Playable"),
    "players": N_("Players"),
    "point_limit": N_("Point limit"),
    "points": N_("Points"),
    "pool_name": N_("Card pool name"),
    "snapshot_of": N_("Snapshot of"),
    "faces": N_("Other faces"),
    "max_3_point_agendas": N_("Most agendas of 3+ points"),
    "position": N_("Position"),
    "printed_text": N_("Printed text"),
    "reading": N_("Reading of the printed text"),
    "read": N_("Paragraphs read"),
    "unread": N_("Paragraphs not read"),
    "scripted": N_("Paragraphs run by a card script"),
    "rules": N_("Paragraphs that restate a deck rule"),
    "starter_only": N_("Starter game only"),
    "index": N_("Paragraph"),
    "reason": N_("Reason"),
    "printings": N_("Printings"),
    "private": N_("Private"),
    "protection_lost_when_hit": N_("Protection lost when hit"),
    "protects": N_("Protects"),
    "protester_counts_as_bystander": N_("Protester counts as bystander"),
    "public_roles": N_("Public roles"),
    "quantity": N_("Quantity"),
    "range": N_("Range"),
    "rear": N_("Rear vision"),
    "released": N_("Released"),
    "remove": N_("Roles removed"),
    "resources": N_("Resources"),
    "restricted": N_("Restricted"),
    "restricted_limit": N_("Restricted limit"),
    "reverse": N_("Reverse face"),
    "rez_cost": N_("Rez cost"),
    "role": N_("Role"),
    "roles": N_("Roles"),
    "rows": N_("Rows"),
    "rule": N_("Rule"),
    "scene_obstacles": N_("Scene obstacles"),
    "scope": N_("Scope"),
    "search_name": N_("Search name"),
    "self_shield_cap": N_("Shield cap"),
    "temp_hp_cap": N_("Temporary HP cap"),
    "set": N_("Set"),
    "sets": N_("Sets"),
    "cycles": N_("Cycles"),
    "shield": N_("Shield"),
    "size": N_("Size"),
    "special": N_("Special role"),
    "speed": N_("Attack speed"),
    "starting_agents": N_("Starting agents"),
    "starting_credits": N_("Starting credits"),
    "status": N_("Status"),
    "strength": N_("Strength"),
    "style": N_("Style"),
    "substitutions": N_("Special-role substitutions"),
    "subtype": N_("Subtype"),
    "summary": N_("Summary"),
    "switch": N_("Switch"),
    "symbol": N_("Agent symbol"),
    "symbols": N_("Symbols"),
    "tap": N_("Tap"),
    "tapped": N_("Tapped"),
    "target": N_("Target"),
    "teams": N_("Teams"),
    "through_walls": N_("Through walls"),
    "token": N_("Token card"),
    "trash_cost": N_("Trash cost"),
    "unique": N_("Unique"),
    "units_impede": N_("Units give cover"),
    "universal_faction_cost": N_("Universal faction cost"),
    "untranslated": N_("Untranslated values"),
    "users": N_("Who may wear it"),
    "victory": N_("Victory"),
    "vision": N_("Vision"),
    "zones": N_("Zones"),
}

FIELD_HELP: dict[str, str] = {
    "$schema": N_("Path of this record's JSON Schema, relative to the file."),
    "actions": N_("Basic actions and what each costs."),
    "active_when_tapped": N_("The face that is the only one active while the card is tapped."),
    "add": N_("The roles added, the special role included."),
    "adjacency": N_("4: cells sharing a side are adjacent; 8: diagonals too."),
    "advancement_requirement": N_("Empty where the card says `X`."),
    "agent": N_("An exclusive card: the agent whose symbol it bears."),
    "agents_count_toward_deck_size": N_("House rule: agent cards count toward the deck size."),
    "armed": N_("Its pointing can hit."),
    "art": N_(
        "A `.png` or `.jpg` picture, its path relative to this record's file with forward slashes (e.g. "
        "`../art/ghost.png`); printed in the layout's art box, scaled to cover it."
    ),
    "attack": N_("Style (melee or ranged), subtype, attack speed (hit dice rolled) and range."),
    "attacks": N_("The attacks every agent has."),
    "back": N_("Personal (black back) or matrix shop (gold back)."),
    "ban_list": N_("Id of the ban list in force, one of the ban lists; empty: the lists written here."),
    "ban_lists": N_("The ban lists known for this format, oldest first."),
    "banned": N_("Ids not allowed in a deck at all."),
    "base_link": N_("The runner's base link strength."),
    "base_memory": N_("The runner's base memory limit (MU)."),
    "can_use_command_cards": N_("Marked minions may use command cards."),
    "category": N_("Equipment, skill, item, status or minion."),
    "climb_cost": N_("House rule: steps of a move that climbing out of a pit costs."),
    "code": N_("Printing code, e.g. `01048`."),
    "color": N_("Faction color, `#rrggbb`."),
    "compositions": N_("One role set per player count."),
    "cost": N_("Netrunner: credits (empty where the card says `X`). Tactics: cards mortgaged from hand and tapping."),
    "counts": N_("Only these player counts, where not every count from the fewest to the most is (Duo: 2 or 4); "
                 "empty: every count."),
    "counts_as": N_("The standard role it counts as."),
    "cycle": N_("The cycle the set belongs to."),
    "date_start": N_("The day the list, format or snapshot took effect (`YYYY-MM-DD`)."),
    "deck_limit": N_("Most copies of this title in a deck; empty: the format's copy limit."),
    "deck_rules": N_("Deck rules as data."),
    "deploy": N_("Where and how a minion enters play (printed on the minion card)."),
    "deployment_zones": N_("How many numbered deployment zones a map made for this mode must have."),
    "discard_from_mortgage": N_("House rule: the end-of-turn discard may take mortgaged cards."),
    "discussion_seconds": N_("Length of the open discussion."),
    "distance": N_("The most distance."),
    "draw_phase": N_("What the draw phase does, in ability text."),
    "en": N_("English, where there is one."),
    "equipment": N_("What an equipment card adds: slots, attack, shield, who may wear it."),
    "equipment_slots": N_("Equipment slots of each unit."),
    "faction": N_("Faction id."),
    "first_blood_points": N_("Points that win by first blood."),
    "flavor": N_("Flavor text in each language."),
    "global_penalty": N_("Each copy of a listed card lowers the identity's influence limit by this much."),
    "guns": N_("How many players it aims at."),
    "hand_limit": N_("Base hand limit."),
    "hand_size": N_("Starting maximum hand size."),
    "hidden": N_("It enters hidden, or its cards are secret to opponents."),
    "hidden_agents": N_("Agents start hidden."),
    "hit_die": N_("Damage dealt by each face (1 to 6) of a hit die."),
    "hp": N_("Most HP."),
    "id": N_("Lower-case letters and digits, single `_` or `-` between them; the file name without `.json`."),
    "influence": N_("Influence cost."),
    "influence_limit": N_("Empty: unlimited."),
    "influence_free_if": N_(
        "An alliance card's condition for costing no influence: the deck holds from the fewest to the most of the "
        "cards it describes."
    ),
    "card": N_("Count only copies of this card (its id)."),
    "interchangeable": N_(
        "Roles any of which may go in place of the first one held (one Decoy-type role, else the Bystander)."
    ),
    "non_alliance": N_("Count only cards that are not alliance cards."),
    "paragraphs": N_("The deck-building paragraphs of the identity's text that Dossier does not check."),
    "per_faction": N_("The most different agendas of each other faction."),
    "kind": N_("What kind of record this is."),
    "marks": N_("Places shot cards (as many as there are assassins) instead of aiming."),
    "matrix_shop": N_("The mode uses the matrix shop (else buying draws)."),
    "max": N_("The most; empty: no maximum."),
    "max_agents": N_("Most agents in a squad."),
    "max_in_play": N_("How many of this token one player may have in play."),
    "memory_cost": N_("Memory cost (MU)."),
    "min": N_("The fewest; empty: no minimum."),
    "min_deck_size": N_("Minimum deck size."),
    "minion": N_("For minion cards: the unit it deploys."),
    "modes": N_("Ids of the modes the map is made for."),
    "mortgage": N_("Cards from hand put into the mortgage zone (`-X`)."),
    "move": N_("Move speed."),
    "name": N_("A name in each language; Chinese is required, English optional."),
    "neutral": N_("Neutral cards: any identity of the side may use them."),
    "obstacle": N_("An ordinary obstacle or a scene obstacle."),
    "opening_hand": N_("Cards drawn at setup."),
    "playable": N_("Off: this face cannot be played directly."),
    "players": N_("How many players: from the fewest to the most."),
    "point_limit": N_("Most points a deck may hold; empty: no limit."),
    "points": N_("Points of each listed title, however many copies a deck holds."),
    "pool_name": N_("Name of the card pool."),
    "snapshot_of": N_("The format this is a dated snapshot of; empty: a format in its own right."),
    "faces": N_("The identity's other faces (a flip identity's back), each with its own name and text."),
    "max_3_point_agendas": N_("Most agendas worth 3 or more points a deck may hold (Startup); empty: no cap."),
    "position": N_("Card number within the set, or where a minion deploys."),
    "printed_text": N_("The text as printed, in natural language (imported cards); the ability text stays as it is."),
    "reading": N_("How much of the printed English the import read into ability text (imported cards)."),
    "printings": N_("Printings of this card, oldest first (imported data)."),
    "private": N_("A generic agent: no symbol, no exclusive cards."),
    "protection_lost_when_hit": N_("House rule: a protector who is hit protects no one."),
    "protects": N_("Its aim protects instead of shooting."),
    "protester_counts_as_bystander": N_("House rule: the protester and the supporter count as bystanders."),
    "public_roles": N_("Roles chosen openly and not dealt."),
    "quantity": N_("Copies of the card in the set."),
    "range": N_("Attack range: from the least to the most distance."),
    "rear": N_("Rear vision: an arrow behind the piece too."),
    "released": N_("Release date (`YYYY-MM-DD`)."),
    "restricted": N_("Ids of which a deck may hold only a few titles in all."),
    "restricted_limit": N_("How many restricted titles a deck may hold."),
    "reverse": N_("The reverse face of a reversible card."),
    "rez_cost": N_("Rez cost in credits; empty where the card says `X`."),
    "role": N_("Role id."),
    "rows": N_(
        "The map, north at the top, one row of cells each, west to east: `.` floor, `,` outdoor floor, "
        "`#` wall, `%` broken wall, `o` pit, `=` stairs, `*` scene obstacle, `1`-`6` deployment zone."
    ),
    "scene_obstacles": N_("Scene obstacles set up on the map."),
    "scope": N_("One per player, or shared by the table."),
    "search_name": N_(
        "The English name without accents or typographic quotes, for matching names as people type them."
    ),
    "self_shield_cap": N_("Most shield a unit can give itself."),
    "temp_hp_cap": N_("Most temporary HP a unit can hold (the red d6 that marks it)."),
    "set": N_("Set (pack) id."),
    "sets": N_("Card sets, oldest first; for a format, the sets of its card pool (empty: every set)."),
    "cycles": N_("Card cycles, with their names (imported data): the cycle of a set is one of these ids."),
    "shield": N_("Shield printed on the equipment."),
    "side": N_("Corp or runner."),  # (a tactics agent's or unit's "vision/side": KIND_FIELD_HELP)
    "size": N_("Carried (0 slots), normal (1 slot) or heavy (2 slots)."),
    "special": N_("A special role rather than a standard one."),
    "speed": N_("Attack speed: how many hit dice the attack rolls."),
    "starting_agents": N_("Agents at the start."),
    "status": N_("Incomplete where the rule documents leave the mode unspecified."),  # (a mode's: KIND_FIELD_HELP)
    "strength": N_("Strength; empty where the card says `X`."),
    "style": N_("Melee or ranged."),
    "subtype": N_("Attack subtype id."),
    "subtypes": N_("Subtype ids."),
    "summary": N_("A one-paragraph description."),
    "switch": N_("It may be turned over after it is reset."),
    "symbol": N_("The agent symbol printed on its exclusive cards."),
    "symbols": N_("Symbols usable in text as `[id]`, printed as icons."),
    "tap": N_("The agent who plays it taps."),
    "tapped": N_("It enters tapped."),
    "team": N_("The team it wins with: blue, red, or none (a personal goal only)."),
    "teams": N_("Teams or free-for-all."),
    "text": N_("Abilities in the ability language, top to bottom."),
    "through_walls": N_("Range is counted ignoring walls."),
    "token": N_("A token card: made during play, never in a deck."),
    "unique": N_("Only one copy may be active at a time."),
    "units_impede": N_("House rule: units that are not obstacles give cover too."),
    "universal_faction_cost": N_("Extra influence per copy of each listed card, in any faction's deck."),
    "untranslated": N_("JSON pointers of Chinese values copied from English because no translation exists."),
    "users": N_("Kinds of unit that may wear it."),
    "victory": N_("Victory conditions."),
    "vision": N_("Front vision is always there; rear and side vision are extra arrows."),
    "win": N_("Win conditions, in ability text."),
    "zh-Hans": N_("Simplified Chinese."),
    "zones": N_("Zones of the game."),
}


# The help of a field whose name means another thing in another kind of record, by "game/kind" and the field's
# path from the record's top without list indexes ("reading/status"); it wins over FIELD_HELP's (by name only: a
# mode's "status").
KIND_FIELD_HELP: dict[str, dict[str, str]] = {
    "tactics/card": {
        "status": N_("What a status card is attached to (its target); only a status card has this field."),
    },
    "tactics/agent": {"vision/side": N_("Side vision: arrows to the left and right too.")},
    "tactics/unit": {"vision/side": N_("Side vision: arrows to the left and right too.")},
    "netrunner/card": {
        "reading/status": N_(
            "`executable`: every paragraph was read into ability text; `partial`: some were; `printed_only`: none."
        ),
    },
}


# The label of a field whose name means another thing in another kind of record (by "game/kind" and path, as
# KIND_FIELD_HELP): an agent's "vision/side" is its side vision, not a Netrunner side.
KIND_FIELD_LABELS: dict[str, dict[str, str]] = {
    "tactics/agent": {"vision/side": N_("Side vision")},
    "tactics/unit": {"vision/side": N_("Side vision")},
}


def kind_field_labels(lang: str) -> dict[str, dict[str, str]]:
    """:data:`KIND_FIELD_LABELS` in ``lang``, by "game/kind" and the field's path."""
    return {kind: {path: i18n.t(lang, message) for path, message in fields.items()}
            for kind, fields in KIND_FIELD_LABELS.items()}  # fmt: skip


def kind_field_help(lang: str) -> dict[str, dict[str, str]]:
    """:data:`KIND_FIELD_HELP` in ``lang``: the editor's help of a field of one kind of record, by "game/kind" and
    the field's path (:func:`field_words` gives the help by field name, for the other fields)."""
    return {kind: {path: i18n.t(lang, message) for path, message in fields.items()}
            for kind, fields in KIND_FIELD_HELP.items()}  # fmt: skip


def field_words(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """The editor's field labels and help in ``lang``, by JSON key (the labels of toolkit.i18n.words'
    ``web.ed.field`` first)."""
    labels = {key: i18n.t(lang, message) for key, message in FIELD_LABELS.items()}
    labels.update(i18n.table("web.ed.field", lang))
    helps = {key: i18n.t(lang, message) for key, message in FIELD_HELP.items()}
    return labels, helps


# ---------------------------------------------------------------- the card editor's choices

_TYPES: dict[str, Entry] = {
    value: RECORD[value]
    for value in ("equipment", "skill", "item", "status", "minion", "obstacle", "agenda", "asset", "operation", "ice",
                  "upgrade", "hardware", "resource", "program", "event")
}  # fmt: skip

# The words of the values a field of the editor's form chooses from (a JSON Schema enum, a discriminated union's
# type), by the field's name: the menu shows the word in the page's language, the value stays the id. A field
# whose name chooses other things in another kind of record: KIND_CHOICES. A value with no word shows as it is.
CHOICES: dict[str, Mapping[str, Entry]] = {
    "side": {"corp": N_("Corp"), "runner": N_("Runner")},
    "category": {k: _TYPES[k] for k in ("equipment", "skill", "item", "status", "minion")},
    "type": _TYPES,  # a netrunner card's and a unit's type; a deck rule's card type
    "back": {"personal": N_("Personal deck"), "shop": N_("Matrix shop")},
    "size": EQUIPMENT_SIZE,  # (the words the printed card says: toolkit.sheets.labels)
    "users": {"agent": RECORD["agent"], "minion": RECORD["minion"]},
    "style": ATTACK_STYLE,
    "team": {"blue": Nc_("team", "Blue team"), "red": Nc_("team", "Red team"), "none": Nc_("team", "No team")},
    "target": STATUS_TARGET,
    "obstacle": OBSTACLE,
    "position": {
        "same_coordinate": Nc_("card face", "same coordinate"),
        "adjacent": Nc_("card face", "adjacent coordinate"),
        # TRANSLATORS: where a minion deploys: within a distance (the record's "distance") of its agent
        "within": N_("within a distance"),
        "deployment_zone": Nc_("card face", "any deployment zone"),
    },
    "active_when_tapped": {"front": Nc_("log face", "front"), "reverse": Nc_("log face", "reverse")},
    # TRANSLATORS: a zone of a game (its "scope"): each player has one, or the table shares one
    "scope": {"player": N_("One per player"), "shared": N_("Shared by the table")},
    # TRANSLATORS: a mode's status: the rule documents specify it completely, or leave parts unspecified
    "status": {"complete": N_("Complete"), "incomplete": N_("Incomplete")},
    # TRANSLATORS: a tactics mode's scene obstacles: none, or the standard setup
    "scene_obstacles": {"none": N_("none"), "standard": N_("Standard")},
    # TRANSLATORS: a tactics mode's teams: none, teams, or every player for themselves
    "teams": {"none": N_("none"), "teams": N_("Teams"), "free_for_all": N_("Every player for themselves")},
    "victory": {
        "last_squad_standing": Nc_("log reason", "last squad standing"),
        "first_blood": Nc_("log reason", "first blood"),
    },
    # TRANSLATORS: what a tactics deck rule "unique names" applies to: the command cards, or the agents
    "of": {"command": N_("Command cards"), "agent": N_("Agents")},
    "reason": {value: WORDS["reading_reason"][value] for value in WORDS["reading_reason"]},
}

# The choices of a field by "game/kind" and path (as KIND_FIELD_HELP): they win over CHOICES' (by name only).
KIND_CHOICES: dict[str, dict[str, dict[str, Entry]]] = {
    kind: {"reading/status": dict(WORDS["reading_status"])} for kind in ("netrunner/card", "netrunner/identity")
}


def choice_words(lang: str) -> dict[str, Any]:
    """The words of :data:`CHOICES` (``fields``, by field name) and :data:`KIND_CHOICES` (``kinds``, by
    "game/kind" and path) in ``lang``, for the editor's menus."""

    def worded(words: Mapping[str, Entry]) -> dict[str, str]:
        return {value: say(entry, lang) for value, entry in words.items()}

    return {
        "fields": {name: worded(words) for name, words in CHOICES.items()},
        "kinds": {kind: {path: worded(words) for path, words in paths.items()} for kind, paths in KIND_CHOICES.items()},
    }


__all__ = [
    "FIELD_HELP",
    "FIELD_LABELS",
    "KEY_HELP",
    "CHOICES",
    "KIND_CHOICES",
    "KIND_FIELD_HELP",
    "KIND_FIELD_LABELS",
    "RECORD",
    "choice_words",
    "code_examples",
    "field_words",
    "hit_stats",
    "kind_field_help",
    "kind_field_labels",
    "kind_line",
    "record_word",
    "say",
    "search_help_codes",
    "search_keys",
]
