"""``dossier crossfire``: deal, resolve tables, score rounds, simulate (seed 003, RULINGS C1-C10)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from toolkit.cli.app import OutputFormat
from toolkit.errors import DossierError

if TYPE_CHECKING:
    from toolkit.engine.crossfire import Crossfire

crossfire_app = typer.Typer(
    name="crossfire",
    help="Crossfire / 谍战特工: the deal, table resolution, multi-round scoring and simulation.",
    no_args_is_help=True,
)


FormatOption = Annotated[OutputFormat, typer.Option("--format", "-f", help="text or json.")]
CardsOption = Annotated[
    Path | None,
    typer.Option(
        "--cards",
        help="Crossfire data directory. Default: $DOSSIER_CARDS, else cards = [...] in dossier.toml or the "
        "user config, else the bundled cards.",
    ),
]
ModeOption = Annotated[str, typer.Option("--mode", help="crossfire or sniper.")]
SpecialOption = Annotated[
    list[str] | None, typer.Option("--special", help="A special role to add (repeatable), e.g. bodyguard.")
]


def register(app: typer.Typer) -> None:
    app.add_typer(crossfire_app, name="crossfire")


def _game(cards: Path | None) -> Crossfire:
    from toolkit.catalog import load_catalog
    from toolkit.config import MISSING_POOL, card_pool
    from toolkit.engine.crossfire import Crossfire
    from toolkit.paths import CARDS_DIR

    pool = card_pool([cards] if cards is not None else None, default=[CARDS_DIR / "crossfire"])
    for root in pool.paths:
        if not root.exists():
            raise DossierError(f"{root}: no such directory")
    records = load_catalog(pool.paths).records
    if not any(getattr(r, "game", None) == "crossfire" for r in records):
        raise DossierError(f"the card pool ({pool.describe()}) has no crossfire roles; {MISSING_POOL}")
    return Crossfire.from_records(records)


def _read_table(path: Path) -> Any:
    from toolkit.jsonio import JsonSyntaxError, loads_strict, read_source

    source = read_source(path)
    if source.text is None:
        raise DossierError(f"{path}: cannot read: {source.error}", exit_code=2 if source.io_error else 1)
    try:
        return loads_strict(source.text)
    except JsonSyntaxError as exc:
        raise DossierError(f"{path}:{exc.line}:{exc.column}: invalid JSON: {exc.message}", exit_code=1) from None


def _dump(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


@crossfire_app.command()
def deal(
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")],
    seed: Annotated[int, typer.Option("--seed", help="Seed of the shuffles; same seed, same deal.")] = 0,
    mode: ModeOption = "crossfire",
    special: SpecialOption = None,
    dealer: Annotated[int, typer.Option("--dealer", help="Seat of the dealer.")] = 1,
    sniper: Annotated[int | None, typer.Option("--sniper", help="Seat of the Sniper (sniper mode).")] = None,
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Deal roles as seed 003 says, with RULINGS C1 (every third player shuffles with both neighbours)."""
    game = _game(cards)
    result = game.deal(
        mode, players, special or [], seed=seed, dealer=dealer, public_seats={"sniper": sniper} if sniper else None
    )
    if format is OutputFormat.json:
        _dump(result.to_json())
        return
    setup = ", ".join(f"{game.roles[r].name} {r} x{n}" for r, n in result.setup.items())
    print(f"{result.mode} mode, {players} players, seed {seed}, dealer seat {dealer}")
    print(f"set-up: {setup}")
    for seat, role in result.public.items():
        print(f"seat {seat} is the public {role} (not dealt)")
    for by, trio in result.shuffles:
        print(f"seat {by} shuffles the cards of seats {', '.join(map(str, trio))}")
    print(f"{'seat':>4}  {'role':<12} seen")
    for seat, role in result.roles.items():
        print(f"{seat:>4}  {role:<12} {', '.join(result.seen[seat])}")


@crossfire_app.command()
def resolve(
    file: Annotated[Path, typer.Argument(help="A table: {mode, players: [{seat, role, aim}], marks, options}.")],
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Resolve a table by the script of seed 003 (RULINGS C2-C9): winning team, who was shot, who won."""
    game = _game(cards)
    table = game.table(_read_table(file), str(file))
    outcome = game.resolve(table)
    if format is OutputFormat.json:
        _dump(outcome.to_json())
        return
    print(f"team: {outcome.team}")
    print(f"shot: {', '.join(map(str, outcome.shot)) or '-'}")
    print(f"winners: {', '.join(map(str, outcome.winners)) or '-'}")
    winners = set(outcome.winners)
    for seat, role in zip(table.seats, table.roles, strict=True):
        by = outcome.hit_by.get(seat)
        hit = f"hit by {', '.join(map(str, by))}" if by else "not hit"
        print(f"  seat {seat:>2} {role.id:<12} {hit:<18} {'wins' if seat in winners else 'loses'}")


@crossfire_app.command()
def score(
    files: Annotated[list[Path], typer.Argument(help="One table per round.")],
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Add up rounds (RULINGS C10): each winner scores 1; the highest total wins, ties share the win."""
    game = _game(cards)
    rounds = []
    for path in files:
        table = game.table(_read_table(path), str(path))
        rounds.append((table, game.resolve(table)))
    rows = game.score(rounds)
    if format is OutputFormat.json:
        _dump({"rounds": len(rounds), "scores": rows, "winners": [r["player"] for r in rows if r["winner"]]})
        return
    print(f"{len(rounds)} round(s)")
    for row in rows:
        print(f"  {row['player']:<16} {row['score']:>3}{'  winner' if row['winner'] else ''}")


@crossfire_app.command()
def simulate(
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")],
    games: Annotated[int, typer.Option("--games", "-k", min=1, help="Number of random tables.")],
    seed: Annotated[int, typer.Option("--seed", help="Seed; same seed, same tables.")] = 0,
    mode: ModeOption = "crossfire",
    special: SpecialOption = None,
    plot: Annotated[Path | None, typer.Option("--plot", help="Write a bar chart of the win rates (PNG).")] = None,
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Play random tables (random seats, aims and marks) and print each role's win rate."""
    game = _game(cards)
    rows = game.simulate(mode, players, games, seed=seed, specials=special or [])
    if plot is not None:
        _plot(rows, plot, f"{mode} mode, {players} players, {games} random tables, seed {seed}")
    if format is OutputFormat.json:
        _dump({"mode": mode, "players": players, "games": games, "seed": seed, "roles": rows})
        return
    print(f"{mode} mode, {players} players, {games} random tables, seed {seed}")
    print(f"{'role':<12} {'name':<6} {'dealt':>7} {'won':>7} {'win rate':>9}")
    for row in rows:
        print(f"{row['role']:<12} {row['name']:<6} {row['dealt']:>7} {row['won']:>7} {row['rate']:>8.1%}")
    if plot is not None:
        print(f"{plot}: written")


def _plot(rows: list[dict[str, Any]], path: Path, title: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise DossierError("--plot needs matplotlib: pip install 'matplotlib>=3.8'") from None
    import io

    from toolkit.jsonio import atomic_write_bytes

    figure, axes = plt.subplots(figsize=(max(6.0, 0.8 * len(rows)), 4.0))
    axes.bar([r["role"] for r in rows], [100 * r["rate"] for r in rows], color="#4a6fa5")
    axes.set_ylabel("win rate (%)")
    axes.set_ylim(0, 100)
    axes.set_title(title)
    axes.tick_params(axis="x", rotation=30)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    plt.close(figure)
    try:
        atomic_write_bytes(path, buffer.getvalue())
    except OSError as exc:
        raise DossierError(f"{path}: cannot write: {exc.strerror or exc}") from None
