"""A replay: one self-contained HTML page that steps through a game, frame by frame.

Each frame is the drawing of :mod:`toolkit.board.draw` for one game state (inline
SVG) plus the log entries that led to it; what a drawing takes from the map alone
(terrain, zones, grid, coordinates: most of its size) is written once and each frame
draws it with a ``<use>``, so a long game's page stays small. The page has previous/next buttons, a
slider, the arrow keys (and Home/End), the current frame's log entries beside the
map and the whole log below them, scrolled to the current step. No network, no
external file: CSS, JavaScript and the bundled font (cut down to the characters the
page uses) are inline. The same frames give the same bytes.

A frame is ``{"state": <board-state JSON>, "events": [{"seq": 1, "event": "move", ...}],
"label": "round 2 · P1"}``; ``events`` and ``label`` are optional. Each frame's drawing marks what its log
entries did (:func:`toolkit.board.draw.step_marks`: the path of a move, the line of an attack, the hit dice,
the HP lost or healed, a destroyed unit); units are named as in the log (``寒鸦#3``) and carry their number.
A unit's drawing (and its vision band's) that an earlier frame already holds is written once and used again,
as the map is.

Optional, from a game that keeps them (``toolkit.engine.simulate.play_tactics``):

- ``players``: ``[{"seat": 1, "team": 1, "score": 0, "hand": 5, "deck": 9, "discard": 2, "mortgage": 0,
  "lost": 0, "standby": ["寒鸦#3"], "out": false}, …]``, each player's numbers after the frame, shown
  beside the map (the player whose turn it is marked);
- ``result``: ``{"winners": [1], "reason": "first_blood", "rounds": 7}`` once the game is over: a banner
  names the winners and the reason from that frame on;
- ``step`` (``[turn, action, part]``) and ``step_labels`` (``[turn label, action label]``): which turn and
  which action of it a frame belongs to, for :func:`fit_frames` to merge a long game's frames by action, then
  by turn, to the :data:`MAX_FRAMES` a page holds.

A legend says what the colours and the marks mean.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.i18n import current_lang, t, tc, tr, trn
from toolkit.jsonio import json_kind

from .draw import (
    DAMAGE,
    HEAL,
    INK,
    MUTED,
    OBSTACLE,
    SEAT_COLOURS,
    TAPPED,
    StateError,
    draw,
    embedded_font_css,
    shared_defs,
    step_marks,
    to_svg_sharing,
    validate_state,
)

if TYPE_CHECKING:
    from toolkit.board import Board

MAX_FRAMES = 5000
"""The most frames a replay page holds: every frame embeds the drawing of its units, so the page grows with
each one. A game's frame per action can pass it (a 500-round game of four players, the longest `simulate`
plays, takes some 20 000 actions): :func:`fit_frames` merges them, by action and then by turn (such a game has
2002 turns and ends), to fit."""

PARTS = ("vision", "unit")
"""The groups of a drawing a page writes once and uses again in every frame that draws them alike."""

CSS = """
:root { color-scheme: light; --ink: #1b1b1b; --muted: #6b6b6b; --line: #d9d3c7; --hi: #fff3c4; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Microsoft YaHei",
  "Dossier Sans SC", sans-serif; color: var(--ink); background: #faf8f4; }
header { position: sticky; top: 0; z-index: 1; background: #faf8f4; border-bottom: 1px solid var(--line);
  padding: .6rem 1rem; display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; }
h1 { font-size: 1.05rem; margin: 0; overflow-wrap: anywhere; }
nav { display: flex; flex-wrap: wrap; gap: .4rem .5rem; align-items: center; flex: 1 1 36rem; min-width: 0; }
nav input[type=range] { flex: 1 1 8rem; min-width: 6rem; }
button { font: inherit; padding: .2rem .7rem; border: 1px solid #b5ad9f; border-radius: 4px; background: #fff;
  cursor: pointer; flex: none; white-space: nowrap; }
button:disabled { opacity: .4; cursor: default; }
#where { color: var(--muted); min-width: min(100%, 20rem); overflow-wrap: anywhere;
  font-variant-numeric: tabular-nums; }
main { display: flex; flex-wrap: wrap; gap: 1rem; padding: 1rem; align-items: flex-start; }
#board { flex: 0 1 auto; max-width: 100%; overflow: auto; }
#board figure { margin: 0; }
#board svg { max-width: 100%; height: auto; display: block; background: #fff; border: 1px solid var(--line); }
aside { flex: 1 1 20rem; min-width: 16rem; max-width: 44rem; }
h2 { font-size: .95rem; margin: 0 0 .3rem; }
ol { list-style: none; margin: 0; padding: 0; font: 12.5px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas,
  "Noto Sans Mono CJK SC", "Dossier Sans SC", monospace; }
ol li { padding: .05rem .4rem; border-radius: 3px; }
.seq { color: var(--muted); display: inline-block; min-width: 3.2em; text-align: right; margin-right: .5em; }
.ev { font-weight: 600; }
.step-events { border: 1px solid var(--line); background: #fff; padding: .3rem 0; margin-bottom: 1rem;
  min-height: 2.2rem; }
.empty { color: var(--muted); padding: .05rem .6rem; }
#log { border: 1px solid var(--line); background: #fff; max-height: 50vh; overflow: auto; position: relative; }
#log li.current { background: var(--hi); }
#log li.later { color: #a09a90; }
.help { color: var(--muted); font-size: 12px; margin-top: .5rem; }
.banner { flex: 1 1 100%; margin: 0; padding: .5rem .8rem; border: 2px solid var(--ink); border-radius: 6px;
  background: var(--hi); font-weight: 700; font-size: 1.05rem; }
table.players { border-collapse: collapse; margin-bottom: 1rem; font-variant-numeric: tabular-nums;
  background: #fff; border: 1px solid var(--line); display: block; max-width: 100%; overflow-x: auto; }
table.players th, table.players td { padding: .15rem .45rem; text-align: right; border-bottom: 1px solid var(--line);
  font-size: 12.5px; }
table.players thead th { color: var(--muted); font-weight: 600; }
table.players th[scope=row] { text-align: left; white-space: nowrap; }
table.players td.standby { text-align: left; }
table.players tr.active { background: var(--hi); }
table.players tr.active th[scope=row]::after { content: " \\25c0"; }
table.players tr.out { color: #a09a90; text-decoration: line-through; }
.legend { margin-top: .6rem; font-size: 12.5px; max-width: 48rem; }
.legend summary { cursor: pointer; font-weight: 600; }
.legend ul { list-style: none; margin: .3rem 0 0; padding: 0; columns: 2 18rem; column-gap: 1.2rem; }
.legend li { margin: .15rem 0; break-inside: avoid; }
.k { display: inline-block; vertical-align: middle; margin-right: .35rem; box-sizing: border-box; }
.k-seat { width: 12px; height: 12px; border-radius: 50%; border: 1.5px solid #1b1b1b; }
.k-hidden { opacity: .45; border-style: dashed; }
.k-tapped { width: 11px; height: 7px; border: 1px solid #1b1b1b; }
.k-box { min-width: 16px; padding: 0 3px; font: 700 10px/13px system-ui, sans-serif; text-align: center;
  border: 1px solid #1b1b1b; }
.k-uid { font-weight: 400; border-color: transparent; }
.k-line { width: 30px; height: 0; border-top: 3px solid; }
.k-facing { width: 0; height: 0; border-left: 5px solid transparent; border-right: 5px solid transparent;
  border-bottom: 9px solid #1b1b1b; }
.k-vision { width: 14px; height: 14px; border: 1px solid #cfc8ba; }
"""
CSS += "".join(f".s{seat} {{ background: {colour}; }}\n" for seat, colour in {0: OBSTACLE, **SEAT_COLOURS}.items())

JS = """
(function () {
  var frames = document.querySelectorAll("#board figure");
  var steps = document.querySelectorAll("aside .step-events");
  var entries = document.querySelectorAll("#log li");
  var slider = document.getElementById("step");
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  var where = document.getElementById("where");
  var log = document.getElementById("log");
  var spans = document.querySelectorAll("[data-from]");
  var last = frames.length - 1;
  var current = -1;
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    if (i === current) return;
    current = i;
    for (var k = 0; k < frames.length; k++) {
      frames[k].hidden = k !== i;
      steps[k].hidden = k !== i;
    }
    for (var s = 0; s < spans.length; s++) {
      var from = Number(spans[s].getAttribute("data-from"));
      spans[s].hidden = i < from || i > Number(spans[s].getAttribute("data-to"));
    }
    var first = null;
    for (var e = 0; e < entries.length; e++) {
      var f = Number(entries[e].getAttribute("data-frame"));
      entries[e].classList.toggle("current", f === i);
      entries[e].classList.toggle("later", f > i);
      if (f === i && first === null) first = entries[e];
    }
    if (first) {
      log.scrollTop = Math.max(0, first.offsetTop - log.clientHeight / 3);
    }
    slider.value = String(i);
    prev.disabled = i === 0;
    next.disabled = i === last;
    var label = frames[i].getAttribute("data-label");
    where.textContent = (i + 1) + " / " + frames.length + (label ? " \\u00b7 " + label : "");
    if (history.replaceState) history.replaceState(null, "", "#" + (i + 1));
  }
  prev.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  document.addEventListener("keydown", function (event) {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    var moves = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last};
    if (event.key in moves) { event.preventDefault(); show(moves[event.key]); }
  });
  function fromHash() {
    var start = Number((location.hash || "#1").slice(1));
    return isFinite(start) && start >= 1 ? start - 1 : 0;
  }
  window.addEventListener("hashchange", function () { show(fromHash()); });
  show(fromHash());
})();
"""


def _value(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def event_line(event: Mapping[str, Any]) -> str:
    """An HTML ``<li>`` body for one log entry: ``seq``, ``event``, then its other fields as key=value
    (``visible`` only when the entry is not public)."""
    parts = [f'<span class="seq">{escape(_value(event.get("seq", "")))}</span>']
    if event.get("player"):
        parts.append(escape(tr("P{seat}", seat=_value(event["player"]))) + " ")
    parts.append(f'<span class="ev">{escape(_value(event.get("event", "")))}</span>')
    for key, value in event.items():
        if key in ("seq", "event", "player") or (key == "visible" and value == "all"):
            continue
        parts.append(f" {escape(str(key))}={escape(_value(value))}")
    return "".join(parts)


def check_frames(board: Board, frames: Sequence[Mapping[str, Any]]) -> None:
    """Raise StateError (its pointer into the list of frames) for a frame this board cannot draw."""
    if not frames:
        raise StateError(tr("a replay needs at least one frame"))
    if len(frames) > MAX_FRAMES:
        raise StateError(
            tr(
                "{n} frames; a replay holds at most {limit} (each is a drawing of the map)",
                n=len(frames),
                limit=MAX_FRAMES,
            )
        )
    for index, frame in enumerate(frames):
        if not isinstance(frame, Mapping) or "state" not in frame:
            raise StateError(tr("a frame is an object with a {key}", key="'state'"), f"/{index}")
        try:
            validate_state(board, frame["state"], dying=True)  # (a frame inside an attack: a unit below 0 HP)
        except StateError as exc:
            raise StateError(exc.problem, f"/{index}/state{exc.pointer}") from None
        events = frame.get("events", [])
        if not isinstance(events, list) or not all(isinstance(e, Mapping) for e in events):
            raise StateError(tr("a list of log entries (objects)"), f"/{index}/events")
        players = frame.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, Mapping) for p in players):
            raise StateError(tr("a list of players (objects)"), f"/{index}/players")
        result = frame.get("result", {})
        if not isinstance(result, Mapping):
            example = '{"winners": [1], "reason": "first_blood"}'
            message = tr("an object such as {example}, not {found}", example=example, found=json_kind(result))
            raise StateError(message, f"/{index}/result")


def fit_frames(frames: Sequence[Mapping[str, Any]], limit: int | None = None) -> list[dict[str, Any]]:
    """``frames`` merged as little as needed to number at most ``limit`` (default :data:`MAX_FRAMES`): first
    the frames of one action (the same turn and action in their ``step``), then those of one turn (the frame a
    turn had before frames were per action), then, if that is still too many, runs of equal length. A merged
    frame is the last one's board, players and result with every merged frame's log entries; it is labelled
    by its action or turn (``step_labels``). A frame without ``step`` is merged only by length."""
    limit = MAX_FRAMES if limit is None else limit
    out = [dict(frame) for frame in frames]
    if len(out) <= limit:
        return out
    for depth in (2, 1):
        out = _merge_by(out, depth)
        if len(out) <= limit:
            return out
    size = -(-len(out) // max(1, limit))
    return [_merged(out[start : start + size], 0) for start in range(0, len(out), size)]


def _step_key(frame: Mapping[str, Any], depth: int) -> list[Any] | None:
    step = frame.get("step")
    return list(step[:depth]) if isinstance(step, list) and len(step) >= depth else None


def _merge_by(frames: list[dict[str, Any]], depth: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    group: list[dict[str, Any]] = []
    for frame in frames:
        key = _step_key(frame, depth)
        if group and key is not None and key == _step_key(group[-1], depth):
            group.append(frame)
            continue
        if group:
            out.append(_merged(group, depth))
        group = [frame]
    if group:
        out.append(_merged(group, depth))
    return out


def _merged(group: list[dict[str, Any]], depth: int) -> dict[str, Any]:
    """One frame for ``group`` (see :func:`fit_frames`); ``depth`` 2 merges an action, 1 a turn, 0 a run."""
    if len(group) == 1:
        return group[0]
    frame = dict(group[-1])
    frame["events"] = [event for each in group for event in each.get("events") or []]
    labels = frame.get("step_labels")
    if depth and isinstance(labels, list) and len(labels) >= depth and isinstance(labels[depth - 1], str):
        frame["label"] = labels[depth - 1]
    if depth and isinstance(frame.get("step"), list):
        frame["step"] = frame["step"][:depth]
    return frame


def log_items(events: Sequence[Mapping[str, Any]], line: Callable[[Mapping[str, Any]], str] | None) -> list[str]:
    """The ``<li>`` bodies of log entries: ``line(event)`` (a log line in words, escaped here) when given, else
    the entry's codes (:func:`event_line`)."""
    return [escape(line(e)) if line is not None else event_line(e) for e in events]


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _shown(value: Any) -> str:
    """A player's number as shown: a count, the length of a list, else a dash."""
    if _int(value) is not None:
        return str(value)
    if isinstance(value, list):
        return str(len(value))
    return "—"


def _seat_swatch(seat: Any) -> str:
    known = _int(seat) is not None and seat in SEAT_COLOURS
    return f'<span class="k k-seat s{seat}"></span>' if known else '<span class="k k-seat"></span>'


PLAYER_COLUMNS = ("score", "hand", "deck", "discard", "mortgage", "lost")


def players_head() -> str:
    """The head of the players' table: their numbers' names (see :func:`players_rows`)."""
    lang = current_lang()
    words = (
        tc(lang, "replay player", "score"),
        tc(lang, "replay player", "hand"),
        tc(lang, "replay player", "deck"),
        tc(lang, "replay player", "discard"),
        tc(lang, "replay player", "mortgaged"),
        tc(lang, "replay player", "lost"),
        tc(lang, "replay player", "standing by"),
    )
    return "<thead><tr><th></th>" + "".join(f'<th scope="col">{escape(w)}</th>' for w in words) + "</tr></thead>"


def players_rows(players: Sequence[Mapping[str, Any]], active: Any = None) -> str:
    """The players' numbers after a frame as rows of a table ("" for none): score, hand, deck, discard,
    mortgaged cards, the lost zone and the agents standing by; the player whose turn it is (``active``) marked,
    one out of the game struck through."""
    lang = current_lang()
    teams = [_int(p.get("team")) for p in players]
    shared_teams = any(team is not None and teams.count(team) > 1 for team in teams)
    rows = []
    for player in players:
        seat = player.get("seat")
        who = tr("P{seat}", seat=seat)
        team = _int(player.get("team"))
        if shared_teams and team is not None:
            who = tr("{player} (team {team})", player=who, team=team)
        marks = (("active", seat is not None and seat == active), ("out", player.get("out") is True))
        classes = " ".join(name for name, on in marks if on)
        cells = "".join(f"<td>{escape(_shown(player.get(key)))}</td>" for key in PLAYER_COLUMNS)
        standby = player.get("standby")
        if isinstance(standby, list):
            names = tc(lang, "list", ", ").join(str(name) for name in standby) or "—"
        else:
            names = _shown(standby)
        cls = f' class="{classes}"' if classes else ""
        rows.append(
            f'<tr{cls}><th scope="row">{_seat_swatch(seat)}{escape(who)}</th>'
            f'{cells}<td class="standby">{escape(names)}</td></tr>'
        )
    return "\n".join(rows)


def result_text(result: Mapping[str, Any]) -> str:
    """A game's result in words: who won, why, after how many rounds (``P1 wins · first blood · after 7
    rounds``)."""
    from toolkit.engine.logwords import word

    lang = current_lang()
    given = result.get("winners")
    winners = [w for w in given if _int(w) is not None] if isinstance(given, list) else []
    who = tc(lang, "list", ", ").join(tr("P{seat}", seat=w) for w in winners)
    parts = [trn("{players} wins", "{players} win", len(winners), players=who) if winners else tr("no winner")]
    reason = result.get("reason")
    if isinstance(reason, str) and reason:
        parts.append(word("reason", reason, lang) or reason)
    rounds = _int(result.get("rounds"))
    if rounds is not None:
        parts.append(trn("after {n} round", "after {n} rounds", rounds, n=rounds))
    return " · ".join(parts)


def legend_html(seats: Sequence[int]) -> str:
    """What the colours and marks of the drawings mean, as an HTML list (the players' colours for ``seats``)."""
    lang = current_lang()

    def box(text: str, fill: str, ink: str, extra: str = "") -> str:
        return f'<span class="k k-box{extra}" style="background:{fill};color:{ink}">{escape(text)}</span>'

    def line(style: str, colour: str) -> str:
        return f'<span class="k k-line" style="border-top-style:{style};border-top-color:{colour}"></span>'

    entries = [
        (_seat_swatch(seat), tr("the units of {player}", player=tr("P{seat}", seat=seat))) for seat in seats
    ]
    entries += [
        ('<span class="k k-seat s0"></span>', tr("a scene obstacle")),
        (f'<span class="k k-seat k-hidden" style="background:{MUTED}"></span>', tr("hidden (faded, dashed)")),
        (f'<span class="k k-tapped" style="background:{TAPPED}"></span>', tr("tapped")),
        (box("7", "#ffffff", INK), tr("its HP")),
        (box("3", INK, "#ffffff", " k-uid"), tr("its number in the log (a name#3 there)")),
        ('<span class="k k-facing"></span>', tr("the way it faces")),
        (f'<span class="k k-vision" style="background:{SEAT_COLOURS[1]}1a"></span>', tr("the cells it sees")),
        (line("solid", MUTED), tr("a move: from the ring to the unit, a dot on each cell")),
        (line("solid", INK), tr("an attack, the arrow at its target")),
        (line("dashed", INK), tr("a counterattack")),
        (box("5 2", "#ffffff", INK), tr("the hit dice (after modifiers)")),
        (box("×", "#ffffff", DAMAGE), tr("an attack that did not happen (target out of range)")),
        (box("−3", DAMAGE, "#ffffff"), tr("HP lost")),
        (box("+2", HEAL, "#ffffff"), tr("HP healed")),
        (f'<span class="k" style="color:{DAMAGE};font-weight:700">✕</span>', tr("destroyed")),
    ]
    items = "\n".join(f"<li>{key}{escape(words)}</li>" for key, words in entries)
    summary = escape(tc(lang, "replay", "Legend"))
    return f'<details class="legend" open>\n<summary>{summary}</summary>\n<ul>\n{items}\n</ul>\n</details>'


def _runs(texts: Sequence[str], tag: str, cls: str) -> list[str]:
    """Consecutive frames' equal HTML (``texts``, "" for none) as one element each, shown for its frames:
    ``<tbody class="turns" data-from="3" data-to="7">``."""
    out: list[str] = []
    start = 0
    for index in range(1, len(texts) + 1):
        if index < len(texts) and texts[index] == texts[start]:
            continue
        if texts[start]:
            hidden = "" if start == 0 else " hidden"
            out.append(
                f'<{tag} class="{cls}" data-from="{start}" data-to="{index - 1}"{hidden}>{texts[start]}</{tag}>'
            )
        start = index
    return out


def name_frames(frames: Sequence[Mapping[str, Any]], name: Callable[[str], str]) -> None:
    """Put the units' names of ``frames`` (their tooltips, and so the page's font) and the players' standing-by
    agents through ``name`` (a log's names in the output language), in place."""
    for frame in frames:
        for unit in frame["state"].get("units", []):
            if isinstance(unit.get("name"), str):
                unit["name"] = name(unit["name"])
        for player in frame.get("players", []):
            if isinstance(player.get("standby", []), list):  # (anything else is shown as it is: players_rows)
                player["standby"] = [name(str(agent)) for agent in player.get("standby", [])]


def render_frames_html(
    board: Board,
    frames: Sequence[Mapping[str, Any]],
    title: str,
    line: Callable[[Mapping[str, Any]], str] | None = None,
    map_name: str | None = None,
) -> str:
    """The replay page as text (see the module docstring), with the bundled font embedded (cut down to the
    characters the page uses); raises StateError for a frame that does not fit. ``line`` words a log entry
    (the simulation's log line in the output language); without it, entries show as their codes.
    ``map_name`` names the map under each drawing (default: its id)."""
    check_frames(board, frames)
    shared: dict[str, str] = {}  # the map's layers and the units' drawings, written once (a <use> in each frame)
    figures: list[str] = []
    step_lists: list[str] = []
    log: list[str] = []
    tables: list[str] = []
    banners: list[str] = []
    seen: dict[int, Mapping[str, Any]] = {}  # units by number, as the frames so far last showed them
    attack: Mapping[str, Any] | None = None  # an attack still resolving when the frame before ended
    seats: set[int] = set()
    result: Mapping[str, Any] | None = None
    for index, frame in enumerate(frames):
        state = frame["state"]
        events = frame.get("events") or []
        marks = step_marks(state, events, seen, attack)
        attack = marks.attack
        drawing = draw(board, state, marks, log_names=True, map_name=map_name)
        svg = to_svg_sharing(drawing, shared, PARTS).rstrip("\n")
        for unit in state.get("units", []):
            uid = _int(unit.get("uid"))
            if uid is not None:
                seen[uid] = unit
            if unit.get("kind") != "obstacle" and _int(unit.get("seat")) is not None:
                seats.add(unit["seat"])
        label = str(frame.get("label") or "")
        hidden = "" if index == 0 else " hidden"
        figures.append(f'<figure data-label="{escape(label)}"{hidden}>\n{svg}\n</figure>')
        empty = escape(tr("(no log entries)"))
        lines = log_items(events, line)
        items = [f"<li>{text}</li>" for text in lines] or [f'<li class="empty">{empty}</li>']
        step_lists.append(f'<ol class="step-events" data-frame="{index}"{hidden}>\n' + "\n".join(items) + "\n</ol>")
        log.extend(f'<li data-frame="{index}">{text}</li>' for text in lines)
        players = frame.get("players") or []
        seats.update(seat for seat in (_int(p.get("seat")) for p in players) if seat is not None)
        tables.append(players_rows(players, state.get("active")))
        result = frame.get("result") or result
        banners.append(escape(result_text(result)) if result else "")
    rows = _runs(tables, "tbody", "turns")  # the players' rows, a body for each run of frames they are alike in
    page = render_page(
        title,
        [shared_defs(shared), *figures],
        step_lists,
        log,
        str(frames[0].get("label") or ""),
        tr("Hover a unit for its name, HP and facing; hover a mark for what happened."),
        players=[f'<table class="players">\n{players_head()}\n' + "\n".join(rows) + "\n</table>"] if rows else [],
        banners=_runs(banners, "p", "banner"),
        legend=legend_html(sorted(seats)),
    )
    font = embedded_font_css(page)  # the labels and the log read the same without Chinese fonts installed
    return page.replace("<style>", f"<style>{font}\n", 1) if font else page


def render_page(
    title: str,
    figures: Sequence[str],
    step_lists: Sequence[str],
    log: Sequence[str],
    first_label: str,
    hint: str,
    lang: str | None = None,
    *,
    players: Sequence[str] = (),
    banners: Sequence[str] = (),
    legend: str = "",
) -> str:
    """The page around a replay's frames: ``figures`` (one ``<figure>`` per frame, after any shared markup),
    each frame's log entries (``step_lists``) and the whole log (``<li data-frame="i">``); the step controls and
    the script are the same for every game's replay. Its words are in ``lang`` (default: the current language); its
    head names Dossier as its writer (:data:`toolkit.safewrite.HTML_MARK`).

    ``players`` (above the step's log) and ``banners`` (above the map) are elements shown for a span of frames
    (``data-from``, ``data-to``: the script shows those of the current frame); ``legend`` goes under the map."""
    from toolkit.safewrite import HTML_MARK

    lang = lang or current_lang()
    words = {
        "prev_title": t(lang, "previous step (←)"),
        "prev": t(lang, "prev"),
        "step": t(lang, "step"),
        "next_title": t(lang, "next step (→)"),
        "next": t(lang, "next"),
        "this_step": t(lang, "This step"),
        "players": tc(lang, "replay", "Players"),
        "log": t(lang, "Log"),
        "help": t(lang, "← → or the slider to step; Home and End jump to the ends."),
    }
    w = {key: escape(value) for key, value in words.items()}
    count = len(step_lists)
    where = f"1 / {count}" + (f" · {first_label}" if first_label else "")
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{escape(lang)}">',
            "<head>",
            '<meta charset="utf-8">',
            HTML_MARK,  # Dossier as the page's writer: a replay written later replaces this page, not one of the user's
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title>",
            f"<style>{CSS}</style>",
            "</head>",
            "<body>",
            "<header>",
            f"<h1>{escape(title)}</h1>",
            "<nav>",
            f'<button id="prev" type="button" title="{w["prev_title"]}" disabled>◀ {w["prev"]}</button>',
            f'<input id="step" type="range" min="0" max="{count - 1}" value="0" aria-label="{w["step"]}">',
            f'<button id="next" type="button" title="{w["next_title"]}"'
            + (" disabled" if count == 1 else "")
            + f">{w['next']} ▶</button>",
            f'<span id="where">{escape(where)}</span>',
            "</nav>",
            "</header>",
            "<main>",
            *banners,
            '<section id="board">',
            *figures,
            *([legend] if legend else []),
            "</section>",
            "<aside>",
            *([f"<h2>{w['players']}</h2>", *players] if players else []),
            f"<h2>{w['this_step']}</h2>",
            *step_lists,
            f"<h2>{w['log']}</h2>",
            '<ol id="log">',
            *log,
            "</ol>",
            f'<p class="help">{w["help"]} {escape(hint)}</p>',
            "</aside>",
            "</main>",
            f"<script>{JS}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )


def write_replay(
    path: Path,
    board: Board,
    frames: Sequence[Mapping[str, Any]],
    title: str,
    line: Callable[[Mapping[str, Any]], str] | None = None,
    map_name: str | None = None,
    *,
    force: bool | None = None,
) -> None:
    """Write the replay page for ``frames`` to ``path`` atomically (``line``, ``map_name``: see
    :func:`render_frames_html`). An existing file is replaced only when Dossier wrote it (an earlier replay) or with
    ``force`` (``--force``; None: the command has no such option): a page of the user's is kept
    (:func:`toolkit.safewrite.replacing`)."""
    from toolkit.jsonio import atomic_write_text
    from toolkit.safewrite import DOSSIER_HTML, replacing

    page = render_frames_html(board, frames, title, line, map_name)
    atomic_write_text(Path(path), page, replaces=replacing(DOSSIER_HTML, force))
