"""The HTTP service through Flask's test client: answers, errors, caching, and its OpenAPI."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import time
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import writer
from puzzledb.service.http.app import create_app

JSON = "application/json"
LOOKUPS = ["/path", "/moves", "/depth", "/farthest", "/stats"]


@pytest.fixture(scope="session")
def app(seed_db):
    return create_app(seed_db)


@pytest.fixture()
def client(app):
    return app.test_client()


def get(client, route, **params):
    return client.get(route, query_string=params)


def ok(client, route, **params) -> dict:
    response = get(client, route, **params)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == JSON
    return response.get_json()


def drawn(client, route, **params) -> str:
    """A figure: an SVG document."""
    response = get(client, route, **params)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "image/svg+xml"
    return response.get_data(as_text=True)


def error(response, status: int, code: str) -> str:
    """Assert the JSON error shape, status and code; return the message."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == JSON
    body = response.get_json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["code"] == code
    assert "Traceback" not in body["error"]["message"]
    assert response.headers["Cache-Control"] == "no-store" and "ETag" not in response.headers
    return body["error"]["message"]


def cli_json(cli, *args) -> dict:
    result = cli(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# -- the answers are the CLI's --json objects ------------------------------------------------------
@pytest.mark.parametrize(
    "route, params, command",
    [
        ("/path", {"puzzle": "eight", "state": "867254301"}, ["path", "eight", "867254301"]),
        (
            "/path",
            {"puzzle": "peg15", "state": "111111111111011"},
            ["path", "peg15", "111111111111011"],
        ),
        (
            "/depth",
            {"puzzle": "seven", "d": "20", "limit": "7", "offset": "3"},
            ["depth", "seven", "20", "--limit", "7", "--offset", "3"],
        ),
        ("/farthest", {"puzzle": "lines"}, ["farthest", "lines"]),
        ("/stats", {"puzzle": "nooff"}, ["stats", "nooff"]),
        ("/puzzles", {}, ["list"]),
    ],
)
def test_answers_are_the_clis_json(client, cli, seed_db, route, params, command):
    assert ok(client, route, **params) == cli_json(cli, *command, "--db", seed_db)


def test_path_of_the_farthest_eight_state(client):
    answer = ok(client, "/path", puzzle="eight", state="867254301")
    assert answer["depth"] == 31 and len(answer["moves"]) == 31
    assert answer["path"][0] == "867254301" and answer["path"][-1] == "123456780"
    assert answer["moves"][0] == "tile 5 down"


def test_path_accepts_goal_separators_and_glyphs(client):
    atama = ok(
        client, "/path", puzzle="atama", state="ウアタ/ソ*マ/イタノ", goal="ソウアイ*タタノマ"
    )
    assert atama["depth"] == 18 and atama["goal"] == "ソウアイ*タタノマ"
    assert atama["state"] == "ウアタソ*マイタノ"
    lines = ok(client, "/path", puzzle="lines", state="┌─┐│□│└─┘")
    assert lines["state"] == "123404526" and lines["depth"] == 0


def test_answers_are_utf8_json_in_the_answers_key_order(client):
    response = get(
        client, "/path", puzzle="atama", state="ウアタソ*マイタノ", goal="ソウアイ*タタノマ"
    )
    text = response.get_data(as_text=True)
    assert "ウアタソ*マイタノ" in text  # not \\u escapes
    assert list(json.loads(text)) == [
        "puzzle",
        "goal",
        "state",
        "depth",
        "solutions",
        "path",
        "reached",
        "moves",
        "pieces",
    ]


def test_head_gets_the_headers_without_a_body(client):
    response = client.head("/path?puzzle=eight&state=867254301")
    assert response.status_code == 200 and response.data == b""
    assert response.headers["ETag"]


# -- /moves ----------------------------------------------------------------------------------------
def test_moves_lists_every_legal_move_best_first(client):
    answer = ok(client, "/moves", puzzle="nooff", state="LLONOFF_")
    assert answer["depth"] == 44
    assert [(m["move"], m["depth"], m["optimal"]) for m in answer["moves"]] == [
        ("N down", 43, True),
        ("F at c2 right", 45, False),
    ]
    nooff = catalogue.get("nooff")
    assert {m["state"] for m in answer["moves"]} == {s for _, s in nooff.moves("LLONOFF_")}


def test_following_optimal_moves_reaches_the_goal_in_depth_moves(client):
    state, steps = "867254301", 0
    while state != "123456780":
        answer = ok(client, "/moves", puzzle="eight", state=state)
        depths = [m["depth"] for m in answer["moves"]]
        assert depths == sorted(depths)
        best = answer["moves"][0]
        assert best["optimal"] and best["depth"] == answer["depth"] - 1
        state, steps = best["state"], steps + 1
    assert steps == 31


def test_moves_of_peg_dead_ends_have_no_depth_and_come_last(client):
    start = ok(client, "/moves", puzzle="peg15", state="111111111111011")
    assert start["depth"] == 9
    assert [m["optimal"] for m in start["moves"]] == [m["depth"] == 8 for m in start["moves"]]
    answer = ok(client, "/moves", puzzle="peg15", state="000110001000000")  # pegs 3, 4, 8
    assert answer["depth"] == 1
    assert answer["moves"][0] == {
        "move": "peg 3 jumps to 5, 12",
        "state": "000000000000100",
        "depth": 0,
        "solutions": 1,
        "optimal": True,
        "beyond_radius": False,
        "from": [3],
        "to": [12],
        "pieces": [{"label": "1", "cells": [12]}],
    }
    depths = [m["depth"] for m in answer["moves"]]
    assert depths[1] == 1 and depths[2:] == [None] * (len(depths) - 2) and len(depths) > 3
    peg15 = catalogue.get("peg15")
    assert {m["state"] for m in answer["moves"]} == {s for _, s in peg15.moves("000110001000000")}


def test_every_move_names_the_cells_it_takes_a_piece_from_and_to(client):
    """What the page needs to know which piece a click means, with no rule of its own."""
    bulb = ok(client, "/moves", puzzle="nooff", state="_LLNOOFF")["moves"]
    assert {(m["move"], tuple(m["from"]), tuple(m["to"])) for m in bulb} == {
        ("bulb left", (1, 2), (0,)),
        ("O at a2 up", (4,), (0,)),
    }
    for m in ok(client, "/moves", puzzle="eight", state="867254301")["moves"]:
        before, after = "867254301", m["state"]
        assert [before[c] for c in m["to"]] == ["0"] and [after[c] for c in m["from"]] == ["0"]


def test_every_state_comes_with_its_pieces_and_the_cells_each_covers(client):
    """What the page draws from, so it needs no rule of how a state writes a wide piece."""
    answer = ok(client, "/moves", puzzle="nooff", state="_LLNOOFF")
    assert answer["pieces"] == [
        {"label": label, "cells": cells}
        for label, cells in [
            ("L", [1, 2]),
            ("N", [3]),
            ("O", [4]),
            ("O", [5]),
            ("F", [6]),
            ("F", [7]),
        ]
    ]
    bulb_left = next(m for m in answer["moves"] if m["move"] == "bulb left")
    assert bulb_left["pieces"][0] == {"label": "L", "cells": [0, 1]}
    path = ok(client, "/path", puzzle="peg15", state="000110001000000")
    assert path["pieces"] == [
        [{"label": "1", "cells": [3]}, {"label": "1", "cells": [4]}, {"label": "1", "cells": [8]}],
        [{"label": "1", "cells": [12]}],
    ]
    for state, pieces in zip(
        *(ok(client, "/path", puzzle="eight", state="867254301")[k] for k in ("path", "pieces"))
    ):
        assert sorted((p["cells"][0], p["label"]) for p in pieces) == [
            (c, t) for c, t in enumerate(state) if t != "0"
        ]


def test_moves_of_an_unstored_state_is_an_error_like_path(client):
    for route in ("/moves", "/path"):
        message = error(get(client, route, puzzle="eight", state="123456870"), 404, "unreachable")
        assert "parity" in message
    error(get(client, "/moves", puzzle="eight", state="12345678"), 400, "malformed")


# -- /depth, /farthest, /stats, /puzzles, /health --------------------------------------------------
def test_depth_pages_in_state_order(client):
    both = ok(client, "/depth", puzzle="eight", d="31")
    assert both["count"] == 2 and both["states"] == ["647850321", "867254301"]
    second = ok(client, "/depth", puzzle="eight", d="31", limit="1", offset="1")
    assert second["states"] == ["867254301"] and second["offset"] == 1
    assert len(ok(client, "/depth", puzzle="eight", d="15")["states"]) == 100  # default limit
    assert ok(client, "/depth", puzzle="eight", d="99")["count"] == 0


def test_depth_limits_and_numbers_are_checked(client):
    assert "at most 10000" in error(
        get(client, "/depth", puzzle="eight", d="3", limit="10001"), 400, "malformed"
    )
    assert len(ok(client, "/depth", puzzle="eight", d="20", limit="10000")["states"]) == 10000
    assert "depth" in error(get(client, "/depth", puzzle="eight", d="-1"), 400, "malformed")
    assert "offset" in error(
        get(client, "/depth", puzzle="eight", d="1", offset="x"), 400, "malformed"
    )


def test_farthest_stats_and_catalogue(client):
    assert ok(client, "/farthest", puzzle="seven")["states"] == ["07214365"]
    assert ok(client, "/farthest", puzzle="lines", limit="2")["count"] == 6
    stats = ok(client, "/stats", puzzle="eight")
    assert (stats["states"], stats["max_depth"]) == (181_440, 31)
    assert sum(stats["histogram"]) == stats["states"]
    puzzles = {p["name"]: p for p in ok(client, "/puzzles")["puzzles"]}
    assert set(catalogue.CATALOGUE) <= set(puzzles)
    assert {b["goal"] for b in puzzles["atama"]["builds"]} == {
        "アタマノタイソウ*",
        "ソウアイ*タタノマ",
    }
    assert puzzles["peg15"]["builds"][0]["states"] == 4237


def test_the_catalogue_says_per_build_whether_positions_can_be_targets(client):
    """Where every piece is distinct a build answers toward other positions (renamed); elsewhere
    only toward built goals, and why: the page offers targets by it instead of probing."""
    puzzles = {p["name"]: p for p in ok(client, "/puzzles")["puzzles"]}
    for name in ("eight", "seven"):
        assert [(b["targets"], b["why_no_targets"]) for b in puzzles[name]["builds"]] == [
            (True, None)
        ]
    for name, why in [
        ("lines", "its pieces are not all distinct"),
        ("nooff", "its pieces are not all distinct"),
        ("peg15", "pegs are all alike"),
    ]:
        (build,) = puzzles[name]["builds"]
        assert build["targets"] is False and build["why_no_targets"].startswith(why)
    # what it says agrees with what a target gets
    refused = error(
        get(client, "/moves", puzzle="lines", state="123404526", to="123405426"), 404, "not_built"
    )
    assert puzzles["lines"]["builds"][0]["why_no_targets"] in refused
    ok(client, "/moves", puzzle="eight", state="867254301", to="867254310")


def test_health_counts_the_builds_and_always_revalidates(client):
    response = client.get("/health")
    builds = sum(len(p["builds"]) for p in ok(client, "/puzzles")["puzzles"])
    assert builds == len(catalogue.SEEDS) + 1
    assert response.get_json() == {"status": "ok", "builds": builds}
    assert "no-cache" in response.headers["Cache-Control"]


# -- errors ----------------------------------------------------------------------------------------
def test_malformed_input_is_400_saying_what_is_wrong(client):
    assert "10 cells, expected 9" in error(
        get(client, "/path", puzzle="eight", state="8672543011"), 400, "malformed"
    )
    assert "unknown piece 'x'" in error(
        get(client, "/path", puzzle="eight", state="x67254301"), 400, "malformed"
    )
    assert "goal" in error(get(client, "/stats", puzzle="eight", goal="1"), 400, "malformed")


def test_missing_unknown_and_repeated_parameters_are_400_naming_them(client):
    for route in LOOKUPS:
        message = error(client.get(route), 400, "malformed")
        assert "missing parameter 'puzzle'" in message
    assert "missing parameter 'state'" in error(
        get(client, "/moves", puzzle="eight"), 400, "malformed"
    )
    assert "missing parameter 'd'" in error(get(client, "/depth", puzzle="eight"), 400, "malformed")
    assert "unknown parameter 'depth'" in error(
        get(client, "/depth", puzzle="eight", d="3", depth="3"), 400, "malformed"
    )
    assert "unknown parameter 'x'" in error(client.get("/health?x=1"), 400, "malformed")
    assert "given 2 times" in error(
        client.get("/path?puzzle=eight&state=867254301&state=123456780"), 400, "malformed"
    )


def test_each_404_has_its_own_code(client):
    assert "known puzzles: eight" in error(
        get(client, "/stats", puzzle="sokoban"), 404, "unknown_puzzle"
    )
    error(get(client, "/path", puzzle="peg15", state="000000000000000"), 404, "unreachable")
    message = error(get(client, "/stats", puzzle="eight", goal="123456708"), 404, "not_built")
    assert "puzzledb build eight --goal 123456708" in message
    assert "no such route: '/nowhere'" in error(client.get("/nowhere"), 404, "not_found")


def test_not_built_when_the_database_holds_no_builds(tmp_path, cli):
    cli("build", "nooff", "--db", tmp_path / "one.sqlite")
    client = create_app(tmp_path / "one.sqlite").test_client()
    error(get(client, "/path", puzzle="eight", state="867254301"), 404, "not_built")
    assert client.get("/health").get_json() == {"status": "ok", "builds": 1}


def test_states_beyond_a_radius_build_are_404_beyond_radius(tmp_path, cli):
    db = tmp_path / "radius.sqlite"
    assert cli("build", "fifteen", "--radius", "4", "--db", db).exit_code == 0
    client = create_app(db).test_client()
    edge = ok(client, "/depth", puzzle="fifteen", d="4", limit="1")["states"][0]
    moves = ok(client, "/moves", puzzle="fifteen", state=edge)["moves"]
    assert moves[0]["depth"] == 3 and moves[0]["optimal"] and moves[-1]["depth"] is None
    message = error(
        get(client, "/path", puzzle="fifteen", state=moves[-1]["state"]), 404, "beyond_radius"
    )
    assert "radius 4" in message
    assert ok(client, "/stats", puzzle="fifteen")["radius"] == 4


def test_wrong_method_is_405_with_allow(client):
    for method in ("post", "put", "delete", "patch"):
        response = getattr(client, method)("/path?puzzle=eight&state=867254301")
        assert "not allowed" in error(response, 405, "method_not_allowed")
        assert "GET" in response.headers["Allow"]


def test_oversized_query_strings_are_414(client):
    assert "at most 2048" in error(
        get(client, "/path", puzzle="eight", state="1" * 3000), 414, "query_too_long"
    )
    error(client.get("/nowhere?" + "a" * 5000), 414, "query_too_long")
    ok(client, "/path", puzzle="eight", state=" ".join("867254301") + " " * 1900)


def test_a_bug_is_a_json_500_without_a_traceback(seed_db):
    app = create_app(seed_db)

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret detail")

    response = app.test_client().get("/boom")
    message = error(response, 500, "internal_error")
    assert "secret detail" not in message and "RuntimeError" not in message


def test_an_unreadable_database_is_503(tmp_path):
    path = tmp_path / "garbage.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    client = create_app(path).test_client()
    for route, params in [("/stats", {"puzzle": "eight"}), ("/health", {}), ("/puzzles", {})]:
        error(get(client, route, **params), 503, "database_error")


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    route=st.sampled_from(LOOKUPS + ["/puzzles", "/health", "/openapi.json", "/x"]),
    params=st.lists(
        st.tuples(
            st.sampled_from(["puzzle", "state", "goal", "d", "limit", "offset", "", "é"]),
            st.one_of(
                st.sampled_from(["eight", "peg15", "nooff", "atama", "867254301", "31", "-1"]),
                st.text(max_size=40),
            ),
        ),
        max_size=5,
    ),
)
def test_no_input_yields_a_500(client, route, params):
    response = client.get(route + "?" + urlencode(params))
    assert response.status_code in (200, 400, 404, 414)
    assert response.mimetype == JSON
    body = response.get_json()
    if response.status_code != 200:
        assert set(body["error"]) == {"code", "message"}


def test_undecodable_query_bytes_are_an_input_error(client):
    response = client.get("/path?puzzle=eight&state=%FF%FE%00%ED%A0%80")
    error(response, 400, "malformed")


# -- caching ---------------------------------------------------------------------------------------
def test_etag_and_if_none_match(client):
    first = client.get("/path?puzzle=eight&state=867254301")
    tag = first.headers["ETag"]
    assert tag.startswith('"') and first.headers["Cache-Control"] == "public, max-age=60"
    for match in (tag, f"W/{tag}", f'"other", {tag}', "*"):
        again = client.get("/path?puzzle=eight&state=867254301", headers={"If-None-Match": match})
        assert again.status_code == 304 and again.data == b""
        assert again.headers["ETag"] == tag
    changed = client.get("/path?puzzle=eight&state=867254301", headers={"If-None-Match": '"x"'})
    assert changed.status_code == 200 and changed.get_json() == first.get_json()
    for route in ("/puzzles", "/health", "/openapi.json"):
        tag = client.get(route).headers["ETag"]
        assert client.get(route, headers={"If-None-Match": tag}).status_code == 304


def test_etags_follow_the_build_that_answers(client):
    eight = client.get("/stats?puzzle=eight").headers["ETag"]
    assert client.get("/path?puzzle=eight&state=867254301").headers["ETag"] == eight
    assert client.get("/stats?puzzle=seven").headers["ETag"] != eight
    default = client.get("/stats?puzzle=atama").headers["ETag"]
    article = client.get("/stats", query_string={"puzzle": "atama", "goal": "ソウアイ*タタノマ"})
    assert article.headers["ETag"] != default


def test_a_rebuild_changes_its_etag_only(tmp_path):
    path = tmp_path / "rebuilt.sqlite"
    db = writer(path)
    for name in ("seven", "nooff"):
        build(db, catalogue.get(name), catalogue.get(name).default_goal)
    client = create_app(path).test_client()
    seven = client.get("/stats?puzzle=seven")
    nooff, everything = (client.get(r).headers["ETag"] for r in ("/stats?puzzle=nooff", "/puzzles"))
    assert client.get("/stats?puzzle=seven").headers["ETag"] == seven.headers["ETag"]
    time.sleep(1.1)  # a new built_at too
    build(db, catalogue.get("seven"), "12345670")
    db.close()
    after = client.get("/stats?puzzle=seven", headers={"If-None-Match": seven.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != seven.headers["ETag"]
    assert after.get_json()["built_at"] != seven.get_json()["built_at"]
    assert client.get("/stats?puzzle=nooff").headers["ETag"] == nooff
    assert client.get("/puzzles").headers["ETag"] != everything


def contents(path) -> str:
    """A digest of everything the file says (schema, rows, user_version), read through SQLite:
    a committed write changes it wherever SQLite keeps the write (main file or -wal)."""
    digest = hashlib.sha256()
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        digest.update(str(conn.execute("PRAGMA user_version").fetchone()).encode())
        for line in conn.iterdump():
            digest.update(line.encode())
    conn.close()
    return digest.hexdigest()


def test_the_digest_sees_a_committed_write(tmp_path):
    path = tmp_path / "w.sqlite"
    db = writer(path)
    build(db, catalogue.get("nooff"), "LLNOOFF_")
    before = contents(path)
    with db.begin() as conn:
        conn.execute("INSERT INTO layers VALUES (999, 0, 0)")  # sits in the -wal
    assert contents(path) != before
    db.close()


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_the_service_never_changes_the_database(seed_db, client):
    before = contents(seed_db)
    for route in LOOKUPS:
        get(client, route, puzzle="eight", state="867254301", d="3")
    client.get("/puzzles")
    assert contents(seed_db) == before
    with (
        client.application.extensions["puzzledb"].connection() as conn,
        pytest.raises(Exception, match=r"readonly|read-only"),
    ):
        conn.execute("CREATE TABLE intruder (x)")


# -- the OpenAPI document --------------------------------------------------------------------------
def test_every_route_is_documented_and_only_get(app, client):
    document = ok(client, "/openapi.json")
    assert document["openapi"].startswith("3.")
    # The JSON API's routes; the page ("/" and its files, the web blueprint) is HTML for
    # people, not part of the API, and tests/page/test_page.py checks its routes.
    rules = {
        rule.rule: rule.methods
        for rule in app.url_map.iter_rules()
        if rule.endpoint != "static" and not rule.endpoint.startswith("web.")
    }
    assert set(rules) == set(document["paths"])
    for rule, methods in rules.items():
        assert methods - {"HEAD", "OPTIONS"} == {"GET"}
        assert set(document["paths"][rule]) == {"get"}


def test_every_documented_parameter_is_accepted(client):
    document = ok(client, "/openapi.json")
    for route, item in document["paths"].items():
        parameters = [p for p in item["get"]["parameters"] if p["in"] == "query"]  # not headers
        # a state or a scramble: the state's example stands for the one of them asked for
        required = {
            p["name"]: str(p["example"])
            for p in parameters
            if p["required"] or p["name"] == "state"
        }
        answer = ok if route != "/figure" else drawn
        answer(client, route, **required)
        for p in parameters:
            assert "description" in p
            if p["name"] == "scramble":  # instead of a state, of a twisty puzzle: test_twisty.py
                continue
            answer(client, route, **{**required, p["name"]: str(p["example"])})
            if p["schema"].get("maximum"):
                answer(client, route, **{**required, p["name"]: str(p["schema"]["maximum"])})


def test_documented_statuses_and_refusals(client):
    document = ok(client, "/openapi.json")
    assert "Unknown query parameters are refused" in document["info"]["description"]
    assert "414" in document["info"]["description"]
    for route in LOOKUPS:
        responses = document["paths"][route]["get"]["responses"]
        assert {"200", "304", "400", "404", "405", "414", "500"} <= set(responses)


@pytest.mark.parametrize(
    "query, status, code",
    [
        ({"puzzle": "eight", "state": "12345678"}, 400, "malformed"),
        ({"puzzle": "nine-by-nine", "state": "1"}, 404, "unknown_puzzle"),
        ({"puzzle": "eight", "state": "867254301", "colour": "red"}, 400, "malformed"),
    ],
)
def test_a_refusal_comes_with_status_200_when_the_client_asks(client, query, status, code):
    """Puzzledb-Refusal-Status: 200 (the page sends it, so that a player's typo is no failed
    request in the browser's console): the same body, status 200; without it, the status."""
    plain = client.get("/moves", query_string=query)
    asked = client.get("/moves", query_string=query, headers={"Puzzledb-Refusal-Status": "200"})
    message = error(plain, status, code)
    assert asked.status_code == 200
    assert asked.get_json() == {"error": {"code": code, "message": message}}
    assert asked.headers["Cache-Control"] == "no-store"
    other = client.get("/moves", query_string=query, headers={"Puzzledb-Refusal-Status": "201"})
    assert other.status_code == status  # only 200 is a value of the header
    route = client.get("/nowhere", headers={"Puzzledb-Refusal-Status": "200"})
    assert route.status_code == 404  # a wrong route is the client's bug, not a player's typo
    document = ok(client, "/openapi.json")
    header = [p for p in document["paths"]["/moves"]["get"]["parameters"] if p["in"] == "header"]
    assert [p["name"] for p in header] == ["Puzzledb-Refusal-Status"]


# -- headers and methods ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "route",
    [
        "/path?puzzle=eight&state=867254301",
        "/health",
        "/",
        "/static/index.html",
        "/static/page.js",
        "/nowhere",
        "/path?puzzle=eight&state=x",
    ],
)
def test_every_response_carries_the_security_headers(client, route):
    response = client.get(route)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]


def test_the_page_has_its_policy_by_either_address(client):
    for route in ["/", "/static/index.html"]:
        response = client.get(route)
        assert response.mimetype == "text/html"
        assert "script-src 'self'" in response.headers["Content-Security-Policy"]
        assert "connect-src 'self'" in response.headers["Content-Security-Policy"]


@pytest.mark.parametrize("method", ["OPTIONS", "POST", "PUT", "DELETE", "PATCH"])
@pytest.mark.parametrize("route", ["/path", "/health", "/", "/static/index.html"])
def test_only_get_and_head_are_served(client, method, route):
    message = error(client.open(route, method=method), 405, "method_not_allowed")
    assert method in message
    assert set(client.open(route, method=method).headers["Allow"].split(", ")) >= {"GET", "HEAD"}


def test_an_unknown_route_is_404_whatever_the_method(client):
    error(client.open("/nowhere", method="OPTIONS"), 404, "not_found")


def test_a_lookup_past_the_time_limit_is_stopped_and_named(seed_db):
    """The same error as `puzzledb sql` past its --time-limit: one code, one status."""
    stopped = create_app(seed_db, {"answer_cache": 0, "time_limit": 0})  # every statement late
    message = error(
        stopped.test_client().get("/depth?puzzle=eight&d=20&limit=10000"), 503, "time_limit"
    )
    assert "took more than 0 s" in message
    app = create_app(seed_db, {"answer_cache": 0})
    assert app.test_client().get("/depth?puzzle=eight&d=20&limit=10000").status_code == 200


def test_an_unknown_route_is_repeated_short_and_escaped(client):
    path = "/\u202eabc\x1b[2J" + "y" * 8000
    message = error(client.get(path), 404, "not_found")
    assert "\\u202e" in message and "\\x1b" in message and "\u202e" not in message
    assert len(message) < 300


def test_moves_with_any_answer_from_a_dead_end_so_a_player_can_go_on(client):
    dead_end = "000110001000000"
    moves = ok(client, "/moves", puzzle="peg15", state=dead_end)["moves"]
    dead = next(m["state"] for m in moves if m["depth"] is None and len(m["pieces"]) == 2)
    error(get(client, "/moves", puzzle="peg15", state=dead), 404, "unreachable")
    answer = ok(client, "/moves", puzzle="peg15", state=dead, any="true")
    assert answer["depth"] is None and answer["solutions"] is None
    assert answer["why"].startswith("No way to win from here: ")
    assert not re.search(r"[01]{10}", answer["why"])  # in words: no state written out
    assert answer["beyond_radius"] is False
    assert {m["state"] for m in answer["moves"]} == {
        s for _, s in catalogue.get("peg15").moves(dead)
    }
    assert not any(m["optimal"] for m in answer["moves"])
    stored = ok(client, "/moves", puzzle="peg15", state=dead_end, any="1")
    assert "why" not in stored and stored["depth"] == 1
    message = error(
        get(client, "/moves", puzzle="peg15", state=dead, any="maybe"), 400, "malformed"
    )
    assert "any must be true or false" in message


# -- /figure: a position drawn -----------------------------------------------------------------
@pytest.mark.parametrize("name, state", [("eight", "867254301"), ("nooff", "LLNOOFF_")])
def test_a_figure_is_the_picture_a_notebook_shows(client, seed_db, name, state):
    """/figure draws what `puzzledb.open(...).moves(...)` shows in a notebook (one drawing,
    service/answers/figure.py), as an SVG document under the API's policy, with an ETag."""
    import puzzledb

    svg = drawn(client, "/figure", puzzle=name, state=state)
    with puzzledb.open(seed_db) as tablebase:
        assert svg == tablebase.moves(name, state)._repr_svg_()
    response = get(client, "/figure", puzzle=name, state=state)
    assert response.headers["Content-Security-Policy"].startswith("default-src 'none'")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    again = client.get(
        "/figure",
        query_string={"puzzle": name, "state": state},
        headers={"If-None-Match": response.headers["ETag"]},
    )
    assert again.status_code == 304


def test_a_figure_of_what_is_no_position_is_refused_as_a_lookup_is(client):
    message = error(get(client, "/figure", puzzle="eight", state="86725430"), 400, "malformed")
    assert message == "state has 8 cells, expected 9 (3x3)"
    error(get(client, "/figure", puzzle="eight"), 400, "malformed")  # no state: nothing to draw
    error(get(client, "/figure", puzzle="nine-by-nine", state="1"), 404, "unknown_puzzle")
    error(get(client, "/figure", puzzle="eight", state="867254301", to="1"), 400, "malformed")


def test_a_request_with_a_body_is_refused(client):
    """Every route is a GET of its query string: a body is refused before any view (413), so
    no one sends a question the service would silently ignore."""
    response = client.get("/path?puzzle=eight&state=867254301", data=b"x" * 10)
    message = error(response, 413, "body_refused")
    assert "no request body" in message
    chunked = client.get("/health", headers={"Transfer-Encoding": "chunked"}, data=b"x")
    error(chunked, 413, "body_refused")
    assert client.get("/health", headers={"Content-Length": "0"}).status_code == 200
