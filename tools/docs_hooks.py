"""MkDocs hooks (mkdocs.yml `hooks:`): reference pages written from the program itself, so the
docs and the program cannot disagree.

- `<!-- openapi -->` becomes every HTTP route with its parameters, answers and error
  statuses, then every answer's fields, from the service's own OpenAPI document;
- `<!-- cli -->` becomes each command's `--help`, as `puzzledb COMMAND --help` prints it.
"""

from __future__ import annotations

import json
from typing import Any

OPENAPI = "<!-- openapi -->"
CLI = "<!-- cli -->"
WIDTH = 100


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if OPENAPI in markdown:
        from puzzledb.service.http.openapi import document

        markdown = markdown.replace(OPENAPI, render(document()))
    if CLI in markdown:
        markdown = markdown.replace(CLI, commands_help())
    return markdown


def commands_help() -> str:
    """Each command's help, under a heading of its own, as the terminal shows it."""
    import click

    from puzzledb.service.cli.commands import main

    top = click.Context(main, info_name="puzzledb", terminal_width=WIDTH, max_content_width=WIDTH)
    out = ["## `puzzledb`", "", "```text", main.get_help(top), "```", ""]
    for name in main.list_commands(top):
        command = main.get_command(top, name)
        if command is None or command.hidden:
            continue
        ctx = click.Context(
            command, info_name=name, parent=top, terminal_width=WIDTH, max_content_width=WIDTH
        )
        out += [f"## `puzzledb {name}`", "", "```text", command.get_help(ctx), "```", ""]
    return "\n".join(out)


def cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def kind(schema: dict) -> str:
    """A schema's type in words: a reference links to its answer, an enum names its values."""
    if "enum" in schema:
        values = [v for v in schema["enum"] if v is not None]
        words = "one of " + ", ".join(f"`{json.dumps(v)}`" for v in values)
        return words + (" or null" if None in schema["enum"] else "")
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return f"[{name}](#{name.lower()})"
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if "array" in kinds and "items" in schema:
            return f"array of {kind(schema['items'])}"
        return " or ".join(kinds)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return " or ".join(kind(s) for s in schema[key])
    return "any"


def render(spec: dict) -> str:
    components = spec["components"]
    out: list[str] = []
    for route, methods in spec["paths"].items():
        operation = methods["get"]
        out += [f"### `GET {route}`", "", f"**{operation['summary']}.**", ""]
        if operation.get("description"):
            out += [operation["description"], ""]
        parameters = operation.get("parameters", [])
        if parameters:
            out += ["| parameter | required | type | what it is |", "|---|---|---|---|"]
            for p in parameters:
                required = "yes" if p.get("required") else ""
                description = cell(p.get("description", ""))
                if "example" in p:
                    description += f" Example: `{cell(p['example'])}`."
                out.append(f"| `{p['name']}` | {required} | {kind(p['schema'])} | {description} |")
            out.append("")
        out += ["| status | answer |", "|---|---|"]
        for status, given in operation["responses"].items():
            response = given
            if "$ref" in given:
                response = components["responses"][given["$ref"].rsplit("/", 1)[1]]
            schema = response.get("content", {}).get("application/json", {}).get("schema")
            body = f" ({kind(schema)})" if schema else ""
            out.append(f"| {status} | {cell(response['description'])}{body} |")
        out.append("")
    out += ["## Answers", ""]
    for name, schema in components["schemas"].items():
        out += [f"### {name}", ""]
        if schema.get("description"):
            out += [schema["description"], ""]
        properties = schema.get("properties", {})
        if properties:
            required = set(schema.get("required", []))
            out += ["| field | type | what it is |", "|---|---|---|"]
            for field, sub in properties.items():
                mark = "" if field in required else " (optional)"
                text = cell(sub.get("description", ""))
                out.append(f"| `{field}`{mark} | {kind(sub)} | {text} |")
            out.append("")
    return "\n".join(out)
