"""`dossier scenario run FILE`: lay out a Netrunner position, take its decisions, print the log and the state."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.cli._lang import LangOption
from toolkit.cli._options import CARDS_HELP
from toolkit.cli.app import OutputFormat
from toolkit.errors import DossierError, and_more
from toolkit.i18n.words import N_

scenario_app = typer.Typer(
    help=N_("Netrunner positions and the decisions taken from them (schema/scenario.schema.json)."), no_args_is_help=True
)


def read_scenario(path: Path, cards: list[Path] | None = None) -> tuple[Any, str]:
    """The scenario in ``path`` and the file's text; bad JSON or a field the schema refuses is one line naming the
    file and place, a saved game one line naming the command for it (its cards those of ``cards``)."""
    from pydantic import ValidationError

    from toolkit.cli._options import read_json_input
    from toolkit.jsonio import loc_pointer, pointer_position, value_positions
    from toolkit.models.scenario import Scenario

    data, text = read_json_input(path)
    if _tactics_position(data):  # (the schema would ask for 'netrunner', and more fields: not what is wrong)
        from toolkit.i18n import tr

        line, column = pointer_position(value_positions(text), "/game")
        raise DossierError(tr("{where}: tactics positions are not scenarios yet (scenarios are Netrunner's)",
                              where=f"{path}:{line}:{column}"))  # fmt: skip
    _other_file(path, data, cards)
    try:
        return Scenario.model_validate(data), text
    except ValidationError as exc:
        from toolkit.i18n import tr
        from toolkit.model_errors import model_error

        err = exc.errors()[0]
        where = loc_pointer(data, err["loc"])
        line, column = pointer_position(value_positions(text), where)
        message = tr("{where}: {field}: {problem}", where=f"{path}:{line}:{column}", field=where or "/",
                     problem=model_error(err))  # fmt: skip
        if exc.error_count() > 1:
            message = and_more(message, exc.error_count() - 1)
        raise DossierError(message, exit_code=1) from None


def _other_file(path: Path, data: Any, cards: list[Path] | None = None) -> None:
    """A saved game given as a scenario (:func:`toolkit.filekinds.saved_game_of`): one line saying what it is and the
    command that goes on with it, or that writes its replay once it is over (exit 1,
    :func:`toolkit.cli.play.saved_game_command`, its cards those of ``cards``), instead of the schema's refusal of
    its fields."""
    from toolkit.filekinds import NOT_RECORDS, saved_game_of
    from toolkit.i18n import tr

    game = saved_game_of(data)
    if game is not None:
        from toolkit.cli.play import other_game_error, saved_game_command

        raise other_game_error(path, tr(NOT_RECORDS[f"{game}_game"]), *saved_game_command(path, data, game, cards))


def _tactics_position(data: Any) -> bool:
    """Whether ``data`` is a tactics position written as a scenario (``"game": "tactics"``): not a tactics deck (its
    cards), saved game or record, which the schema's error names as what they are not."""
    from toolkit.filekinds import saved_game_of

    if not isinstance(data, dict) or data.get("game") != "tactics":
        return False
    return "kind" not in data and "cards" not in data and saved_game_of(data) is None


@scenario_app.command(
    "run",
    help=N_(
        "Set up the position, take the decisions in order, print the log, the final state, the decision the game "
        "waits for next (with its options) and the `expect` checks. Exit 1 when a check fails or a decision is "
        "not an option."
    ),
)
def run(
    file: Annotated[Path, typer.Argument(help=N_("A scenario file (JSON, schema/scenario.schema.json)."))],
    cards: Annotated[
        list[Path] | None,
        typer.Option("--cards", help=CARDS_HELP, show_default=False),
    ] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help=N_("text or json."))] = OutputFormat.text,
    lang: LangOption = None,
) -> None:
    """``dossier scenario run`` (its help is given to the decorator)."""
    from toolkit.cli._lang import LogNames, output_lang
    from toolkit.cli.deck import load_pool
    from toolkit.engine.core import EngineError
    from toolkit.engine.netrunner.scenario import ScenarioError, run_scenario
    from toolkit.models.scenario import in_lang

    language = output_lang(lang)  # a bad --lang is a usage error, said before any file is read (as `deck validate`)
    scenario, text = read_scenario(file, cards)
    pool = load_pool(cards)
    names = LogNames(pool.records, language)
    try:
        result = run_scenario(pool.records, scenario)
    except EngineError as exc:
        from toolkit.i18n import tr

        where = str(file)
        if isinstance(exc, ScenarioError):  # a place in the file: its line and column, as a schema error gives them
            from toolkit.jsonio import pointer_position, value_positions

            line, column = pointer_position(value_positions(text, [exc.pointer]), exc.pointer)
            where = f"{file}:{line}:{column}"
        # the cards the engine names (守望者单元#4) in the output language, as in the log
        raise DossierError(tr("{path}: {problem}", path=where, problem=names.name(str(exc))), exit_code=1) from None
    if format == "json":
        from toolkit.jsonstream import Stream, write_json

        # the log grows with the scenario's decisions: its events are worded and written one at a time
        log = Stream(names.event(_named(e.to_json(), language)) for e in result.game.log)
        out = result.to_json()
        if result.pending is not None:
            out["pending"] = _pending_json(result.pending, names, result.game)
        write_json({"scenario": in_lang(scenario.name, language), "log": log, **out})
    else:
        _print_text(scenario, result, (_named(e.to_json(), language) for e in result.game.log), names)
    if not result.passed:
        raise typer.Exit(1)


def _print_text(scenario: Any, result: Any, log: Iterable[dict[str, Any]], names: Any) -> None:
    """The log, the state, the decision waited for and the checks, in the language of ``names`` (a LogNames)."""
    from toolkit.cli.simulate import print_sides

    lang = names.lang
    from toolkit.engine.netrunner.screen import icon_words
    from toolkit.engine.phrase import Phrase, Term
    from toolkit.i18n import t, word
    from toolkit.models.scenario import in_lang
    from toolkit.textwidth import pad

    sides = {1: "corp", 2: "runner"}

    def say(line: str) -> None:  # the game's symbols in words (`5 credits`, never `5[credit]`): the JSON keeps them
        print(icon_words(line, lang))

    def side(seat: int) -> str:
        return word("side", sides.get(seat, ""), lang)

    print(f"# {in_lang(scenario.name, lang)}")
    rule = in_lang(scenario.rule, lang)
    if rule:
        print(f"# {rule}")
    for event in log:
        say(names.line(event, side))
    print_sides(result.game.state(), lang, names)
    print(t(lang, "decisions taken: {n}", n=result.taken))
    pending = result.pending
    if pending is not None:
        prompt = names.say("prompt", pending.prompt)
        kind = names.term("decision", pending.kind) or pending.kind
        say(t(lang, "waiting for the {side} ({kind}): {prompt}", side=side(pending.seat), kind=kind, prompt=prompt))
        for option in pending.options:
            worded = option.text != option.label or isinstance(option.text, Phrase | Term)
            say(f"  {option.label}" + (f"  — {names.say('option', option.text)}" if worded else ""))
        numbers = _runner_numbers(result.game, pending)
        if numbers:
            pairs = ", ".join(t(lang, "#{handle} is #{uid}", handle=h, uid=u) for h, u in numbers.items())
            print(t(lang, "(the runner knows some corp cards by numbers of its own, as the options above name them; in "
                          "the log: {pairs})", pairs=pairs))  # fmt: skip
    for check in result.checks:
        mark = pad(t(lang, "ok") if check["ok"] else t(lang, "FAIL"), 4)
        got = t(lang, "(absent)") if check.get("absent") else _shown(check["got"])
        want = _shown(check["want"])
        if check["ok"]:
            print(t(lang, "{mark} {path} = {value}", mark=mark, path=check["path"], value=got))
        else:
            print(
                t(
                    lang,
                    "{mark} {path} = {value} (expected {expected})",
                    mark=mark,
                    path=check["path"],
                    value=got,
                    expected=want,
                )
            )


def _named(entry: dict[str, Any], lang: str) -> dict[str, Any]:
    """A log entry, the scenario's name in it (logged in both languages when the file gives both) in ``lang``."""
    name = entry.get("name")
    if entry.get("event") != "scenario" or not isinstance(name, dict):
        return entry
    from toolkit.models.scenario import ScenarioText

    return {**entry, "name": ScenarioText.model_validate(name).get(lang)}


def _pending_json(pending: Any, names: Any, game: Any) -> dict[str, Any]:
    """The decision the game waits for as JSON, its prompt and its options' texts in the language of ``names``
    (as the text output words them); the labels, the kind and the numbers stay codes."""
    out: dict[str, Any] = pending.to_json()
    out["prompt"] = names.say("prompt", pending.prompt)
    out["options"] = [{"label": o.label, "text": names.say("option", o.text) if o.text != o.label else o.text}
                      for o in pending.options]  # fmt: skip
    numbers = _runner_numbers(game, pending)
    if numbers:
        out["log_numbers"] = {str(h): u for h, u in numbers.items()}
    return out


def _runner_numbers(game: Any, pending: Any) -> dict[int, int]:
    """A side's own numbers for the other side's cards (the runner's for corp cards gone face down or come out of HQ
    or R&D, :meth:`~toolkit.engine.netrunner.game.NetrunnerGame.hide`; the corp's for runner cards come out of the
    grip or the stack) that the decision it waits for names, each with the card's number in the full log the
    scenario prints."""
    handles = game.handles if pending.seat == 2 else getattr(game, "corp_handles", {})
    log_number = {handle: uid for uid, handle in handles.items() if uid != handle}
    said = " ".join([str(pending.prompt), *(f"{o.label} {o.text}" for o in pending.options)])
    return {h: log_number[h] for h in sorted({int(n) for n in re.findall(r"#(\d+)", said)}) if h in log_number}


def _shown(value: Any) -> str:
    """A checked value as JSON writes it (``true``, ``4``, ``"hq"``)."""
    return json.dumps(value, ensure_ascii=False)


def register(app: typer.Typer) -> None:
    app.add_typer(scenario_app, name="scenario")
