"""The CLI from the user's side: each command's human output, its JSON, and --db resolution."""

import json


def run_json(cli, *args):
    result = cli(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_path_json_has_exactly_the_documented_keys(cli, seed_db):
    answer = run_json(cli, "path", "eight", "867254301", "--db", seed_db)
    assert set(answer) == {
        "puzzle",
        "goal",
        "state",
        "depth",
        "solutions",
        "path",
        "reached",
        "moves",
        "pieces",
    }
    assert answer["depth"] == 31 and answer["path"][-1] == answer["reached"] == "123456780"
    assert answer["moves"][0] == "tile 5 down"


def test_path_draws_each_puzzle_in_its_own_look(cli, seed_db):
    eight = cli("path", "eight", "867254301", "--db", seed_db).stdout
    assert "┌───┬───┬───┐" in eight and "│ 8 │ 6 │ 7 │" in eight
    assert "31 moves" in eight and "1. tile 5 down" in eight
    lines = cli("path", "lines", "645202341", "--db", seed_db).stdout
    assert "┘ │ └" in lines and "─ □ ─" in lines  # glyphs, not digits
    atama = cli(
        "path", "atama", "ウアタソ*マイタノ", "--goal", "ソウアイ*タタノマ", "--db", seed_db
    )
    assert "│ ウ │ ア │ タ │" in atama.stdout and "18 moves" in atama.stdout
    nooff = cli("path", "nooff", "LLONOFF_", "--db", seed_db).stdout
    assert "│ bulb  │ O │ N │" in nooff  # one wide piece, no wall through it
    assert "44 moves" in nooff
    peg = cli("path", "peg15", "111111111111011", "--db", seed_db).stdout
    assert "    ●\n" in peg or "    ●   " in peg
    assert "● ● ○ ● ●" in peg and "9 moves" in peg


def test_goal_state_is_a_path_of_no_moves(cli, seed_db):
    answer = run_json(cli, "path", "eight", "123456780", "--db", seed_db)
    assert answer["depth"] == 0 and answer["path"] == ["123456780"] and answer["moves"] == []


def test_state_may_be_typed_with_separators(cli, seed_db):
    answer = run_json(cli, "path", "eight", "8 6 7/2,5,4/3 0 1", "--db", seed_db)
    assert answer["state"] == "867254301"


def test_depth_pages_through_a_layer(cli, seed_db):
    whole = run_json(cli, "depth", "eight", "30", "--limit", "10000", "--db", seed_db)
    assert whole["count"] == len(whole["states"]) == 221
    assert whole["states"] == sorted(whole["states"])
    page = run_json(cli, "depth", "eight", "30", "--limit", "5", "--offset", "7", "--db", seed_db)
    assert page["count"] == 221 and page["states"] == whole["states"][7:12]
    assert {"puzzle", "goal", "depth", "count", "states"} <= set(page)
    beyond = run_json(cli, "depth", "eight", "99", "--db", seed_db)
    assert beyond["count"] == 0 and beyond["states"] == []
    text = cli("depth", "eight", "30", "--limit", "3", "--db", seed_db).stdout
    assert "221 states at depth 30 (showing 1-3)" in text


def test_farthest_and_stats(cli, seed_db):
    far = run_json(cli, "farthest", "seven", "--db", seed_db)
    assert far["depth"] == 36 and far["states"] == ["07214365"]
    stats = run_json(cli, "stats", "seven", "--db", seed_db)
    assert {"puzzle", "goal", "states", "max_depth", "histogram"} <= set(stats)
    assert stats["histogram"][:3] == [1, 2, 3] and stats["states"] == 20160
    text = cli("stats", "seven", "--db", seed_db).stdout
    assert "states: 20,160" in text and "max depth: 36" in text
    drawn = cli("farthest", "nooff", "--db", seed_db).stdout
    assert "3 farthest states, 56 moves away" in drawn and "bulb" in drawn


def test_list_shows_catalogue_and_builds(cli, seed_db, tmp_path):
    catalogue = run_json(cli, "list", "--db", seed_db)["puzzles"]
    by_name = {p["name"]: p for p in catalogue}
    assert set(by_name) == {
        "cube2",
        "cube2-qtm",
        "pyraminx",
        "skewb",
        "eight",
        "seven",
        "lines",
        "atama",
        "nooff",
        "peg15",
        "nine",
        "eleven",
        "fifteen",
        "eight-multi",
        "fifteen-multi",
        "klotski",
        "klotski-straight",
        "klotski-finger",
        "klotski-all",
        "klotski-all-straight",
        "klotski-all-finger",
        "english",
        "english-chain",
        "french",
        "rush51",
        "rush60",
        "rush58",
        "rush49",
    }
    assert by_name["english"]["board"] == "33 holes" and by_name["french"]["builds"] == []
    assert by_name["fifteen"]["builds"] == [] and by_name["eleven"]["board"] == "3x4"
    assert {b["goal"] for b in by_name["atama"]["builds"]} == {
        "アタマノタイソウ*",
        "ソウアイ*タタノマ",
    }
    empty = run_json(cli, "list", "--db", tmp_path / "none.sqlite")["puzzles"]
    assert all(p["builds"] == [] for p in empty)
    assert "not built (puzzledb build eight)" in cli("list", "--db", tmp_path / "x").stdout


def test_database_from_env_then_default(cli, tmp_path, monkeypatch):
    target = tmp_path / "from-env.sqlite"
    built = cli("build", "seven", "--json", env={"PUZZLEDB_DB": str(target)})
    assert built.exit_code == 0 and target.is_file()
    assert json.loads(built.stdout)["built"][0]["states"] == 20160
    monkeypatch.chdir(tmp_path)
    assert cli("build", "nooff", "-q").exit_code == 0
    assert (tmp_path / "puzzledb.sqlite").is_file()
    assert run_json(cli, "stats", "nooff")["states"] == 540


def test_rebuild_toward_another_goal_keeps_both(cli, tmp_path):
    db = tmp_path / "goals.sqlite"
    assert cli("build", "seven", "--db", db, "-q").exit_code == 0
    assert cli("build", "seven", "--goal", "01234567", "--db", db, "-q").exit_code == 0
    assert cli("build", "seven", "--db", db, "-q").exit_code == 0  # rebuild replaces
    builds = {p["name"]: p for p in run_json(cli, "list", "--db", db)["puzzles"]}["seven"]
    assert sorted(b["goal"] for b in builds["builds"]) == ["01234567", "12345670"]
    other = run_json(cli, "stats", "seven", "--goal", "01234567", "--db", db)
    assert other["states"] == 20160


def test_moves_lists_every_legal_move_best_first(cli, seed_db):
    answer = run_json(cli, "moves", "nooff", "LLONOFF_", "--db", seed_db)
    assert answer["depth"] == 44
    assert [(m["move"], m["depth"], m["optimal"]) for m in answer["moves"]] == [
        ("N down", 43, True),
        ("F at c2 right", 45, False),
    ]
    text = cli("moves", "nooff", "LLONOFF_", "--db", seed_db).stdout
    assert "LLONOFF_ is 44 moves from goal LLNOOFF_" in text and "N down" in text
    assert "optimal" in text
    peg = cli("moves", "peg15", "011010110010000", "--db", seed_db).stdout
    assert "is 1 move from goal" in peg and "-> 000000000000100  0 moves  optimal" in peg
    assert "cannot reach the goal" in peg  # jumps into dead ends are legal moves too
