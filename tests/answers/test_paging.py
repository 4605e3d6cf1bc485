"""Pages of the states at a depth: by offset, and by key (after the last state of the previous
page), which must give exactly the same pages."""

from __future__ import annotations

import json

import pytest

from puzzledb.builder.core.errors import MalformedInput


def test_paging_by_key_gives_the_pages_paging_by_offset_gives(answers):
    count = answers.depth("eight", 20, limit=1)["count"]
    by_offset, by_key, after = [], [], None
    for offset in range(0, count, 1000):
        by_offset += answers.depth("eight", 20, limit=1000, offset=offset)["states"]
    while True:
        page = answers.depth("eight", 20, limit=1000, after_text=after)
        if not page["states"]:
            break
        assert page["after"] == after and page["count"] == count
        by_key += page["states"]
        after = page["states"][-1]
    assert by_key == by_offset == sorted(by_offset) and len(by_key) == count


def test_after_is_read_as_a_state_of_the_puzzle(answers):
    spaced = answers.depth("eight", 31, after_text="6 4 7/8 5 0/3 2 1")
    assert spaced["after"] == "647850321" and spaced["states"] == ["867254301"]
    with pytest.raises(MalformedInput, match="after"):
        answers.depth("eight", 31, after_text="64785032")
    with pytest.raises(MalformedInput, match="offset or after"):
        answers.depth("eight", 31, offset=1, after_text="647850321")


def test_a_page_past_the_end_is_empty(answers):
    assert answers.depth("eight", 31, offset=5)["states"] == []
    assert answers.depth("eight", 31, after_text="867254301")["states"] == []


def test_the_command_line_and_the_service_page_by_key(cli, seed_db):
    first = json.loads(
        cli("depth", "seven", "30", "--limit", "3", "--db", seed_db, "--json").stdout
    )
    after = first["states"][-1]
    result = cli("depth", "seven", "30", "--limit", "3", "--after", after, "--db", seed_db)
    assert result.exit_code == 0 and f"after {after}" in result.stdout
    second = json.loads(
        cli(
            "depth", "seven", "30", "--limit", "3", "--after", after, "--db", seed_db, "--json"
        ).stdout
    )
    offset = json.loads(
        cli(
            "depth", "seven", "30", "--limit", "3", "--offset", "3", "--db", seed_db, "--json"
        ).stdout
    )
    assert second["states"] == offset["states"]
    from puzzledb.service.http.app import create_app

    client = create_app(seed_db).test_client()
    served = client.get(
        "/depth", query_string={"puzzle": "seven", "d": "30", "limit": "3", "after": after}
    ).get_json()
    assert served == second
