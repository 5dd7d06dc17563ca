"""`dossier map …`: print a tactics map, draw it (and a game state) as SVG or PNG, measure on it, replay a game."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import LangOption
from toolkit.cli._options import OUTPUT_FILE, CardsOption, finite
from toolkit.cli.app import OutputFormat
from toolkit.errors import DossierError, os_reason
from toolkit.i18n import N_, tr, trn
from toolkit.paths import CARDS_DIR

if TYPE_CHECKING:
    from toolkit.board import Board

map_app = typer.Typer(help=N_("Show, draw and measure tactics maps; write a game's replay."), no_args_is_help=True)

MapArgument = Annotated[
    str,
    typer.Argument(
        help=N_("A map of the card pool (its id, or its name in either language), or the path of a map file (.json)."),
        show_default=False,
    ),
]
ForceOption = Annotated[
    bool,
    typer.Option(
        "--force",
        help=N_(
            "Replace the file there even when Dossier did not write it (a file of your own); a file Dossier wrote is "
            "replaced without it."
        ),
    ),
]
"""``--force`` of a command whose output replaces only a file Dossier wrote (:func:`toolkit.safewrite.replacing`)."""


class Facing(StrEnum):
    n = "n"
    e = "e"
    s = "s"
    w = "w"


class VisionExtra(StrEnum):
    side = "side"
    rear = "rear"


@dataclass
class LoadedMap:
    board: Board
    record: Any
    where: str  # the file it came from, for messages
    catalog: Any = None  # the card pool the map came from (None: a map file)


# --------------------------------------------------------------------------
# loading


def _located(path: Path, text: str, pointer: str) -> tuple[int, int]:
    from toolkit.jsonio import pointer_position, value_positions

    return pointer_position(value_positions(text), pointer)


def _read_json(path: Path, what: str) -> tuple[Any, str]:
    from toolkit.jsonio import JsonSyntaxError, loads_strict, read_source

    if not path.exists():
        raise DossierError(tr("{path}: no such file", path=path))
    if path.is_dir():
        raise DossierError(tr("{path}: is a directory, not {what}", path=path, what=tr(what)))
    source = read_source(path)
    if source.text is None:
        raise DossierError(tr("{path}: cannot read: {reason}", path=path, reason=source.error))
    try:
        return loads_strict(source.text), source.text
    except JsonSyntaxError as exc:
        where = f"{path}:{exc.line}:{exc.column}"
        raise DossierError(tr("{where}: invalid JSON: {problem}", where=where, problem=exc.message)) from None


def _row_problem(path: Path, text: str, rows: Any) -> str | None:
    """file:line:col of the first ragged row or unknown character, pointing into the row's string."""
    from toolkit.models.tactics import map_row_problems

    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        return None
    problems = map_row_problems(rows)
    if not problems:
        return None
    _, x, y, message = problems[0]
    line, column = _located(path, text, f"/rows/{y}")
    raw = text.splitlines()[line - 1] if line <= len(text.splitlines()) else ""
    if raw[column - 1 : column + len(rows[y])] == f'"{rows[y]}':  # written plainly: point at the character
        column += 1 + x
    return tr("{where}: invalid map: {problem}", where=f"{path}:{line}:{column}", problem=message)


def load_map_file(path: Path) -> LoadedMap:
    """A map record read from any file; bad JSON, a record that is not a map, or a malformed
    grid is one line ``file:line:col: …`` (exit 2)."""
    from pydantic import ValidationError

    from toolkit.board import Board, MapError
    from toolkit.jsonio import loc_pointer
    from toolkit.models import kind_adapter

    data, text = _read_json(path, N_("a map file"))
    if not isinstance(data, dict) or data.get("game") != "tactics" or data.get("kind") != "map":
        if isinstance(data, dict):

            def shown(key: str) -> str:
                return repr(data[key]) if data.get(key) is not None else tr("none")

            what = tr("game {game}, kind {kind}", game=shown("game"), kind=shown("kind"))
        else:
            what = tr("not a record")
        raise DossierError(
            tr("{where}: not a tactics map ({what}); a map has {keys}", where=f"{path}:1:1", what=what,
               keys='"game": "tactics", "kind": "map"')
        )  # fmt: skip
    try:
        record = kind_adapter("tactics", "map").validate_python(data)
    except ValidationError as exc:
        from toolkit.model_errors import model_error

        first = exc.errors()[0]
        pointer = loc_pointer(data, first["loc"])
        if pointer.startswith("/rows"):
            problem = _row_problem(path, text, data.get("rows"))
            if problem:
                raise DossierError(problem) from None
        line, column = _located(path, text, pointer)
        raise DossierError(
            tr("{where}: invalid map at {pointer}: {problem}", where=f"{path}:{line}:{column}",
               pointer=repr(pointer or "/"), problem=model_error(first))
        ) from None  # fmt: skip
    try:
        board = Board.from_record(record)
    except MapError as exc:
        line, column = _located(path, text, "/rows")
        raise DossierError(tr("{where}: invalid map: {problem}", where=f"{path}:{line}:{column}", problem=exc)) from None
    return LoadedMap(board, record, str(path))


def _is_path(spec: str) -> bool:
    return spec.lower().endswith(".json") or "/" in spec or "\\" in spec


def find_map(records: Iterable[Any], spec: str) -> Any | None:
    """The tactics map of ``records`` that ``spec`` names: its id, else its name in either language, folded as card
    names are (:func:`toolkit.names.fold`: any case, width, spacing or punctuation: ``hideout``, ``Hideout``,
    ``据点``, ``dockyard depot``). None when no map has that id or name; a name two maps share is a DossierError
    naming them (give the id). What ``dossier map`` and ``simulate --map`` take for a map."""
    from toolkit.names import fold, record_keys

    maps = [r for r in records if getattr(r, "game", None) == "tactics" and getattr(r, "kind", None) == "map"]
    for record in maps:
        if record.id == spec:
            return record
    key = fold(spec)
    found = [r for r in maps if key and key in record_keys(r)]
    if len(found) > 1:
        raise DossierError(
            tr("{map} names several maps: {maps}; give its id", map=repr(spec),
               maps=tr(", ").join(map_list(found)))
        )  # fmt: skip
    return found[0] if found else None


def map_list(records: Iterable[Any], lang: str | None = None) -> list[str]:
    """The tactics maps of ``records`` as a message lists them, by id: ``dockyard (Dockyard Depot)``, the name in
    ``lang`` (default: the current language)."""
    from toolkit.i18n import current_lang, name_of, t

    lang = lang or current_lang()
    maps = [r for r in records if getattr(r, "game", None) == "tactics" and getattr(r, "kind", None) == "map"]
    return [t(lang, "{map} ({name})", map=r.id, name=name_of(r, lang)) for r in sorted(maps, key=lambda r: r.id)]


def load_map(spec: str, cards: list[Path] | None) -> LoadedMap:
    """MAP as the user wrote it: a file path (``….json`` or anything with a slash), or a map of the pool by its id
    or its name in either language (:func:`find_map`)."""
    from toolkit.board import Board, MapError
    from toolkit.catalog import load_catalog
    from toolkit.config import card_pool, missing_pool
    from toolkit.models import namespace

    if _is_path(spec):
        return load_map_file(Path(spec))
    pool = card_pool(cards, default=[CARDS_DIR])
    catalog = load_catalog(pool.paths)
    maps = list(catalog.of_kind("tactics", "map"))
    record = find_map(maps, spec)
    if record is None:
        if not maps:
            raise DossierError(
                tr("unknown map {map}: the card pool ({pool}) has no maps; {hint}", map=repr(spec),
                   pool=pool.describe(), hint=missing_pool())
            )  # fmt: skip
        known = tr(", ").join(map_list(maps))
        raise DossierError(tr("unknown map {map}; known maps: {maps}", map=repr(spec), maps=known))
    where = str(catalog.files.get(("tactics", namespace("map"), record.id), record.id))
    try:
        board = Board.from_record(record)
    except MapError as exc:
        raise DossierError(tr("{where}: invalid map: {problem}", where=where, problem=exc)) from None
    return LoadedMap(board, record, where, catalog)


def _cell(board: Board, text: str, what: str) -> tuple[int, int]:
    from toolkit.board import parse_cell

    try:
        cell = parse_cell(text)
    except ValueError as exc:
        raise DossierError(tr("{field}: {problem}", field=what, problem=exc)) from None
    if not board.inside(cell):
        raise DossierError(
            tr(
                "{field}: cell {cell} is outside the map {map} (x 0..{x}, y 0..{y})",
                field=what,
                cell=f"{cell[0]},{cell[1]}",
                map=repr(board.map_id),
                x=board.width - 1,
                y=board.height - 1,
            )
        )
    return cell


def load_state(path: Path, board: Board) -> dict[str, Any]:
    """A game-state JSON file, checked against the board; a mismatch is ``file:line:col: …``; a file that is not a
    game state (a deck, a saved game: no ``units``) is one line saying so. What ``dossier simulate tactics
    --format json`` writes is taken too: the board at the game's end, under ``"board"``."""
    from toolkit.board.draw import StateError, validate_state

    data, text = _read_json(path, N_("a game state"))
    base = ""  # where the state is in the file (a pointer prefix)
    if isinstance(data, dict) and "units" not in data and isinstance(data.get("board"), dict):
        data, base = data["board"], "/board"  # (simulate's JSON: its log, the players, the final board, the result)
    if isinstance(data, dict) and "units" not in data:
        raise DossierError(
            tr("{where}: not a game state: it has no {key} list (the units on the map, as the engine writes it, or "
               "a {board} as {command} writes it)",
               where=f"{path}:1:1", key='"units"', board='"board"', command="`dossier simulate tactics --format json`")
        )  # fmt: skip
    try:
        validate_state(board, data)
    except StateError as exc:
        pointer = base + exc.pointer  # (the state's place in the file: the message's pointer too, not only its line)
        line, column = _located(path, text, pointer)
        where = f"{path}:{line}:{column}"
        if pointer:
            raise DossierError(tr("{where}: {field}: {problem}", where=where, field=pointer,
                                  problem=exc.problem)) from None  # fmt: skip
        raise DossierError(tr("{where}: {problem}", where=where, problem=exc.problem)) from None
    return dict(data)


# --------------------------------------------------------------------------
# show


def grid_text(board: Board) -> list[str]:
    """The current terrain in legend characters, column numbers above (tens on a line of their
    own once the map is wider than 10) and row numbers to the left."""
    rows = board.current_rows()
    label = len(str(board.height - 1))
    pad = " " * (label + 1)
    lines = []
    if board.width > 10:
        lines.append(pad + " ".join(str(x // 10) if x >= 10 else " " for x in range(board.width)).rstrip())
    lines.append(pad + " ".join(str(x % 10) for x in range(board.width)))
    for y, row in enumerate(rows):
        lines.append(f"{y:>{label}} " + " ".join(row))
    return lines


def _title(loaded: LoadedMap, lang: str = "zh-Hans") -> str:
    """``id: name, WxH, N-adjacency``: the name in ``lang``."""
    from toolkit.i18n import name_of, t

    record, board = loaded.record, loaded.board
    name = name_of(record, lang)
    return t(
        lang,
        "{id}: {name}, {width}x{height}, {adjacency}-adjacency",
        id=board.map_id,
        name=name,
        width=board.width,
        height=board.height,
        adjacency=board.adjacency,
    )


@map_app.command(
    "show", help=N_("Print the grid with its coordinates and legend, then the deployment zones and obstacle spots.")
)
def show(map: MapArgument, cards: CardsOption = None, lang: LangOption = None) -> None:
    """``dossier map show`` (its help is given to the decorator)."""
    from toolkit.cli._lang import output_lang
    from toolkit.i18n import t, tn

    language = output_lang(lang)
    loaded = load_map(map, cards)
    board = loaded.board
    print(_title(loaded, language))
    for line in grid_text(board):
        print(line)
    print(
        t(
            language,
            "legend: . floor  , outdoor  # wall  % broken wall  o pit  = stairs  * obstacle spot  1-6 deployment zone",
        )
    )
    if board.zones:
        for number, cells in sorted(board.zones.items()):
            listed = " ".join(f"{x},{y}" for x, y in cells)
            print(
                tn(
                    language,
                    "zone {zone}: {n} cell ({cells})",
                    "zone {zone}: {n} cells ({cells})",
                    len(cells),
                    zone=number,
                    cells=listed,
                )
            )
    else:
        print(t(language, "zones: none"))
    print(t(language, "obstacle spots: {n}", n=len(board.obstacle_spots)))
    _warn_of_zone_gaps(loaded, cards, language)


def _warn_of_zone_gaps(loaded: LoadedMap, cards: list[Path] | None, language: str) -> None:
    """A warning line (stderr) per mode the map names that deploys to zones the map lacks, in lint's words
    (:func:`validators.map_lint.zone_gaps`, its ``map.zone.missing``): the modes are the map's pool's (``--cards``,
    else the default one, for a map file); none when that pool cannot be read."""
    import sys

    from toolkit.errors import warning_line
    from toolkit.i18n import use_lang
    from validators.map_lint import zone_gaps
    from validators.wording import record_label

    catalog = _catalog(loaded, cards)
    if catalog is None:
        return
    modes = {r.id: r for r in catalog.of_kind("tactics", "mode")}
    with use_lang(language):
        label = record_label("tactics", "map", loaded.record.id)
        for _index, message in zone_gaps(label, loaded.record, loaded.board, modes.get):
            print(warning_line(tr("{where}: {problem}", where=loaded.where, problem=message)), file=sys.stderr)


# --------------------------------------------------------------------------
# render


@map_app.command(
    "render", help=N_("Draw the map, and the units, facings and vision bands of a game state when --state is given.")
)
def render(
    map: MapArgument,
    out: Annotated[
        Path, typer.Option("--out", "-o", help=N_("The image to write: .svg or .png (by the suffix)."), **OUTPUT_FILE)
    ],
    state: Annotated[
        Path | None,
        typer.Option(
            "--state",
            help=N_(
                "A game state (JSON, as the engine writes it, or `dossier simulate tactics --format json`'s: its "
                "final board) to draw on the map."
            ),
        ),
    ] = None,
    example: Annotated[
        bool,
        typer.Option(
            "--example",
            help=N_(
                "Draw a small example state instead: two agents a side that set out from zones 1 and 2 and walked "
                "towards each other (one hidden, two tapped), an obstacle and a broken wall."
            ),
        ),
    ] = False,
    scale: Annotated[
        float, typer.Option("--scale", callback=finite, min=0.25, max=8.0, help=N_("PNG pixels per SVG unit."))
    ] = 2.0,
    force: ForceOption = False,
    cards: CardsOption = None,
    lang: LangOption = None,
) -> None:
    """``dossier map render`` (its help is given to the decorator)."""
    from toolkit.board.draw import IMAGE_SUFFIXES, example_state, named_state, write_image
    from toolkit.cli._lang import output_lang
    from toolkit.i18n import name_of

    language = output_lang(lang)  # (made current: the drawing's words, tooltips and bands) and the units' names

    if out.is_dir():
        raise DossierError(tr("{option} {path}: is a directory", option="--out", path=out))
    if out.suffix.lower() not in IMAGE_SUFFIXES:
        if out.suffix:
            message = tr("{option} {path}: the image format follows the suffix: {first} or {second}, not {suffix}",
                         option="--out", path=out, first=".svg", second=".png", suffix=repr(out.suffix))  # fmt: skip
        else:
            message = tr("{option} {path}: the image format follows the suffix: {first} or {second}; this name has "
                         "no suffix", option="--out", path=out, first=".svg", second=".png")  # fmt: skip
        raise DossierError(message)
    _check_out_directory(out)
    if example and state is not None:
        raise DossierError(tr("{first} and {second}: give one of them", first="--example", second="--state"))
    loaded = load_map(map, cards)
    game = load_state(state, loaded.board) if state is not None else None
    if example:
        try:
            game = example_state(loaded.board)
        except ValueError as exc:
            raise DossierError(tr("{field}: {problem}", field="--example", problem=exc)) from None
    if game is not None:
        catalog = _catalog(loaded, cards)
        game = named_state(_zh_named(game, catalog), _unit_names(catalog, language))
    map_name = name_of(loaded.record, language) if loaded.record is not None else None
    try:
        write_image(out, loaded.board, game, scale, map_name, force=force)
    except ValueError as exc:
        raise DossierError(tr("{field}: {problem}", field=f"--scale {scale:g}", problem=exc)) from None
    except OSError as exc:
        raise DossierError(
            tr("{option} {path}: cannot write: {reason}", option="--out", path=out, reason=os_reason(exc))
        ) from None
    named = map_name or loaded.board.map_id  # its name in the output language, as `map show` says it
    if state:
        print(tr("{path}: map {map} with the state in {state}", path=out, map=named, state=state))
    elif example:
        print(tr("{path}: map {map} with an example state", path=out, map=named))
    else:
        print(tr("{path}: map {map}", path=out, map=named))


def _check_out_directory(out: Path) -> None:
    """``--out`` names a file in a directory that is there (before any work: the check of the file's name is the
    command's)."""
    if not out.parent.is_dir():
        raise DossierError(
            tr("{option} {path}: no such directory {directory}", option="--out", path=out,
               directory=repr(str(out.parent)))
        )  # fmt: skip


def _catalog(loaded: LoadedMap, cards: list[Path] | None) -> Any:
    """The card pool of the map (of ``--cards``, else the default one, for a map file); None when it cannot be
    read (the names are then drawn as the state has them)."""
    if loaded.catalog is not None:
        return loaded.catalog
    from toolkit.catalog import load_catalog
    from toolkit.config import card_pool

    try:
        return load_catalog(card_pool(cards, default=[CARDS_DIR]).paths)
    except DossierError:
        return None


def _zh_named(state: dict[str, Any], catalog: Any) -> dict[str, Any]:
    """``state`` with each unit whose record the pool holds named as the engine names it (the record's zh-Hans
    name, and the unit's number if its name had one): a state written in English (``simulate --format json``
    under ``--lang en``) is then drawn in any language."""
    if catalog is None:
        return state
    records = {r.id: r for r in catalog.records if r.game == "tactics"}
    units = []
    for unit in state.get("units") or []:
        record = records.get(unit.get("id")) if isinstance(unit, dict) else None
        if record is not None and isinstance(unit.get("name"), str):
            number = unit["name"].rpartition("#")[2] if "#" in unit["name"] else ""
            unit = {**unit, "name": record.name.zh_hans + (f"#{number}" if number.isdigit() else "")}
        units.append(unit)
    return {**state, "units": units} if "units" in state else state


def _zh_frames(frames: list[Any], catalog: Any) -> None:
    """``frames`` (checked by :func:`load_frames`) with their names as the engine writes them, in place: each
    frame's units as :func:`_zh_named` names them, and the names of the log and of the players' agents standing
    by that are a record's English name (``Anvil#12``, ``Mistblade``) put back in zh-Hans (a name two records
    share, and ability text, stay as they are)."""
    if catalog is None:
        return
    import re

    found: dict[str, set[str]] = {}
    for record in catalog.records:
        name = getattr(record, "name", None)
        chinese, english = getattr(name, "zh_hans", None), getattr(name, "en", None)
        if chinese and english and chinese != english:
            found.setdefault(english, set()).add(chinese)
    zh_of = {english: next(iter(chinese)) for english, chinese in found.items() if len(chinese) == 1}
    if not zh_of:
        return
    known = "|".join(map(re.escape, sorted(zh_of, key=len, reverse=True)))
    instances = re.compile(rf"(?<![\w])({known})#(\d+)")

    from toolkit.engine.phrase import Phrase, Term

    def zh(value: Any, key: str = "") -> Any:
        if isinstance(value, Phrase):  # (an engine's sentence, worded where it is shown: its names put back only)
            return Phrase(value.message, **{k: zh(v, str(k)) for k, v in value.fields.items()})
        if isinstance(value, Term):  # (a code of a vocabulary, worded where it is shown)
            return value
        if isinstance(value, str):
            if key in ("text", "condition", "declined", "ref"):  # ability text: the log's own words
                return value
            if value in zh_of:
                return zh_of[value]
            return instances.sub(lambda m: f"{zh_of[m.group(1)]}#{m.group(2)}", value) if "#" in value else value
        if isinstance(value, list):
            return [zh(v, key) for v in value]
        if isinstance(value, dict):
            return {k: zh(v, str(k)) for k, v in value.items()}
        return value

    for frame in frames:
        frame["state"] = _zh_named(frame["state"], catalog)
        events = frame.get("events")
        if isinstance(events, list):
            frame["events"] = [
                {k: v if k in ("seq", "event", "player", "visible") else zh(v, k) for k, v in event.items()}
                for event in events
            ]
        for player in frame.get("players") or []:
            if isinstance(player.get("standby"), list):
                player["standby"] = [zh(agent) for agent in player["standby"]]


def _unit_names(catalog: Any, lang: str) -> Any:
    """zh-Hans name (as the engine writes a unit's) -> the name in ``lang`` (the record's English name where it has
    one), from the card pool; the name as it is when there is no pool to ask."""
    from toolkit.cli._lang import LogNames
    from toolkit.i18n import DEFAULT_LANG

    if lang == DEFAULT_LANG or catalog is None:
        return str
    return LogNames(catalog.records, lang).name


# --------------------------------------------------------------------------
# measure


class _SignedCells(typer.core.TyperCommand):
    """A command whose cells may be negative (``-1,2``): such an argument is a cell, never read as an option (click
    reads any argument that starts with ``-`` as one, and ``-1`` is no option), so the cell's check says it is
    outside the map. Given one, the options (each with its value) go first and the arguments, in their order, after
    ``--``, as a user who knew click would have typed them; a mistyped option is still one (no such option)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        import re

        signed = re.compile(r"-\d")
        if "--" in args or not any(signed.match(arg) for arg in args):
            return list(super().parse_args(ctx, args))
        valued = {
            name
            for param in self.params
            if getattr(param, "param_type_name", "") == "option" and not getattr(param, "is_flag", False)
            and not getattr(param, "count", False)
            for name in (*param.opts, *param.secondary_opts)
        }  # fmt: skip
        options: list[str] = []
        arguments: list[str] = []
        rest = iter(args)
        for arg in rest:
            if arg.startswith("-") and len(arg) > 1 and not signed.match(arg):
                options.append(arg)
                value = next(rest, None) if arg in valued else None  # (--obstacle -1,2: its value, whatever it is)
                if value is not None:
                    options.append(value)
            else:
                arguments.append(arg)
        return list(super().parse_args(ctx, [*options, "--", *arguments]))


@map_app.command(
    "measure",
    cls=_SignedCells,
    help=help_text(
        N_("Distance (walls in the way), distance through walls, vision, line of sight and cover from FROM to TO."),
        N_(
            "In vision: TO is in FROM's vision bands for --facing (and --vision extras); line of sight: the line "
            "from FROM to TO is clear; cover: -2 when it crosses an obstacle more than 1 step from FROM, else 0, "
            "and none without a line of sight (null in JSON). A wall cell is allowed (its distance is null, the "
            "text says it is a wall). With --format json the keys are distance, through_wall, in_vision, in_sight "
            "and cover."
        ),
    ),
)
def measure(
    map: MapArgument,
    source: Annotated[str, typer.Argument(metavar="FROM", help=N_("The observer or attacker's cell, x,y."))],
    target: Annotated[str, typer.Argument(metavar="TO", help=N_("The target cell, x,y."))],
    facing: Annotated[Facing, typer.Option("--facing", help=N_("FROM's facing, for the vision bands."))] = Facing.n,
    vision: Annotated[
        list[VisionExtra] | None, typer.Option("--vision", help=N_("Extra vision bands of FROM: side, rear (repeatable)."))
    ] = None,
    obstacles: Annotated[
        list[str] | None, typer.Option("--obstacle", metavar="X,Y", help=N_("An obstacle's cell, for cover (repeatable)."))
    ] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help=N_("text or json."))] = OutputFormat.text,
    cards: CardsOption = None,
    lang: LangOption = None,
) -> None:
    """``dossier map measure`` (its help is given to the decorator)."""
    from toolkit.cli._lang import output_lang
    from toolkit.i18n import t, word

    language = output_lang(lang)
    loaded = load_map(map, cards)
    board = loaded.board
    a = _cell(board, source, "FROM")
    b = _cell(board, target, "TO")
    spots = [_cell(board, text, "--obstacle") for text in obstacles or []]
    for spot in spots:
        if board.is_wall(spot):  # (a scene obstacle stands on a cell a unit may stand on: never in a wall, T20)
            problem = tr("cell {cell} is an intact wall; no obstacle stands in one", cell=f"{spot[0]},{spot[1]}")
            raise DossierError(tr("{field}: {problem}", field="--obstacle", problem=problem))
    extras = set(vision or [])
    sight = board.line_of_sight(a, b)
    result: dict[str, Any] = {
        "distance": board.distance(a, b),
        "through_wall": board.through_wall(a, b),
        "in_vision": board.in_vision(
            a, facing.value, b, side=VisionExtra.side in extras, rear=VisionExtra.rear in extras
        ),
        "in_sight": sight,
        "cover": board.cover(a, b, spots) if sight else None,  # (cover is the line's: no line, no cover)
    }
    if format is OutputFormat.json:
        print(json.dumps(result))
        return
    bands = "+".join(word("band", band, language) for band in ["front", *sorted(e.value for e in extras)])
    distance = result["distance"]

    def yes(value: bool) -> str:
        return t(language, "yes") if value else t(language, "no")

    if distance is None:
        walls = [(field, cell) for field, cell in (("FROM", a), ("TO", b)) if board.is_wall(cell)]
        if len(walls) == 2:
            distance = t(language, "none ({first} {a} and {second} {b} are walls)", first="FROM",
                         a=f"{a[0]},{a[1]}", second="TO", b=f"{b[0]},{b[1]}")  # fmt: skip
        elif walls:
            field, cell = walls[0]
            distance = t(language, "none ({field} {cell} is a wall)", field=field, cell=f"{cell[0]},{cell[1]}")
        else:
            distance = t(language, "none (no path around the walls)")
    print(t(language, "distance: {value}", value=distance))
    print(t(language, "distance through walls: {value}", value=result["through_wall"]))
    print(
        t(
            language,
            "in vision: {value} (facing {facing}, {bands})",
            value=yes(result["in_vision"]),
            facing=word("facing", facing.value, language),
            bands=bands,
        )
    )
    print(t(language, "line of sight: {value}", value=yes(result["in_sight"])))
    if result["cover"] is not None:
        print(t(language, "cover: {value}", value=result["cover"]))


# --------------------------------------------------------------------------
# replay


SIMULATE_REPLAY = "`dossier simulate tactics … --replay FILE.html`"
"""The command that writes a tactics game's replay as it plays it, as the messages of ``map replay`` name it."""


def load_frames(path: Path, board: Board, catalog: Any = None) -> tuple[list[Any], str | None]:
    """Frames from a JSON file: a list of frames, or an object with "frames" (and an optional "title"); or a tactics
    game saved by ``dossier play tactics --save``, played again from its set-up and decisions (:func:`saved_frames`,
    with the records of ``catalog``). What ``simulate --format json`` writes (its log and final board: no frames, nor
    the decks to play the game again) is refused in one line that says how to get a replay."""
    from toolkit.board.draw import StateError
    from toolkit.board.replay import check_frames
    from toolkit.filekinds import saved_game_of

    data, text = _read_json(path, N_("a replay file"))
    title = None
    prefix = ""
    saved = saved_game_of(data)
    if saved == "tactics":
        return saved_frames(path, data, board, catalog), None
    if saved is not None:
        import shlex

        raise DossierError(
            tr("{where}: a saved Netrunner game; {command} draws a tactics game on its map ({replay} writes its "
               "replay)", where=f"{path}:1:1", command="`dossier map replay`",
               replay=f"`dossier play netrunner --load {shlex.quote(str(path))} --replay FILE.html`")
        )  # fmt: skip
    if isinstance(data, dict) and "frames" not in data and isinstance(data.get("board"), dict) and "log" in data:
        raise DossierError(
            tr("{where}: {command} writes a game's log and its final board, not the frames of a replay; the same "
               "decks and seed with {replay} write the game's replay (or save a game you play with {save}, and give "
               "that file)", where=f"{path}:1:1", command="`dossier simulate tactics --format json`",
               replay=SIMULATE_REPLAY, save="`dossier play tactics --save FILE.json`")
        )  # fmt: skip
    if isinstance(data, dict) and "frames" in data:
        title = data.get("title") if isinstance(data.get("title"), str) else None
        data, prefix = data["frames"], "/frames"
    if not isinstance(data, list):
        raise DossierError(
            tr("{where}: a replay file is a list of frames or an object with {key}, or a game saved by {save} "
               "({replay} writes a game's replay as it plays it)", where=f"{path}:1:1", key='"frames"',
               save="`dossier play tactics --save`", replay=SIMULATE_REPLAY)
        )  # fmt: skip
    try:
        check_frames(board, data)
    except StateError as exc:
        line, column = _located(path, text, prefix + exc.pointer)
        raise DossierError(tr("{where}: {field}: {problem}", where=f"{path}:{line}:{column}",
                              field=prefix + exc.pointer or "/", problem=exc.problem)) from None  # fmt: skip
    return data, title


def saved_frames(path: Path, data: Any, board: Board, catalog: Any) -> list[dict[str, Any]]:
    """The frames of a tactics game saved by ``dossier play tactics --save``: the game played again from its set-up
    and decisions with the records of ``catalog`` (a game is its seed and its decisions), a frame a step as
    ``simulate --replay`` makes them. A game that does not fit the pool (or whose cards changed since it was saved)
    is refused as ``play --load`` refuses it (exit 1); one on another map than ``board``'s, or not over yet, in one
    line (exit 2): its replay would show every unit, those hidden from its players too, of a game still to be
    played. A game a seat resigned ends as its log ended, the step under way and the resignation
    (:func:`replay_frames`)."""

    from toolkit.engine.core import EngineError
    from toolkit.engine.tactics.session import TacticsSession

    records = list(catalog.records) if catalog is not None else []

    def unfit(exc: EngineError) -> DossierError:
        return DossierError(tr("{path}: not a saved game this pool can replay: {reason}", path=path, reason=exc),
                            exit_code=1)  # fmt: skip

    from toolkit.filekinds import cards_changed_reason, go_on_command, saved_changed_cards

    changed = saved_changed_cards(records, data)  # (a game of other cards would be drawn as another game)
    if changed:
        raise DossierError(tr("{path}: {reason}", path=path, reason=cards_changed_reason(changed)), exit_code=1)
    try:
        saved = TacticsSession.from_json(records, data)  # (its labels as the game takes them now)
    except EngineError as exc:
        raise unfit(exc) from None
    if saved.pending is not None:
        raise DossierError(
            tr("{path}: the game is not over; its replay would show every unit, the hidden ones too: play it to its "
               "end with {command} first", path=path,
               command=go_on_command("tactics", path))
        )  # fmt: skip
    try:
        frames = replay_frames(saved)  # (the same game, a frame a step; resigned: it ends as its log ended)
    except EngineError as exc:
        raise unfit(exc) from None
    played = saved.game.board.map_id
    if played and board.map_id and played != board.map_id:
        raise DossierError(
            tr("{path}: the game was played on map {played}, not {map}", path=path, played=repr(played),
               map=repr(board.map_id))
        )  # fmt: skip
    return frames


def replay_frames(session: Any) -> list[dict[str, Any]]:
    """The replay frames of the tactics game ``session`` (a
    :class:`~toolkit.engine.tactics.session.TacticsSession` that is over: played to its end, or resigned), a frame
    a step as ``simulate --replay`` makes them: the game played again from its set-up and decisions (a game is its
    seed and its decisions); a game a seat resigned ends as its log ended (:func:`resigned_end`). An EngineError
    when the decisions no longer play the game."""
    from toolkit.engine.tactics.session import TacticsSession

    frames: list[dict[str, Any]] = []
    again = TacticsSession(session.records, session.setup, session.labels, frames=frames, resigned=session.resigned)
    resigned_end(frames, again)  # (the session that made the frames: the step under way as it labels it)
    return frames


def resigned_end(frames: list[dict[str, Any]], session: Any) -> None:
    """End the replay ``frames`` of a tactics game a seat resigned as its log ended. ``session``: a
    :class:`~toolkit.engine.tactics.session.TacticsSession` whose ``resigned`` is that seat, at the decision it
    resigned at; ``frames``: those of the game played again up to there (by ``session`` itself, given them, as
    :func:`replay_frames` makes them; or by another session given them, as the web's replay made them).

    The log's entries past the last frame's, those of the step under way when the seat resigned (an ability used
    and the unit tapped for it, an attack's dice and damage), are a last frame with the board as it was left,
    labelled as the step (when ``session`` made ``frames``; else by its turn, the step unknown); ``frames`` empty
    (resigned before a step was over: a mulligan) get that one frame of every entry. Then an entry numbered as the
    game's log numbers it (after its last entry: ``43 P1 resigned`` in the terminal's and the browser's log), the
    game over, won by the other side (:meth:`~toolkit.engine.tactics.session.TacticsSession.result`), its reason
    ``P1 resigned`` (worded where the log is shown). The frames are then merged down to what a replay page holds
    (:func:`toolkit.board.replay.fit_frames`), as those of a game played to its end. Nothing for a game no seat
    resigned."""
    from toolkit.board.replay import fit_frames
    from toolkit.engine.phrase import Phrase
    from toolkit.engine.simulate import TacticsFrames
    from toolkit.i18n import N_

    if session.resigned is None:
        return
    game = session.game
    log = game.log
    # the recorder of the session that made ``frames`` still listens to its game's log (the game waits at the
    # decision resigned at, inside the step): it ends that step as a finished one ends
    recorder = next((heard.__self__ for heard in log.listeners()
                     if isinstance(getattr(heard, "__self__", None), TacticsFrames)
                     and heard.__self__.frames is frames), None)  # fmt: skip
    if recorder is None:  # frames another session made: the entries after theirs, in a frame of the turn under way
        recorder = TacticsFrames(game, frames)
        seqs = [e.get("seq") for f in frames for e in f.get("events") or [] if isinstance(e, dict)]
        recorder.seen = min(len(log), max((n for n in seqs if isinstance(n, int)), default=0))
        step = frames[-1].get("step") if frames else None
        turn = tr("round {n} · {player}", n=game.round, player=tr("P{seat}", seat=game.active))
        if game.round and isinstance(step, list) and len(step) == 3 and all(isinstance(n, int) for n in step):
            same = (frames[-1].get("step_labels") or [None])[0] == turn
            recorder.turn, recorder.action = (step[0], step[1] + 1) if same else (step[0] + 1, 0)
            recorder.turn_label = recorder.label = turn
            recorder.first = len(frames)
    if recorder.seen < len(log) or not frames:
        recorder.close()
    result = session.result()
    entry = {"seq": len(log) + 1, "event": "game_over", "winners": list(result["winners"]),
             "reason": Phrase(N_("P{seat} resigned"), seat=session.resigned), "round": result["rounds"]}  # fmt: skip
    last = frames[-1]
    last["events"] = [*(last.get("events") or []), entry]
    frames[:] = fit_frames(frames)


@map_app.command(
    "replay",
    help=N_("Write a self-contained HTML replay: the map per step, the step's log beside it, arrows to move."),
)
def replay(
    map: MapArgument,
    frames: Annotated[
        Path,
        typer.Argument(
            help=N_(
                'A JSON file: a list of frames {"state": …, "events": […], "label": "…"} '
                '(or {"title": …, "frames": […]}), or a tactics game saved by `dossier play tactics --save` (played '
                "again; it must be over)."
            ),
            show_default=False,
        ),
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help=N_("The HTML page to write."), **OUTPUT_FILE)],
    title: Annotated[
        str | None, typer.Option("--title", help=N_("The page title (default: the file's or the map's)."))
    ] = None,
    force: ForceOption = False,
    cards: CardsOption = None,
    lang: LangOption = None,
) -> None:
    """``dossier map replay`` (its help is given to the decorator)."""
    from toolkit.board.replay import name_frames, write_replay
    from toolkit.cli._lang import LogNames, output_lang
    from toolkit.i18n import name_of, tc

    language = output_lang(lang)  # (its messages, and the page's words and the units' names)

    if out.is_dir():
        raise DossierError(tr("{option} {path}: is a directory", option="--out", path=out))
    from toolkit.cli.simulate import check_replay_name

    check_replay_name(out, "--out")  # (as simulate --replay checks its name)
    _check_out_directory(out)
    loaded = load_map(map, cards)
    catalog = _catalog(loaded, cards)
    data, file_title = load_frames(frames, loaded.board, catalog)
    names = LogNames(catalog.records if catalog is not None else [], language)
    _zh_frames(data, catalog)  # (a log or a state written in English: named as the engine names them)
    name_frames(data, names.name)  # then in the output language, and the log in words: as `simulate --replay`
    map_name = name_of(loaded.record, language)
    heading = title or file_title or tc(language, "replay", "{map} replay", map=map_name)
    try:
        write_replay(
            out, loaded.board, data, heading, line=lambda e: names.line(dict(e)), map_name=map_name, force=force
        )
    except OSError as exc:
        raise DossierError(
            tr("{option} {path}: cannot write: {reason}", option="--out", path=out, reason=os_reason(exc))
        ) from None
    print(
        trn("{path}: {n} frame of map {map}", "{path}: {n} frames of map {map}", len(data), path=out, map=map_name)
    )  # fmt: skip


def register(app: typer.Typer) -> None:
    app.add_typer(map_app, name="map")
