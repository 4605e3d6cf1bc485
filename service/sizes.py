"""A size in bytes as a person writes it (64MB, 512KiB): the answer cache's budget."""

from __future__ import annotations

import re

_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([KMG]i?B?|B)?\s*", re.I)
_UNITS = {
    "": 1,
    "B": 1,
    "K": 1000,
    "M": 1000**2,
    "G": 1000**3,
    "KI": 1024,
    "MI": 1024**2,
    "GI": 1024**3,
}


def parse_size(text: str) -> int:
    """'64MB', '512KiB', '1G' or '0' as bytes; a bare number other than 0 needs a unit, so
    that an old count such as 4096 is not silently read as 4 KB."""
    match = _SIZE.fullmatch(str(text))
    if not match:
        raise ValueError(f"not a size: {text!r}; write e.g. 64MB, 512KiB or 0")
    number, unit = float(match.group(1)), (match.group(2) or "").upper().rstrip("B")
    if unit == "" and number and not (match.group(2) or "").upper() == "B":
        raise ValueError(f"give the size a unit, e.g. {text}MB or {text}KB (or 0 for no cache)")
    return int(number * _UNITS[unit])
