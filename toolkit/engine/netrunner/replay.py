"""A Netrunner replay: one self-contained HTML page stepping through a game, a frame per decision.

Each frame shows the table as it was when a player had to decide (the whole state: both
hands, the servers with their ice rezzed or not, the roots, Archives face up and face
down, the rig with hosted cards and counters, credits, clicks, tags, score areas, the
run in progress and the ice being encountered) and the log entries that led to it;
names are in the chosen language. The page, its controls and its script are those of
the tactics replay (:func:`toolkit.board.replay.render_page`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.engine import logwords
from toolkit.engine.core import said
from toolkit.i18n import current_lang, t, tr, word

from .decisions import Decision, Policy
from .state import SIDE_OF_SEAT

if TYPE_CHECKING:
    from .game import NetrunnerGame

MAX_FRAMES = 5000
"""The most frames a replay page holds (as the tactics replay's, :data:`toolkit.board.replay.MAX_FRAMES`). A longer
game is not cut: each time its frames reach as many, neighbours are merged in pairs
(:func:`toolkit.board.replay.fit_frames`): a merged frame shows the table after its last decision and the log of
all of them, so no log entry and no end is lost."""


class Recorder:
    """Wraps each side's policy: a frame per decision, of what the decision did: the table when the next one is asked
    (or the game ends: :meth:`snap`'s last frame) and the log entries since the decision before it, captioned with
    the decision and the option chosen. Until then the decision waits (:attr:`pending`)."""

    def __init__(self, game: NetrunnerGame, event: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self.game = game
        self.event = event
        self.frames: list[dict[str, Any]] = []
        self.seen = 0
        self.pending: tuple[str, dict[str, Any]] | None = None  # the last decision taken, its frame still to come

    def wrap(self, policy: Policy | None) -> Policy | None:
        if policy is None:
            return None
        recorder, inner = self, policy

        class Recording:
            def decide(self, game: NetrunnerGame, decision: Decision) -> str:
                label = inner.decide(game, decision)
                kind = logwords.word("decision", decision.kind, current_lang()) or decision.kind
                chosen = next((o.text for o in decision.options if o.label == label), label)  # the option in words
                step = {"turn": game.turns, "kind": decision.kind, "option": chosen}
                recorder.flush()  # (the decision before this one: its frame shows the table as this one is asked)
                recorder.pending = (
                    tr("turn {n} · {decision}: {option}", n=game.turns, decision=kind, option=said(chosen)), step)
                return label

        return Recording()

    def flush(self) -> None:
        """The frame of the decision taken last (:attr:`pending`), if any: the table now and what it did."""
        if self.pending is not None:
            label, step = self.pending
            self.pending = None
            self._frame(label, step)

    def snap(self, label: str) -> None:
        """A frame of ``label`` (its caption, in the current language: the set-up, the end) after the frame of the
        decision taken last (:meth:`flush`)."""
        self.flush()
        self._frame(label)

    def _frame(self, label: str, step: dict[str, Any] | None = None) -> None:
        """A frame: ``label`` its caption (in the current language), ``step`` the decision it shows (the turn, the
        decision's kind and the option chosen, an engine's sentence) for a caption in a reader's words."""
        if len(self.frames) >= MAX_FRAMES:  # (a long game: no frame dropped, pairs merged; see MAX_FRAMES)
            from toolkit.board.replay import fit_frames

            self.frames = fit_frames(self.frames, MAX_FRAMES // 2)
        log: Any = self.game.log  # (the game's _Log)
        events = [self.event(e) for e in log.every_seat(self.seen)]  # (a twin entry once: _Log.apart)
        self.seen = len(self.game.log)
        frame = {"label": label, "state": self.game.view(), "events": events}
        if step is not None:
            frame["step"] = step
        self.frames.append(frame)


def record(game: NetrunnerGame, event: Callable[[dict[str, Any]], dict[str, Any]]) -> Recorder:
    """Start recording ``game``'s frames (call before it is played); the set-up is the first frame."""
    recorder = Recorder(game, event)
    game.policies = {seat: recorder.wrap(p) for seat, p in game.policies.items()}
    recorder.snap(tr("set-up"))
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
svg.icon { width: 1.05em; height: 1.05em; vertical-align: -0.16em; margin: 0 .06em; overflow: visible; }
#board .table svg.icon { display: inline; max-width: none; height: 1.05em; background: none; border: 0; }
"""

ICON_TOKEN = re.compile(r"\[([a-z][a-z_-]*)\]")  # [credit], [click], [subroutine]: the texts' icons


def _icon_name(token: str) -> str | None:
    from toolkit.markup import ALIASES, ICONS

    name = ALIASES.get(token, token)
    return name if name in ICONS else None


def with_icons(html: str, lang: str) -> str:
    """``html`` (escaped already) with each icon token drawn as the web pages draw it, an inline SVG named in
    ``lang`` (its tooltip and what a screen reader says); other bracketed words stay as written."""
    from toolkit.i18n import word as term
    from toolkit.web.icons import icon_svg

    def icon(match: re.Match[str]) -> str:
        name = _icon_name(match.group(1))
        return str(icon_svg(name, term("icon", name, lang))) if name else match.group(0)

    return ICON_TOKEN.sub(icon, html)


def icon_words(text: str, lang: str) -> str:
    """``text`` with each icon token as its word in ``lang`` (for plain text: a caption, a tooltip)."""
    from toolkit.i18n import word as term

    def said_as(match: re.Match[str]) -> str:
        name = _icon_name(match.group(1))
        return term("icon", name, lang) if name else match.group(0)

    return ICON_TOKEN.sub(said_as, text)


def _name(card: Mapping[str, Any], lang: str) -> str:
    names = card.get("name")
    if not names:
        return t(lang, "ice") if card.get("type") == "ice" else t(lang, "card")
    return str(names.get(lang) or names.get("en" if lang != "zh-Hans" else "zh-Hans") or names.get("zh-Hans"))


FACE_DOWN_WHEN_UNREZZED = ("ice", "asset", "upgrade", "agenda")  # the corp's cards installed face down


def _card(card: Mapping[str, Any], lang: str, where: str = "") -> str:
    """One card; ``where`` says when it is face down (dark): ``installed`` (the corp's unrezzed cards), ``archives``
    (not face up); anywhere else (HQ, the grip, a score area) only a card hidden from the view is."""
    down = card.get("id") is None
    if where == "installed":
        down = down or (card.get("type") in FACE_DOWN_WHEN_UNREZZED and not card.get("rezzed"))
    elif where == "archives":
        down = down or not card.get("faceup", True)
    classes = ["card"] + (["ice"] if card.get("type") == "ice" else []) + (["down"] if down else [])
    tokens = [
        t(lang, "{counter} {n}", counter=logwords.word("counter", kind, lang) or kind, n=n)
        for kind, n in sorted((card.get("counters") or {}).items())
    ]
    if card.get("credits"):
        tokens.append(f"{card['credits']}[credit]")
    if card.get("recurring"):
        tokens.append(t(lang, "{n} recurring", n=card["recurring"]))
    if card.get("strength") is not None:
        tokens.append(t(lang, "strength {n}", n=card["strength"]))
    text = escape(_name(card, lang)) + "".join(f'<span class="tok">{with_icons(escape(t), lang)}</span>' for t in tokens)
    hosted = "".join(_card(h, lang) for h in card.get("hosted") or [])
    inner = f'<span class="{" ".join(classes)}" title="#{card.get("uid")}">{text}</span>'
    return inner + (f'<span class="hosted">{hosted}</span>' if hosted else "")


def _cards(cards: Sequence[Mapping[str, Any]] | None, lang: str, where: str = "") -> str:
    if cards is None:
        return escape(t(lang, "(hidden)"))
    return "".join(_card(c, lang, where) for c in cards) or '<span class="nums">—</span>'


def _row(lang: str, label: str, cards: str) -> str:
    # TRANSLATORS: a zone of the table before its cards ("HQ:")
    heading = t(lang, "{zone}:", zone=label)
    return f"<div>{escape(heading)} {cards}</div>"


def draw_frame(
    state: Mapping[str, Any],
    lang: str,
    server_name: Callable[[str], str | None] | None = None,
    text_of: Callable[[str], str] | None = None,
    reason_of: Callable[[Any], str] | None = None,
) -> str:
    """The table of one state as HTML, its words in ``lang``; ``server_name`` names a server by its code (the
    game record's names), else the code shows; ``text_of`` puts a subroutine's ability text in ``lang``;
    ``reason_of`` words why the game ended (the engine's phrase)."""

    def named(code: str) -> str:
        return escape((server_name(code) if server_name is not None else None) or code)

    corp, runner, run = state["corp"], state["runner"], state.get("run")
    no_ice = escape(t(lang, "no ice"))
    servers = []
    for server in corp["servers"]:
        ice = "".join(_card(c, lang, "installed") for c in reversed(server["ice"]))  # outermost first, as the runner meets it
        root = _cards(server["root"], lang, "installed") if server["root"] else ""
        servers.append(
            f'<div class="server"><b>{named(server["name"])}</b>{ice or f"<span class=nums>{no_ice}</span>"}'
            + (_row(lang, t(lang, "root"), root) if root else "")
            + "</div>"
        )
    corp_numbers = t(
        lang,
        "{credits}[credit] · {clicks}[click] · {points} points · bad publicity {bad_publicity} · "
        "HQ {hand} · R&D {deck}",
        credits=corp["credits"],
        clicks=corp["clicks"],
        points=corp["agenda_points"],
        bad_publicity=corp["bad_publicity"],
        hand=corp["hand_count"],
        deck=corp["deck_count"],
    )
    corp_html = (
        f'<div class="side"><h3>{escape(word("side", "corp", lang))} · {escape(_name(corp["identity"], lang))}</h3>'
        f'<div class="nums">{with_icons(escape(corp_numbers), lang)}</div>'
        f'<div class="servers">{"".join(servers)}</div>'
        + _row(lang, t(lang, "HQ"), _cards(corp["hand"], lang))
        + _row(lang, t(lang, "Archives"), _cards(corp["archives"], lang, "archives"))
        + _row(lang, t(lang, "score area"), _cards(corp["score_area"], lang))
        + "</div>"
    )
    runner_numbers = t(
        lang,
        "{credits}[credit] · {clicks}[click] · {points} points · tags {tags} · memory {used}/{limit} · "
        "link {link} · brain damage {brain} · stack {deck}",
        credits=runner["credits"],
        clicks=runner["clicks"],
        points=runner["agenda_points"],
        tags=runner["tags"],
        used=runner["memory_used"],
        limit=runner["memory_limit"],
        link=runner["link"],
        brain=runner["brain_damage"],
        deck=runner["deck_count"],
    )
    runner_html = (
        f'<div class="side"><h3>{escape(word("side", "runner", lang))} · {escape(_name(runner["identity"], lang))}'
        f'</h3><div class="nums">{with_icons(escape(runner_numbers), lang)}</div>'
        + _row(lang, t(lang, "rig"), _cards(runner["rig"], lang))
        + _row(lang, t(lang, "grip"), _cards(runner["hand"], lang))
        + _row(lang, t(lang, "heap"), _cards(runner["heap"], lang))
        + _row(lang, t(lang, "score area"), _cards(runner["score_area"], lang))
        + "</div>"
    )
    run_html = ""
    if run is not None:
        step = logwords.word("run_step", str(run["step"]), lang) or str(run["step"])
        what = (
            t(lang, "{step}, {n} ice to pass, successful", step=step, n=run["position"])
            if run["successful"]
            else t(lang, "{step}, {n} ice to pass", step=step, n=run["position"])
        )
        run_on = escape(t(lang, "run on"))
        run_html = f'<div class="run">{run_on} <b>{named(run["server"])}</b>: {escape(what)}'
        encounter = run.get("encounter")
        if encounter:
            subs = "".join(
                f'<div class="sub{" broken" if s["broken"] else ""}">{s["index"]}. '
                f'{with_icons(escape(text_of(s["text"]) if text_of is not None else s["text"]), lang)}</div>'
                for s in encounter["subroutines"]
            )
            meeting = escape(t(lang, "encountering"))
            run_html += f"<div>{meeting} {_card(encounter['ice'], lang, 'installed')}{subs}</div>"
        run_html += "</div>"
    over = ""
    if state.get("winner"):
        reason = reason_of(state.get("reason")) if reason_of is not None else str(state.get("reason"))
        reason = logwords.word("reason", reason, lang) or reason
        won = t(lang, "the {side} wins: {reason}", side=word("side", str(state["winner"]), lang), reason=reason)
        over = f'<div class="winner">{escape(won)}</div>'
    return f'<div class="table">{over}{corp_html}{run_html}{runner_html}</div>'


def render_replay(
    frames: Sequence[Mapping[str, Any]],
    title: str,
    lang: str = "zh-Hans",
    names: Any = None,
) -> str:
    """The replay page, its words in ``lang``; with ``names`` (a :class:`toolkit.cli._lang.LogNames`), the log
    entries as the simulation's log lines and the servers by their names."""
    from toolkit.board.draw import embedded_font_css
    from toolkit.board.replay import CSS as PAGE_CSS
    from toolkit.board.replay import log_items, render_page

    def side(seat: int) -> str:  # (the sides named as the terminal's and the simulation's logs name them)
        return word("side", SIDE_OF_SEAT.get(seat, ""), lang)

    line = (lambda entry: str(names.line(entry, side))) if names is not None else None
    server_name = names.server if names is not None else None
    text_of = (lambda text: str(names.value("text", text))) if names is not None else None
    reason_of = (lambda reason: str(names.say("reason", reason))) if names is not None else None
    empty = escape(t(lang, "(no log entries)"))
    figures: list[str] = []
    steps: list[str] = []
    log: list[str] = []
    def caption(frame: Mapping[str, Any]) -> str:
        """The frame's caption: the decision it follows in ``names``' words (its option's names too), else its label."""
        step = frame.get("step")
        if names is None or not isinstance(step, Mapping):
            return str(frame.get("label") or "")
        kind = logwords.word("decision", str(step.get("kind")), lang) or str(step.get("kind"))
        return t(lang, "turn {n} · {decision}: {option}", n=step.get("turn"), decision=kind,
                 option=names.say("option", step.get("option")))  # fmt: skip

    for index, frame in enumerate(frames):
        hidden = "" if index == 0 else " hidden"
        label = caption(frame)
        table = draw_frame(frame["state"], lang, server_name, text_of, reason_of)
        figures.append(f'<figure data-label="{escape(icon_words(label, lang))}"{hidden}>{table}</figure>')
        lines = [with_icons(text, lang) for text in log_items(frame.get("events") or [], line)]
        items = [f"<li>{text}</li>" for text in lines] or [f'<li class="empty">{empty}</li>']
        steps.append(f'<ol class="step-events" data-frame="{index}"{hidden}>\n' + "\n".join(items) + "\n</ol>")
        log.extend(f'<li data-frame="{index}">{text}</li>' for text in lines)
    hint = t(lang, "Dark cards are face down.")
    page = render_page(title, figures, steps, log, icon_words(caption(frames[0]), lang), hint, lang)
    page = page.replace(f"<style>{PAGE_CSS}</style>", f"<style>{PAGE_CSS}{CSS}</style>", 1)
    font = embedded_font_css(page)
    return page.replace("<style>", f"<style>{font}\n", 1) if font else page


def write_replay(
    path: Path,
    frames: Sequence[Mapping[str, Any]],
    title: str,
    lang: str = "zh-Hans",
    names: Any = None,
    *,
    force: bool | None = None,
) -> None:
    """Write the replay page to ``path`` atomically. An existing file is replaced only when Dossier wrote it (an
    earlier replay) or with ``force`` (``--force``; None: the command has no such option): a page of the user's is
    kept (:func:`toolkit.safewrite.replacing`)."""
    from toolkit.jsonio import atomic_write_text
    from toolkit.safewrite import DOSSIER_HTML, replacing

    atomic_write_text(Path(path), render_replay(frames, title, lang, names), replaces=replacing(DOSSIER_HTML, force))
