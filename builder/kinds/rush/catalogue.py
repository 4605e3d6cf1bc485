"""The famous Rush Hour cards of the catalogue (builder.catalogue shelves them). Each is made
when first asked for."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from .puzzle import RushHour

#: Published Rush Hour cards (Fogleman's database of every 6x6 card, and his solver's example):
#: name -> (card, title). Their figures (51, 60, 58 and 49 moves) are asserted by the tests.
RUSH_CARDS = {
    "rush51": (
        "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
        "Rush Hour, the hardest card without walls (51 moves)",
    ),
    "rush60": (
        "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",
        "Rush Hour, a hardest card with walls (60 moves)",
    ),
    "rush58": (
        "BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN",
        "Rush Hour, a card with walls (58 moves)",
    ),
    "rush49": (
        "BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM",
        "Rush Hour, the example of Fogleman's solver (49 moves)",
    ),
}


def _rush(name: str) -> RushHour:
    """A published Rush Hour card, its moves counted as players and Fogleman count them."""
    card, title = RUSH_CARDS[name]
    return RushHour(name, card, title=title, metric="moves")


#: How each is made, by name.
MAKERS: dict[str, Callable[[], RushHour]] = {name: partial(_rush, name) for name in RUSH_CARDS}
