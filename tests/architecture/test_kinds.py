"""Kinds of puzzle as plug-ins (builder.registry): the middle of the house (the searches, the
store, the front ends) imports no kind, each folder of builder/kinds/ declares itself, and a kind
that none of them names (the tests' own ring, tests/support/kinds/) is built, stored and answered
end to end, from a definition file through the command line."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest
from support.import_graph import graph
from support.kinds.ring.puzzle import Ring

from puzzledb.builder import catalogue, registry
from puzzledb.builder.core.errors import BadDefinition
from puzzledb.builder.definition import load_text
from puzzledb.builder.search import codecs

TREE = Path(__file__).resolve().parents[2]
KINDS = "builder.kinds"
#: Where no module may import a kind, lazily or not: everything but the kinds themselves.
MIDDLE = ("builder", "db", "service")
#: The names of the kinds there are.
KIND_NAMES = {kind.name for kind in registry.kinds()}


def _imports_of_kinds(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(module, kind module it imports) for every module outside builder/kinds/."""
    return sorted(
        (module, target)
        for module, targets in graph.items()
        if module.split(".")[0] in MIDDLE and not module.startswith(KINDS)
        for target in targets
        if target.startswith(KINDS)
    )


def test_nothing_outside_the_kinds_imports_a_kind():
    """The searches, the store, state_key, export, the catalogue and the front ends reach a
    kind through the registry only, so a new kind changes none of them."""
    assert _imports_of_kinds(graph()) == []


def test_no_kind_imports_another():
    crossing = [
        (module, target)
        for module, targets in graph().items()
        if module.startswith(KINDS + ".")
        for target in targets
        if target.startswith(KINDS + ".") and target.split(".")[2] != module.split(".")[2]
    ]
    assert crossing == []


def _kind_switches(path: Path) -> list[str]:
    """Where `path` (in the repository) compares a kind with a kind's name: a switch on kinds."""
    return _kind_switches_at(path, TREE)


def _kind_switches_at(path: Path, root: Path) -> list[str]:
    """Where `path` compares a kind with a kind's name (`puzzle.kind == "peg"`,
    `spec["kind"] in ("sliding", "rush")`): a switch on kinds."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        kinds = any(
            (isinstance(side, ast.Attribute) and side.attr == "kind")
            or (isinstance(side, ast.Subscript) and ast.unparse(side.slice) == "'kind'")
            for side in sides
        )
        names = any(
            isinstance(const, ast.Constant) and const.value in KIND_NAMES
            for side in sides
            for const in ast.walk(side)
        )
        if kinds and names:
            found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_nothing_outside_the_kinds_switches_on_a_kinds_name():
    """What differs by kind is asked of the puzzle or of its registration, never decided by
    its name (the front ends' words, the catalogue's radius, how a pred is derived)."""
    found = [
        where
        for folder in MIDDLE
        for path in sorted((TREE / folder).rglob("*.py"))
        if "kinds" not in path.relative_to(TREE).parts
        for where in _kind_switches(path)
    ]
    assert found == []


def test_a_switch_on_a_kinds_name_is_found(tmp_path):
    code = tmp_path / "a.py"
    code.write_text(
        'if puzzle.kind == "peg":\n    pass\nok = spec["kind"] in ("rush",)\n'
        'dtype = values.dtype.kind in "iub"\n'
    )
    assert [w.split(":")[1] for w in _kind_switches_at(code, tmp_path)] == ["1", "3"]


def test_an_import_of_a_kind_is_found(tmp_path):
    """The check reads real imports, lazy ones too: a search module importing a kind fails."""
    search = tmp_path / "builder" / "search"
    kind = tmp_path / "builder" / "kinds" / "peg"
    search.mkdir(parents=True)
    kind.mkdir(parents=True)
    (kind / "packed.py").write_text("", encoding="utf-8")
    (search / "codecs.py").write_text(
        "def f():\n    from ..kinds.peg import packed\n", encoding="utf-8"
    )
    found = _imports_of_kinds(graph(tmp_path))
    assert found == [("builder.search.codecs", "builder.kinds.peg.packed")]


def test_each_folder_of_kinds_declares_its_kind():
    folders = sorted(
        p.name for p in (TREE / "builder" / "kinds").iterdir() if (p / "__init__.py").exists()
    )
    assert folders == ["peg", "permutation", "rush", "sliding"]
    assert [k.name for k in registry.kinds()] == folders
    assert all(isinstance(registry.kind(name), registry.Kind) for name in folders)
    with pytest.raises(registry.UnknownKind):
        registry.kind("nosuch")


def _lazies(kind: registry.Kind) -> list[registry.Lazy]:
    fields: list[object] = [kind.from_spec, kind.define, kind.catalogue, *kind.flags.values()]
    fields += [f for p in kind.packings for f in (p.packs, p.codec, p.boards)]
    return [f for f in fields if isinstance(f, registry.Lazy)]


def test_every_part_a_kind_names_is_where_it_says():
    """A kind names its parts by where they live (registry.lazy), which no type checker reads:
    each must import and be there."""
    for kind in registry.kinds():
        named = _lazies(kind)
        assert len(named) >= 3
        for part in named:
            assert part.resolve() is not None, part.target
    with pytest.raises(AttributeError):
        registry.lazy(".puzzle:Nothing", "puzzledb.builder.kinds.peg").resolve()


def test_every_kinds_stored_definition_names_what_sql_reads():
    """kind, name, title and goal, which the store, state_key and the catalogue read."""
    for name in catalogue.SHELF:
        spec = catalogue.get(name).spec()
        assert {"kind", "name", "title", "goal"} <= set(spec), name
        assert spec["goal"] == catalogue.get(name).default_goal
    assert {"kind", "name", "title", "goal"} <= set(Ring("r", 4).spec())


def test_the_shelf_holds_every_kinds_famous_puzzles_once():
    """catalogue.SHELF orders the names; each kind's own catalogue makes them."""
    made = {name: kind.name for kind in registry.kinds() for name in kind.famous()}
    assert made == catalogue.SHELF
    for name, kind in catalogue.SHELF.items():
        assert catalogue.get(name).kind == kind


@pytest.mark.parametrize("name", ["eight", "nooff", "klotski", "peg15", "english", "rush51"])
def test_a_codec_is_searched_as_its_kind_registers_it(name):
    """A packing said to keep the plain search's order makes codecs that say so too (the
    search reads the codec; the cluster, which cannot take them, reads the registration)."""
    puzzle = catalogue.get(name)
    packing = next(p for p in registry.kind(puzzle.kind).packings if p.packs(puzzle))
    codec = codecs.codec_for(puzzle)
    assert getattr(codec, "plain_order", False) == packing.plain_order
    assert (codecs.cluster_codec_for(puzzle) is None) == packing.plain_order


@pytest.fixture
def ring_kind(monkeypatch):
    """The registry reading tests/support/kinds/ as its folder of kinds: the ring only."""
    monkeypatch.setattr(registry, "KINDS_FOLDER", TREE / "tests" / "support" / "kinds")
    monkeypatch.setattr(registry, "KINDS_PACKAGE", "support.kinds")
    monkeypatch.setattr(registry, "_entry_points", list)
    monkeypatch.setattr(registry, "REGISTRY", registry._Registry())
    yield


RING_TOML = 'kind = "ring"\nname = "myring"\ntitle = "A ring of six"\ncells = 6\n'


def test_a_kind_in_a_new_folder_is_defined_built_and_answered(ring_kind, cli, tmp_path):
    toml, db = tmp_path / "ring.toml", tmp_path / "ring.sqlite"
    toml.write_text(RING_TOML, encoding="utf-8")
    built = cli("build", "--file", toml, "--db", db, "--json")
    assert built.exit_code == 0, built.output
    stats = json.loads(cli("stats", "myring", "--db", db, "--json").stdout)
    assert stats["states"] == 6 and stats["max_depth"] == 3 and stats["histogram"] == [1, 2, 2, 1]
    path = json.loads(cli("path", "myring", "000100", "--db", db, "--json").stdout)
    assert path["depth"] == 3 and path["solutions"] == 2  # three steps either way round
    assert path["moves"] == ["token left"] * 3
    moves = json.loads(cli("moves", "myring", "010000", "--db", db, "--json").stdout)
    assert [(m["move"], m["depth"]) for m in moves["moves"]] == [
        ("token left", 0),
        ("token right", 2),
    ]
    assert codecs.codec_for(Ring("r", 6)) is None  # no codec: the plain search built it
    listed = json.loads(cli("list", "--db", db, "--json").stdout)["puzzles"]
    assert [(p["kind"], p["default_goal"]) for p in listed if p["name"] == "myring"] == [
        ("ring", "100000")
    ]


def test_a_file_naming_an_unknown_kind_lists_the_kinds_there_are(ring_kind):
    with pytest.raises(BadDefinition, match=r'kind must be one of "ring", not .cube.'):
        load_text(RING_TOML.replace('"ring"', '"cube"'), "x.toml")


def test_a_kind_from_an_entry_point_is_found(monkeypatch):
    """Another package's kind, declared by the entry point group `puzzledb.kinds`."""
    from support.kinds.ring.kind import KIND

    class Point:
        def load(self) -> registry.Kind:
            return KIND

    monkeypatch.setattr(registry, "_entry_points", lambda: [Point()])
    monkeypatch.setattr(registry, "REGISTRY", registry._Registry())
    assert [k.name for k in registry.kinds()] == ["peg", "permutation", "rush", "sliding", "ring"]
    assert load_text(RING_TOML).puzzle.spec()["cells"] == 6


def test_a_stored_definition_of_an_unknown_kind_is_a_bad_definition():
    with pytest.raises(BadDefinition, match=r"of the kind .cube., which this puzzledb"):
        catalogue.from_spec({"kind": "cube", "name": "x"})


def test_a_lookup_loads_only_its_own_kind(tmp_path):
    """The registry imports a kind's folder when first asked for it: rebuilding the 8-puzzle
    from its stored definition loads no other kind."""
    import subprocess

    code = (
        "import sys; from puzzledb.builder import catalogue; "
        "catalogue.from_spec({'kind': 'sliding', 'name': 'e', 'rows': 1, 'cols': 3, "
        "'goal': '120', 'blank': '0'}); "
        "print(sorted({m.split('.')[3] for m in sys.modules "
        "if m.startswith('puzzledb.builder.kinds.')}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['sliding']"
