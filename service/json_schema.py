"""JSON Schema (the dialect of OpenAPI 3.1) generated from Python types: the TypedDicts of
service.answer_types and what they hold.

What a type says, the schema says: str, int, float, bool and None; list[X]; dict[str, X]; a
Literal (`enum`, or `const` for one value); a union (`X | None` is X's type or null); a nested
TypedDict, written inline, whose keys are exactly its fields (`additionalProperties: false`)
and required unless NotRequired. What a type cannot say is given beside it in
Annotated[...]: a string is the field's description, and Keywords add a least value or the
keys an open object always has. The last description given wins, so a field can say more
precisely what a shared alias (Annotated[int, "..."]) means in its place.
"""

from __future__ import annotations

import types
from typing import (
    Annotated,
    Any,
    Literal,
    NamedTuple,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

PRIMITIVES: dict[object, str] = {
    str: "string",
    int: "integer",
    float: "number",
    bool: "boolean",
    type(None): "null",
}
JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean"}


class Keywords(NamedTuple):
    """JSON Schema keywords a Python type cannot say, given beside it:
    Annotated[int, Keywords(minimum=1)]. `required` names the keys an open object
    (dict[str, Any]) always has."""

    minimum: int | None = None
    required: tuple[str, ...] = ()

    def said(self) -> dict[str, object]:
        said: dict[str, object] = {}
        if self.minimum is not None:
            said["minimum"] = self.minimum
        if self.required:
            said["required"] = list(self.required)
        return said


def components(*typed: type) -> dict[str, dict]:
    """The schemas of TypedDicts by their names, as an OpenAPI document's components hold them."""
    return {t.__name__: schema_of(t) for t in typed}


def schema_of(hint: object) -> dict:
    """The JSON Schema of a type; TypeError for a type JSON cannot carry."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:
        return _annotated(args[0], args[1:])
    if is_typeddict(hint):
        return _object(hint)
    if hint in PRIMITIVES:
        return {"type": PRIMITIVES[hint]}
    if hint is Any or hint is object:
        return {}
    if origin is Literal:
        return _literal(args)
    if origin in (Union, types.UnionType):
        return _union(args)
    if origin is list:
        return {"type": "array", "items": schema_of(args[0])}
    if origin is dict and args[0] is str:
        values = schema_of(args[1])
        return {"type": "object", **({"additionalProperties": values} if values else {})}
    raise TypeError(f"no JSON Schema for {hint!r}: say it with the types service.json_schema reads")


def _annotated(hint: object, metadata: tuple) -> dict:
    schema = schema_of(hint)
    for meta in metadata:
        if isinstance(meta, str):
            schema["description"] = meta
        elif isinstance(meta, Keywords):
            schema.update(meta.said())
        else:
            raise TypeError(f"{meta!r} beside {hint!r}: a description (str) or Keywords")
    return schema


def _object(typed: Any) -> dict:
    """A TypedDict: its fields in order, those not NotRequired required, no other key."""
    hints = get_type_hints(typed, include_extras=True)
    return {
        "type": "object",
        "properties": {name: schema_of(_field(hint)) for name, hint in hints.items()},
        "required": [name for name, hint in hints.items() if _required(typed, name, hint)],
        "additionalProperties": False,
    }


def _field(hint: object) -> object:
    """A field's type without NotRequired or Required."""
    return get_args(hint)[0] if get_origin(hint) in (NotRequired, Required) else hint


def _required(typed: Any, name: str, hint: object) -> bool:
    """Required unless said NotRequired or in a TypedDict of total=False. Read from the hint
    first: where annotations are postponed (`from __future__ import annotations`), Python 3.11
    counts a NotRequired key among __required_keys__."""
    if get_origin(hint) in (NotRequired, Required):
        return get_origin(hint) is Required
    return name in typed.__required_keys__


def _literal(values: tuple) -> dict:
    kinds = {JSON_TYPES.get(type(v)) for v in values}
    if None in kinds or len(kinds) != 1:
        raise TypeError(f"Literal{list(values)!r}: one JSON type, str, int, float or bool")
    if len(values) == 1:
        return {"type": kinds.pop(), "const": values[0]}
    return {"type": kinds.pop(), "enum": list(values)}


def _union(members: tuple) -> dict:
    """`X | None` is X that may be null; any other union is anyOf its members."""
    present = [m for m in members if m is not type(None)]
    if len(present) == len(members):
        return {"anyOf": [schema_of(m) for m in members]}
    if len(present) > 1:
        return {"anyOf": [schema_of(m) for m in present] + [{"type": "null"}]}
    return _nullable(schema_of(present[0]))


def _nullable(schema: dict) -> dict:
    if "const" in schema:
        schema["enum"] = [schema.pop("const")]
    if "enum" in schema:
        schema["enum"] = [*schema["enum"], None]
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        schema["type"] = [*kinds, "null"]
    elif "anyOf" in schema:
        schema["anyOf"] = [*schema["anyOf"], {"type": "null"}]
    return schema  # else it names no type, and null is already one it allows
