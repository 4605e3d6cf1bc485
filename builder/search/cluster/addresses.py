"""The address `--cluster` takes: local:N (a LocalCluster of N processes) or a running Dask
scheduler's tcp://HOST:PORT, checked whole before Dask sees it. Imports no Dask."""

from __future__ import annotations

import ipaddress
import re

from ...core.errors import MalformedInput
from ...core.message_text import shown


def parse(text: str) -> tuple[str, int | str]:
    """`local:N` (a LocalCluster of N processes) or `tcp://HOST:PORT` (a running scheduler),
    checked whole before Dask sees it: Dask's own parsing raises ValueError on a missing or
    bad port, and takes a port past 65535 or an empty host only to time out after 30 s."""
    if text.startswith("local:"):
        count = text[len("local:") :]
        if count.isdigit() and 1 <= int(count) <= 64:
            return "local", int(count)
    elif text.startswith(("tcp://", "tls://")):
        why = _bad_address(text[len("tcp://") :])
        if why is None:
            return "address", text
        raise MalformedInput(
            f"--cluster takes a Dask scheduler's address tcp://HOST:PORT (a host name, an "
            f"IPv4 address or an [IPv6] one, then a port 1 to 65535, nothing after it), not "
            f"{shown(text)}: {why}"
        )
    raise MalformedInput(
        f"--cluster takes local:N (N worker processes on this machine, 1 to 64) or a Dask "
        f"scheduler's address tcp://HOST:PORT, not {shown(text)}"
    )


_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
#: A host name (RFC 1123 labels, an IPv4 address among them) as --cluster takes it.
HOST_NAME = re.compile(rf"{_LABEL}(?:\.{_LABEL})*\.?", re.ASCII)
#: The largest TCP port.
MAX_PORT = 65535


def _bad_address(rest: str) -> str | None:
    """What is wrong with HOST:PORT (what follows tcp://), or None."""
    if rest.startswith("["):
        end = rest.find("]")
        if end < 0:
            return "an IPv6 address in [ ] lacks its ]"
        host, after = rest[1:end], rest[end + 1 :]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return f"{shown(host)} is not an IPv6 address"
    else:
        host, colon, port = rest.partition(":")
        after = colon + port
        if not host:
            return "it names no host"
        if len(host) > 253 or not HOST_NAME.fullmatch(host):
            return f"{shown(host)} is not a host name or address"
    if not after.startswith(":"):
        return "it has no :PORT" if not after else f"{shown(after)} follows the host"
    port = after[1:]
    digits = len(port) - len(port.lstrip("0123456789"))
    if digits == 0:
        return "it has no port" if not port else f"the port {shown(port)} is not a number"
    if digits < len(port):
        return f"{shown(port[digits:])} follows the port"
    if len(port) > len(str(MAX_PORT)) or not 1 <= int(port) <= MAX_PORT:
        return f"the port {shown(port)} is not 1 to {MAX_PORT:,}"
    return None
