"""The registry of puzzle kinds: all that the searches, the store and the front ends know of a
kind is what it registers here, so a new kind is one folder and no change anywhere else.

A kind is a folder of builder/kinds/ whose `kind.py` declares `KIND`, a `Kind`: its name (stored
with each build), how a stored definition and a definition file become its puzzle, the build
options that define one, the codecs that pack its boards for the vectorised searches, and its
famous puzzles for the catalogue. Everything else (states as text, moves and their words, the
board's symmetries, drawing) the house asks of the `Puzzle` objects the kind makes
(builder.puzzle). Packages outside this one add kinds through the entry point group
`puzzledb.kinds`, each naming a `Kind`.

The registry reads builder/kinds/ itself, so no module imports a kind by name: a kind's folder
is imported the first time something asks for that kind (a lookup of the 8-puzzle loads the
sliding kind only), and every folder only when a question needs them all (the kinds a
definition file may name, the boards some codec packs).
"""

import importlib
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from .puzzle import Puzzle  # at run time: the NamedTuples' annotations are evaluated (below)

#: Where the kinds of this package live, a folder each.
KINDS_FOLDER = Path(__file__).parent / "kinds"
KINDS_PACKAGE = __name__.rpartition(".")[0] + ".kinds"
#: The module of a kind's folder that declares it.
DECLARATION = "kind"
#: The entry point group through which other packages add kinds.
ENTRY_POINTS = "puzzledb.kinds"
#: An empty mapping no one can fill (a Kind's default flags and catalogue).
NOTHING: Mapping = MappingProxyType({})


class Lazy(NamedTuple):
    """A function or class named by where it lives ("module:name.attribute"), imported when
    first called: a kind registers its readers and codecs without loading their modules, so
    a lookup of one kind loads none of another's, nor its own codecs."""

    #: "package.module:name", or ".module:name" within `package`
    target: str
    package: str | None = None

    def resolve(self) -> Any:
        """What the target names, imported now."""
        module, _, path = self.target.partition(":")
        found: Any = importlib.import_module(module, self.package)
        for name in path.split("."):
            found = getattr(found, name)
        return found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)


def lazy(target: str, package: str | None = None) -> Any:
    """A Lazy: what a Kind's fields take in place of the function or class itself."""
    return Lazy(target, package)


class Packing(NamedTuple):
    """One codec of a kind: the boards it packs into integers for the vectorised search."""

    #: whether it packs this puzzle (a board of its kind)
    packs: Callable[[Puzzle], bool]
    #: the codec for a puzzle it packs (builder.search.layered.Codec, or for `plain_order`
    #: builder.search.plain_order.InPlainOrder)
    codec: Callable[[Puzzle], Any]
    #: searched keeping the plain search's order of finding (builder.search.plain_order):
    #: codecs whose moves are not all swaps, on one machine only
    plain_order: bool = False
    #: the boards it packs, as a refusal lists them ("" where another packing says it), or a
    #: lazy(...) naming them where they live (words that need the codec's module)
    boards: str | Lazy = ""
    #: what a board it packs is, where the cluster cannot take it ("a board of blocks")
    called: str = ""


class Kind(NamedTuple):
    """What one kind of puzzle tells the house (see the module's docstring)."""

    #: stored with each build and written `kind = "..."` in a definition file
    name: str
    #: the puzzle again from the definition stored with its build (`Puzzle.spec()`)
    from_spec: Callable[[dict], Puzzle]
    #: a definition file's table of this kind -> (the puzzle, its goals, the default first);
    #: its first argument, a builder.definition_fields.FieldReader (which reads the catalogue,
    #: so it is not imported here), checks the fields every kind shares and names the file
    define: Callable[[Any, dict], tuple[Puzzle, list[str]]]
    #: `puzzledb build` options that define a puzzle of this kind (option -> its reader, giving
    #: a builder.definition_fields.Definition)
    flags: Mapping[str, Callable[..., Any]] = NOTHING
    #: its codecs, tried in order (those a cluster can share first)
    packings: tuple[Packing, ...] = ()
    #: its famous puzzles for the catalogue (name -> how to make it), or a lazy(...) naming
    #: them where they live
    catalogue: Mapping[str, Callable[[], Puzzle]] | Lazy = NOTHING

    def famous(self) -> Mapping[str, Callable[[], Puzzle]]:
        """Its famous puzzles, by name: `catalogue`, imported now if it is lazy."""
        found = self.catalogue
        return found.resolve() if isinstance(found, Lazy) else found  # type: ignore[no-any-return]


class UnknownKind(KeyError):
    """No folder of builder/kinds/ and no entry point declares a kind of this name."""


class _Registry:
    """The kinds found so far, by name; a kind is loaded when first asked for."""

    def __init__(self) -> None:
        self._kinds: dict[str, Kind] = {}
        self._everything: list[Kind] | None = None
        self._lock = threading.RLock()

    def kind(self, name: str) -> Kind:
        """The kind called `name`: its own folder, else the other kinds looked through."""
        found = self._kinds.get(name)
        if found is not None:
            return found
        with self._lock:
            if name not in self._kinds and name in _folders():
                self._add(_declared(f"{KINDS_PACKAGE}.{name}.{DECLARATION}"), name)
            if name not in self._kinds:
                self.kinds()
        if name not in self._kinds:
            raise UnknownKind(name)
        return self._kinds[name]

    def kinds(self) -> list[Kind]:
        """Every kind: this package's in folder name order, then those of entry points in the
        order they are found (whichever were loaded before)."""
        with self._lock:
            if self._everything is None:
                folders = _folders()
                for folder in folders:
                    if folder not in self._kinds:
                        self._add(_declared(f"{KINDS_PACKAGE}.{folder}.{DECLARATION}"), folder)
                for point in _entry_points():
                    declared = point.load()
                    if declared.name not in self._kinds:
                        self._add(declared, None)
                others = [k for name, k in self._kinds.items() if name not in folders]
                self._everything = [self._kinds[f] for f in folders] + others
            return list(self._everything)

    def _add(self, declared: Kind, folder: str | None) -> None:
        if not isinstance(declared, Kind):
            raise TypeError(f"{folder or declared!r} declares no Kind")
        if folder is not None and declared.name != folder:
            raise TypeError(f"the kind in folder {folder} calls itself {declared.name}")
        self._kinds[declared.name] = declared


def _folders() -> list[str]:
    """The folders of builder/kinds/ that declare a kind, in name order."""
    return sorted(
        entry.name for entry in KINDS_FOLDER.iterdir() if (entry / f"{DECLARATION}.py").is_file()
    )


def _declared(module: str) -> Kind:
    return importlib.import_module(module).KIND  # type: ignore[no-any-return]


def _entry_points() -> list[Any]:
    from importlib.metadata import entry_points  # scans every installed package: when asked

    return list(entry_points(group=ENTRY_POINTS))


REGISTRY = _Registry()


def kind(name: str) -> Kind:
    """The kind called `name`, or UnknownKind."""
    return REGISTRY.kind(name)


def kinds() -> list[Kind]:
    """Every kind there is, this package's in folder order."""
    return REGISTRY.kinds()
