"""Where a strategy lab's games are played: in the kernel, or on a Dask cluster when one is
configured (issue #16).

``$LESSONS_DASK_SCHEDULER`` says which:

- unset, empty or ``off``: in the kernel (the default, and what a laptop wants);
- ``tcp://host:8786`` (any Dask scheduler address): the school's cluster. Its workers need this
  project installed, the same version as the kernels (``pip install .`` on each machine);
- ``local:N``: a cluster of N worker processes on this machine (127.0.0.1), started at the
  first press and kept for the kernel's life: for a teacher's workstation with many cores.

On JupyterHub it belongs in the spawner's environment (``c.Spawner.environment``), so every
student's kernel uses the same cluster. The games are the same wherever they are played
(:mod:`gamelib.chunks`: seeded chunks gathered in order), so a cluster changes how fast a press
is, never what it shows, and the result cache (``widgets.kit.cache``) stays valid. When the
cluster cannot be reached the lab says so in the log and plays in the kernel.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from gamelib import chunks

ENV = "LESSONS_DASK_SCHEDULER"
OFF = ("", "off", "0", "no", "none", "false")
CONNECT_TIMEOUT = "10s"  # a cluster that does not answer in this time is not used

log = logging.getLogger(__name__)
_made: dict[str, tuple[Any, Executor]] = {}  # setting -> (client, its executor), per kernel


def setting() -> str | None:
    """The configured cluster (an address or ``local:N``), or None: play in the kernel."""
    value = os.environ.get(ENV, "").strip()
    return None if value.lower() in OFF else value


def connect(value: str) -> tuple[Any, Executor]:
    """A Dask client for the setting and its ``concurrent.futures`` executor. Dask is imported
    here only, so a kernel without a cluster never loads it."""
    from distributed import Client

    if value.startswith("local:"):
        workers = int(value.removeprefix("local:"))
        if workers < 1:
            raise ValueError(f"{ENV}={value}: at least one worker")
        client = Client(chunks.local_cluster(workers), timeout=CONNECT_TIMEOUT)
    else:
        client = Client(value, timeout=CONNECT_TIMEOUT)
    return client, client.get_executor()


def configured() -> Executor | None:
    """The executor of the configured cluster (made once per kernel), or None: in the kernel,
    also when the cluster cannot be reached (the reason goes to the log)."""
    value = setting()
    if value is None:
        return None
    if value not in _made:
        try:
            _made[value] = connect(value)
        except (OSError, ValueError, TimeoutError) as e:
            log.warning("%s=%s unusable, playing in the kernel: %s", ENV, value, e)
            return None
    return _made[value][1]


def play(compute: Callable[[], Any]) -> Any:
    """``compute()`` with the configured executor for every ``run_games`` inside it (a lab's
    play function passes none); the progress callbacks then count finished chunks."""
    with chunks.using(configured()):
        return compute()


@atexit.register
def close() -> None:
    """Close the clients (and the local clusters) this kernel made."""
    for client, _executor in _made.values():
        with contextlib.suppress(Exception):
            cluster = client.cluster
            client.close()
            if cluster is not None:
                cluster.close()
    _made.clear()
