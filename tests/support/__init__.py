"""What the tests share that is not a test: servers to start, an independent model of the small
puzzles, the page's browser steps, the documentation's example runner, the answers' saved bytes.

Imported as `support.NAME` (pyproject.toml puts tests/ on pytest's path); bench/ imports
`support.servers` too, and no test imports anything from bench/."""
