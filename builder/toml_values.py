"""Values a definition file holds, described as its writer wrote them: shared by the sliding
(builder.definition) and peg (builder.kinds.peg.definition) readers."""

import re

from .core.message_text import shown

#: A puzzle's (or a start's) name: what a command line and a URL can carry unquoted.
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


def kind_of(value: object) -> str:
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    kinds = {
        str: "a string",
        int: "an integer",
        float: "a float",
        list: "an array",
        dict: "a table",
    }
    kind = kinds.get(type(value), "a date or time")
    if isinstance(value, str):
        return f"{kind} ({shown(value)})"
    return f"{kind} ({value!r})" if isinstance(value, (int, float)) else kind
