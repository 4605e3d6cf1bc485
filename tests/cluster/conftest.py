"""What the cluster tests share: a Dask scheduler and workers over TCP, started once a file."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

DASK = Path(sys.executable).with_name("dask")


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """`dask scheduler` and two `dask worker` processes (no nanny: a killed one stays dead),
    on free loopback ports; yields (address, worker processes)."""
    folder = tmp_path_factory.mktemp("dask")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    logs = open(folder / "log", "w")  # noqa: SIM115  (closed below)
    processes = [
        subprocess.Popen(
            [DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
            cwd=folder,
            stdout=logs,
            stderr=logs,
        )
    ]
    worker = [str(DASK), "worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard"]
    worker += ["--memory-limit", "0", "--host", "127.0.0.1"]
    processes += [subprocess.Popen(worker, cwd=folder, stdout=logs, stderr=logs) for _ in range(2)]
    try:
        from distributed import Client

        with Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
        yield address, processes[1:]
    finally:
        for process in processes:  # ours; a cluster keeps nothing worth a clean close
            process.kill()
            process.wait(timeout=10)
        logs.close()
