"""One record as the card page and /api/records show it: every field, the ability text rendered in
zh-Hans and English (toolkit.text through toolkit.search.display), printed text, printings, and
for netrunner its legality in each format (asked of the search language's own format keys).

The page shows the texts in its own language (``shown``): the ability text rendered in it, the name, printed
text and flavour in it when the card has them so, else as the card has them (marked with their language, and a
note in words). An import's English stand-in in a zh-Hans field (its JSON pointer in the record's
``untranslated``, ``/name/zh-Hans``) counts as English: it is shown as the stand-in it is.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from toolkit import i18n
from toolkit.i18n import chinese, name_of, other_name
from toolkit.i18n.words import N_, WORDS
from toolkit.search.display import flatten
from toolkit.web import vocab
from toolkit.web.templating import lang_key

TEXT_FIELDS = ("text", "reverse", "win", "draw_phase")
# (``reading``: said in words by :func:`reading`, its paragraphs numbered from 1, not as the record's 0-based indexes)
SKIP = {"$schema", "id", "game", "kind", "name", "text", "flavor", "printed_text", "reverse", "win", "draw_phase",
        "printings", "untranslated", "reading"}  # fmt: skip


def blocks(paragraphs: list[str], lang: str) -> list[dict[str, Any]]:
    """NetrunnerDB markup as blocks of styled spans (the template escapes and styles them); the paragraphs are in
    ``lang``, which names their icons (``label``: what a screen reader says and the tooltip), whatever the page's
    language: an English paragraph on a Chinese page says "credit", not 信用点."""
    from toolkit import markup

    out = []
    for paragraph in paragraphs:
        for block in markup.parse(paragraph):
            out.append(
                {
                    "kind": block.kind,
                    "spans": [
                        {
                            "text": s.text,
                            "bold": s.bold,
                            "italic": s.italic,
                            "sup": s.sup,
                            "icon": s.icon,
                            "label": i18n.word("icon", s.text, lang) if s.icon else None,
                        }
                        for s in block.spans
                    ],
                }
            )
    return out




def missing(game: str, record_id: str, kind: str | None, lang: str) -> str:
    """That ``game`` has no record ``record_id`` (of ``kind``), in ``lang``: the game by its name (特工战术, not
    ``tactics``) and a kind of ours by its word (卡牌); a kind of no record as typed."""
    name = i18n.word("game", game, lang)
    if kind is None:
        # TRANSLATORS: {game} is a game's name (Tactics: 特工战术), not its id
        return i18n.tc(lang, "game name", "No {game} record has the id {id}.", game=name, id=record_id)
    if kind not in WORDS["record"]:
        # TRANSLATORS: {game} is a game's name (Tactics: 特工战术); {kind} a kind as typed (no kind of record)
        return i18n.tc(lang, "game name", "No {game} record has the id {id} and the kind {kind}.", game=name,
                       id=record_id, kind=kind)  # fmt: skip
    # TRANSLATORS: {game} is a game's name (Tactics: 特工战术); {kind} a kind of record's word (card: 卡牌)
    return i18n.tc(lang, "game and kind names", "No {game} record has the id {id} and the kind {kind}.", game=name,
                   id=record_id, kind=i18n.word("record", kind, lang))  # fmt: skip


def unprinted(game: str, record_id: str, kind: str, lang: str) -> str:
    """That the ``kind`` ``record_id`` of ``game`` has no printed card, in ``lang`` (the game by its name)."""
    word = i18n.word("record", kind, lang)
    # TRANSLATORS: "The tactics mode standard has no printed card."; {game} a game's name, {kind} a kind's word
    return i18n.t(lang, "The {game} {kind} {id} has no printed card.", game=i18n.word("game", game, lang),
                  kind=word, id=record_id)  # fmt: skip


def game_id(game: str) -> str | None:
    """The id of the game ``game`` names: its id in any case (``Tactics``), or its name in either language as the
    pages show it or a search takes it (特工战术, Netrunner); None for no game."""
    from toolkit.models import GAMES
    from toolkit.search import vocab as search_vocab

    if game in GAMES:
        return game
    return search_vocab.lookup(search_vocab.GAMES, game)  # (ids in any case, both languages' names: as the menus do)


def find(web: Any, game: str, record_id: str, kind: str | None, lang: str | None = None) -> Any:
    """The record (model) with this id in ``game`` (an id or a name: :func:`game_id`); ``kind`` picks between a mode
    and a card of one id. None is a NotFound worded in ``lang`` (default: the current language); an id that names two
    records of the game (a crossfire role and mode, ``sniper``) without ``kind`` is a DossierError that names both,
    as `dossier show` refuses it, not one of them picked."""
    from toolkit.errors import DossierError, NotFound
    from toolkit.models import GAMES

    game = game_id(game) or game
    if game not in GAMES:
        # the games by the names the pages show, each id in brackets: 特工战术（tactics）、矩阵潜袭（netrunner）、…
        lang = lang or i18n.current_lang()
        named = (i18n.t(lang, "{name} ({id})", name=i18n.word("web.game", g, lang), id=g) for g in GAMES)
        games = i18n.t(lang, ", ").join(named)
        raise NotFound(i18n.t(lang, "unknown game {game}; games: {games}", game=repr(game), games=games))
    catalog = web.catalog
    if not kind:
        sharing = [r for each in ("card", "mode") if (r := catalog.get(game, record_id, each)) is not None]
        if len(sharing) > 1:
            lang = lang or i18n.current_lang()
            choices = i18n.t(lang, ", ").join(
                i18n.t(
                    lang, "{record} ({type})", record=f"{game}/{r.kind}/{r.id}", type=i18n.word("record", r.kind, lang)
                )
                for r in sharing
            )
            raise DossierError(i18n.t(lang, "id {id} names {n} records: {choices}; add {option}", option="?kind=",
                                      id=repr(record_id), n=len(sharing), choices=choices))  # fmt: skip
    kinds = [kind] if kind else ["card", "mode"]
    for each in kinds:
        record = catalog.get(game, record_id, each)
        if record is not None and (kind is None or record.kind == kind or each == "mode"):
            return record
    raise NotFound(missing(game, record_id, kind or None, lang or i18n.current_lang()))


# the records a deck holds as cards (a crossfire role is dealt, not put in a deck): the card page's "Add to deck"
DECK_KINDS = ("card", "identity", "agent")


def never_in_a_deck(record: Any) -> bool:
    """A tactics token card (T4) or matrix shop card (T5): never in a personal deck (the builder's card search leaves
    them out, the card page offers no "Add to deck")."""
    return (
        getattr(record, "game", None) == "tactics"
        and record.kind == "card"
        and (getattr(record, "token", None) is not None or getattr(record, "back", None) == "shop")
    )


def deckable(record: Any) -> bool:
    """Whether the card page offers "Add to deck": a card, identity or agent of tactics or netrunner that a deck may
    hold (no token or matrix shop card, :func:`never_in_a_deck`)."""
    return record.kind in DECK_KINDS and record.game != "crossfire" and not never_in_a_deck(record)


def summary(data: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """A mode's, format's or map's ``summary`` as the page shows it: ``text`` in ``lang`` when there (else English
    on a page in any language but Chinese, else as the record has it) and its ``lang``; None without one."""
    texts = data.get("summary")
    if not isinstance(texts, dict):
        return None
    texts = as_stored(texts, "summary", data.get("untranslated"))
    for each in dict.fromkeys((lang, "zh-Hans" if chinese(lang) else "en", "zh-Hans", "en")):
        if isinstance(texts.get(each), str) and texts[each]:
            return {"text": texts[each], "lang": each}
    return None


# what a deck rule's ``of`` (tactics unique_names) counts, in words
RULE_OF = {
    # TRANSLATORS: what a deck rule counts: "Unique names (command cards)"
    "command": N_("command cards"),
    # TRANSLATORS: what a deck rule counts: "Unique names (agents)"
    "agent": N_("agents"),
}


def _amount(rule: dict[str, Any], lang: str) -> str | None:
    """How many a deck rule allows, in words: exactly, at least, at most, from … to; the first copies (an identity's
    copies free of influence); None for a rule without a number."""
    if isinstance(rule.get("copies"), int):
        # TRANSLATORS: a deck rule's number: "Copies free of influence (Program): the first copy"
        return i18n.tn(lang, "the first copy", "the first {n} copies", rule["copies"], n=rule["copies"])
    low = rule.get("min") if isinstance(rule.get("min"), int) else None
    high = next((rule[k] for k in ("max", "per_faction") if isinstance(rule.get(k), int)), None)
    low = low or None  # (a count of at least 0: none said)
    if low is not None and low == high:
        # TRANSLATORS: a deck rule's number: "Deck size: exactly 10"
        return i18n.tc(lang, "deck rule", "exactly {n}", n=low)
    if low is not None and high is not None:
        # TRANSLATORS: a deck rule's number: "Deck size: 40 to 45"
        return i18n.tc(lang, "deck rule", "{min} to {max}", min=low, max=high)
    if low is not None:
        # TRANSLATORS: a deck rule's number: "Role count (Assassin): at least 1"
        return i18n.tc(lang, "deck rule", "at least {n}", n=low)
    if high is not None:
        # TRANSLATORS: a deck rule's number: "Copy limit: at most 3"
        return i18n.tc(lang, "deck rule", "at most {n}", n=high)
    return None


def deck_rules(web: Any, data: dict[str, Any], game: str, lang: str) -> list[str] | None:
    """A mode's, format's or identity's ``deck_rules`` in words, one line each (the rule's word, as the editor's menu
    of them says it; what it counts, a role, a type or a faction by name; how many): ``Deck size: exactly 10``,
    ``Role count (Sniper): exactly 1``. None without any."""
    from toolkit.web.routes.editor import DECK_RULES

    rules = data.get("deck_rules")
    if not isinstance(rules, list) or not rules:
        return None
    catalog = web.catalog
    lines = []
    for rule in rules:
        if not isinstance(rule, dict) or not isinstance(rule.get("rule"), str):
            continue
        kind = rule["rule"]
        text = i18n.t(lang, DECK_RULES[kind]) if kind in DECK_RULES else kind
        what = None
        if isinstance(rule.get("of"), str):
            what = i18n.t(lang, RULE_OF[rule["of"]]) if rule["of"] in RULE_OF else rule["of"]
        for key, record_kind in (("role", "role"), ("faction", "faction")):
            if isinstance(rule.get(key), str):
                record = catalog.get(game, rule[key], record_kind)
                what = name_of(record, lang) if record is not None else rule[key]
        if isinstance(rule.get("type"), str):
            what = i18n.word("type", rule["type"], lang)
        if what is not None:
            # TRANSLATORS: a deck rule and what it counts: "Unique names (command cards)", "Role count (Sniper)"
            text = i18n.t(lang, "{rule} ({what})", rule=text, what=what)
        amount = _amount(rule, lang)
        if amount is not None:
            # TRANSLATORS: a deck rule and its number: "Deck size: exactly 10"
            text = i18n.t(lang, "{rule}: {amount}", rule=text, amount=amount)
        lines.append(text)
    return lines or None


LEGALITY_KEYS = ("pool", "banned", "restricted", "legal")


def legality_sets(web: Any) -> dict[str, dict[str, frozenset[str]]]:
    """Per netrunner format id: the ids in its pool, banned, restricted and legal, each asked once of the search
    language's own format keys over the whole pool (so the card page agrees with ``legal:F`` and the rest).
    Once per catalog generation (``web.memo``): a card page then only looks its id up."""
    from toolkit.search import search

    def make() -> dict[str, dict[str, frozenset[str]]]:
        out = {}
        for fmt in web.catalog.of_kind("netrunner", "format"):
            out[fmt.id] = {
                key: frozenset(h.id for h in search(web.database, f"{key}:{fmt.id}", game="netrunner", full=False))
                for key in LEGALITY_KEYS
            }
        return out

    result: dict[str, dict[str, frozenset[str]]] = web.memo("legality", make)
    return result


def legality(web: Any, record: Any) -> dict[str, Any] | None:
    """For a netrunner card or identity: per format, in its pool, banned, restricted, legal. ``current`` are the
    formats in their own right (by name), ``snapshots`` the dated snapshots of each (newest first)."""
    if record.game != "netrunner" or record.kind not in ("card", "identity"):
        return None
    table = legality_sets(web)
    current: list[dict[str, Any]] = []
    snapshots: list[dict[str, Any]] = []
    for fmt in web.catalog.of_kind("netrunner", "format"):
        sets = table.get(fmt.id)
        if sets is None:  # a format added since the table was made cannot be: the table is per generation
            continue
        ban = fmt.find_ban_list(fmt.ban_list) if fmt.ban_list else None
        row = {
            "id": fmt.id,
            "name": fmt.name,
            "ban_list": ban.name if ban else None,
            "date_start": getattr(fmt, "date_start", None),
            "snapshot_of": getattr(fmt, "snapshot_of", None),
            **{key: record.id in sets[key] for key in LEGALITY_KEYS},
        }
        (snapshots if row["snapshot_of"] else current).append(row)
    current.sort(key=lambda r: (r["name"].en or r["name"].zh_hans, r["id"]))
    snapshots.sort(key=lambda r: (r["snapshot_of"], r["date_start"] or "", r["id"]), reverse=True)
    snapshots.sort(key=lambda r: r["snapshot_of"])  # stable: formats in order, each newest first
    return {"current": current, "snapshots": snapshots, "legal_now": sum(r["legal"] for r in current)}


def legality_html(web: Any, groups: dict[str, Any] | None, lang: str) -> Any:
    """The legality section of a card page (``cards/_legality.html``) as markup, drawn once per pool generation,
    language and set of verdicts: the cards of one set share it, so a card page seldom draws its 66 rows."""
    from markupsafe import Markup

    from toolkit.web.templating import templates, translators

    if not groups:
        return None
    key = tuple((r["id"], r["pool"], r["banned"], r["restricted"], r["legal"]) for key in ("current", "snapshots")
                for r in groups[key])  # fmt: skip
    drawn: dict[Any, Any] = web.memo(f"legality_html:{lang_key(lang)}", dict)
    html = drawn.get(key)
    if html is None:
        html = drawn[key] = Markup(
            templates.get_template("cards/_legality.html").render(groups=groups, lang=lang, **translators(lang))
        )
    return html


def shown_path(web: Any, path: Any) -> str:
    """A card file as a page may show it: from the card folder it was loaded from (``cards/netrunner/x.json``),
    never the server's absolute path; just the file's name when it is under none of them."""
    from pathlib import Path

    path = Path(path)
    for root in web.settings.cards:
        root = Path(root).resolve()
        try:
            return (Path(root.name) / path.resolve().relative_to(root)).as_posix()
        except ValueError:
            continue
    return path.name


def printings(web: Any, record: Any, lang: str) -> list[dict[str, Any]]:
    games = web.catalog.of_kind(record.game, "game")
    sets = {s.id: s for s in getattr(games[0], "sets", [])} if games else {}
    rows = []
    for p in getattr(record, "printings", None) or []:
        known = sets.get(p.set)
        rows.append(
            {
                "code": p.code,
                "set": p.set,
                "set_name": name_of(known, lang) if known else p.set,
                "cycle": p.cycle,
                "position": p.position,
                "quantity": p.quantity,
                "illustrator": p.illustrator,
            }
        )
    own_set = getattr(record, "set", None)
    if not rows and own_set:
        known = sets.get(own_set)
        rows.append({"code": None, "set": own_set, "set_name": name_of(known, lang) if known else own_set,
                     "cycle": None, "position": None, "quantity": None, "illustrator": None})  # fmt: skip
    return rows


def reading(data: dict[str, Any], game: str, lang: str) -> dict[str, Any] | None:
    """For a netrunner record with a text field: what the engine runs of it (the search's ``run:`` key), in
    ``lang``: the status code, it in words, and the lines ``dossier show`` says under it (one per reason
    paragraphs were not read, then the paragraphs read, run by a card script, restating a deck rule)."""
    from toolkit.search.reading import paragraph_lines, verdict

    found = verdict(data, lang) if game == "netrunner" else None
    if found is None:
        return None
    details = [*found.details, *paragraph_lines(data.get("reading"), lang)]
    return {"status": found.status, "word": found.word, "details": details}


def as_stored(texts: dict[str, Any], field: str, untranslated: Any) -> dict[str, Any]:
    """``texts`` (by language) of the record's ``field`` with an import's English stand-in in zh-Hans (its pointer
    ``/field/zh-Hans`` in ``untranslated``) taken for what it is: English (the English itself when there)."""
    if f"/{field}/zh-Hans" not in (untranslated or ()) or not texts.get("zh-Hans"):
        return texts
    out = {lang: text for lang, text in texts.items() if lang != "zh-Hans"}
    out["en"] = texts.get("en") or texts["zh-Hans"]
    return out


def name_lang(record: Any, lang: str, untranslated: Any) -> str:
    """The language of the name :func:`name_of` shows in ``lang``: an import's English stand-in is English."""
    name = record.name
    if lang not in ("zh-Hans", "en") and hasattr(name, "get") and name.get(lang):
        return lang
    if lang != "zh-Hans" and name.en:
        return "en"
    return "en" if "/name/zh-Hans" in (untranslated or ()) else "zh-Hans"


def missing_note(what: str, shown: str, lang: str) -> str | None:
    """The note beside a ``what`` (``name``, ``flavor``) shown in ``shown`` on a page in ``lang``: that the card has
    none in ``lang`` (None when it is in ``lang``)."""
    if shown == lang:
        return None
    language = i18n.word("web.pr.lang", lang, lang)
    if what == "name":
        # TRANSLATORS: beside a card's name shown in another language; {lang} is the page's language (English)
        return i18n.t(lang, "(no {lang} name)", lang=language)
    # TRANSLATORS: beside a card's flavour text shown in another language; {lang} is the page's language (English)
    return i18n.t(lang, "(no {lang} flavor text)", lang=language)


def _in_lang(texts: dict[str, Any], lang: str) -> tuple[str, Any] | None:
    """(language, text) of ``texts`` (by language) in ``lang`` when there, else in the first language there."""
    for each in (lang, "zh-Hans", "en"):
        if texts.get(each):
            return each, texts[each]
    return None


def _link(record: Any, lang: str) -> dict[str, Any]:
    """A link to ``record``'s page: its name in ``lang`` (else as the record has it, ``lang`` saying which)."""
    untranslated = getattr(record, "untranslated", None)
    return {"name": name_of(record, lang), "lang": name_lang(record, lang, untranslated),
            "url": f"/cards/{record.game}/{record.id}?kind={record.kind}", "id": record.id}  # fmt: skip


def _by_name(web: Any, lang: str) -> tuple[dict[tuple[str, str], list[Any]], dict[tuple[str, str], Any]]:
    """Per pool generation: the tactics cards exclusive to each agent (by (game, agent id)), sorted by name in
    ``lang``; and each record that has a page by (game, zh-Hans name), for a name a text quotes (「…」)."""

    def make() -> tuple[dict[tuple[str, str], list[Any]], dict[tuple[str, str], Any]]:
        exclusive: dict[tuple[str, str], list[Any]] = {}
        named: dict[tuple[str, str], Any] = {}
        for record in web.catalog.records:
            agent = getattr(record, "agent", None) if record.kind == "card" else None
            if isinstance(agent, str) and agent:
                exclusive.setdefault((record.game, agent), []).append(record)
            if record.kind in RELATED_KINDS and record.name.zh_hans:
                named.setdefault((record.game, str(record.name.zh_hans)), record)
        for cards in exclusive.values():
            cards.sort(key=lambda r: (name_of(r, lang).casefold(), r.id))
        return exclusive, named

    made: tuple[dict[tuple[str, str], list[Any]], dict[tuple[str, str], Any]] = web.memo(
        f"related:{lang_key(lang)}", make
    )
    return made


RELATED_KINDS = ("card", "identity", "agent", "unit", "role", "attack", "ability")  # (records a text may quote)


def related(web: Any, record: Any, data: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The records a card page links (in ``lang``), each group with its label: a tactics card's exclusive agent and
    the minion it deploys, an agent's exclusive cards and built-in attacks, a netrunner card's or identity's
    faction, a faction's identities and a search for its cards, and the records its texts quote by name (「…」)."""
    from validators.lint import NAME_REF

    catalog = web.catalog
    game = record.game
    exclusive, named = _by_name(web, lang)
    labels, _ = vocab.field_words(lang)
    groups: list[dict[str, Any]] = []

    def add(key: str, label: str, records: list[Any], search: dict[str, str] | None = None) -> None:
        found: list[Any] = []
        for each in records:  # (once each, never the record itself)
            if each is not None and each is not record and all(each is not f for f in found):
                found.append(each)
        if found or search:
            groups.append({"key": key, "label": label, "links": [_link(r, lang) for r in found], "search": search})

    agent = data.get("agent") if record.kind == "card" else None
    if isinstance(agent, str):
        add("agent", labels.get("agent", "agent"), [catalog.get(game, agent, "agent")])
    if record.kind == "agent":
        # TRANSLATORS: a heading of an agent's page: the cards exclusive to it (bearing its symbol), linked
        add("exclusive", i18n.t(lang, "Exclusive cards"), exclusive.get((game, record.id), []))
    attacks = data.get("attacks") if record.kind in ("agent", "unit") else None
    if isinstance(attacks, list):
        add("attacks", labels.get("attacks", "attacks"),
            [catalog.get(game, a, "attack") for a in attacks if isinstance(a, str)])  # fmt: skip
    minion = data.get("minion") if record.kind == "card" else None
    if isinstance(minion, str):
        add("minion", labels.get("minion", "minion"), [catalog.get(game, minion, "unit")])
    faction = data.get("faction") if record.kind in ("card", "identity") else None
    if isinstance(faction, str):
        add("faction", i18n.word("web.ed.field", "faction", lang), [catalog.get(game, faction, "faction")])
    if record.kind == "faction" and game == "netrunner":
        identities = sorted((r for r in catalog.of_kind(game, "identity") if getattr(r, "faction", None) == record.id),
                            key=lambda r: (name_of(r, lang).casefold(), r.id))  # fmt: skip
        query = f"f:{record.id}"
        search = {"query": query, "url": "/cards?" + urlencode({"q": query, "game": game})}
        # TRANSLATORS: a heading of a faction's page: its identities, linked, and a search for its cards
        add("identities", i18n.t(lang, "Identities and cards"), identities, search)
    quoted: list[Any] = []
    for key in TEXT_FIELDS:
        lines = data.get(key)
        if key == "reverse" and isinstance(lines, dict):
            lines = lines.get("text")
        for line in lines if isinstance(lines, list) else ():
            if isinstance(line, str) and "「" in line:
                quoted.extend(named.get((game, name)) for name in NAME_REF.findall(line))
    # TRANSLATORS: a heading of a card's page: the cards its ability text names (「全息诱饵」), linked
    add("named", i18n.t(lang, "Named in its text"), quoted)
    return groups


def describe(web: Any, game: str, record_id: str, kind: str | None, lang: str) -> dict[str, Any]:
    """Everything the card page shows, as data."""
    from toolkit.search import get_record
    from toolkit.search.display import english_names, render_ability
    from toolkit.search.run import shared_ids, unique_ref

    record = find(web, game, record_id, kind, lang)
    game = record.game  # (the id: ``game`` may name it, Tactics)
    hit = get_record(web.database, record.id, game=game, kind=record.kind)
    data = hit.data
    texts = []
    card_names = None  # the English of the cards a text quotes, looked up once its first text is rendered
    for key in TEXT_FIELDS:
        lines = data.get(key)
        if key == "reverse" and isinstance(lines, dict):
            lines = lines.get("text")
        if lines:
            rendered = []
            for line in lines:
                if card_names is None:
                    card_names = english_names(web.database, game)
                zh, en = render_ability(line, card_names)
                shown = (en, "en") if not chinese(lang) and en else (zh, "zh-Hans")
                rendered.append({"source": line, "zh-Hans": zh, "en": en, "shown": shown[0], "shown_lang": shown[1]})
            texts.append({"field": key, "lines": rendered})
    untranslated = data.get("untranslated") or []
    printed = as_stored(data.get("printed_text") or {}, "printed_text", untranslated)
    flavor = as_stored(data.get("flavor") or {}, "flavor", untranslated)
    shown_name_lang = name_lang(record, lang, untranslated)
    printed_shown = _in_lang(printed, lang)
    flavor_shown = _in_lang(flavor, lang)
    # in its language (its icons named in it); ``stand_in``: not in the page's language, shown as the card has it
    shown_printed = shown_flavor = None
    if printed_shown:
        shown_lang, paragraphs = printed_shown
        shown_printed = {"lang": shown_lang, "blocks": blocks(paragraphs, shown_lang), "stand_in": shown_lang != lang}
    if flavor_shown:
        shown_lang, paragraph = flavor_shown
        shown_flavor = {"lang": shown_lang, "blocks": blocks([paragraph], shown_lang), "stand_in": shown_lang != lang,
                        "note": missing_note("flavor", shown_lang, lang)}  # fmt: skip
    images = web.images
    catalog_file = web.catalog.file_of(record)
    legal = legality(web, record)
    catalog = web.catalog
    return {
        "game": record.game,
        "kind": record.kind,
        "id": record.id,
        "ref": unique_ref(hit, web.memo("shared_ids", lambda: shared_ids(web.database))),  # (as `dossier show` takes it)
        "type": hit.type,
        "kind_line": vocab.kind_line(record.kind, hit.type, lang),
        "name": name_of(record, lang),
        "name_lang": shown_name_lang,
        "name_note": missing_note("name", shown_name_lang, lang),
        "other_name": other_name(record, lang),
        "names": {"zh-Hans": record.name.zh_hans, "en": record.name.en},
        "stats": vocab.hit_stats(hit, lang, lambda k, rid: catalog.get(record.game, rid, k)),
        "fields": [{"key": k, "value": v} for k, v in flatten({k: v for k, v in data.items() if k not in SKIP})],
        "texts": texts,
        "printed_text": {lg: blocks(printed.get(lg) or [], lg) for lg in ("zh-Hans", "en") if printed.get(lg)},
        "flavor": {lg: blocks([flavor[lg]], lg) for lg in ("zh-Hans", "en") if flavor.get(lg)},
        "printed_shown": shown_printed,
        "flavor_shown": shown_flavor,
        "printings": printings(web, record, lang),
        "legality": [*legal["current"], *legal["snapshots"]] if legal else [],
        "legality_groups": legal,
        "legality_html": legality_html(web, legal, lang),
        "reading": reading(data, record.game, lang),
        "related": related(web, record, data, lang),
        "image": f"/images/{record.game}/{record.kind}/{record.id}.png?lang={lang_key(lang)}"
        if images.printable(record)
        else None,
        "file": shown_path(web, catalog_file) if catalog_file else None,
        "summary": summary(data, lang),
        "deck_rules": deck_rules(web, data, record.game, lang),
        "deckable": deckable(record),
        "record": data,
        "record_json": json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True),
    }
