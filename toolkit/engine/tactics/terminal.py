"""A person plays one tactics seat at a terminal: before each of their decisions they see what their seat may see
(the new lines of the log, the map with the units on it, their hand with the counts of their deck and discard
pile, the matrix shop's size in a mode with the shop, and what the view shows of the other players) and the
options, and type a number, a label or the option's words as shown (in either language, any case); ``u`` undoes
their last decision (the game replayed without it), ``resign`` (or its word, ``认输``) resigns once ``y``
confirms it (the session's :meth:`~.session.TacticsSession.resign`, as the browser's Resign: the game ends, lost by
the person, and the log ends saying so), end of input stops."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Any

from toolkit.i18n import t, tn

from ..core import EngineError
from ..decisions import Decision, Option, named_options
from .attack import SELF_DEFENSE
from .game import TacticsGame
from .session import UNDO_REFUSALS, TacticsSession, view

MARKS = string.ascii_uppercase + string.ascii_lowercase  # a visible unit's letter on the map ('?' a hidden one)
STACK = "+"  # the map's mark of a cell where two units or more stand


def prompt_text(prompt: str, names: Any) -> str:
    """A decision's prompt in the output language of ``names`` (a LogNames): the engine's sentence (a Phrase) with
    its names and text put in words."""
    from toolkit.engine.phrase import Phrase

    return str(names.say("prompt", prompt)) if isinstance(prompt, Phrase) else str(names.name(prompt))


def option_text(value: Any, text: str, lang: str, names: Any, kind: str | None = None) -> str:
    """An option of a decision in words in ``lang`` (``names``: a LogNames of it): a main-phase action with its
    card, unit and ability text in that language; a facing and the answer none in words (``kind``: the
    decision's: none is any zone for a deployment die, passing elsewhere); anything else its (masked) ``text``
    with names put in it. A unit the reader may not see (a hidden scene obstacle to scavenge) goes by its handle, as
    ``text`` names it."""
    from toolkit.engine.phrase import Phrase
    from toolkit.text import render

    from .game import Action
    from .state import Card, Unit

    if value is True or value is False:  # a question answered yes or no
        return t(lang, "yes") if value else t(lang, "no")
    if value is None:
        return t(lang, "any zone") if kind == "deployment_die" else t(lang, "none")
    if kind == "facing" and isinstance(value, str):
        return names.term("facing", value) or value
    if value == SELF_DEFENSE:  # the counterattack 正当防卫: its ability's name
        return names.record_name(SELF_DEFENSE) or names.name(text)
    if isinstance(text, Phrase):
        return str(names.say("option", text))
    if not isinstance(value, Action):
        return str(names.name(text))

    def shown(thing: Unit | Card) -> str:
        """A unit or card of the action in words; a unit hidden from the reader as the (masked) text names it, by
        its handle (``hidden#N``, its alias), never by the name it has."""
        handle = f"hidden#{thing.alias}" if isinstance(thing, Unit) else ""
        hidden = bool(handle) and re.search(re.escape(handle) + r"(?!\d)", text) is not None
        return str(names.name(handle if hidden else str(thing)))

    unit = shown(value.unit) if value.unit is not None else ""
    if value.kind == "end":
        return t(lang, "end the main phase")
    if value.kind == "play" and value.card is not None:
        card = shown(value.card)
        if value.face == "reverse":
            return t(lang, "play {card} (its reverse) with {unit}", card=card, unit=unit)
        return t(lang, "play {card} with {unit}", card=card, unit=unit)
    if value.kind == "expose":
        return t(lang, "expose {unit} (a special ability)", unit=unit)
    if value.kind == "scavenge" and value.target is not None:
        return t(lang, "{unit}: scavenge {obstacle}", obstacle=shown(value.target), unit=unit)
    if value.ability is not None:
        said = names.value("text", render(value.ability))
        source, own = value.source, (value.unit, getattr(value.unit, "card", None))
        # an equipment's ability (or another card's, or another unit's of the seat) is not the unit's own: its card
        # is named (a tapped unit may still use an untapped equipment's Tap); a built-in one (march, strike) is not
        if (isinstance(source, Card) or isinstance(source, Unit) and source.seat == value.seat) and all(
                source is not o for o in own):  # fmt: skip
            return t(lang, "{unit} ({card}): {text}", unit=unit, card=shown(source), text=said)
        return t(lang, "{unit}: {text}", unit=unit, text=said)
    return str(names.name(text))


def unit_order(units: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The units of a view in the order they are listed (and lettered): ``seat``'s own first, then the other
    players' (those it sees before the face-down ones), the neutral ones (obstacles) last."""

    def key(unit: dict[str, Any]) -> tuple[int, int, int, str]:
        group = 0 if unit["seat"] == seat else 1 if unit["seat"] else 2
        return group, "id" not in unit, unit["seat"], unit["label"]

    return sorted(units, key=key)


def card_name(card: dict[str, Any], names: Any) -> str:
    """A card of the view (``name`` and ``label``) by its name and number: ``Medpack#25``."""
    return str(names.name(f"{card['name']}#{card['label'].split('#')[1]}"))


def unit_words(unit: dict[str, Any], mark: str, lang: str, names: Any) -> str:
    """:func:`unit_line`, then what the view shows on the unit: its shield and temporary HP, the equipment it wears
    (a tapped one said so) and the status cards on it (a face-down unit's too: they were played face up)."""
    words = unit_line(unit, mark, lang, names)
    if unit.get("shield"):
        words += " · " + t(lang, "shield {n}", n=unit["shield"])
    if unit.get("temp_hp"):
        words += " · " + t(lang, "temporary HP {n}", n=unit["temp_hp"])
    if unit.get("equipment"):
        worn = [t(lang, "{card} (tapped)", card=card_name(c, names)) if c.get("tapped") else card_name(c, names)
                for c in unit["equipment"]]  # fmt: skip
        words += " · " + t(lang, "wears {cards}", cards=t(lang, ", ").join(worn))
    if unit.get("statuses"):
        words += " · " + t(lang, "status {cards}", cards=t(lang, ", ").join(card_name(c, names)
                                                                             for c in unit["statuses"]))  # fmt: skip
    return words


def unit_line(unit: dict[str, Any], mark: str, lang: str, names: Any) -> str:
    """One unit of the view in words: a face-down one by its cell only; a neutral one (seat 0) said to be neutral;
    the facing of a unit that has one (an obstacle has none)."""
    x, y = unit["pos"]
    if "id" not in unit:
        if not unit["seat"]:
            return t(lang, "{mark}: a hidden neutral unit at {x},{y}", mark=mark, x=x, y=y)
        return t(lang, "{mark}: a hidden unit of P{seat} at {x},{y}", mark=mark, seat=unit["seat"], x=x, y=y)
    name = names.name(f"{unit['name']}#{unit['label'].split('#')[1]}")
    facing = (names.term("facing", unit["facing"]) or unit["facing"]) if unit["facing"] is not None else None
    if not unit["seat"] and facing is None:  # a neutral obstacle: it faces no way
        words = t(lang, "{mark}: {name} (neutral) at {x},{y}, HP {hp}/{max_hp}", mark=mark, name=name, x=x, y=y,
                  hp=unit["hp"], max_hp=unit["max_hp"])  # fmt: skip
    elif not unit["seat"]:
        words = t(lang, "{mark}: {name} (neutral) at {x},{y} facing {facing}, HP {hp}/{max_hp}", mark=mark,
                  name=name, x=x, y=y, facing=facing, hp=unit["hp"], max_hp=unit["max_hp"])  # fmt: skip
    elif facing is None:
        words = t(lang, "{mark}: {name} (P{seat}) at {x},{y}, HP {hp}/{max_hp}", mark=mark, name=name,
                  seat=unit["seat"], x=x, y=y, hp=unit["hp"], max_hp=unit["max_hp"])  # fmt: skip
    else:
        words = t(lang, "{mark}: {name} (P{seat}) at {x},{y} facing {facing}, HP {hp}/{max_hp}", mark=mark,
                  name=name, seat=unit["seat"], x=x, y=y, facing=facing, hp=unit["hp"],
                  max_hp=unit["max_hp"])  # fmt: skip
    if unit["tapped"]:
        words += " · " + t(lang, "tapped")
    if unit["hidden"]:
        words += " · " + t(lang, "hidden")
    return words


def _die_faces(seen: dict[str, Any], decision: Any) -> tuple[dict[int, int], list[int]]:
    """For a deployment die's options of any zone (its value None), the face of the die each is, and the faces the
    seat rolled: its latest roll (the log's ``deployment_dice``: the faces, and ``wild`` for each die that goes
    anywhere); the dice taken so far were the first wild ones (the engine takes the first), so those left are the
    last."""
    if decision.kind != "deployment_die":
        return {}, []
    rolls = [e for e in seen["log"] if e.get("event") == "deployment_dice" and e.get("player") == seen["seat"]]
    if not rolls:
        return {}, []
    faces, zones = rolls[-1].get("faces") or [], rolls[-1].get("zones") or []
    wild = [f for f, z in zip(faces, zones, strict=False) if z == "wild"]
    anywhere = [i for i, o in enumerate(decision.options) if o.value is None]
    if len(anywhere) > len(wild):
        return {}, list(faces)
    return dict(zip(anywhere, wild[len(wild) - len(anywhere) :], strict=True)), list(faces)


def _die_words(value: Any, face: int, faces: list[int], lang: str) -> str:
    """A deployment die's option in words: what the die decides (its zone, or any zone) and the face it rolled; a
    die that goes anywhere says why: the map has no zone of its face, or another die rolled the same (T19)."""
    if value is not None:
        return t(lang, "zone {zone} (rolled {face})", zone=value, face=face)
    same = faces.count(face)
    if same > 1:
        return tn(lang, "any zone (rolled {face}: {n} die rolled {face})", "any zone (rolled {face}: {n} dice rolled "
                  "{face})", same, face=face, n=same)  # fmt: skip
    return t(lang, "any zone (rolled {face}: the map has no zone {face})", face=face)


def option_words(decision: Any, seen: dict[str, Any], lang: str, names: Any) -> list[str]:
    """Each option of ``decision`` in words, told apart: a deployment die's by what it decides and the face it
    rolled (``zone 4 (rolled 4)``, ``any zone (rolled 6: the map has no zone 6)``, ``any zone (rolled 2: 2 dice
    rolled 2)``; a second die that goes anywhere with the same face ``…: the same as option 2``)."""
    faces, rolled = _die_faces(seen, decision)
    out: list[str] = []
    for i, option in enumerate(decision.options):
        words = option_text(option.value, option.text, lang, names, decision.kind)
        if i in faces:
            words = _die_words(None, faces[i], rolled, lang)
            if words in out:  # two dice of one face that go anywhere: one choice, offered twice
                words = t(lang, "{option}: the same as option {number}", option=words, number=out.index(words) + 1)
        elif decision.kind == "deployment_die" and isinstance(option.value, int):
            words = _die_words(option.value, option.value, rolled, lang)
        out.append(words)
    return out


def map_lines(session: TacticsSession, seen: dict[str, Any], lang: str, names: Any) -> list[str]:
    """The map in its legend characters with a letter on each unit's cell (:data:`STACK` on a cell two units
    share), then a line per shared cell naming its units, then a line per unit (:func:`unit_line`; from ``seen``, a
    seat's :func:`~toolkit.engine.tactics.session.view`)."""
    rows = [list(row) for row in session.game.board.current_rows()]
    marks: dict[tuple[int, int], list[str]] = {}
    lines: list[str] = []
    for i, unit in enumerate(unit_order(seen["units"], seen["seat"])):
        x, y = unit["pos"]
        mark = "?" if "id" not in unit else MARKS[i % len(MARKS)]
        marks.setdefault((x, y), []).append(mark)
        rows[y][x] = mark if len(marks[(x, y)]) == 1 else STACK
        lines.append("  " + unit_words(unit, mark, lang, names))
    shared = [
        "  " + t(lang, "{mark}: {units} on one cell, {x},{y}", mark=STACK, units=t(lang, ", ").join(here), x=x, y=y)
        for (x, y), here in sorted(marks.items(), key=lambda item: (item[0][1], item[0][0]))
        if len(here) > 1
    ]
    header = "   " + "".join(str(x % 10) for x in range(len(rows[0]) if rows else 0))
    board = [header] + [f"{y:>2} " + "".join(row) for y, row in enumerate(rows)]
    return board + shared + lines


def mode_scores(game: TacticsGame) -> bool:
    """Whether the game's mode keeps a score: only 先发制人 has points (§15.2 双雄 "消灭敌方特工的玩家得到 1 分"); the
    other modes (对决, 专家, 混战, 梦魇通廊) are won by 尘消 alone, and a view shows no score there."""
    return "first_blood" in (game.mode.victory or [])


def hand_line(seen: dict[str, Any], lang: str, names: Any, scores: bool = True) -> str:
    """The seat's hand (its cards by name and number), the counts of its own deck and discard pile (public: what a
    reshuffle, 重洗, puts back in the deck, and 预算超支 in an empty shop) and, in a mode that ``scores``
    (:func:`mode_scores`), its score."""
    me = next(p for p in seen["players"] if p["seat"] == seen["seat"])
    cards = t(lang, ", ").join(names.name(f"{c['name']}#{c['label'].split('#')[1]}") for c in me.get("hand_cards", []))
    if not scores:
        return t(lang, "your hand: {cards}; deck {deck}, discard {discard}", cards=cards or "–", deck=me["deck"],
                 discard=len(me.get("discard") or []))  # fmt: skip
    return t(lang, "your hand: {cards}; deck {deck}, discard {discard}, score {score}", cards=cards or "–",
             deck=me["deck"], discard=len(me.get("discard") or []), score=me["score"])  # fmt: skip


def shop_line(seen: dict[str, Any], lang: str) -> str | None:
    """The matrix shop's size (a public pile: whether it is empty decides 预算超支, §2.2), said plainly when it is
    empty; None in a mode without the shop (the view's ``shop`` None)."""
    size = seen.get("shop")
    if size is None:
        return None
    if not size:
        return t(lang, "matrix shop: empty (no cards)")
    return tn(lang, "matrix shop: {n} card", "matrix shop: {n} cards", size, n=size)


def table_lines(seen: dict[str, Any], lang: str, names: Any, scores: bool = True) -> list[str]:
    """What the seat's view shows of the table besides its hand (:func:`hand_line`): the matrix shop's size
    (:func:`shop_line`, in a mode with the shop); its own mortgaged cards and standby agents, when it has any; then
    each other player's score (in a mode that ``scores``, :func:`mode_scores`) and the counts of its hand, deck,
    discard (its top card: the pile is open), mortgage zone and standby agents (the counts only: the view gives no
    more)."""
    me = next(p for p in seen["players"] if p["seat"] == seen["seat"])
    shop = shop_line(seen, lang)
    lines = [shop] if shop is not None else []
    if me.get("mortgage_cards"):
        lines.append(t(lang, "your mortgage zone: {cards}",
                       cards=t(lang, ", ").join(card_name(c, names) for c in me["mortgage_cards"])))  # fmt: skip
    if me.get("standby_agents"):
        lines.append(t(lang, "your standby agents: {agents}",
                       agents=t(lang, ", ").join(card_name(a, names) for a in me["standby_agents"])))  # fmt: skip
    for player in seen["players"]:
        if player["seat"] == seen["seat"]:
            continue
        pile = player.get("discard") or []
        counts = [t(lang, "score {n}", n=player["score"])] if scores else []
        counts += [t(lang, "hand {n}", n=player["hand"]), t(lang, "deck {n}", n=player["deck"]),
                   t(lang, "discard {n} ({card} on top)", n=len(pile), card=card_name(pile[-1], names)) if pile
                   else t(lang, "discard {n}", n=0)]  # fmt: skip
        if player.get("mortgage"):
            counts.append(t(lang, "mortgage zone {n}", n=player["mortgage"]))
        if player.get("standby"):
            counts.append(t(lang, "standby agents {n}", n=player["standby"]))
        words = t(lang, "P{seat}: {counts}", seat=player["seat"], counts=t(lang, ", ").join(counts))
        if player.get("out"):
            words += " · " + t(lang, "out of the game")
        lines.append(words)
    return lines


def resigned_line(session: TacticsSession, seen: dict[str, Any], lang: str) -> str | None:
    """The line a game a seat resigned ends its log with, numbered after the log's last (``seen``: the seat's
    view), as the browser's log ends: ``  41 P1 resigned``; None while no seat has resigned."""
    if session.resigned is None:
        return None
    last = max((e["seq"] for e in seen["log"] if isinstance(e.get("seq"), int)), default=0)
    return f"{last + 1:>4} " + t(lang, "P{seat} resigned", seat=session.resigned)


def over_line(session: TacticsSession, lang: str) -> str:
    """How the game ended, in ``lang``: the winners (a draw: "no winner", as Netrunner says it) and why (a
    resignation: who resigned)."""
    from toolkit.cli._lang import seat_label
    from toolkit.engine.logwords import word

    result = session.result()
    winners = t(lang, ", ").join(seat_label(w, lang) for w in result["winners"]) or t(lang, "no winner")  # (a draw)
    reason = str(result["reason"])
    if session.resigned is not None:
        said = t(lang, "P{seat} resigned", seat=session.resigned)
    else:
        said = word("reason", reason, lang) or reason
    return tn(lang, "game over after {n} round: {winners} ({reason})",
              "game over after {n} rounds: {winners} ({reason})", result["rounds"], n=result["rounds"],
              winners=winners, reason=said)  # fmt: skip


def _answered(session: TacticsSession, decision: Decision, seen: dict[str, Any], answer: str, said: list[str],
              others: dict[str, Any]) -> Option | str:  # fmt: skip
    """The option ``answer`` names: its number (a place in the list), its label, or its words as shown (``said``,
    in the terminal's language, or in the other: :func:`~toolkit.engine.decisions.named_options`, any case); else
    the line to write: words several options share ask for the number, and an answer that is none of them lists
    the options as the player sees them (their numbers and words, never the codes)."""
    from toolkit.cli._lang import LogNames

    lang = next(iter(others))  # (the terminal's: the first)
    if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
        return decision.options[int(answer) - 1]
    try:
        return decision.find(answer)
    except EngineError:
        pass
    words = [said]
    for other in ("en", "zh-Hans"):
        if other not in others:
            others[other] = LogNames(session.records, other)
        if other != lang:
            words.append(option_words(decision, seen, other, others[other]))
    named = named_options(answer, decision.options, words)
    if len(named) == 1:
        return named[0]
    if named:  # the same words for several options: their numbers tell them apart
        return tn(lang, "{answer} names {n} option: type its number", "{answer} names {n} options: type its number",
                  len(named), answer=repr(answer), n=len(named))  # fmt: skip
    listed = [f"{i}. {words}" for i, words in enumerate(said[:30], 1)]
    return t(lang, "decision {number} ({prompt}): {label} is not an option; options: {options}",
             number=session.own_number(decision), prompt=prompt_text(decision.prompt, others[lang]), label=repr(answer),
             options=t(lang, "; ").join(listed) + (" …" if len(said) > 30 else ""))  # fmt: skip


def play_terminal(session: TacticsSession, seat: int, lang: str, names: Any,
                  read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:  # fmt: skip
    """Play ``seat`` of ``session`` from the terminal until the game ends, the person resigns (confirmed) or the input
    ends (EOFError goes up); then the log's last lines, and the resignation's."""
    from toolkit.engine.netrunner.terminal import RESIGN, YES, confirmed, resign_words

    shown = 0  # log entries already written
    others: dict[str, Any] = {lang: names}  # the LogNames of both languages, for answers in words
    hinted = False
    while session.pending is not None:
        decision = session.pending
        seen = view(session.game, seat, decision)
        log = seen["log"]
        shown = min(shown, len(log))  # (after an undo the log is shorter: what is left was shown, as Netrunner's)
        for entry in log[shown:]:
            write(names.line(entry))
        shown = len(log)
        if decision.kind == "action":
            for line in map_lines(session, seen, lang, names):
                write(line)
            scores = mode_scores(session.game)
            write(hand_line(seen, lang, names, scores))
            for line in table_lines(seen, lang, names, scores):
                write(line)
        write(
            t(
                lang,
                "decision {number}: {prompt}",
                number=session.own_number(decision),  # (the seat's own decisions: never the others')
                prompt=prompt_text(decision.prompt, names),
            )
        )
        if not hinted:  # once a game, as Netrunner's: an answer may be the option's words too
            write(t(lang, "(answer with an option's number, its label or its words)"))
            write(t(lang, "(type u to undo your last decision, or {resign} to resign the game)",
                    resign=f"`{RESIGN}`"))  # fmt: skip
            hinted = True
        said = option_words(decision, seen, lang, names)
        for i, (option, words) in enumerate(zip(decision.options, said, strict=True), 1):
            write(f"  {i:>2}. {words}   [{option.label}]")
        # a number is always a place in the list, never a label (a label "2" is typed as its place)
        answer = read(t(lang, "your choice (the number of an option, its label, u to undo): ")).strip()
        if answer in ("u", "undo"):
            if session.undo(decision.seat):  # said, then the table and the question again: no old log line
                write(t(lang, "your last decision is undone"))
            else:
                write(t(lang, UNDO_REFUSALS.get(session.refused or "", UNDO_REFUSALS["nothing"])))  # (and why)
            continue
        if resign_words(answer):  # asked once more: anything but yes goes back to the decision
            sure = read(t(lang, "resign this game? the other side wins, and it cannot be undone ({yes} resigns, "
                                "anything else goes back): ", yes=YES)).strip()  # fmt: skip
            if confirmed(sure):
                session.resign(seat)
                break
            write(t(lang, "not resigned: the game goes on"))
            continue
        chosen = _answered(session, decision, seen, answer, said, others)
        if isinstance(chosen, str):
            write(chosen)
            continue
        try:
            session.apply(chosen.label)
        except EngineError as exc:
            write(str(exc))
    seen = view(session.game, seat, over=session.over)
    for entry in seen["log"][shown:]:
        write(names.line(entry))
    ending = resigned_line(session, seen, lang)
    if ending is not None:
        write(ending)
