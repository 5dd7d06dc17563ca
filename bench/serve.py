"""Benchmark: `dossier serve` under 20 concurrent clients on loopback, against the same work through the CLI.

Two workloads, each a rotation of real requests:

  search    GET /api/search?q=… over a list of queries (every game, keys, bare words, legality);
  validate  POST /api/decks/validate with the example decks (JSON, text lists, a NetrunnerDB export).

The server is `dossier serve` itself (one uvicorn process), started here on a free loopback port over
a fresh database. Clients are threads, each with its own keep-alive HTTP connection; a run stops at
``--requests`` requests per workload or after ``--seconds``, whichever comes first. The baseline is the
same work through the CLI, one `dossier search …` or `dossier deck validate …` process per request, at
the same concurrency, bounded by ``--cli-requests`` and ``--seconds``.

The server keeps an LRU of answers per card-pool generation (search results, deck verdicts), so a
repeated request is answered from memory; ``--no-cache`` measures every request doing the work.

A third workload, ``card``, opens card pages (``GET /cards/GAME/ID``, the HTML page with its legality in
every format) over the pool's netrunner and tactics cards; its baseline is ``dossier show ID`` per request.
Last, ``mixed``: half the clients on card pages, half searching, and the searches' latency under that load.

``--pool DIR`` serves an imported card pool (e.g. ``dossier import netrunnerdb … --into DIR``: the real
NetrunnerDB pool, 66 formats) beside the bundled tactics and crossfire cards, instead of the bundled cards.

Printed per workload and side: requests, p50 and p95 latency (ms), requests per second; then the
server's speed-up in requests per second. Targets (issue 24): card pages p95 under 50 ms and searches
under 30 ms with 20 clients (issue 14: every workload under 50 ms). Every response is checked (200 and the
expected shape; the CLI's exit status 0 or 1) before figures are shown.

Run: `python bench/serve.py [--pool DIR] [--clients 20] [--requests 2000] [--cli-requests 40] [--seconds 30]`.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOSSIER = (
    [sys.executable, "-m", "toolkit.cli"]
    if not (Path(sys.executable).parent / "dossier").exists()
    else [str(Path(sys.executable).parent / "dossier")]
)
QUERIES = [
    ("t:装备 攻速>=2", "tactics"),
    ("k:agent", "tactics"),
    ("f:criminal t:event", "netrunner"),
    ("t:ice o<=3", "netrunner"),
    ("legal:standard inf>=2", "netrunner"),
    ("抽牌", None),
    ("team:red", "crossfire"),
    ("name:key", None),
    *((f"o<={n}", "netrunner") for n in range(6)),
    *((f"inf>={n} d:runner", "netrunner") for n in range(4)),
    *((f"hp>={n}", "tactics") for n in range(8, 16)),
    *((word, None) for word in ("伤害", "抽", "run", "credit", "护盾", "移动", "ice", "潜袭")),
    *((f"t:{t}", "netrunner") for t in ("agenda", "asset", "operation", "upgrade", "hardware", "resource", "program")),
]
DECKS = [
    ROOT / "examples/decks/netrunner/runner-criminal-fingers.json",
    ROOT / "examples/decks/netrunner/runner-criminal-fingers-list.txt",
    ROOT / "examples/decks/netrunner/corp-weyland-skyward.json",
    ROOT / "examples/decks/tactics/duo.json",
    ROOT / "examples/decks/tactics/duo-list.txt",
    ROOT / "examples/decks/crossfire/crossfire-9-specials.json",
]
TARGET_P95_MS = {"search": 30.0, "card": 50.0, "validate": 50.0, "mixed search": 30.0, "mixed card": 50.0}
CARD_PAGES = 400  # card pages in the rotation (the pool's first netrunner cards and identities by id, then tactics)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Figures:
    def __init__(self, name: str, latencies: list[float], seconds: float) -> None:
        self.name = name
        self.count = len(latencies)
        ordered = sorted(latencies)
        self.p50 = statistics.median(ordered) * 1000 if ordered else float("nan")
        self.p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)] * 1000 if ordered else float("nan")
        self.rps = self.count / seconds if seconds > 0 else float("nan")

    def line(self) -> str:
        return f"  {self.name:<26} {self.count:>6} req   p50 {self.p50:8.1f} ms   p95 {self.p95:8.1f} ms   {self.rps:8.1f} req/s"


def run_clients(
    clients: int, limit: int, seconds: float, one: Callable[[int, Any], None], make: Callable[[], Any]
) -> tuple[list[float], float]:
    """``clients`` threads calling ``one(i, state)`` until ``limit`` calls in all or ``seconds`` have passed."""
    latencies: list[float] = []
    lock = threading.Lock()
    counter = iter(range(limit))
    deadline = time.monotonic() + seconds
    errors: list[BaseException] = []

    def worker() -> None:
        state = make()
        while time.monotonic() < deadline:
            with lock:
                i = next(counter, None)
            if i is None:
                return
            start = time.perf_counter()
            try:
                one(i, state)
            except BaseException as exc:  # noqa: BLE001 - reported after the run
                errors.append(exc)
                return
            elapsed = time.perf_counter() - start
            with lock:
                latencies.append(elapsed)

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.perf_counter() - began
    if errors:
        raise RuntimeError(f"a request failed: {errors[0]!r}")
    return latencies, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=2000, help="server requests per workload (bound)")
    parser.add_argument("--cli-requests", type=int, default=40, help="CLI processes per workload (bound)")
    parser.add_argument("--seconds", type=float, default=30.0, help="time bound per run")
    parser.add_argument(
        "--no-cache", action="store_true", help="serve with DOSSIER_WEB_CACHE=0: every request does the work anew"
    )
    parser.add_argument("--pool", type=Path, help="an imported card pool to serve beside cards/tactics and crossfire")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="dossier-bench-serve-") as tmp:
        db = str(Path(tmp) / "bench.db")
        port = free_port()
        sources = [ROOT / "cards"]
        if args.pool is not None:
            sources = [args.pool.resolve(), ROOT / "cards" / "tactics", ROOT / "cards" / "crossfire"]
        env = {**os.environ, "DOSSIER_CARDS": os.pathsep.join(str(p) for p in sources)}
        if args.no_cache:
            env["DOSSIER_WEB_CACHE"] = "0"
        subprocess.run([*DOSSIER, "db", "build", "--db", db], check=True, env=env, stdout=subprocess.DEVNULL)
        server = subprocess.Popen(
            [*DOSSIER, "serve", "--db", db, "--port", str(port)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_ready(port, server)
            decks = [(p, p.read_text(encoding="utf-8")) for p in DECKS]
            if args.pool is not None:  # the example netrunner decks name bundled cards; the tactics ones still work
                decks = [(p, text) for p, text in decks if "netrunner" not in p.parts]
            pages = card_pages(sources)
            print(f"{len(QUERIES)} queries, {len(decks)} decks, {len(pages)} card pages over "
                  f"{', '.join(str(p) for p in sources)}; response cache {'off' if args.no_cache else 'on'}")  # fmt: skip
            print(f"dossier serve (one server process) on 127.0.0.1:{port}: {args.clients} clients, "
                  f"at most {args.requests} requests "
                  f"or {args.seconds:g} s per workload; CLI: at most {args.cli_requests} processes")  # fmt: skip
            results = []
            for name, http_one, cli_one in (
                ("search", search_request(port), search_cli(db, env)),
                ("card", card_request(pages), card_cli(db, env, pages)),
                ("validate", validate_request(port, decks), validate_cli(env, decks)),
            ):
                warm = connection(port)
                CHECK.full = True
                for i in range(len(QUERIES) + len(decks) + 2):  # check answers and warm the server before the clock
                    http_one(i, warm)
                CHECK.full = False
                lat, took = run_clients(args.clients, args.requests, args.seconds, http_one, lambda: connection(port))
                served = Figures(f"{name}: server", lat, took)
                lat, took = run_clients(args.clients, args.cli_requests, args.seconds, cli_one, lambda: None)
                cli = Figures(f"{name}: CLI per request", lat, took)
                results.append((name, served, cli))
            mixed = run_mixed(args, port, pages)
            print()
            for name, served, cli in results:
                print(served.line())
                print(cli.line())
                ratio = served.rps / cli.rps if cli.rps else float("inf")
                target = TARGET_P95_MS[name]
                verdict = "meets" if served.p95 < target else "MISSES"
                print(f"  {name}: the server answers {ratio:.0f}x as many requests per second; "
                      f"p95 {served.p95:.1f} ms {verdict} the {target:.0f} ms target")  # fmt: skip
            for name, served in mixed:
                target = TARGET_P95_MS[name]
                print(served.line())
                print(f"  {name}: p95 {served.p95:.1f} ms {'meets' if served.p95 < target else 'MISSES'} "
                      f"the {target:.0f} ms target")  # fmt: skip
        except RuntimeError as exc:
            server.terminate()
            out = server.stdout.read().decode() if server.stdout else ""
            raise SystemExit(f"bench/serve.py: {exc}\n{out[-2000:]}") from None
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


def wait_ready(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            out = server.stdout.read().decode() if server.stdout else ""
            raise SystemExit(f"bench/serve.py: dossier serve exited: {out.strip()}")
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            c.request("GET", "/api/health")
            if c.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("bench/serve.py: dossier serve did not answer within 60 s")


def connection(port: int) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", port, timeout=30)


CHECK = threading.local()  # full JSON checks on the warm-up pass; during the clock only status and a marker


def _get_json(conn: http.client.HTTPConnection, method: str, url: str, body: Any = None) -> Any:
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    try:
        conn.request(method, url, body=data, headers=headers)
        response = conn.getresponse()
    except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
        conn.close()  # a keep-alive connection the server closed meanwhile: open a new one, as browsers do
        conn.request(method, url, body=data, headers=headers)
        response = conn.getresponse()
    raw = response.read()
    if response.status != 200:
        raise RuntimeError(f"{method} {url}: {response.status} {raw[:200]!r}")
    if getattr(CHECK, "full", False):
        return json.loads(raw)
    return {"results": None, "summary": None, "legal": b'"legal":true' in raw, "raw": raw}


def search_request(port: int) -> Callable[[int, Any], None]:
    from urllib.parse import urlencode

    def one(i: int, conn: http.client.HTTPConnection) -> None:
        query, game = QUERIES[i % len(QUERIES)]
        params = {"q": query, "limit": 100, **({"game": game} if game else {})}
        body = _get_json(conn, "GET", "/api/search?" + urlencode(params))
        assert "results" in body

    return one


def card_pages(sources: list[Path]) -> list[tuple[str, str]]:
    """(game, id) of the card pages to open: netrunner cards and identities first (their pages carry the
    legality table), then tactics cards and agents, at most :data:`CARD_PAGES`, by path so every run opens the same."""
    found: dict[str, list[tuple[str, str]]] = {"netrunner": [], "tactics": []}
    for source in sources:
        for path in sorted(source.rglob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(data, dict) and data.get("game") in found and data.get("kind") in ("card", "identity", "agent"):
                found[data["game"]].append((data["game"], str(data["id"])))
    netrunner = list(dict.fromkeys(found["netrunner"]))
    return (netrunner[: CARD_PAGES * 3 // 4] + list(dict.fromkeys(found["tactics"])))[:CARD_PAGES]


def _get_page(conn: http.client.HTTPConnection, url: str) -> bytes:
    try:
        conn.request("GET", url, headers={"Accept": "text/html", "Accept-Encoding": "gzip"})
        response = conn.getresponse()
    except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
        conn.close()
        conn.request("GET", url, headers={"Accept": "text/html", "Accept-Encoding": "gzip"})
        response = conn.getresponse()
    raw = response.read()
    if response.status != 200:
        raise RuntimeError(f"GET {url}: {response.status} {raw[:200]!r}")
    return raw


def card_request(pages: list[tuple[str, str]]) -> Callable[[int, Any], None]:
    def one(i: int, conn: http.client.HTTPConnection) -> None:
        game, record_id = pages[i % len(pages)]
        raw = _get_page(conn, f"/cards/{game}/{record_id}")
        if getattr(CHECK, "full", False):
            import gzip

            text = gzip.decompress(raw).decode()
            assert 'id="card-name"' in text, (game, record_id)
            assert game != "netrunner" or 'id="legal-h"' in text, (game, record_id)

    return one


def card_cli(db: str, env: dict[str, str], pages: list[tuple[str, str]]) -> Callable[[int, Any], None]:
    def one(i: int, _: Any) -> None:
        game, record_id = pages[i % len(pages)]
        _run_cli([*DOSSIER, "show", f"{game}/{record_id}", "--db", db], env)

    return one


def run_mixed(args: Any, port: int, pages: list[tuple[str, str]]) -> list[tuple[str, Figures]]:
    """Half the clients open card pages while the other half search: each side's latency under the other's load."""
    card = card_request(pages)
    search = search_request(port)
    half = max(1, args.clients // 2)
    out: dict[str, list[float]] = {"mixed search": [], "mixed card": []}
    took: dict[str, float] = {}

    def side(name: str, one: Callable[[int, Any], None]) -> None:
        lat, seconds = run_clients(half, args.requests // 2, args.seconds, one, lambda: connection(port))
        out[name] = lat
        took[name] = seconds

    threads = [threading.Thread(target=side, args=("mixed card", card)),
               threading.Thread(target=side, args=("mixed search", search))]  # fmt: skip
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [(name, Figures(f"{name}: server", out[name], took.get(name, 0.0))) for name in ("mixed card", "mixed search")]


def validate_request(port: int, decks: list[tuple[Path, str]]) -> Callable[[int, Any], None]:
    def one(i: int, conn: http.client.HTTPConnection) -> None:
        path, text = decks[i % len(decks)]
        body = _get_json(conn, "POST", "/api/decks/validate", {"text": text, "filename": path.name})
        assert "summary" in body and body["legal"] is True, body["summary"]

    return one


def _run_cli(argv: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.decode()[:200]}")


def search_cli(db: str, env: dict[str, str]) -> Callable[[int, Any], None]:
    def one(i: int, _: Any) -> None:
        query, game = QUERIES[i % len(QUERIES)]
        _run_cli([*DOSSIER, "search", query, "--db", db, "--format", "json", "--limit", "100",
                  *(["--game", game] if game else [])], env)  # fmt: skip

    return one


def validate_cli(env: dict[str, str], decks: list[tuple[Path, str]]) -> Callable[[int, Any], None]:
    def one(i: int, _: Any) -> None:
        path, _text = decks[i % len(decks)]
        _run_cli([*DOSSIER, "deck", "validate", str(path), "--format", "json"], env)

    return one


if __name__ == "__main__":
    main()
