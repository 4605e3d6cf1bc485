"""Layer sizes known beforehand, so a build that cannot fit is refused before it searches.

`fifteen` toward its standard goal (blank in a corner): the number of positions at each
distance, 0 to 80 moves (OEIS A089473; they sum to 16!/2, and to 42,928,799 within 24 moves,
as our own build counts: tests/builder/test_too_large.py).
"""

from __future__ import annotations

from ..puzzle import Puzzle

FIFTEEN = [
    1, 2, 4, 10, 24, 54, 107, 212, 446, 946, 1948, 3938, 7808, 15544, 30821, 60842, 119000,
    231844, 447342, 859744, 1637383, 3098270, 5802411, 10783780, 19826318, 36142146, 65135623,
    116238056, 204900019, 357071928, 613926161, 1042022040, 1742855397, 2873077198,
    4660800459, 7439530828, 11668443776, 17976412262, 27171347953, 40271406380, 58469060820,
    83099401368, 115516106664, 156935291234, 208207973510, 269527755972, 340163141928,
    418170132006, 500252508256, 581813416256, 657076739307, 719872287190, 763865196269,
    784195801886, 777302007562, 742946121222, 683025093505, 603043436904, 509897148964,
    412039723036, 317373604363, 232306415924, 161303043901, 105730020222, 65450375310,
    37942606582, 20696691144, 10460286822, 4961671731, 2144789574, 868923831, 311901840,
    104859366, 29592634, 7766947, 1508596, 272198, 26638, 3406, 70, 17,
]  # fmt: skip


def known_histogram(puzzle: Puzzle, goal: str) -> list[int] | None:
    """The known layer sizes of a build of `puzzle` toward `goal`, if they are known: the
    catalogue's `fifteen` (its rules, not only its name) toward its standard goal."""
    from .. import catalogue

    fifteen = catalogue.get("fifteen")
    if puzzle.spec() == fifteen.spec() and goal == fifteen.default_goal:
        return FIFTEEN
    return None
