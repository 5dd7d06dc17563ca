"""A balance run's report: ``report.json`` (settings, figures, timings apart), ``games.jsonl`` (one game a line)
and ``report.html``, self-contained: every table of rates with a forest plot drawn as inline SVG (each rate a
dot, its 95% interval a line, 50% ± the margin a band), no script, no matplotlib. The report's body
(:func:`run_body`) is also what the web app's run page shows, and :func:`comparison` words two runs compared for
``dossier balance compare`` and the web app's comparison page alike.

Names of agents, cards, modes and maps come from the records (:func:`toolkit.i18n.name_of`) in the report's
language, else from the names the run kept (``meta["names"]``, :func:`kept_names`: a run read where its card pool
is not); every other word through the message catalog.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from toolkit.balance.store import key_fields
from toolkit.filekinds import balance_report
from toolkit.i18n import N_, name_of, sentences, t, tc, tn, tr
from toolkit.i18n.words import Nc_

Namer = Callable[[str, str], str]


def namer(records: Sequence[Any], lang: str, game: str = "tactics") -> Namer:
    """(kind, id) → the record's name in ``lang`` (the id when the pool has no such record)."""
    by_key = {(r.kind, r.id): r for r in records if getattr(r, "game", None) == game}

    def name(kind: str, record_id: str) -> str:
        record = by_key.get((kind, record_id))
        return name_of(record, lang) if record is not None else record_id

    return name


def kept_names(records: Sequence[Any], meta: dict[str, Any], figures: dict[str, Any], game: str) -> dict[str, Any]:
    """The names of the records a run's report names (its agents, cards, modes, maps, identities, roles…) in every
    output language, ``{lang: {kind: {id: name}}}``: kept with the run (``meta["names"]``) so that its report and a
    comparison name them where the card pool lacks them (:func:`with_kept`). The records named are those the
    report asks its namer for."""
    from toolkit.i18n import LANGS

    asked: set[tuple[str, str]] = set()

    def ask(kind: str, record_id: str) -> str:
        asked.add((kind, record_id))
        return record_id

    run_body({k: v for k, v in meta.items() if k != "names"}, figures, {}, ask, "en")
    by_key = {(r.kind, r.id): r for r in records if getattr(r, "game", None) == game}
    out: dict[str, dict[str, dict[str, str]]] = {}
    for kind, record_id in sorted(asked):
        record = by_key.get((kind, record_id))
        if record is None:  # (a deck's key: no record; its key is its name)
            continue
        for lang in LANGS:
            out.setdefault(lang, {}).setdefault(kind, {})[record_id] = name_of(record, lang)
    return out


def with_kept(names: Namer, kept: Any, lang: str) -> Namer:
    """``names``, falling back on the names a run kept (:func:`kept_names`; in ``lang``, else English, else
    zh-Hans) for a record the card pool lacks (``names`` gives its id back)."""
    if not isinstance(kept, dict) or not kept:
        return names
    from toolkit.i18n import DEFAULT_LANG, SOURCE_LANG

    tables = [kept[key] for key in dict.fromkeys((lang, SOURCE_LANG, DEFAULT_LANG)) if isinstance(kept.get(key), dict)]

    def name(kind: str, record_id: str) -> str:
        found = names(kind, record_id)
        if found != record_id:
            return found
        for table in tables:
            known = table.get(kind)
            if isinstance(known, dict) and isinstance(known.get(record_id), str):
                return str(known[record_id])
        return found

    return name


REPORT_FILES = ("report.json", "games.jsonl", "report.html")
CROSSFIRE_REPORT_FILES = ("report.json", "report.html")


def check_report_folder(out: Path, names: Sequence[str] = REPORT_FILES) -> None:
    """Refuse ``--out`` before the games rather than after them: a path that is no directory (or under one that
    is not), a folder that cannot be written, or a file of the report's names there that is no earlier report
    (a ``report.json`` of the user's own), which writing the report would replace."""
    import errno

    from toolkit.errors import os_reason
    from toolkit.safewrite import WriteError, cannot_write, check_replaceable, check_target

    above = out
    while not above.exists() and above != above.parent:  # the nearest folder that is there: the report's is made
        above = above.parent
    if not above.is_dir():
        raise WriteError(out, tr("{path} is not a directory", path=above))
    blocked = cannot_write(above)  # (the file system's own reason: no permission, or read-only, or full)
    if blocked is not None:
        raise WriteError(out, os_reason(blocked), blocked.errno or errno.EIO)
    if above != out:
        return
    for name in names:
        path = out / name
        check_target(path)
        check_replaceable(path, _kind(path))


def _kind(path: Path) -> Any:
    """What a file of a report's ``path`` holds when an earlier report wrote it (:class:`toolkit.safewrite.OutputKind`):
    such a file may be replaced (or removed); another is the user's own (a page or a JSON file of theirs that
    happens to bear the name is kept)."""
    from toolkit.safewrite import DOSSIER_HTML, OutputKind, json_object

    if path.suffix == ".json":
        return OutputKind(N_("a balance report's {format}"), json_object(balance_report), "report.json")
    if path.suffix == ".jsonl":
        return OutputKind(N_("a balance report's {format}"), _games_lines, "games.jsonl")
    return OutputKind(DOSSIER_HTML.what, _report_page, DOSSIER_HTML.format)


GAME_KEYS = (
    frozenset({"index", "mode", "map", "seed", "winners", "reason", "rounds"}),  # a tactics game (:func:`play_one`)
    frozenset({"index", "corp", "runner", "identities", "cards", "played", "winner", "ending", "turns"}),  # Netrunner
)
"""The keys every game record of ``games.jsonl`` has, a tactics game's (one that ended in an engine error too) or a
Netrunner game's, the same in every version of the lab."""


def _games_lines(head: bytes) -> bool:
    """``games.jsonl`` as a run wrote it: its first line is a JSON object with every key of a tactics or a Netrunner
    game (:data:`GAME_KEYS`). A JSON or JSON Lines file of the user's own (of other records) is not."""
    first = head.removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0]
    try:
        record = json.loads(first.decode("utf-8"))
    except (ValueError, RecursionError):
        return False
    return isinstance(record, dict) and any(keys <= record.keys() for keys in GAME_KEYS)


def _report_page(head: bytes) -> bool:
    """``report.html`` as a run wrote it: a page naming Dossier as its generator (:data:`toolkit.safewrite.HTML_MARK`,
    :func:`_document`), or one written before that mark, recognised by the start every version wrote
    (:data:`_OLDER_PAGE`: the doctype, the head of a charset and a title, then the report's own stylesheet,
    :data:`STYLE`, unchanged since the first report, and the body's ``<h1>``). Another page is the user's own."""
    from toolkit.safewrite import DOSSIER_HTML

    return DOSSIER_HTML.test(head) or _OLDER_PAGE.match(head.removeprefix(b"\xef\xbb\xbf")) is not None


def _remove_stale(out: Path, written: Sequence[str]) -> None:
    """Remove the files of :data:`REPORT_FILES` that this report does not write (``written``) when an earlier
    report left them under ``out`` (a tactics run's ``games.jsonl`` beside a crossfire report would read as this
    run's games); a file of that name that is the user's own, a link or a folder is left as it is."""
    import os
    import stat

    from toolkit.safewrite import WriteError, check_replaceable

    for name in REPORT_FILES:
        if name in written:
            continue
        path = out / name
        try:
            if not stat.S_ISREG(os.lstat(path).st_mode):
                continue
            check_replaceable(path, _kind(path))
            path.unlink()
        except (OSError, WriteError):  # not there, no earlier report's, or not removable: left as it is
            continue


def write_report(out: Path, meta: dict[str, Any], figures: dict[str, Any], timing: dict[str, Any],
                 results: Sequence[dict[str, Any]], names: Namer, lang: str) -> list[Path]:  # fmt: skip
    """Write the three files under ``out`` (made if missing); their paths."""
    from toolkit.jsonio import atomic_write_bytes

    out.mkdir(parents=True, exist_ok=True)
    report = {"meta": meta, "figures": figures, "timing": timing}
    paths = [out / "report.json", out / "games.jsonl", out / "report.html"]
    atomic_write_bytes(paths[0], (json.dumps(report, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode())
    # (a game's time differs from run to run; its error as the run's language words it, from language to language:
    # the file keeps the error in English)
    lines = [json.dumps({k: v for k, v in r.items() if k not in ("seconds", "error_words")}, ensure_ascii=False,
                        sort_keys=True) for r in results]  # fmt: skip
    atomic_write_bytes(paths[1], ("\n".join(lines) + "\n" if lines else "").encode())
    atomic_write_bytes(paths[2], render_html(meta, figures, timing, names, lang, engine_errors(results)).encode())
    return paths


def engine_errors(results: Sequence[dict[str, Any]]) -> list[tuple[str, int]]:
    """The engine errors games ended in, each as the run's language words it (``error_words``, else the English
    ``error`` of ``games.jsonl``) with how many games ended in it, the most games first."""
    from collections import Counter

    found = Counter(str(r.get("error_words") or r.get("error") or "") for r in results if r.get("reason") == "error")
    return sorted(found.items(), key=lambda item: (-item[1], item[0]))


def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def label(table: str, row: dict[str, Any], names: Namer, lang: str) -> str:
    """The name of a row of one of the figures' tables."""
    if table == "seats":
        return t(lang, "seat {seat}", seat=row["seat"])
    if table == "agents":
        return names("agent", row["agent"])
    if table in ("cards_in_deck", "cards_played"):
        return names("card", row["card"])
    if table == "pairs_together":
        return t(lang, "{a} with {b}", a=names("agent", row["agent"]), b=names("agent", row["with"]))
    if table == "pairs_against":
        return t(lang, "{a} against {b}", a=names("agent", row["agent"]), b=names("agent", row["against"]))
    if table == "modes":
        return names("mode", row["mode"])
    if table == "maps":
        return names("map", row["map"])
    if table in ("roles", "players"):
        return names("role", row["role"])
    if table == "sides":
        return side_word(row["side"], lang)
    if table == "identities":
        return names("identity", row["identity"])
    if table == "pairings":
        return t(lang, "{a} against {b}", a=names("identity", row["corp"]), b=names("identity", row["runner"]))
    if table == "decks":
        return names("deck", row["deck"])
    return str(row)


SIDE_WORDS = {"corp": N_("the corp"), "runner": N_("the runner")}


def side_word(side: str, lang: str) -> str:
    """A Netrunner side in words."""
    return t(lang, SIDE_WORDS[side]) if side in SIDE_WORDS else side


TITLES = {
    "seats": N_("Seats (first-player advantage)"),
    "agents": N_("Agents"),
    "cards_in_deck": N_("Cards in the deck"),
    "cards_played": N_("Cards played"),
    "pairs_together": N_("Agent pairs in the same squad"),
    "pairs_against": N_("Agent pairs against each other"),
}


FIRST_SEAT = {"modes": N_("Modes: the first seat's rate"), "maps": N_("Maps: the first seat's rate")}
CROSSFIRE_TITLES = {"roles": N_("Roles"), "players": N_("Roles by player count")}
NETRUNNER_TITLES = {
    "sides": N_("Sides: the corp and the runner"),
    "identities": N_("Identities"),
    "decks": N_("Decks"),
    "pairings": N_("Pairings: the corp's rate"),
}
TABLE_ORDER = (*NETRUNNER_TITLES, *TITLES, *FIRST_SEAT, *CROSSFIRE_TITLES)


def table_title(table: str) -> str:
    """The English title of one of the figures' tables (to translate)."""
    return TITLES.get(table) or FIRST_SEAT.get(table) or NETRUNNER_TITLES.get(table) or CROSSFIRE_TITLES[table]


def outlier_label(row: dict[str, Any], names: Namer, lang: str) -> str:
    """An outlier's name with its table's: ``Cards played: Frag Grenade``."""
    table = row["table"]
    return t(lang, "{table}: {name}", table=t(lang, table_title(table)), name=label(table, row, names, lang))


# the settings a run's figures hang on (:data:`toolkit.balance.store.SETTINGS`), named in a comparison's note
SETTING_WORDS = {
    "game": Nc_("balance setting", "game"),
    "modes": Nc_("balance setting", "modes"),
    "mode": Nc_("balance setting", "mode"),
    "players": Nc_("balance setting", "players"),
    "decks": Nc_("balance setting", "decks"),
    "deck_digests": Nc_("balance setting", "the decks' cards"),
    "decider": Nc_("balance setting", "decider"),
    "rounds": Nc_("balance setting", "round limit"),
    "turns": Nc_("balance setting", "turn limit"),
    "specials": Nc_("balance setting", "special roles"),
}


def setting_word(key: str, lang: str) -> str:
    """A run's setting (a key of its ``meta``: ``decider``, ``specials``…) in words in ``lang``; a key no run has
    had, as it is."""
    found = SETTING_WORDS.get(key)
    return tc(lang, *found) if found is not None else key


# the machine player of a run's seats in words, by game: what ``dossier balance runs``, the web app's list of runs
# and a run's report say, the names the play page gives the same players (heuristic: 战术型 in tactics, 启发型 in
# Netrunner; brawler: 莽撞型; random: 随机型)
PLAYER_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "tactics": {
        "heuristic": Nc_("tactics machine player", "heuristic"),
        "brawler": Nc_("machine player", "brawler"),
        "random": Nc_("machine player", "random"),
    },
    "netrunner": {"heuristic": Nc_("Netrunner machine player", "heuristic"), "random": Nc_("machine player", "random")},
    "crossfire": {"random": Nc_("machine player", "random")},
}


def player_word(game: str, decider: str, lang: str) -> str:
    """The machine player a run was played by, in ``lang`` (heuristic, 战术型), as the play page names it; a decider
    no game lists, as it is."""
    found = PLAYER_WORDS.get(game, {}).get(decider)
    return tc(lang, *found) if found is not None else decider


def _decider(game: str, decider: str, lang: str) -> str:
    """A run's machine player for the settings line of its report: the word (:func:`player_word`) and the code
    (``_CODE.format(0)``, filled by :func:`_with_codes`), the code alone when the word is the code."""
    word = player_word(game, decider, lang)
    return _CODE.format(0) if word == decider else f"{word} {_CODE.format(0)}"


def comparison(result: dict[str, Any], names: Namer, lang: str) -> dict[str, Any]:
    """Two runs compared (:func:`toolkit.balance.store.compare`) in words: what ``dossier balance compare`` prints and
    the web app's comparison page shows.

    ``summary``: the runs, how many rates were tested, the test, the correction and alpha; ``notes``: what to know
    before reading (the card sets differ; the settings differ, so a move may come from them); ``nothing``: the line
    saying nothing moved, or None; ``groups``: the tables with a move, in the report's order, each ``{"table",
    "title", "rows"}``, a row ``{"name", "before", "after", "n1", "n2", "p", "q", "line"}`` (rates as percentages,
    p-values to two significant digits, ``line`` the whole row in one sentence, ``rise``: the rate went up). A record
    the card pool lacks is named by the names the runs kept (``result["names"]``)."""
    names = with_kept(names, result.get("names"), lang)
    summary = t(lang, "{a} → {b}: {tests} rates tested ({test}, {correction} correction, alpha {alpha})",
                a=result["a"], b=result["b"], tests=result["tests"], test=t(lang, "two-proportion z-test"),
                correction=t(lang, "Holm"), alpha=result["alpha"])  # fmt: skip
    notes = []
    if not result["same_card_set"]:
        notes.append(t(lang, "the card sets differ"))
    if result["settings_differ"]:
        settings = t(lang, ", ").join(setting_word(key, lang) for key in result["settings_differ"])
        notes.append(t(lang, "the runs' settings differ ({settings}): a move may come from them, not from the cards",
                       settings=settings))  # fmt: skip
    groups: list[dict[str, Any]] = []
    for test in sorted(result["moved"], key=lambda m: TABLE_ORDER.index(m["table"])):
        table = test["table"]
        if not groups or groups[-1]["table"] != table:
            groups.append({"table": table, "title": t(lang, table_title(table)), "rows": []})
        row = dict(zip(key_fields(table, size=len(test["key"])), test["key"], strict=True))
        before, after = test["before"], test["after"]
        words = {"name": label(table, row, names, lang), "before": pct(before["rate"]), "after": pct(after["rate"]),
                 "n1": before["n"], "n2": after["n"], "p": f"{test['p']:.2g}",
                 "q": f"{test['p_holm']:.2g}"}  # fmt: skip
        if test.get("bound"):  # a p-value below what a float holds: its bound, never "p = 0"
            words.update(p=f"{test['p']:.0e}", q=f"{test['p_holm']:.2g}")
            line = t(lang, "{name} {before} → {after} (n {n1} → {n2}, p < {p}, Holm-adjusted below {q})", **words)
            words.update(p="< " + words["p"], q="< " + words["q"])
        else:
            line = t(lang, "{name} {before} → {after} (n {n1} → {n2}, p = {p}, Holm-adjusted {q})", **words)
        rise = (after["rate"] or 0) > (before["rate"] or 0)
        groups[-1]["rows"].append({**words, "line": line, "rise": rise})
    nothing = None if result["moved"] else t(lang, "nothing moved beyond noise")
    return {"summary": summary, "notes": notes, "nothing": nothing, "groups": groups}


def forest(rows: Sequence[tuple[str, dict[str, Any]]], margin: float, centre: float = 0.5) -> str:
    """An SVG forest plot: one line per (label, rate) — the dot the rate, the line its interval."""
    width, left, right, step = 720, 260, 40, 18
    height = step * len(rows) + 30
    span = width - left - right

    def x(share: float) -> float:
        return left + span * share

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" class="forest">']
    centres = {row.get("centre", centre) for _, row in rows}
    if len(centres) <= 1:  # one band for the table
        middle = centres.pop() if centres else centre
        parts.append(f'<rect x="{x(middle - margin):.1f}" y="0" width="{x(middle + margin) - x(middle - margin):.1f}" '
                     f'height="{height - 20}" fill="#eee"/>')  # fmt: skip
    else:  # rates held against different fair shares (games of 2, 3 or 4 seats): a band per row
        for i, (_, row) in enumerate(rows):
            middle = row.get("centre", centre)
            parts.append(f'<rect x="{x(middle - margin):.1f}" y="{4 + step * i}" '
                         f'width="{x(middle + margin) - x(middle - margin):.1f}" height="16" fill="#eee"/>')  # fmt: skip
    for tick in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="0" y2="{height - 20}" stroke="#ccc"/>')
        parts.append(f'<text x="{x(tick):.1f}" y="{height - 6}" font-size="11" text-anchor="middle">'
                     f"{int(100 * tick)}%</text>")  # fmt: skip
    for i, (name, row) in enumerate(rows):
        y = 12 + step * i
        colour = {"strong": "#b22", "weak": "#23b"}.get(row.get("flag") or "", "#444")
        parts.append(f'<text x="{left - 8}" y="{y + 4}" font-size="12" text-anchor="end">{html.escape(name)}</text>')
        parts.append(f'<line x1="{x(row["low"]):.1f}" x2="{x(row["high"]):.1f}" y1="{y}" y2="{y}" '
                     f'stroke="{colour}" stroke-width="2"/>')  # fmt: skip
        if row["rate"] is not None:
            parts.append(f'<circle cx="{x(row["rate"]):.1f}" cy="{y}" r="3.5" fill="{colour}"/>')
    parts.append("</svg>")
    return "".join(parts)


def _rate_table(rows: Sequence[tuple[str, dict[str, Any]]], lang: str, tables: bool = False) -> str:
    """A table of rates; its last column, ``needed``, counts games, or tables (``tables``: a crossfire run's). Rates
    counted in deals (a tactics run's) show their games and their deals instead of ``n``."""
    decide = t(lang, "tables to decide") if tables else t(lang, "games to decide")
    deals = any("deals" in row for _name, row in rows)
    counts = [t(lang, "games"), tc(lang, "balance column", "deals")] if deals else ["n"]
    head = [tc(lang, "balance column", "name"), *counts, t(lang, "win rate"), t(lang, "95% interval"), t(lang, "verdict"),
            decide]  # fmt: skip
    out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for name, row in rows:
        flag = {"strong": t(lang, "strong"), "weak": t(lang, "weak")}.get(row.get("flag") or "", "")
        needed = row.get("needed")
        decide = "" if row.get("flag") else (str(needed) if needed is not None else t(lang, "within the margin"))
        cells = [html.escape(name), str(row["n"]), *([str(row.get("deals", ""))] if deals else []), pct(row["rate"]),
                 f"{pct(row['low'])} – {pct(row['high'])}", html.escape(flag), html.escape(decide)]  # fmt: skip
        cls = f' class="{row["flag"]}"' if row.get("flag") else ""
        out.append(f"<tr{cls}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    out.append("</table>")
    return "".join(out)


STYLE = """body{font-family:system-ui,"Noto Sans CJK SC","PingFang SC",sans-serif;margin:2em;max-width:1000px}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:right}
td:first-child,th:first-child{text-align:left}tr.strong td{color:#b22}tr.weak td{color:#23b}
h2{margin-top:1.6em}.note{color:#555}"""
_OLDER_PAGE = re.compile(
    rb'<!doctype html><html lang="[A-Za-z-]*"><head><meta charset="utf-8"><title>[^<]*</title><style>'
    + re.escape(STYLE.encode())
    + rb"</style></head><body><h1>"
)
"""The start of a ``report.html`` written before :data:`toolkit.safewrite.HTML_MARK`: the same in every version (a
change to :data:`STYLE` keeps the earlier text here, for the pages written with it)."""


def report_title(meta: dict[str, Any], figures: dict[str, Any], lang: str) -> str:
    """The report's title (its ``<h1>``), a tactics or a crossfire run's."""
    if meta.get("game") == "crossfire":
        return tn(lang, "Balance run: {n} crossfire table", "Balance run: {n} crossfire tables", figures["games"])
    if meta.get("game") == "netrunner":
        return tn(lang, "Balance run: {n} Netrunner game", "Balance run: {n} Netrunner games", figures["games"])
    return tn(lang, "Balance run: {n} game", "Balance run: {n} games", figures["games"])


def _document(title: str, body: str, lang: str) -> str:
    """``report.html``: ``body`` in a page of its own, which names Dossier as its generator
    (:data:`toolkit.safewrite.HTML_MARK`): the next run replaces it, a page of the user's is kept (:func:`_kind`)."""
    from toolkit.safewrite import HTML_MARK

    esc = html.escape
    return (f'<!doctype html><html lang="{esc(lang)}"><head><meta charset="utf-8">{HTML_MARK}<title>{esc(title)}'
            f"</title><style>{STYLE}</style></head><body>{body}</body></html>\n")  # fmt: skip


def render_html(meta: dict[str, Any], figures: dict[str, Any], timing: dict[str, Any], names: Namer, lang: str,
                errors: Sequence[tuple[str, int]] = ()) -> str:  # fmt: skip
    """``report.html`` of a tactics or Netrunner run: :func:`run_body` in a document of its own; ``errors``: the
    engine errors its games ended in (:func:`engine_errors`)."""
    return _document(report_title(meta, figures, lang), run_body(meta, figures, timing, names, lang, errors), lang)


def run_body(meta: dict[str, Any], figures: dict[str, Any], timing: dict[str, Any], names: Namer, lang: str,
             errors: Sequence[tuple[str, int]] = ()) -> str:  # fmt: skip
    """The report of a run, tactics, crossfire or Netrunner (``meta["game"]``), as the HTML inside a page's
    ``<body>``. A record the card pool lacks is named by the names the run kept (``meta["names"]``). ``errors``: the
    engine errors a tactics run's games ended in (:func:`engine_errors`; a run read back from the database has only
    their count)."""
    names = with_kept(names, meta.get("names"), lang)
    if meta.get("game") == "crossfire":
        return crossfire_body(meta, figures, names, lang)
    if meta.get("game") == "netrunner":
        return netrunner_body(meta, figures, timing, names, lang)
    return report_body(meta, figures, timing, names, lang, errors)


def report_body(meta: dict[str, Any], figures: dict[str, Any], timing: dict[str, Any], names: Namer, lang: str,
                errors: Sequence[tuple[str, int]] = ()) -> str:  # fmt: skip
    """The report of a tactics run as the HTML inside a ``<body>`` (its ``<h1>`` first): ``report.html`` and the web
    app's run page. ``timing`` empty (a run read back from the database): no line about the time it took."""
    margin = figures["margin"]
    esc = html.escape
    body = [f"<h1>{esc(report_title(meta, figures, lang))}</h1>"]
    settings = _with_codes(t(lang, "seed {seed} · decider {decider} · modes {modes} · card set {card_set}",
                             seed=meta["seed"], decider=_decider("tactics", meta["decider"], lang),
                             modes=t(lang, ", ").join(names("mode", m) for m in meta["modes"]), card_set=_CODE.format(1)),
                           meta["decider"], meta["card_set"][:12])  # fmt: skip
    body.append(f'<p class="note">{settings}</p>')
    if meta.get("interrupted"):
        body.append(f'<p class="note">{esc(interrupted_note(meta, figures, lang))}</p>')
    body.append(_errors_section(figures, errors, lang))
    if not figures["games"]:  # (a run stopped before its first game): no rate, no length, no baseline to state
        return "".join(body) + _no_games(lang)
    if any("deals" in row for row in figures.get("seats", ())):  # intervals counted in deals (not a run kept before)
        explain = t(lang, "A side scores 1 for a win, ½ for a draw, 0 for a loss. The games of a deal (the same decks on "
                    "the same map, the seats swapped) are not independent: the same deck often wins them all. So each "
                    "rate's 95% interval is a Wilson interval on its effective number of games: its games divided by "
                    "the design effect 1 + (games per deal − 1) × ρ, where ρ is how alike the games of a deal go in "
                    "its table (their intraclass correlation, taken between 0 and 1). An outlier is a rate whose "
                    "whole interval lies beyond 50% ± {margin}, the interval widened to hold for every rate of its "
                    "table at once (Bonferroni).", margin=pct(margin))  # fmt: skip
    else:
        explain = t(lang, "A side scores 1 for a win, ½ for a draw, 0 for a loss. Each rate has its 95% Wilson interval; "
                    "an outlier is a rate whose whole interval lies beyond 50% ± {margin}, the interval widened to hold for "
                    "every rate of its table at once (Bonferroni).", margin=pct(margin))  # fmt: skip
    body.append(f'<p class="note">{esc(explain)}</p>')
    if meta.get("players", 2) != 2:
        seats = t(lang, "With {n} players a draw scores each seat its fair share, 1 / the number of sides (two teams of two "
                  "in 4-player {duo}, every seat alone in {melee}), and a rate is held against the average fair share of "
                  "the games it counts instead of 50%: the grey band of its row.", n=meta["players"],
                  duo=names("mode", "duo"), melee=names("mode", "melee"))  # fmt: skip
        body.append(f'<p class="note">{esc(seats)}</p>')
    body.append(f"<h2>{esc(_outliers_heading(lang))}</h2>")
    if figures["outliers"]:
        found = [(outlier_label(o, names, lang), o) for o in figures["outliers"]]
        body.append(_rate_table(found, lang))
    else:
        body.append(f"<p>{esc(_no_outliers(lang))}</p>")
    body.append(_decks_section(meta, figures, names, lang))
    left_out = figures.get("pairs_left_out") or {}
    for table, heading in TITLES.items():
        rows = [(label(table, row, names, lang), row) for row in figures[table]]
        fewer = left_out.get(table, 0)
        if not rows and not fewer:
            continue
        body.append(f"<h2>{esc(t(lang, heading))}</h2>")
        if fewer:  # pairs seen too rarely to tell anything: said, not dropped in silence
            note = tn(lang, "{n} pair seen fewer than {least} times is left out: too few games to tell anything.",
                      "{n} pairs seen fewer than {least} times are left out: too few games to tell anything.", fewer,
                      n=fewer, least=left_out["least"])  # fmt: skip
            body.append(f'<p class="note">{esc(note)}</p>')
        if not rows:
            continue
        shown = sorted(rows, key=lambda r: -(r[1]["rate"] or 0))
        body.append(forest(shown, margin))
        body.append(_rate_table(shown, lang))
    for table, heading in FIRST_SEAT.items():
        rows = [(label(table, row, names, lang), row["first_seat"]) for row in figures[table]]
        if rows:
            body.append(f"<h2>{esc(t(lang, heading))}</h2>")
            body.append(forest(rows, margin))
            body.append(_rate_table(rows, lang))
    endings = t(lang, "How games end")
    if figures["endings"]:  # (none: no heading over an empty table)
        head = [tc(lang, "balance column", "ending"), t(lang, "games"), tc(lang, "balance column", "share of games"),
                t(lang, "95% interval")]  # fmt: skip
        body.append(f"<h2>{esc(endings)}</h2><table>" + _head_row(head))
    for row in figures["endings"]:
        body.append(f"<tr><td>{esc(_ending(row['reason'], lang))}</td><td>{row['n'] and round(row['score'])}</td>"
                    f"<td>{pct(row['rate'])}</td><td>{pct(row['low'])} – {pct(row['high'])}</td></tr>")  # fmt: skip
    if figures["endings"]:
        body.append("</table>")
    length_heading = t(lang, "Game length (rounds)")
    body.append(_length_section(length_heading, figures["length"], lang))
    if timing:
        body.append(_wall(figures["games"], timing, lang, timing.get("workers", meta.get("workers")),
                          timing.get("batch", meta.get("batch"))))  # fmt: skip
    return "".join(body)


def _head_row(head: Sequence[str]) -> str:
    return "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"


def _errors_section(figures: dict[str, Any], errors: Sequence[tuple[str, int]], lang: str) -> str:
    """The games that ended in an engine error (they count for nothing): how many, and each error with its games
    when the run's games are at hand (``errors``); nothing when none did."""
    count = figures.get("errors")
    if not isinstance(count, int) or isinstance(count, bool) or count <= 0:
        return ""
    esc = html.escape
    if figures["games"]:
        words = tn(lang, "{n} game ended in an engine error and counts for nothing ({file} keeps its error):",
                   "{n} games ended in an engine error and count for nothing ({file} keeps each one's error):",
                   count, file="games.jsonl")  # fmt: skip
    else:
        words = tn(lang, "No game finished: the {n} game played ended in an engine error ({file} keeps its "
                   "error):", "No game finished: each of the {n} games played ended in an engine error ({file} "
                   "keeps each one's error):", count, file="games.jsonl")  # fmt: skip
    heading = t(lang, "Engine errors")
    out = [f"<h2>{esc(heading)}</h2>", f'<p class="note">{esc(words)}</p>']
    if errors:
        out.append("<table>" + _head_row([tc(lang, "balance column", "engine error"), t(lang, "games")]))
        out += [f"<tr><td>{esc(error)}</td><td>{n}</td></tr>" for error, n in errors]
        out.append("</table>")
    return "".join(out)


def not_played(meta: dict[str, Any], names: Namer, lang: str) -> str:
    """The given decks a tactics run could not play (``meta["decks_not_played"]``: deck key → its mode), each with
    its mode: ``expert (Expert)``; "" when there is none."""
    unplayed = meta.get("decks_not_played")
    if not isinstance(unplayed, dict) or not unplayed:
        return ""
    return t(lang, ", ").join(t(lang, "{deck} ({mode})", deck=key, mode=names("mode", str(mode)))
                              for key, mode in sorted(unplayed.items()))  # fmt: skip


def _decks_section(meta: dict[str, Any], figures: dict[str, Any], names: Namer, lang: str) -> str:
    """A tactics run of given decks (``--decks``): each deck's rate with its interval, and the decks not played (no
    other deck of their mode to play against); nothing for a run of random decks."""
    esc = html.escape
    rows = sorted(((label("decks", row, names, lang), row) for row in figures.get("decks", ())),
                  key=lambda r: -(r[1]["rate"] or 0))  # fmt: skip
    unplayed = not_played(meta, names, lang)
    if not rows and not unplayed:
        return ""
    out = [f"<h2>{esc(t(lang, NETRUNNER_TITLES['decks']))}</h2>"]
    if unplayed:
        players = meta.get("players", 2)
        if players == 2:
            note = t(lang, "Not played, no other deck of the same mode: {decks}.", decks=unplayed)
        else:
            note = t(lang, "Not played, fewer than {n} decks of the same mode: {decks}.", n=players, decks=unplayed)
        out.append(f'<p class="note">{esc(note)}</p>')
    if rows:
        out.append(forest(rows, figures["margin"]) + _rate_table(rows, lang))
    return "".join(out)


def _no_games(lang: str, tables: bool = False) -> str:
    """The report of a run of which no game (no table) finished: that, and no figure."""
    if tables:
        words = t(lang, "No table finished: there are no figures to show.")
    else:
        words = t(lang, "No game finished: there are no figures to show.")
    return f'<p class="note">{html.escape(words)}</p>'


def _length_section(heading: str, length: dict[str, Any], lang: str) -> str:
    """Games' length under ``heading``: mean, median, 90th percentile, longest and the histogram; nothing when no
    game was counted (no ``None`` for a mean)."""
    if not length.get("n"):
        return ""
    mean = f"{length['mean']:.1f}" if isinstance(length["mean"], (int, float)) else length["mean"]
    spread = t(lang, "mean {mean}, median {median}, 90th percentile {p90}, longest {max}", mean=mean,
               median=length["median"], p90=length["p90"], max=length["max"])  # fmt: skip
    return f"<h2>{html.escape(heading)}</h2><p>{html.escape(spread)}</p>" + _histogram(length["histogram"])


def _wall(games: int, timing: dict[str, Any], lang: str, workers: Any, batch: Any) -> str:
    """The line of the time a run took, its games, workers and games per task (each count in its plural form)."""
    wall = t(lang, "{games} in {seconds} s ({rate} games/s) on {workers}, {batch} per task",
             games=tn(lang, "{n} game", "{n} games", games), seconds=timing.get("wall_seconds"),
             rate=timing.get("games_per_second"), workers=_workers(workers, lang),
             batch=tn(lang, "{n} game", "{n} games", int(batch)) if isinstance(batch, int) else batch)  # fmt: skip
    return f'<p class="note">{html.escape(wall)}</p>'


def _workers(workers: Any, lang: str) -> str:
    """``2 workers``, ``1 worker`` (a count it does not know, as it is)."""
    if isinstance(workers, int):
        return tn(lang, "{n} worker", "{n} workers", workers)
    return str(workers)


_CODE = "\x00{}\x00"  # where a code goes in a message, before the message is escaped


def _with_codes(text: str, *codes: str) -> str:
    """``text`` escaped for HTML, its places ``_CODE.format(i)`` filled with ``codes[i]`` as ``<code>`` (a decider,
    a hash: words of the program, the same in every language)."""
    out = html.escape(text)
    for i, code in enumerate(codes):
        out = out.replace(_CODE.format(i), f'<code translate="no">{html.escape(code)}</code>')
    return out


def _ending(reason: str, lang: str) -> str:
    """How a game ended, in words (the engine's word for the reason, else its code)."""
    from toolkit.engine.logwords import word

    return word("reason", reason, lang) or reason


def _outliers_heading(lang: str) -> str:
    return t(lang, "Outliers")


def _no_outliers(lang: str) -> str:
    return t(lang, "None: no interval lies wholly beyond the margin.")


def _histogram(bins: Sequence[dict[str, Any]]) -> str:
    if not bins:
        return ""
    top = max(b["games"] for b in bins)
    width, height, bar = 60 * len(bins) + 20, 160, 50
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">']
    for i, b in enumerate(bins):
        h = 110 * b["games"] / top
        x = 10 + 60 * i
        if b["to"] is None:
            span = f"{b['from']}+"
        else:  # (a bin of one length, 1 or 6: one number, not "6–6")
            span = f"{b['from']}" if b["to"] == b["from"] else f"{b['from']}–{b['to']}"
        parts.append(f'<rect x="{x}" y="{125 - h:.1f}" width="{bar}" height="{h:.1f}" fill="#4a6fa5"/>')
        parts.append(f'<text x="{x + bar / 2}" y="{120 - h:.1f}" font-size="11" text-anchor="middle">{b["games"]}</text>')
        parts.append(f'<text x="{x + bar / 2}" y="142" font-size="11" text-anchor="middle">{span}</text>')
    parts.append("</svg>")
    return "".join(parts)


def write_crossfire_report(out: Path, meta: dict[str, Any], figures: dict[str, Any], timing: dict[str, Any],
                           names: Namer, lang: str) -> list[Path]:  # fmt: skip
    """Write ``report.json`` and ``report.html`` of a crossfire run under ``out``; their paths. A ``games.jsonl`` an
    earlier report left there is removed: a crossfire run keeps no games (:func:`_remove_stale`)."""
    from toolkit.jsonio import atomic_write_bytes

    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "report.json", out / "report.html"]
    report = {"meta": meta, "figures": figures, "timing": timing}
    atomic_write_bytes(paths[0], (json.dumps(report, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode())
    page = _document(report_title(meta, figures, lang), crossfire_body(meta, figures, names, lang), lang)
    atomic_write_bytes(paths[1], page.encode())
    _remove_stale(out, CROSSFIRE_REPORT_FILES)  # no games.jsonl of an earlier run beside this report
    return paths


def crossfire_body(meta: dict[str, Any], figures: dict[str, Any], names: Namer, lang: str) -> str:
    """The report of a crossfire run as the HTML inside a ``<body>`` (its ``<h1>`` first)."""
    esc = html.escape
    margin = figures["margin"]
    body = [f"<h1>{esc(report_title(meta, figures, lang))}</h1>"]
    if meta.get("interrupted"):
        body.append(f'<p class="note interrupted">{esc(_crossfire_interrupted(meta, figures, lang))}</p>')
    if not figures["games"]:  # no table finished: no baseline of seats that won, no rate
        return "".join(body) + _no_games(lang, tables=True)
    explain = t(lang, "Roles are unequal by design, so each rate is held against an average seat's rate (the share of "
                "seats that win): in a player count's table, that count's average seat; in the Roles table, the "
                "average seat of the tables the role was dealt in. A role dealt more than once at a table mostly wins "
                "or loses there as one, so its 95% interval counts its seats divided by the design effect. An "
                "outlier's interval, widened for every role of its table at once (Bonferroni), lies wholly beyond "
                "that rate ± {margin}.", margin=pct(margin))  # fmt: skip
    body.append(f'<p class="note">{esc(explain)}</p>')
    body.append(f"<h2>{esc(_outliers_heading(lang))}</h2>")
    found = [(t(lang, "{label} ({players} players)", label=outlier_label(o, names, lang), players=o["players"])
              if "players" in o else outlier_label(o, names, lang), o)
             for o in figures["outliers"] if o["table"] != "seats"]  # fmt: skip
    found += [(t(lang, "{players} players, seat {seat}", players=o["players"], seat=o["seat"]), o)
              for o in figures["outliers"] if o["table"] == "seats"]  # fmt: skip
    body.append(_rate_table(found, lang, tables=True) if found else f"<p>{esc(_no_outliers(lang))}</p>")
    rows = [(label("roles", row, names, lang), row) for row in figures["roles"]]
    body.append(f"<h2>{esc(t(lang, CROSSFIRE_TITLES['roles']))}</h2>" + forest(rows, margin, figures["baseline"])
                + _rate_table(rows, lang, tables=True))  # fmt: skip
    for block in figures["players"]:
        heading = tn(lang, "{players} players: {n} table, an average seat wins {baseline}",
                     "{players} players: {n} tables, an average seat wins {baseline}", block["tables"],
                     players=block["players"], baseline=pct(block["baseline"]))  # fmt: skip
        rows = [(label("roles", row, names, lang), row) for row in block["roles"]]
        seats = [(t(lang, "seat {seat}", seat=row["seat"]), row) for row in block["seats"]]
        body.append(f"<h2>{esc(heading)}</h2>" + forest(rows, margin, block["baseline"])
                    + _rate_table(rows, lang, tables=True))  # fmt: skip
        body.append(forest(seats, margin, block["baseline"]) + _rate_table(seats, lang, tables=True))
    return "".join(body)


def interrupted_note(meta: dict[str, Any], figures: dict[str, Any], lang: str) -> str:
    """The note of an interrupted tactics or Netrunner run: the games that finished of those asked, as the summary
    printed at its end says them (a run kept without the games asked: the note without the counts)."""
    asked = meta.get("games_asked")
    if not isinstance(asked, int) or isinstance(asked, bool):
        return t(lang, "Interrupted: the figures count the games that finished.")
    return tn(lang, "Interrupted: the figures count the {games} of {n} game that finished.",
              "Interrupted: the figures count the {games} of {n} games that finished.", asked,
              games=figures["games"])  # fmt: skip


def _crossfire_interrupted(meta: dict[str, Any], figures: dict[str, Any], lang: str) -> str:
    """The note of an interrupted crossfire run: the tables that finished of those asked, the player counts that no
    table reached."""
    from toolkit.balance.crossfire import tables_asked, unreached

    asked = tables_asked(meta)
    if asked is None:
        note = t(lang, "Interrupted: the figures count the tables that finished.")
    else:
        note = tn(lang, "Interrupted: the figures count the {tables} of {asked} table that finished.",
                  "Interrupted: the figures count the {tables} of {asked} tables that finished.", asked,
                  tables=figures["games"], asked=asked)  # fmt: skip
    missing = unreached(meta, figures)
    if not missing:
        return note
    return sentences(lang, [note, t(lang, "Player counts not reached: {counts}.",
                                    counts=t(lang, ", ").join(map(str, missing)))])  # fmt: skip


NETRUNNER_ENDINGS = {
    "agenda_points": N_("agenda points"),
    "flatline": N_("flatline"),
    "empty_rd": N_("the corp must draw from an empty R&D"),
    "turn_limit": N_("turn limit (a draw)"),
}


def netrunner_body(meta: dict[str, Any], figures: dict[str, Any], timing: dict[str, Any], names: Namer,
                   lang: str) -> str:  # fmt: skip
    """The report of a Netrunner run as the HTML inside a ``<body>`` (its ``<h1>`` first): the sides against an even
    game, then per side its identities, decks and cards against the side's rate, the pairings, how games end and
    their length."""
    esc = html.escape
    margin = figures["margin"]
    baseline = figures["baseline"]
    body = [f"<h1>{esc(report_title(meta, figures, lang))}</h1>"]
    settings = _with_codes(t(lang, "seed {seed} · decider {decider} · decks {decks} · card set {card_set}",
                             seed=meta["seed"], decider=_decider("netrunner", meta["decider"], lang),
                             decks=t(lang, ", ").join(meta.get("decks", [])),
                             card_set=_CODE.format(1)), meta["decider"], meta["card_set"][:12])  # fmt: skip
    body.append(f'<p class="note">{settings}</p>')
    if meta.get("interrupted"):
        body.append(f'<p class="note">{esc(interrupted_note(meta, figures, lang))}</p>')
    if not figures["games"]:  # no side's rate of no game (not an even 50% each) to hold anything against
        return "".join(body) + _no_games(lang)
    explain = t(lang, "A side scores 1 for a win, ½ for a draw (the turn limit), 0 for a loss. The corp and the runner "
                "are held against an even game; an identity, a deck or a card against its side's rate in this run "
                "(the corp {corp}, the runner {runner}). An outlier's interval, widened for every rate of its table "
                "at once (Bonferroni), lies wholly beyond that ± {margin}. A card's rate follows the decks it is in: "
                "with few decks it says as much about them as about the card.", corp=pct(baseline["corp"]),
                runner=pct(baseline["runner"]), margin=pct(margin))  # fmt: skip
    body.append(f'<p class="note">{esc(explain)}</p>')
    body.append(f"<h2>{esc(_outliers_heading(lang))}</h2>")
    found = [(outlier_label(o, names, lang), o) for o in figures["outliers"]]
    body.append(_rate_table(found, lang) if found else f"<p>{esc(_no_outliers(lang))}</p>")
    rows = [(label("sides", row, names, lang), row) for row in figures["sides"]]
    body.append(f"<h2>{esc(t(lang, NETRUNNER_TITLES['sides']))}</h2>" + forest(rows, margin) + _rate_table(rows, lang))
    for side in ("corp", "runner"):
        for table in ("identities", "decks", "cards_in_deck", "cards_played"):
            rows = sorted(((label(table, row, names, lang), row) for row in figures[table] if row["side"] == side),
                          key=lambda r: -(r[1]["rate"] or 0))  # fmt: skip
            if rows:
                heading = t(lang, "{side}: {table}", side=side_word(side, lang), table=t(lang, table_title(table)))
                body.append(f"<h2>{esc(heading)}</h2>" + forest(rows, margin, baseline[side]) + _rate_table(rows, lang))
    rows = [(label("pairings", row, names, lang), row) for row in figures["pairings"]]
    if rows:
        heading = t(lang, NETRUNNER_TITLES["pairings"])
        body.append(f"<h2>{esc(heading)}</h2>" + forest(rows, margin, baseline["corp"]) + _rate_table(rows, lang))
    # a message's literal stays out of f-strings: the catalogs' extractor does not look inside them
    endings = t(lang, "How games end")
    if figures["endings"]:
        head = [tc(lang, "balance column", "winner"), tc(lang, "balance column", "ending"), t(lang, "games"),
                tc(lang, "balance column", "share of games"), t(lang, "95% interval")]  # fmt: skip
        body.append(f"<h2>{esc(endings)}</h2><table>" + _head_row(head))
    for row in figures["endings"]:
        winner = side_word(row["winner"], lang) if row["winner"] != "draw" else t(lang, "nobody")
        ending = NETRUNNER_ENDINGS.get(row["ending"])
        words = t(lang, ending) if ending else row["ending"]
        body.append(f"<tr><td>{esc(winner)}</td><td>{esc(words)}</td><td>{round(row['score'])}</td>"
                    f"<td>{pct(row['rate'])}</td><td>{pct(row['low'])} – {pct(row['high'])}</td></tr>")  # fmt: skip
    if figures["endings"]:
        body.append("</table>")
    length_heading = t(lang, "Game length (turns)")
    body.append(_length_section(length_heading, figures["length"], lang))
    if timing:
        body.append(_wall(figures["games"], timing, lang, timing.get("workers"), timing.get("batch")))
    return "".join(body)
