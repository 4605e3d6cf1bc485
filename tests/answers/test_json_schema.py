"""JSON Schema generated from types (service.json_schema): what each type becomes, and a clear
refusal of a type JSON cannot carry. This file postpones its annotations (`from __future__
import annotations`) as most modules here do: NotRequired is read all the same."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, NotRequired, TypedDict

import pytest
from jsonschema import Draft202012Validator

from puzzledb.service.json_schema import Keywords, components, schema_of


class Inner(TypedDict):
    name: str


class Outer(TypedDict):
    count: Annotated[int, Keywords(minimum=1), "How many."]
    ratio: float
    ok: bool
    note: str | None
    inner: Inner
    maybe: Annotated[Inner | None, "An inner, or null."]
    tags: list[str]
    table: dict[str, int]
    anything: Annotated[dict[str, Any], Keywords(required=("kind",))]
    side: Literal["top", "bottom"]
    only: Literal["ok"]
    either: int | str
    later: NotRequired[Annotated[str, "Only sometimes."]]


class Loose(TypedDict, total=False):
    a: int


INNER = {
    "type": "object",
    "properties": {"name": {"type": "string"}},
    "required": ["name"],
    "additionalProperties": False,
}


def test_each_type_becomes_its_schema():
    assert schema_of(Outer) == {
        "type": "object",
        "properties": {
            "count": {"type": "integer", "minimum": 1, "description": "How many."},
            "ratio": {"type": "number"},
            "ok": {"type": "boolean"},
            "note": {"type": ["string", "null"]},
            "inner": INNER,
            "maybe": {**INNER, "type": ["object", "null"], "description": "An inner, or null."},
            "tags": {"type": "array", "items": {"type": "string"}},
            "table": {"type": "object", "additionalProperties": {"type": "integer"}},
            "anything": {"type": "object", "required": ["kind"]},
            "side": {"type": "string", "enum": ["top", "bottom"]},
            "only": {"type": "string", "const": "ok"},
            "either": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
            "later": {"type": "string", "description": "Only sometimes."},
        },
        "required": [
            "count",
            "ratio",
            "ok",
            "note",
            "inner",
            "maybe",
            "tags",
            "table",
            "anything",
            "side",
            "only",
            "either",
        ],
        "additionalProperties": False,
    }
    assert schema_of(Loose)["required"] == []
    assert components(Inner, Loose) == {"Inner": INNER, "Loose": schema_of(Loose)}


def test_the_schema_takes_what_the_type_allows_and_refuses_the_rest():
    schema = schema_of(Outer)
    Draft202012Validator.check_schema(schema)
    valid: dict[str, Any] = {
        "count": 2,
        "ratio": 0.5,
        "ok": True,
        "note": None,
        "inner": {"name": "a"},
        "maybe": None,
        "tags": [],
        "table": {"x": 1},
        "anything": {"kind": "peg", "more": [1]},
        "side": "top",
        "only": "ok",
        "either": "x",
    }
    validator = Draft202012Validator(schema)
    assert validator.is_valid(valid) and validator.is_valid({**valid, "later": "then"})
    for wrong in [
        {**valid, "count": 0},
        {**valid, "extra": 1},
        {**valid, "inner": {"name": "a", "extra": 1}},
        {**valid, "anything": {"more": 1}},
        {**valid, "side": "middle"},
        {**valid, "either": None},
        {k: v for k, v in valid.items() if k != "tags"},
    ]:
        assert not validator.is_valid(wrong), wrong


def test_the_last_description_wins_and_null_joins_an_enum():
    Shared = Annotated[int, "Any count."]
    assert schema_of(Annotated[Shared, "This count."]) == {
        "type": "integer",
        "description": "This count.",
    }
    assert schema_of(Literal["a", "b"] | None) == {
        "type": ["string", "null"],
        "enum": ["a", "b", None],
    }
    assert schema_of(Literal["ok"] | None) == {"type": ["string", "null"], "enum": ["ok", None]}
    assert schema_of(int | str | None) == {
        "anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "null"}]
    }


@pytest.mark.parametrize(
    "hint, said",
    [
        (set[int], "no JSON Schema for"),
        (tuple[int, int], "no JSON Schema for"),
        (dict[int, str], "no JSON Schema for"),
        (Literal[1, "a"], "one JSON type"),
        (Annotated[int, 3], "a description (str) or Keywords"),
    ],
)
def test_a_type_json_cannot_carry_is_refused_by_name(hint, said):
    with pytest.raises(TypeError, match=re.escape(said)):
        schema_of(hint)
