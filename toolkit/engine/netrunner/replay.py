"""A Netrunner replay: one self-contained HTML page stepping through a game, a frame per decision.

Each frame shows the table as it was when a player had to decide (the whole state: both
hands, the servers with their ice rezzed or not, the roots, Archives face up and face
down, the rig with hosted cards and counters, credits, clicks, tags, score areas, the
run in progress and the ice being encountered) and the log entries that led to it;
names are in the chosen language. The page, its controls and its script are those of
the tactics replay (:func:`toolkit.board.replay.render_page`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .decisions import Decision, Policy

if TYPE_CHECKING:
    from .game import NetrunnerGame

MAX_FRAMES = 5000


class Recorder:
    """Wraps each side's policy: before every decision, a frame of the state and the new log entries."""

    def __init__(self, game: NetrunnerGame, event: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self.game = game
        self.event = event
        self.frames: list[dict[str, Any]] = []
        self.seen = 0

    def wrap(self, policy: Policy | None) -> Policy | None:
        if policy is None:
            return None
        recorder, inner = self, policy

        class Recording:
            def decide(self, game: NetrunnerGame, decision: Decision) -> str:
                label = inner.decide(game, decision)
                recorder.snap(f"turn {game.turns} · {decision.kind}: {label}")
                return label

        return Recording()

    def snap(self, label: str) -> None:
        if len(self.frames) >= MAX_FRAMES:
            return
        events = [self.event(e) for e in self.game.log.to_json(self.seen)]
        self.seen = len(self.game.log)
        self.frames.append({"label": label, "state": self.game.view(), "events": events})


def record(game: NetrunnerGame, event: Callable[[dict[str, Any]], dict[str, Any]]) -> Recorder:
    """Start recording ``game``'s frames (call before it is played); the set-up is the first frame."""
    recorder = Recorder(game, event)
    game.policies = {seat: recorder.wrap(p) for seat, p in game.policies.items()}
    recorder.snap("set-up")
    return recorder


# ---------------------------------------------------------------- drawing a frame

CSS = """
.table { display: grid; gap: .6rem; min-width: 22rem; max-width: 60rem; }
.side { border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: .5rem .7rem; }
.side h3 { margin: 0 0 .3rem; font-size: .95rem; }
.nums { color: var(--muted); font-variant-numeric: tabular-nums; }
.servers { display: flex; flex-wrap: wrap; gap: .5rem; }
.server { border: 1px dashed #b5ad9f; border-radius: 4px; padding: .3rem .4rem; min-width: 8rem; }
.server b { display: block; font-size: .85rem; }
.card { display: inline-block; margin: .12rem; padding: .08rem .4rem; border-radius: 3px; border: 1px solid #b5ad9f;
  background: #fdfcf9; font-size: 12.5px; }
.card.down { background: #4b4f5c; color: #fff; border-color: #4b4f5c; }
.card.ice { border-left: 4px solid #3d7bd9; }
.card.ice.down { border-left-color: #9ab6e5; }
.card .tok { color: #a0522d; margin-left: .3em; }
.hosted { margin-left: .8rem; }
.run { border: 2px solid #d98b3d; background: #fff7ee; border-radius: 6px; padding: .4rem .6rem; }
.sub.broken { text-decoration: line-through; color: var(--muted); }
.winner { font-weight: 700; color: #2f7d32; }
"""


def _name(card: Mapping[str, Any], lang: str) -> str:
    names = card.get("name")
    if not names:
        return "ice" if card.get("type") == "ice" else "card"
    return str(names.get(lang) or names.get("zh-Hans"))


def _card(card: Mapping[str, Any], lang: str) -> str:
    down = card.get("id") is None or (card.get("type") in ("ice", "asset", "upgrade") and not card.get("rezzed"))
    classes = ["card"] + (["ice"] if card.get("type") == "ice" else []) + (["down"] if down else [])
    tokens = [f"{kind} {n}" for kind, n in sorted((card.get("counters") or {}).items())]
    if card.get("credits"):
        tokens.append(f"{card['credits']}[credit]")
    if card.get("recurring"):
        tokens.append(f"{card['recurring']} recurring")
    if card.get("strength") is not None:
        tokens.append(f"str {card['strength']}")
    text = escape(_name(card, lang)) + "".join(f'<span class="tok">{escape(t)}</span>' for t in tokens)
    hosted = "".join(_card(h, lang) for h in card.get("hosted") or [])
    inner = f'<span class="{" ".join(classes)}" title="#{card.get("uid")}">{text}</span>'
    return inner + (f'<span class="hosted">{hosted}</span>' if hosted else "")


def _cards(cards: Sequence[Mapping[str, Any]] | None, lang: str) -> str:
    if cards is None:
        return "(hidden)"
    return "".join(_card(c, lang) for c in cards) or '<span class="nums">—</span>'


def draw_frame(state: Mapping[str, Any], lang: str) -> str:
    """The table of one state as HTML."""
    corp, runner, run = state["corp"], state["runner"], state.get("run")
    servers = []
    for server in corp["servers"]:
        ice = "".join(_card(c, lang) for c in reversed(server["ice"]))  # outermost first, as the runner meets it
        root = _cards(server["root"], lang) if server["root"] else ""
        servers.append(
            f'<div class="server"><b>{escape(server["name"])}</b>{ice or "<span class=nums>no ice</span>"}'
            + (f"<div>root: {root}</div>" if root else "")
            + "</div>"
        )
    corp_html = (
        f'<div class="side"><h3>corp · {escape(_name(corp["identity"], lang))}</h3>'
        f'<div class="nums">{corp["credits"]}[credit] · {corp["clicks"]}[click] · {corp["agenda_points"]} points · '
        f"bad publicity {corp['bad_publicity']} · HQ {corp['hand_count']} · R&amp;D {corp['deck_count']}</div>"
        f'<div class="servers">{"".join(servers)}</div>'
        f"<div>HQ: {_cards(corp['hand'], lang)}</div>"
        f"<div>Archives: {_cards(corp['archives'], lang)}</div>"
        f"<div>score area: {_cards(corp['score_area'], lang)}</div></div>"
    )
    runner_html = (
        f'<div class="side"><h3>runner · {escape(_name(runner["identity"], lang))}</h3>'
        f'<div class="nums">{runner["credits"]}[credit] · {runner["clicks"]}[click] · {runner["agenda_points"]} '
        f"points · tags {runner['tags']} · memory {runner['memory_used']}/{runner['memory_limit']} · link "
        f"{runner['link']} · brain damage {runner['brain_damage']} · stack {runner['deck_count']}</div>"
        f"<div>rig: {_cards(runner['rig'], lang)}</div>"
        f"<div>grip: {_cards(runner['hand'], lang)}</div>"
        f"<div>heap: {_cards(runner['heap'], lang)}</div>"
        f"<div>score area: {_cards(runner['score_area'], lang)}</div></div>"
    )
    run_html = ""
    if run is not None:
        run_html = (
            f'<div class="run">run on <b>{escape(run["server"])}</b>: {escape(run["step"])}, '
            f"{run['position']} ice to pass" + (", successful" if run["successful"] else "")
        )
        encounter = run.get("encounter")
        if encounter:
            subs = "".join(
                f'<div class="sub{" broken" if s["broken"] else ""}">{s["index"]}. {escape(s["text"])}</div>'
                for s in encounter["subroutines"]
            )
            run_html += f"<div>encountering {_card(encounter['ice'], lang)}{subs}</div>"
        run_html += "</div>"
    over = ""
    if state.get("winner"):
        over = f'<div class="winner">the {escape(state["winner"])} wins: {escape(str(state.get("reason")))}</div>'
    return f'<div class="table">{over}{corp_html}{run_html}{runner_html}</div>'


def render_replay(frames: Sequence[Mapping[str, Any]], title: str, lang: str = "zh-Hans") -> str:
    from toolkit.board.draw import embedded_font_css
    from toolkit.board.replay import CSS as PAGE_CSS
    from toolkit.board.replay import event_line, render_page

    figures: list[str] = []
    steps: list[str] = []
    log: list[str] = []
    for index, frame in enumerate(frames):
        hidden = "" if index == 0 else " hidden"
        label = str(frame.get("label") or "")
        figures.append(f'<figure data-label="{escape(label)}"{hidden}>{draw_frame(frame["state"], lang)}</figure>')
        events = frame.get("events") or []
        items = [f"<li>{event_line(e)}</li>" for e in events] or ['<li class="empty">(no log entries)</li>']
        steps.append(f'<ol class="step-events" data-frame="{index}"{hidden}>\n' + "\n".join(items) + "\n</ol>")
        log.extend(f'<li data-frame="{index}">{event_line(e)}</li>' for e in events)
    page = render_page(title, figures, steps, log, str(frames[0].get("label") or ""), "Dark cards are face down.")
    page = page.replace(f"<style>{PAGE_CSS}</style>", f"<style>{PAGE_CSS}{CSS}</style>", 1)
    if lang == "en":
        page = page.replace('<html lang="zh-Hans">', '<html lang="en">', 1)
    font = embedded_font_css(page)
    return page.replace("<style>", f"<style>{font}\n", 1) if font else page


def write_replay(path: Path, frames: Sequence[Mapping[str, Any]], title: str, lang: str = "zh-Hans") -> None:
    from toolkit.jsonio import atomic_write_text
    from toolkit.safewrite import HTML

    atomic_write_text(Path(path), render_replay(frames, title, lang), replaces=HTML)
