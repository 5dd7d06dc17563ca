"""Fan a balance run's games out on Ray: batches of games as tasks, at most ``workers`` at a time.

Ray is an optional extra (``lab`` in pyproject.toml); :func:`import_ray` says so in one line when it is missing,
with the command that installs it where this dossier runs (:func:`toolkit.paths.install_command`).
:func:`run_games` starts a local Ray on this machine's cores (or joins the cluster at ``address``), puts the card
records in the object store once, and submits :func:`toolkit.balance.games.play_batch` tasks of
``batch`` games each, keeping ``workers`` in flight. Results are returned sorted by game index, so neither the
number of workers nor the order the tasks finish in changes them. A batch holds whole deals (a tactics deal is
played once per seat, :mod:`toolkit.balance.games`), so a run stopped early keeps every game with its seat-swapped
twins. Ctrl-C cancels what is still running and returns what finished (``interrupted`` True); so does SIGTERM
(``kill``), which also sets ``terminated``, from the moment the run starts Ray: SIGTERM while Ray starts stops the
run as Ctrl-C does then, not the process with no word.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import math
import os
import signal
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import PSEUDO, current_lang, pseudo_active, tr, use_lang

from .games import GameSpec, play_batch

EXTRA = "lab"  # pyproject.toml's extra of the balance lab
RAY = "ray>=2.9,<3"  # what it lists (said when the installed distribution cannot be asked)


def import_ray() -> Any:
    """The ``ray`` module, or a one-line error (exit 2) saying how to install it into the environment this dossier
    runs in (never ``pip install 'dossier[lab]'``: PyPI's ``dossier`` is another project)."""
    for name, value in _RAY_ENV.items():  # (Ray reads them when it is imported)
        os.environ.setdefault(name, value)
    try:
        import ray
    except ImportError:
        from toolkit.paths import install_command

        raise DossierError(
            tr("the balance lab runs its games on {package}, which is not installed: {command}", package="Ray",
               command=install_command(EXTRA, RAY))
        ) from None  # fmt: skip
    return ray


def batch_size(games: int, workers: int, seconds_per_game: float = 0.08, deal: int = 1) -> int:
    """Games per task: enough that a task lasts about a second or more (Ray's cost per task, a few
    milliseconds, stays well under 10% of a game's time), few enough that every worker gets about eight
    tasks (an even finish, a lively progress count, little lost to Ctrl-C); whole deals of ``deal`` games (a
    multiple of it), so that no task holds a game without the others of its deal."""
    least = max(1, math.ceil(1.0 / seconds_per_game))
    share = math.ceil(games / max(1, 8 * workers))
    return whole(max(1, min(games, max(least, min(share, 200)))), deal)


def whole(size: int, deal: int) -> int:
    """``size`` rounded up to whole deals of ``deal`` games."""
    deal = max(1, deal)
    return deal * max(1, math.ceil(size / deal))


def deal_size(specs: Sequence[Any]) -> int:
    """Games per deal: a tactics deal (:class:`GameSpec`) is played once per seat, its seats turned (swapped, with
    two players; :func:`toolkit.balance.games.plan_random`); anything else (a Netrunner match, a crossfire job)
    stands alone."""
    first = specs[0] if len(specs) else None
    return max(1, int(first.players)) if isinstance(first, GameSpec) else 1


def whole_deals(results: list[dict[str, Any]], specs: Sequence[Any], deal: int) -> tuple[list[dict[str, Any]], int]:
    """The results of the deals (games ``deal·k`` … ``deal·k + deal − 1``) of which every game planned finished, and
    how many results were left out: a game without its seat-swapped twin would skew the seats' fairness."""
    if deal <= 1:
        return results, 0
    planned = Counter(int(spec.index) // deal for spec in specs)
    finished = Counter(int(r["index"]) // deal for r in results)
    kept = [r for r in results if finished[int(r["index"]) // deal] >= planned[int(r["index"]) // deal]]
    return kept, len(results) - len(kept)


@dataclass
class Outcome:
    results: list[dict[str, Any]]
    interrupted: bool
    workers: int
    batch: int
    started_ray: bool
    failure: str | None = None  # why the run stopped early other than Ctrl-C (a task lost with its worker)
    terminated: bool = False  # SIGTERM stopped it (``interrupted`` is True too)
    dropped: int = 0  # games that finished but were left out: the rest of their deal did not (an interrupted run)


def local_cores() -> int:
    """The cores this process may run on: what a local Ray is started on, and the most ``--workers`` it takes."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity on this platform
        return os.cpu_count() or 1


def check_workers(workers: int | None, address: str | None) -> None:
    """Before any game: ``--workers`` past this machine's cores is refused in one line (exit 2) when the run starts
    its own Ray here (no ``--address``, or ``--address local``): Ray would be started on more CPUs than there are,
    the games sharing cores, slower, not faster. A cluster joined (``--address``, or a Ray session already running
    in this process) is not limited here: its CPUs may be many, and more tasks than CPUs only wait their turn."""
    if workers is None or (address and address != "local"):
        return
    ray = import_ray()
    if ray.is_initialized():
        return
    cores = local_cores()
    if workers > cores:
        raise DossierError(tr("{option} {value}: more than the {cores} cores of this machine; a run started here "
                              "plays at most {cores} games at once ({address} joins a cluster with more)",
                              option="--workers", value=workers, cores=cores, address="--address"))  # fmt: skip


def start_ray(ray: Any, workers: int | None, address: str | None) -> tuple[int, bool]:
    """Connect to Ray (a running session, the cluster at ``address``, else a new local one on ``workers`` cores);
    the number of tasks to keep in flight and whether this call started Ray."""
    if ray.is_initialized():
        total = int(ray.cluster_resources().get("CPU", 1))
        return max(1, workers or total), False
    options: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False, "include_dashboard": False}
    if address:
        _check_reachable(address)
        options["address"] = address
    else:
        options["num_cpus"] = workers or local_cores()
    _quiet_ray()
    try:
        # (the C++ core's English warnings while it connects, which no setting silences; a run's SIGTERM handler kept)
        with _stderr_dropped(), _sigterm_kept(ray):
            ray.init(**options)
    except ConnectionError:
        if address == "auto":  # nothing was probed: Ray looked for a cluster started on this machine and found none
            raise DossierError(tr("{option} {value}: there is no running {package} cluster to join ({command} starts "
                                  "one)", option="--address", value="auto", package="Ray",
                                  command="`ray start --head`")) from None  # fmt: skip
        if not address:
            reason = "ConnectionError"
            raise DossierError(tr("cannot start or join {package}: {reason}", package="Ray", reason=reason)) from None
        raise DossierError(
            tr("cannot reach the Ray cluster at {address}: {reason}", address=address,
               reason=tr("something answers there, but not a Ray cluster (its GCS port)"))
        ) from None  # fmt: skip
    except (RuntimeError, ValueError) as exc:
        raise DossierError(tr("cannot start or join {package}: {reason}", package="Ray", reason=str(exc).strip()
                              .splitlines()[0] if str(exc).strip() else type(exc).__name__)) from None  # fmt: skip
    total = int(ray.cluster_resources().get("CPU", 1))
    return max(1, min(workers, total) if workers else total), True


# Ray's own settings (read from the environment when ray.init starts its core): its C++ log lines (English, one
# per retry) only for fatal errors, and a cluster that does not answer given up on after seconds, not a minute
# (seconds for the one attempt to reach a cluster's GCS: Ray's default tries about 20 times, 30 s each)
_RAY_ENV = {
    "RAY_BACKEND_LOG_LEVEL": "fatal",
    "RAY_gcs_rpc_server_reconnect_timeout_s": "10",
    "RAY_gcs_rpc_server_connect_timeout_s": "3",
    "RAY_py_gcs_connect_timeout_s": "5",
    "RAY_gcs_server_port_wait_time_s": "1",
}


def _quiet_ray() -> None:
    """Quiet Ray's Python loggers (:func:`import_ray` set :data:`_RAY_ENV` for its C++ core)."""
    for name in ("ray", "ray._private", "ray.util.client"):
        logging.getLogger(name).setLevel(logging.ERROR)


@contextlib.contextmanager
def _sigterm_kept(ray: Any) -> Iterator[None]:
    """While Ray starts under a run's SIGTERM handler (:class:`_OnSigterm`), keep it: the handlers Ray's Python code
    sets meanwhile (``ray.init``'s, which exits 15, its node's, which exits 1) are only noted (``stop.asked``), the
    crash handler its C++ core sets while it connects (which prints lines of addresses) is replaced once it is up,
    and a SIGTERM meanwhile is held (``stop.held``): noted, it stops the run once Ray is up (:func:`run_games`),
    not midway, which can leave its processes running or abort the process when it exits."""
    mine = signal.getsignal(signal.SIGTERM)
    utils: Any = getattr(getattr(ray, "_private", None), "utils", None)
    setter = getattr(utils, "set_sigterm_handler", None)
    if not isinstance(mine, _OnSigterm) or threading.current_thread() is not threading.main_thread():
        # (no run's handler here: Ray's are set as they are without one)
        yield
        return
    if setter is not None:
        utils.set_sigterm_handler = mine.stop.asked.append
    mine.stop.held = True
    try:
        yield
    finally:
        mine.stop.held = False
        if setter is not None:
            utils.set_sigterm_handler = setter
        signal.signal(signal.SIGTERM, mine)  # (over the crash handler of Ray's C++ core)


@contextlib.contextmanager
def _stderr_dropped() -> Iterator[None]:
    """Standard error's file descriptor pointed at /dev/null meanwhile (what C++ code writes there too)."""
    import sys

    try:
        fd = sys.stderr.fileno()
        sys.stderr.flush()
        saved = os.dup(fd)
    except (AttributeError, OSError, ValueError):  # no real standard error (a test's capture): nothing to drop
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


def _check_reachable(address: str) -> None:
    """One line (exit 2) when nothing answers at ``address``'s host and port (``host:port`` or ``ray://host:port``)
    within a few seconds: Ray itself would retry for minutes, printing its English log lines."""
    from toolkit.db.reach import probe, split_host_port

    if address in ("auto", "local"):
        return
    where = split_host_port(address)
    if where is None:
        raise DossierError(
            tr("{option} {value}: expected host:port (or ray://host:port, auto)", option="--address",
               value=repr(address))  # fmt: skip
        )
    reason = probe(*where)
    if reason is not None:
        raise DossierError(tr("cannot reach the Ray cluster at {address}: {reason}", address=address, reason=reason))


def run_games(
    records: Sequence[Any],
    specs: Sequence[GameSpec] | Sequence[Any],
    *,
    workers: int | None = None,
    address: str | None = None,
    batch: int | None = None,
    step: Callable[[int], None] | None = None,
    keep_ray: bool = False,
    play: Callable[[Sequence[Any], Sequence[Any]], list[dict[str, Any]]] = play_batch,
    measure: Callable[[list[dict[str, Any]]], int] = len,
    deal: int | None = None,
) -> Outcome:
    """Play ``specs`` as Ray tasks (see the module docstring); ``step(n)`` is told of every ``n`` games done.
    ``play`` (records, a batch of specs) → one result per spec, each with its ``index``: what a task runs;
    ``measure``: how many games a batch's results count for the progress; ``deal``: games per deal (default
    :func:`deal_size`), what a batch is a multiple of and what a stopped run keeps whole."""
    ray = import_ray()
    original = signal.getsignal(signal.SIGTERM)
    running = ray.is_initialized()  # a session this call joins, not one it starts (nor shuts down)
    lanes, started = max(1, workers or 1), False
    unit = max(1, deal or deal_size(specs))
    size = whole(batch or 1, unit)
    language = PSEUDO if pseudo_active() else current_lang()  # a worker is a new process: tell it the language
    results: list[dict[str, Any]] = []
    interrupted = False
    failure: str | None = None
    pending: dict[Any, int] = {}
    stop = _Stop()
    found: Any = _NOT_SET
    before = set() if running else _descendants()  # (what a start cut short leaves running is what is new)
    try:
        # Ray started in the try, the run's SIGTERM handler set before: Ctrl-C or SIGTERM while it starts (seconds)
        # stops the run as during its games, none finished, not the process with no word (Ray's own handlers exit
        # 15 or 1, and standard error points at /dev/null meanwhile); SIGTERM once Ray is up (:func:`_sigterm_kept`)
        found = _on_sigterm(stop)
        try:
            lanes, started = start_ray(ray, workers, address)
        except DossierError:
            if not stop.terminated:  # (SIGTERM while Ray failed to start: the run was stopped, say so)
                raise
        if stop.terminated and not stop.stopping:  # SIGTERM while Ray started
            stop.stopping = True
            raise Terminated
        size = whole(batch, unit) if batch else batch_size(len(specs), lanes, deal=unit)
        task = ray.remote(num_cpus=1, max_retries=0)(_in_lang)
        shared = ray.put(list(records))
        chunks = [list(specs[i : i + size]) for i in range(0, len(specs), size)]
        queue = iter(chunks)
        for chunk in queue:
            pending[task.remote(language, play, shared, chunk)] = len(chunk)
            if len(pending) >= lanes:
                break
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                pending.pop(ref)
                try:
                    got = ray.get(ref)
                except ray.exceptions.RayError as exc:  # the task's worker died (or was stopped): keep what finished
                    failure = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                    raise KeyboardInterrupt from None
                results += got
                if step is not None:
                    step(measure(got))
                following = next(queue, None)
                if following is not None:
                    pending[task.remote(language, play, shared, following)] = len(following)
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM (:class:`Terminated`) or a task lost
        stop.stopping = True
        interrupted = True
        started = started or (not running and _initialized(ray))  # stopped while this call started Ray
        for ref in pending:
            with contextlib.suppress(Exception):  # a task that ended meanwhile: nothing to cancel
                ray.cancel(ref, force=True)
    finally:
        stop.stopping = True
        if not running and not keep_ray:
            # a stopped run's processes, taken before Ray's raylet is stopped (its agents are its children): a start
            # cut short before Ray connected to its node leaves them running, orphaned, for a minute or more
            left = _descendants() - before if interrupted else set()
            if started:
                _shutdown(ray)
            _end(left)
        if found is not _NOT_SET:  # SIGTERM as before the run (Ray's own handler while the Ray it started stays up)
            _restore_sigterm(stop.asked[-1] if started and keep_ray and stop.asked else original)
    results.sort(key=lambda r: r["index"])
    dropped = 0
    if interrupted:  # only whole deals: a game without its seat-swapped twin would skew the seats
        results, dropped = whole_deals(results, specs, unit)
    return Outcome(results, interrupted, lanes, size, started, failure, stop.terminated, dropped)


def _initialized(ray: Any) -> bool:
    """Whether Ray is running in this process, or half started: a start that Ctrl-C or SIGTERM cut short may have
    started its processes (its node) before it connected to them."""
    try:
        if ray.is_initialized():
            return True
    except Exception:  # noqa: BLE001 - a Ray stopped midway: nothing of it to shut down
        return False
    worker = getattr(getattr(ray, "_private", None), "worker", None)
    return getattr(worker, "_global_node", None) is not None


class Terminated(KeyboardInterrupt):
    """SIGTERM while a run starts Ray or plays its games: the run stops as Ctrl-C stops it (:func:`run_games`)."""


@dataclass
class _Stop:
    stopping: bool = False  # the run is stopping: a SIGTERM now is only noted
    terminated: bool = False  # a SIGTERM came
    held: bool = False  # Ray is starting: a SIGTERM now is noted, and stops the run once Ray is up
    asked: list[Any] = field(default_factory=list)  # the SIGTERM handlers Ray asked for while it started (not set)


_NOT_SET = object()


class _OnSigterm:
    """A run's SIGTERM handler: SIGTERM stops the run as Ctrl-C does (:class:`Terminated`, noted in ``stop``)."""

    def __init__(self, stop: _Stop) -> None:
        self.stop = stop

    def __call__(self, signum: int, frame: Any) -> None:
        self.stop.terminated = True
        if not self.stop.stopping and not self.stop.held:
            self.stop.stopping = True
            raise Terminated


def _on_sigterm(stop: _Stop) -> Any:
    """Have SIGTERM stop the run as Ctrl-C does (:class:`_OnSigterm`) instead of the default (the process ends with
    no word) or Ray's handlers (``ray.init``'s exits 15; its core's crash handler prints lines of addresses); the
    handler found, or :data:`_NOT_SET` when no handler can be set here (not the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        return _NOT_SET
    return signal.signal(signal.SIGTERM, _OnSigterm(stop))


def _restore_sigterm(handler: Any) -> None:
    """Set SIGTERM's handler back: one of C code (None to Python) is replaced by the default, which ends the process
    with the signal's status, as before Ray was started."""
    signal.signal(signal.SIGTERM, handler if handler is not None else signal.SIG_DFL)


def _in_lang(
    lang: str, play: Callable[[Sequence[Any], Sequence[Any]], list[dict[str, Any]]], records: Sequence[Any],
    specs: Sequence[Any],
) -> list[dict[str, Any]]:  # fmt: skip
    """What a task runs: ``play`` in ``lang`` (a Ray worker is a new process, in the default language)."""
    with use_lang(lang):
        return play(records, specs)


def _descendants() -> set[Any]:
    """The processes this one started and theirs (:mod:`psutil`'s, which Ray brings; none when it cannot tell)."""
    try:
        psutil = importlib.import_module("psutil")
        return set(psutil.Process().children(recursive=True))
    except Exception:  # noqa: BLE001 - no psutil, or a process gone while listed: nothing to end
        return set()


def _end(processes: set[Any], grace: float = 2.0) -> None:
    """End ``processes`` that still run: SIGTERM, then SIGKILL to those still there after ``grace`` seconds (a Ray
    agent that has not yet reached its cluster does not end on SIGTERM)."""
    if not processes:
        return
    psutil = importlib.import_module("psutil")
    for process in processes:
        with contextlib.suppress(psutil.Error):
            process.terminate()
    try:
        alive = psutil.wait_procs(list(processes), timeout=grace)[1]
    except KeyboardInterrupt:  # a second Ctrl-C: no more grace
        alive = list(processes)
    for process in alive:
        with contextlib.suppress(psutil.Error):
            process.kill()
    with contextlib.suppress(KeyboardInterrupt):
        psutil.wait_procs(alive, timeout=grace)


def _shutdown(ray: Any) -> None:
    with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C while Ray stops: Ray's exit handler ends it
        ray.shutdown()


def run_in_process(
    records: Sequence[Any], specs: Sequence[GameSpec], step: Callable[[int], None] | None = None
) -> list[dict[str, Any]]:
    """The same games in this process, one after the other (the benchmark's baseline; no Ray)."""
    out = []
    for spec in specs:
        out += play_batch(records, [spec])
        if step is not None:
            step(1)
    return out
