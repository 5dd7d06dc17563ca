"""`dossier map …`: print a tactics map, draw it (and a game state) as SVG or PNG, measure on it, replay a game."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from toolkit.cli._lang import LangOption
from toolkit.cli._options import OUTPUT_FILE, finite
from toolkit.cli.app import OutputFormat
from toolkit.errors import DossierError
from toolkit.paths import CARDS_DIR

if TYPE_CHECKING:
    from toolkit.board import Board

map_app = typer.Typer(help="Show, draw and measure tactics maps; write a game's replay.", no_args_is_help=True)

MapArgument = Annotated[
    str, typer.Argument(help="A map id from the card pool, or the path of a map file (.json).", show_default=False)
]
CardsOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--cards",
        help="Card pool directory (repeatable). Default: $DOSSIER_CARDS, else cards = [...] in dossier.toml "
        "or the user config, else the bundled cards/.",
    ),
]


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


# --------------------------------------------------------------------------
# loading


def _located(path: Path, text: str, pointer: str) -> tuple[int, int]:
    from toolkit.jsonio import pointer_position, value_positions

    return pointer_position(value_positions(text), pointer)


def _read_json(path: Path, what: str) -> tuple[Any, str]:
    from toolkit.jsonio import JsonSyntaxError, loads_strict, read_source

    if not path.exists():
        raise DossierError(f"{path}: no such file")
    if path.is_dir():
        raise DossierError(f"{path}: is a directory, not a {what}")
    source = read_source(path)
    if source.text is None:
        raise DossierError(f"{path}: cannot read: {source.error}")
    try:
        return loads_strict(source.text), source.text
    except JsonSyntaxError as exc:
        raise DossierError(f"{path}:{exc.line}:{exc.column}: invalid JSON: {exc.message}") from None


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
    return f"{path}:{line}:{column}: invalid map: {message}"


def load_map_file(path: Path) -> LoadedMap:
    """A map record read from any file; bad JSON, a record that is not a map, or a malformed
    grid is one line ``file:line:col: …`` (exit 2)."""
    from pydantic import ValidationError

    from toolkit.board import Board, MapError
    from toolkit.jsonio import loc_pointer
    from toolkit.models import kind_adapter

    data, text = _read_json(path, "map file")
    if not isinstance(data, dict) or data.get("game") != "tactics" or data.get("kind") != "map":
        what = f"a {data.get('game')} {data.get('kind')} record" if isinstance(data, dict) else "not a record"
        raise DossierError(f'{path}:1:1: not a tactics map ({what}); a map has "game": "tactics", "kind": "map"')
    try:
        record = kind_adapter("tactics", "map").validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        pointer = loc_pointer(data, first["loc"])
        if pointer.startswith("/rows"):
            problem = _row_problem(path, text, data.get("rows"))
            if problem:
                raise DossierError(problem) from None
        line, column = _located(path, text, pointer)
        message = first["msg"].removeprefix("Value error, ")
        raise DossierError(f"{path}:{line}:{column}: invalid map at {pointer or '/'!r}: {message}") from None
    try:
        board = Board.from_record(record)
    except MapError as exc:
        line, column = _located(path, text, "/rows")
        raise DossierError(f"{path}:{line}:{column}: invalid map: {exc}") from None
    return LoadedMap(board, record, str(path))


def _is_path(spec: str) -> bool:
    return spec.lower().endswith(".json") or "/" in spec or "\\" in spec


def load_map(spec: str, cards: list[Path] | None) -> LoadedMap:
    """MAP as the user wrote it: a file path (``….json`` or anything with a slash) or a map id in the pool."""
    from toolkit.board import Board, MapError
    from toolkit.catalog import load_catalog
    from toolkit.config import MISSING_POOL, card_pool
    from toolkit.models import namespace

    if _is_path(spec):
        return load_map_file(Path(spec))
    pool = card_pool(cards, default=[CARDS_DIR])
    catalog = load_catalog(pool.paths)
    maps = {record.id: record for record in catalog.of_kind("tactics", "map")}
    record = maps.get(spec)
    if record is None:
        if not maps:
            raise DossierError(f"unknown map {spec!r}: the card pool ({pool.describe()}) has no maps; {MISSING_POOL}")
        raise DossierError(f"unknown map {spec!r}; known maps: {', '.join(sorted(maps))}")
    where = str(catalog.files.get(("tactics", namespace("map"), spec), spec))
    try:
        board = Board.from_record(record)
    except MapError as exc:
        raise DossierError(f"{where}: invalid map: {exc}") from None
    return LoadedMap(board, record, where)


def _cell(board: Board, text: str, what: str) -> tuple[int, int]:
    from toolkit.board import parse_cell

    try:
        cell = parse_cell(text)
    except ValueError as exc:
        raise DossierError(f"{what}: {exc}") from None
    if not board.inside(cell):
        raise DossierError(
            f"{what}: cell {cell[0]},{cell[1]} is outside the map {board.map_id!r} "
            f"(x 0..{board.width - 1}, y 0..{board.height - 1})"
        )
    return cell


def load_state(path: Path, board: Board) -> dict[str, Any]:
    """A game-state JSON file, checked against the board; a mismatch is ``file:line:col: …``."""
    from toolkit.board.draw import StateError, validate_state

    data, text = _read_json(path, "game state")
    try:
        validate_state(board, data)
    except StateError as exc:
        line, column = _located(path, text, exc.pointer)
        raise DossierError(f"{path}:{line}:{column}: {exc.message}") from None
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


@map_app.command("show")
def show(map: MapArgument, cards: CardsOption = None, lang: LangOption = None) -> None:
    """Print the grid with its coordinates and legend, then the deployment zones and obstacle spots."""
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


# --------------------------------------------------------------------------
# render


@map_app.command("render")
def render(
    map: MapArgument,
    out: Annotated[
        Path, typer.Option("--out", "-o", help="The image to write: .svg or .png (by the suffix).", **OUTPUT_FILE)
    ],
    state: Annotated[
        Path | None, typer.Option("--state", help="A game state (JSON, as the engine writes it) to draw on the map.")
    ] = None,
    example: Annotated[
        bool,
        typer.Option(
            "--example", help="Draw a small example state instead: two agents a side in zones 1 and 2, an obstacle."
        ),
    ] = False,
    scale: Annotated[
        float, typer.Option("--scale", callback=finite, min=0.25, max=8.0, help="PNG pixels per SVG unit.")
    ] = 2.0,
    cards: CardsOption = None,
) -> None:
    """Draw the map, and the units, facings and vision bands of a game state when --state is given."""
    from toolkit.board.draw import IMAGE_SUFFIXES, example_state, write_image

    if out.suffix.lower() not in IMAGE_SUFFIXES:
        raise DossierError(f"--out {out}: the image format follows the suffix: .svg or .png, not {out.suffix!r}")
    if not out.parent.is_dir():
        raise DossierError(f"--out {out}: no such directory {str(out.parent)!r}")
    if example and state is not None:
        raise DossierError("--example and --state: give one of them")
    loaded = load_map(map, cards)
    game = load_state(state, loaded.board) if state is not None else None
    if example:
        try:
            game = example_state(loaded.board)
        except ValueError as exc:
            raise DossierError(f"--example: {exc}") from None
    try:
        write_image(out, loaded.board, game, scale)
    except ValueError as exc:
        raise DossierError(f"--scale {scale:g}: {exc}") from None
    except OSError as exc:
        raise DossierError(f"--out {out}: cannot write: {exc.strerror or exc}") from None
    drawn = f" with the state in {state}" if state else " with an example state" if example else ""
    print(f"{out}: map {loaded.board.map_id}{drawn}")


# --------------------------------------------------------------------------
# measure


@map_app.command("measure")
def measure(
    map: MapArgument,
    source: Annotated[str, typer.Argument(metavar="FROM", help="The observer or attacker's cell, x,y.")],
    target: Annotated[str, typer.Argument(metavar="TO", help="The target cell, x,y.")],
    facing: Annotated[Facing, typer.Option("--facing", help="FROM's facing, for the vision bands.")] = Facing.n,
    vision: Annotated[
        list[VisionExtra] | None, typer.Option("--vision", help="Extra vision bands of FROM: side, rear (repeatable).")
    ] = None,
    obstacles: Annotated[
        list[str] | None, typer.Option("--obstacle", metavar="X,Y", help="An obstacle's cell, for cover (repeatable).")
    ] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="text or json.")] = OutputFormat.text,
    cards: CardsOption = None,
    lang: LangOption = None,
) -> None:
    """Distance (walls in the way), 穿墙 distance, vision, line of sight and cover from FROM to TO.

    in_vision: TO is in FROM's vision bands for --facing (and --vision extras);
    in_sight: the line of sight is clear; cover: -2 when it crosses an obstacle
    more than 1 step from FROM, else 0. A wall cell is allowed (its distance is null).
    """
    from toolkit.cli._lang import output_lang
    from toolkit.i18n import t, word

    language = output_lang(lang)
    loaded = load_map(map, cards)
    board = loaded.board
    a = _cell(board, source, "FROM")
    b = _cell(board, target, "TO")
    spots = [_cell(board, text, "--obstacle") for text in obstacles or []]
    extras = set(vision or [])
    result: dict[str, Any] = {
        "distance": board.distance(a, b),
        "through_wall": board.through_wall(a, b),
        "in_vision": board.in_vision(
            a, facing.value, b, side=VisionExtra.side in extras, rear=VisionExtra.rear in extras
        ),
        "in_sight": board.line_of_sight(a, b),
        "cover": board.cover(a, b, spots),
    }
    if format is OutputFormat.json:
        print(json.dumps(result))
        return
    bands = "+".join(word("band", band, language) for band in ["front", *sorted(e.value for e in extras)])
    distance = result["distance"]

    def yes(value: bool) -> str:
        return t(language, "yes") if value else t(language, "no")

    print(
        t(
            language,
            "distance: {value}",
            value=distance if distance is not None else t(language, "none (no path around the walls)"),
        )
    )
    print(t(language, "through_wall: {value}", value=result["through_wall"]))
    print(
        t(
            language,
            "in_vision: {value} (facing {facing}, {bands})",
            value=yes(result["in_vision"]),
            facing=word("facing", facing.value, language),
            bands=bands,
        )
    )
    print(t(language, "in_sight: {value}", value=yes(result["in_sight"])))
    print(t(language, "cover: {value}", value=result["cover"]))


# --------------------------------------------------------------------------
# replay


def load_frames(path: Path, board: Board) -> tuple[list[Any], str | None]:
    """Frames from a JSON file: a list of frames, or an object with "frames" (and an optional "title")."""
    from toolkit.board.draw import StateError
    from toolkit.board.replay import check_frames

    data, text = _read_json(path, "replay file")
    title = None
    prefix = ""
    if isinstance(data, dict) and "frames" in data:
        title = data.get("title") if isinstance(data.get("title"), str) else None
        data, prefix = data["frames"], "/frames"
    if not isinstance(data, list):
        raise DossierError(f'{path}:1:1: a replay file is a list of frames or an object with "frames"')
    try:
        check_frames(board, data)
    except StateError as exc:
        line, column = _located(path, text, prefix + exc.pointer)
        message = exc.message.removeprefix(exc.pointer + ": ") if exc.pointer else exc.message
        raise DossierError(f"{path}:{line}:{column}: {prefix + exc.pointer or '/'}: {message}") from None
    return data, title


@map_app.command("replay")
def replay(
    map: MapArgument,
    frames: Annotated[
        Path,
        typer.Argument(
            help='A JSON file: a list of frames {"state": …, "events": […], "label": "…"} '
            '(or {"title": …, "frames": […]}).',
            show_default=False,
        ),
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="The HTML page to write.", **OUTPUT_FILE)],
    title: Annotated[
        str | None, typer.Option("--title", help="The page title (default: the file's or the map's).")
    ] = None,
    cards: CardsOption = None,
) -> None:
    """Write a self-contained HTML replay: the map per step, the step's log beside it, arrows to move."""
    from toolkit.board.replay import write_replay

    if out.suffix.lower() not in (".html", ".htm"):
        raise DossierError(f"--out {out}: a replay is an .html file, not {out.suffix or 'no suffix'!r}")
    if not out.parent.is_dir():
        raise DossierError(f"--out {out}: no such directory {str(out.parent)!r}")
    loaded = load_map(map, cards)
    data, file_title = load_frames(frames, loaded.board)
    heading = title or file_title or f"{loaded.board.map_id} replay"
    try:
        write_replay(out, loaded.board, data, heading)
    except OSError as exc:
        raise DossierError(f"--out {out}: cannot write: {exc.strerror or exc}") from None
    print(f"{out}: {len(data)} frame{'s' if len(data) != 1 else ''} of map {loaded.board.map_id}")


def register(app: typer.Typer) -> None:
    app.add_typer(map_app, name="map")
