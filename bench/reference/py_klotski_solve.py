"""py-klotski (PyPI, a C++ core) solving Klotski's classic start: the other Klotski reference
of bench/references.py. Bench only, and optional: `pip install py-klotski` builds it from
source, which needs C++20 <format> and C++23 std::ranges::to (Debian 12's gcc 12 and clang 16
have neither); not one of puzzledb's dependencies.

    python bench/reference/py_klotski_solve.py           # moves from the start, seconds
    python bench/reference/py_klotski_solve.py --check   # exit 1 when py-klotski is absent

Its moves are one piece anywhere it slides (puzzledb's `klotski-finger`).
"""

from __future__ import annotations

import sys
import time

#: 横刀立马, the classic start, in py-klotski's "common code".
START = "1A9BF0C"


def main() -> None:
    try:
        import klotski  # type: ignore[import-not-found]  # optional, bench only
    except ImportError:
        if "--check" in sys.argv:
            sys.exit(1)
        raise SystemExit("py-klotski is not installed: pip install py-klotski") from None
    if "--check" in sys.argv:
        return
    began = time.perf_counter()
    cal = klotski.FastCal(klotski.Layout(START))
    exit_layout = cal.solve()
    path = cal.backtrack(exit_layout)
    print(f"moves {len(path) - 1}")
    print(f"seconds {time.perf_counter() - began:.3f}")


if __name__ == "__main__":
    main()
