"""The answers' contract: the schemas the service serves are the ones generated from the answer
types (service.answer_types), and real answers hold to them. Every route's answers, over the
seed builds, the samples of radius, class and pattern builds (tests/support/answer_bytes.json) and
random states, validate against the served schema with jsonschema: each required key there,
each of the right type, no key the type does not name (`additionalProperties: false`), in the
type's order; and every key a type names is given by some answer."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from support import answer_bytes
from support.seeds import ATAMA_ARTICLE_GOAL

from puzzledb.builder import catalogue
from puzzledb.service import answer_types
from puzzledb.service.http.app import create_app
from puzzledb.service.http.openapi import MAX_QUERY_BYTES
from puzzledb.service.json_schema import schema_of

JSON = "application/json"
ANSWER_TYPES = [
    answer_types.PathAnswer,
    answer_types.MovesAnswer,
    answer_types.DepthAnswer,
    answer_types.FarthestAnswer,
    answer_types.StatsAnswer,
    answer_types.Catalogue,
    answer_types.Health,
    answer_types.Error,
]
PEG_DEAD_END = "000110001000000"  # stored, one move from a loss
PEG_LOST = "000100001000000"  # not stored: two pegs that cannot meet
#: Questions over the seed builds, by route: every kind of answer each route gives.
ASKED: list[tuple[str, dict[str, str]]] = [
    ("/path", {"puzzle": "eight", "state": "867254301"}),
    ("/path", {"puzzle": "eight", "state": "867254301", "to": "012345678"}),
    ("/path", {"puzzle": "peg15", "state": "111111111111011"}),
    ("/path", {"puzzle": "atama", "state": "ウアタソ*マイタノ", "goal": ATAMA_ARTICLE_GOAL}),
    ("/path", {"puzzle": "lines", "state": "123404526"}),
    ("/path", {"puzzle": "nooff", "state": "LLONOFF_"}),
    ("/moves", {"puzzle": "eight", "state": "867254301"}),
    ("/moves", {"puzzle": "seven", "state": "12345670", "to": "07654321"}),
    ("/moves", {"puzzle": "peg15", "state": PEG_DEAD_END}),
    ("/moves", {"puzzle": "peg15", "state": PEG_LOST, "any": "true"}),
    ("/moves", {"puzzle": "eight", "state": "213456780", "any": "true"}),
    ("/moves", {"puzzle": "nooff", "state": "LLONOFF_"}),
    ("/depth", {"puzzle": "seven", "d": "20", "limit": "7", "offset": "3"}),
    ("/depth", {"puzzle": "eight", "d": "5", "limit": "4", "after": "123450786"}),
    ("/depth", {"puzzle": "seven", "d": "1", "offset": "50"}),
    *[("/farthest", {"puzzle": name}) for name in catalogue.SEEDS],
    *[("/stats", {"puzzle": name}) for name in catalogue.SEEDS],
    ("/stats", {"puzzle": "atama", "goal": ATAMA_ARTICLE_GOAL}),
    ("/puzzles", {}),
    ("/health", {}),
]
#: Refusals, each by its documented status.
REFUSED: list[tuple[str, dict[str, str], int]] = [
    ("/path", {"puzzle": "eight", "state": "x"}, 400),
    ("/path", {"puzzle": "eight", "state": "867254301", "colour": "red"}, 400),
    ("/path", {"puzzle": "nosuch", "state": "1"}, 404),
    ("/path", {"puzzle": "eight", "state": "213456780"}, 404),
    ("/stats", {"puzzle": "eight", "goal": "123405678"}, 404),
    ("/moves", {"puzzle": "peg15", "state": PEG_LOST}, 404),
    ("/depth", {"puzzle": "eight", "d": "1", "limit": "9" * MAX_QUERY_BYTES}, 414),
]


@pytest.fixture(scope="module")
def client(seed_db):
    return create_app(seed_db).test_client()


@pytest.fixture(scope="module")
def document(client) -> dict:
    return client.get("/openapi.json").get_json()


def schema_named(document: dict, reference: dict) -> tuple[str, dict]:
    name = reference["$ref"].rsplit("/", 1)[1]
    return name, document["components"]["schemas"][name]


def answer_schema(document: dict, route: str, status: int = 200) -> tuple[str, dict]:
    """The name and schema of `route`'s answer with `status`, as the served document says."""
    response = document["paths"][route]["get"]["responses"][str(status)]
    if "$ref" in response:
        response = document["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    return schema_named(document, response["content"][JSON]["schema"])


def holds(schema: dict, answer: object) -> None:
    errors = [
        f"{list(e.absolute_path)}: {e.message}" for e in _validator(schema).iter_errors(answer)
    ]
    assert errors == []


def _validator(schema: dict) -> Draft202012Validator:
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def keys_given(schema: dict, answer: object, where: str, seen: dict[str, set[str]]) -> None:
    """Note, by its place in the schema, the keys each object of `answer` gives, and check that
    they come in the order the type names them (the order the JSON is written in)."""
    if isinstance(answer, dict) and "properties" in schema:
        named = list(schema["properties"])
        assert list(answer) == [k for k in named if k in answer], where
        seen[where] |= set(answer)
        for key, value in answer.items():
            keys_given(schema["properties"][key], value, f"{where}/{key}", seen)
    elif isinstance(answer, list) and "items" in schema:
        for item in answer:
            keys_given(schema["items"], item, f"{where}[]", seen)


def keys_named(schema: dict, where: str, named: dict[str, set[str]]) -> None:
    """Every object a schema describes by its keys, by its place: the keys it names."""
    if "properties" in schema:
        named[where] = set(schema["properties"])
        for key, value in schema["properties"].items():
            keys_named(value, f"{where}/{key}", named)
    if "items" in schema:
        keys_named(schema["items"], f"{where}[]", named)


def real_answers(client, document) -> list[tuple[str, object]]:
    """(schema name, answer) of every question asked of the seed builds, the documented
    examples included, and of every saved sample (its CLI and HTTP text alike), refusals
    too."""
    found, asked = [], list(ASKED)
    for route, item in document["paths"].items():
        answer = item["get"]["responses"]["200"]["content"]
        if route != "/openapi.json" and JSON in answer:  # `to` is documented as not with `goal`
            documented = [p for p in item["get"]["parameters"] if p["in"] == "query"]
            example = {p["name"]: str(p["example"]) for p in documented}
            # `scramble` is documented as instead of `state` (asked in tests/builder/test_twisty.py)
            left_out = ("to", "scramble")
            asked.append((route, {k: v for k, v in example.items() if k not in left_out}))
    for route, query in asked:
        response = client.get(route, query_string=query)
        assert response.status_code == 200, (route, query, response.get_data(as_text=True))
        found.append((answer_schema(document, route)[0], response.get_json()))
    for route, query, status in REFUSED:
        response = client.get(route, query_string=query)
        assert response.status_code == status, (route, query)
        found.append((answer_schema(document, route, status)[0], response.get_json()))
    saved, routes = (
        answer_bytes.saved(),
        {label: route for label, _, route, _ in answer_bytes.SAMPLES},
    )
    for label, route in routes.items():
        for text in (saved[f"cli {label}"], saved[f"http {label}"]):
            said, body = text.split(" ", 1)
            name = "Error" if said not in ("0", "200") else answer_schema(document, route)[0]
            found.append((name, json.loads(body)))
    for label, route, _ in answer_bytes.REFUSALS:
        said, body = saved[f"http {label}"].split(" ", 1)
        found.append((answer_schema(document, route, int(said))[0], json.loads(body)))
    return found


# -- the served schemas are the generated ones -------------------------------------------------
def test_the_served_schemas_are_generated_from_the_answer_types(document):
    schemas = document["components"]["schemas"]
    assert set(schemas) == {t.__name__ for t in ANSWER_TYPES} | {"OpenAPI"}
    for typed in ANSWER_TYPES:
        assert schemas[typed.__name__] == schema_of(typed), typed.__name__
        Draft202012Validator.check_schema(schemas[typed.__name__])


def test_every_route_and_refusal_names_a_schema_the_document_has(document):
    for route, item in document["paths"].items():
        for status, response in item["get"]["responses"].items():
            if status == "304":
                continue
            if "$ref" not in response and JSON not in response["content"]:  # /figure's SVG
                assert response["content"] == {"image/svg+xml": {"schema": {"type": "string"}}}
                continue
            assert answer_schema(document, route, int(status))[1]["type"] == "object"


def test_the_descriptions_api_readers_see_come_from_the_types(document):
    moves = document["components"]["schemas"]["MovesAnswer"]
    assert moves["required"] == [
        "puzzle",
        "goal",
        "state",
        "depth",
        "solutions",
        "pieces",
        "moves",
    ]
    assert moves["properties"]["why"]["description"].startswith("Only with any=true")
    move = moves["properties"]["moves"]["items"]
    assert move["properties"]["from"]["description"].startswith("Cells of the piece that moves")
    assert move["properties"]["solutions"] == {
        "type": ["integer", "null"],
        "minimum": 1,
        "description": "The optimal solutions of the state it leads to (null where depth is null).",
    }
    entry = document["components"]["schemas"]["Catalogue"]["properties"]["puzzles"]["items"]
    assert entry["properties"]["definition"]["required"] == ["kind", "name", "title", "goal"]
    assert "additionalProperties" not in entry["properties"]["definition"]  # the builder's own


# -- real answers hold to them ------------------------------------------------------------------
@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_every_real_answer_holds_to_its_schema(client, document):
    answers = real_answers(client, document)
    assert {name for name, _ in answers} == {t.__name__ for t in ANSWER_TYPES}
    for name, answer in answers:
        holds(document["components"]["schemas"][name], answer)


def test_every_key_a_type_names_is_given_and_no_other(client, document):
    """With holds() above (no key beyond the type's), the keys answers give are the types'
    keys exactly: a key added to a type that no answer gives fails here, as a key an answer
    gives that its type lacks fails there (and in mypy first)."""
    seen: dict[str, set[str]] = defaultdict(set)
    named: dict[str, set[str]] = {}
    schemas = document["components"]["schemas"]
    for name, answer in real_answers(client, document):
        keys_given(schemas[name], answer, name, seen)
    for typed in ANSWER_TYPES:
        keys_named(schemas[typed.__name__], typed.__name__, named)
    missing = {where: keys - seen[where] for where, keys in named.items() if keys - seen[where]}
    assert missing == {}
    assert {where: seen[where] - named[where] for where in seen if seen[where] - named[where]} == {}


def test_a_key_beyond_the_type_or_a_wrong_type_is_caught(document):
    """The check above would see a drift: the validator refuses what the type does not say."""
    stats = document["components"]["schemas"]["StatsAnswer"]
    health = {"status": "ok", "builds": 3}
    holds(document["components"]["schemas"]["Health"], health)
    for wrong in ({**health, "extra": 1}, {"status": "ok"}, {**health, "builds": "3"}):
        assert list(_validator(document["components"]["schemas"]["Health"]).iter_errors(wrong))
    assert not _validator(stats).is_valid({"puzzle": "eight"})


SETTINGS = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.mark.parametrize("name", catalogue.SEEDS)
@SETTINGS
@given(data=st.data())
def test_answers_about_random_states_hold_to_their_schemas(answers, document, name, data):
    """Random stored states of each seed build, and (pieces of one cell) random arrangements
    of them asked with `any`, most of them lost or of the other parity."""
    schemas = document["components"]["schemas"]
    stats = answers.stats(name)
    depth = data.draw(st.integers(0, stats["max_depth"]), label="depth")
    offset = data.draw(st.integers(0, stats["histogram"][depth] - 1), label="offset")
    state = answers.depth(name, depth, limit=1, offset=offset)["states"][0]
    holds(schemas["PathAnswer"], answers.path(name, state))
    holds(schemas["MovesAnswer"], answers.moves(name, state))
    if not getattr(catalogue.get(name), "wide", None):  # a wide piece's cells stay together
        shuffled = "".join(data.draw(st.permutations(state), label="arrangement"))
        holds(schemas["MovesAnswer"], answers.moves(name, shuffled, any_state=True))
