"""The checks of a question's numbers, flags and pairs of parameters that exclude each other,
made where no database is needed (the same from the CLI, the HTTP API and the library)."""

from __future__ import annotations

from puzzledb.builder.core.errors import MalformedInput
from puzzledb.builder.core.message_text import shown


def goal_or_to(goal: str | None, to: str | None) -> None:
    if to is not None and goal is not None:
        raise MalformedInput("give goal or to, not both: to names the position to reach")


def state_or_scramble(state: str | None, scramble: str | None) -> None:
    if state is None and scramble is None:
        raise MalformedInput(
            "missing parameter 'state' (or 'scramble': a twisty puzzle's turns that make one)"
        )
    if state is not None and scramble is not None:
        raise MalformedInput("give a state or a scramble, not both")


FLAGS = {True: True, False: False, "1": True, "true": True, "0": False, "false": False}


def flag(value: object, what: str) -> bool:
    """A yes/no parameter: true/false or 1/0 (HTTP gives text)."""
    found = FLAGS.get(value) if isinstance(value, (bool, str)) else None
    if found is None:
        raise MalformedInput(f"{what} must be true or false (or 1 or 0), not {shown(str(value))}")
    return found


def whole_number(value: object, what: str, *, high: int | None = None) -> int:
    """Parse a non-negative whole number from user input, naming the field when it is not."""
    if isinstance(value, bool):
        raise MalformedInput(f"{what} must be a whole number, got {value!r}")
    if isinstance(value, int):
        number = value
    else:
        text = str(value).strip()
        digits = text[1:] if text.startswith("-") else text
        if not digits.isdigit() or not digits.isascii():
            raise MalformedInput(f"{what} must be a whole number of 0 or more, got {shown(value)}")
        if len(digits) > 12:
            raise MalformedInput(f"{what} is too large: {shown(value)}")
        number = int(text)
    if number < 0:
        raise MalformedInput(f"{what} must be 0 or more, got {number}")
    if high is not None and number > high:
        raise MalformedInput(f"{what} must be at most {high}, got {number}")
    return number
