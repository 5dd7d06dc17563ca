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
"label": "round 2 · P1"}``; ``events`` and ``label`` are optional.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.i18n import current_lang, t, tr

from .draw import StateError, draw, embedded_font_css, shared_defs, to_svg_sharing, validate_state

if TYPE_CHECKING:
    from toolkit.board import Board

MAX_FRAMES = 5000
"""The most frames a replay page holds: every frame embeds the drawing of its units, so the page grows with
each one (a 500-round game of four players, the longest `simulate` plays, has under 2000)."""

CSS = """
:root { color-scheme: light; --ink: #1b1b1b; --muted: #6b6b6b; --line: #d9d3c7; --hi: #fff3c4; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Microsoft YaHei",
  "Dossier Sans SC", sans-serif; color: var(--ink); background: #faf8f4; }
header { position: sticky; top: 0; z-index: 1; background: #faf8f4; border-bottom: 1px solid var(--line);
  padding: .6rem 1rem; display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; }
h1 { font-size: 1.05rem; margin: 0; }
nav { display: flex; gap: .5rem; align-items: center; flex: 1; min-width: 18rem; }
nav input[type=range] { flex: 1; }
button { font: inherit; padding: .2rem .7rem; border: 1px solid #b5ad9f; border-radius: 4px; background: #fff;
  cursor: pointer; }
button:disabled { opacity: .4; cursor: default; }
#where { color: var(--muted); white-space: nowrap; font-variant-numeric: tabular-nums; }
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
"""

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
  var start = Number((location.hash || "#1").slice(1));
  show(isFinite(start) && start >= 1 ? start - 1 : 0);
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
        parts.append(f"P{escape(_value(event['player']))} ")
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
            validate_state(board, frame["state"])
        except StateError as exc:
            raise StateError(exc.problem, f"/{index}/state{exc.pointer}") from None
        events = frame.get("events", [])
        if not isinstance(events, list) or not all(isinstance(e, Mapping) for e in events):
            raise StateError(tr("a list of log entries (objects)"), f"/{index}/events")


def log_items(events: Sequence[Mapping[str, Any]], line: Callable[[Mapping[str, Any]], str] | None) -> list[str]:
    """The ``<li>`` bodies of log entries: ``line(event)`` (a log line in words, escaped here) when given, else
    the entry's codes (:func:`event_line`)."""
    return [escape(line(e)) if line is not None else event_line(e) for e in events]


def render_frames_html(
    board: Board,
    frames: Sequence[Mapping[str, Any]],
    title: str,
    line: Callable[[Mapping[str, Any]], str] | None = None,
) -> str:
    """The replay page as text (see the module docstring), with the bundled font embedded (cut down to the
    characters the page uses); raises StateError for a frame that does not fit. ``line`` words a log entry
    (the simulation's log line in the output language); without it, entries show as their codes."""
    check_frames(board, frames)
    svgs: dict[str, str] = {}
    shared: dict[str, str] = {}  # the map's layers, written once for every frame (a <use> in each)
    figures: list[str] = []
    step_lists: list[str] = []
    log: list[str] = []
    for index, frame in enumerate(frames):
        state = frame["state"]
        key = json.dumps(state, sort_keys=True, ensure_ascii=False)
        if key not in svgs:
            svgs[key] = to_svg_sharing(draw(board, state), shared).rstrip("\n")
        label = str(frame.get("label") or "")
        hidden = "" if index == 0 else " hidden"
        figures.append(f'<figure data-label="{escape(label)}"{hidden}>\n{svgs[key]}\n</figure>')
        events = frame.get("events") or []
        empty = escape(tr("(no log entries)"))
        lines = log_items(events, line)
        items = [f"<li>{text}</li>" for text in lines] or [f'<li class="empty">{empty}</li>']
        step_lists.append(f'<ol class="step-events" data-frame="{index}"{hidden}>\n' + "\n".join(items) + "\n</ol>")
        log.extend(f'<li data-frame="{index}">{text}</li>' for text in lines)
    page = render_page(
        title,
        [shared_defs(shared), *figures],
        step_lists,
        log,
        str(frames[0].get("label") or ""),
        tr("Hover a unit for its name, HP and facing."),
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
) -> str:
    """The page around a replay's frames: ``figures`` (one ``<figure>`` per frame, after any shared markup),
    each frame's log entries (``step_lists``) and the whole log (``<li data-frame="i">``); the step controls and
    the script are the same for every game's replay. Its words are in ``lang`` (default: the current language)."""
    lang = lang or current_lang()
    words = {
        "prev_title": t(lang, "previous step (←)"),
        "prev": t(lang, "prev"),
        "step": t(lang, "step"),
        "next_title": t(lang, "next step (→)"),
        "next": t(lang, "next"),
        "this_step": t(lang, "This step"),
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
            '<section id="board">',
            *figures,
            "</section>",
            "<aside>",
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
) -> None:
    """Write the replay page for ``frames`` to ``path`` atomically (``line``: see :func:`render_frames_html`)."""
    from toolkit.jsonio import atomic_write_text
    from toolkit.safewrite import HTML

    atomic_write_text(Path(path), render_frames_html(board, frames, title, line), replaces=HTML)  # keeps a non-HTML file
