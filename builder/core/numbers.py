"""Whole numbers read from text a user gave (a flag, a card list's field, --memory), bounded
before they are converted: Python refuses to convert more than 4,300 digits (a ValueError
with its own advice), and float() turns 400 nines into infinity. No size, count or budget
puzzledb reads needs more than MOST_DIGITS digits; the message quotes a short prefix."""

from __future__ import annotations

from .message_text import shown

MOST_DIGITS = 18  # below 2**63, far beyond any board, count or number of bytes


def too_long(digits: str) -> bool:
    """Whether a run of digits (leading zeros aside) is past what any number here needs."""
    return len(digits.lstrip("0")) > MOST_DIGITS


def too_large(what: str, digits: str) -> str:
    """The message for a number past MOST_DIGITS: what it is, and a short prefix of it."""
    return f"{what} {shown(digits)} is too large: at most {MOST_DIGITS} digits"
