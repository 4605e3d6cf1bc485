"""When the service's own file is wrong (gone, another program's, another schema version, not a
file), every route answers 503 with a code that says which, and a message that does not show
clients where the file lives; the operator finds the path in the log."""

from __future__ import annotations

import logging
import shutil
import sqlite3

import pytest

from puzzledb.builder import catalogue
from puzzledb.db.build import build_to
from puzzledb.service.http.app import create_app

ROUTES = ["/health", "/puzzles", "/stats?puzzle=seven", "/path?puzzle=seven&state=12345607"]


@pytest.fixture()
def served(tmp_path):
    """A served file (in a folder whose name is easy to spot in a message), and a client."""
    path = tmp_path / "secret-place" / "served.sqlite"
    build_to(path, catalogue.get("seven"), "12345670")
    client = create_app(path).test_client()
    assert client.get("/health").status_code == 200
    return path, client


def refused(client, code: str) -> list[str]:
    messages = []
    for route in ROUTES:
        response = client.get(route)
        assert response.status_code == 503, route
        error = response.get_json()["error"]
        assert error["code"] == code, route
        messages.append(error["message"])
    return messages


def assert_hidden(messages: list[str], path) -> None:
    for message in messages:
        assert "secret-place" not in message and str(path.name) not in message


def test_a_deleted_file_is_503_not_not_built(served, caplog):
    path, client = served
    path.unlink()
    with caplog.at_level(logging.ERROR):
        messages = refused(client, "database_error")
    assert_hidden(messages, path)
    assert "missing" in messages[0]
    assert any("secret-place" in record.getMessage() for record in caplog.records)


def test_a_file_of_another_program_hides_its_path(served):
    path, client = served
    other = path.with_name("other.sqlite")
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER)")
    conn.close()
    other.replace(path)
    assert_hidden(refused(client, "not_puzzledb"), path)


def test_a_file_of_another_schema_version_hides_its_path(served):
    path, client = served
    copy = path.with_name("copy.sqlite")
    shutil.copy(path, copy)
    with sqlite3.connect(copy) as conn:
        conn.execute("PRAGMA user_version = 999")
    conn.close()
    copy.replace(path)
    assert_hidden(refused(client, "database_version"), path)


def test_a_folder_in_the_files_place_hides_its_path(served):
    path, client = served
    path.unlink()
    path.mkdir()
    assert_hidden(refused(client, "database_error"), path)
