"""What a long build reports as it goes; the default reports nothing.

The CLI draws these on a terminal; tests use them to act at a given point of a build.
"""


class Progress:
    def layer(self, depth: int, states: int) -> None:
        """The search finished `depth`; `states` found so far."""

    def stage(self, name: str) -> None:
        """A step without a count began (e.g. 'indexing')."""

    def waiting(self, message: str) -> None:
        """The build waits for something outside it (another build of the same file)."""

    def rows(self, written: int, total: int) -> None:
        """`written` of `total` rows are stored (uncommitted until the build ends)."""

    def done(self) -> None:
        """The build is committed."""
