"""Fan a balance run's games out on Ray: batches of games as tasks, at most ``workers`` at a time.

Ray is an optional extra (``lab`` in pyproject.toml); :func:`import_ray` says so in one line when it is missing,
with the command that installs it where this dossier runs (:func:`toolkit.paths.install_command`).
:func:`run_games` starts a local Ray on this machine's cores (or joins the cluster at ``address``), puts the card
records in the object store once, and submits :func:`toolkit.balance.games.play_batch` tasks of
``batch`` games each, keeping ``workers`` in flight. Results are returned sorted by game index, so neither the
number of workers nor the order the tasks finish in changes them. Ctrl-C cancels what is still running and
returns what finished (``interrupted`` True); so does SIGTERM (``kill``), which also sets ``terminated``.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
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


def batch_size(games: int, workers: int, seconds_per_game: float = 0.08) -> int:
    """Games per task: enough that a task lasts about a second or more (Ray's cost per task, a few
    milliseconds, stays well under 10% of a game's time), few enough that every worker gets about eight
    tasks (an even finish, a lively progress count, little lost to Ctrl-C)."""
    least = max(1, math.ceil(1.0 / seconds_per_game))
    share = math.ceil(games / max(1, 8 * workers))
    return max(1, min(games, max(least, min(share, 200))))


@dataclass
class Outcome:
    results: list[dict[str, Any]]
    interrupted: bool
    workers: int
    batch: int
    started_ray: bool
    failure: str | None = None  # why the run stopped early other than Ctrl-C (a task lost with its worker)
    terminated: bool = False  # SIGTERM stopped it (``interrupted`` is True too)


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
        with _stderr_dropped():  # (the C++ core's English warnings while it connects, which no setting silences)
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
) -> Outcome:
    """Play ``specs`` as Ray tasks (see the module docstring); ``step(n)`` is told of every ``n`` games done.
    ``play`` (records, a batch of specs) → one result per spec, each with its ``index``: what a task runs;
    ``measure``: how many games a batch's results count for the progress."""
    ray = import_ray()
    original = signal.getsignal(signal.SIGTERM)
    running = ray.is_initialized()  # a session this call joins, not one it starts (nor shuts down)
    lanes, started = max(1, workers or 1), False
    size = batch or 1
    language = PSEUDO if pseudo_active() else current_lang()  # a worker is a new process: tell it the language
    results: list[dict[str, Any]] = []
    interrupted = False
    failure: str | None = None
    pending: dict[Any, int] = {}
    stop = _Stop()
    found: Any = _NOT_SET
    try:
        # Ray started in the try: Ctrl-C while it starts (seconds) stops the run as Ctrl-C during its games does,
        # none finished, not the process with no word
        lanes, started = start_ray(ray, workers, address)
        size = batch or batch_size(len(specs), lanes)
        task = ray.remote(num_cpus=1, max_retries=0)(_in_lang)
        found = _on_sigterm(stop)  # after Ray started: its core's crash handler for SIGTERM is set by then
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
        if started and not keep_ray:
            _shutdown(ray)
        if found is not _NOT_SET:  # SIGTERM as before the run (Ray's handlers only while Ray runs)
            _restore_sigterm(original if started and not keep_ray else found)
    results.sort(key=lambda r: r["index"])
    return Outcome(results, interrupted, lanes, size, started, failure, stop.terminated)


def _initialized(ray: Any) -> bool:
    """Whether Ray is running in this process (a start that Ctrl-C cut short may have left it half started)."""
    try:
        return bool(ray.is_initialized())
    except Exception:  # noqa: BLE001 - a Ray stopped midway: nothing of it to shut down
        return False


class Terminated(KeyboardInterrupt):
    """SIGTERM while a run's games are played: the run stops as Ctrl-C stops it (:func:`run_games`)."""


@dataclass
class _Stop:
    stopping: bool = False  # the run is stopping: a SIGTERM now is only noted
    terminated: bool = False  # a SIGTERM came


_NOT_SET = object()


def _on_sigterm(stop: _Stop) -> Any:
    """Have SIGTERM stop the run as Ctrl-C does (:class:`Terminated`, noted in ``stop``) instead of Ray's handlers
    (its core's crash handler prints lines of addresses and exits 1); the handler found, or :data:`_NOT_SET` when
    no handler can be set here (not the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        return _NOT_SET

    def handle(signum: int, frame: Any) -> None:
        stop.terminated = True
        if not stop.stopping:
            stop.stopping = True
            raise Terminated

    return signal.signal(signal.SIGTERM, handle)


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
