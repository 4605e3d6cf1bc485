"""Conditional answers (ETag, If-None-Match, 304) as a client on the wire sees them: each form
of tag, HEAD, and the headers a 304 keeps, through `puzzledb serve` itself."""

from __future__ import annotations

import http.client
import urllib.parse

import pytest

from puzzledb.service.http.api.headers import DATA_POLICY, PAGE_POLICY, SECURITY
from puzzledb.service.http.app import create_app

PATH = "/path?puzzle=eight&state=867254301"
ROUTES = [PATH, "/puzzles", "/health", "/openapi.json"]


@pytest.fixture(scope="module")
def client(seed_db):
    return create_app(seed_db).test_client()


def ask(base: str, method: str, target: str, headers: dict | None = None):
    """(status, headers as (name, value) pairs, body) of one request on the wire."""
    where = urllib.parse.urlsplit(base)
    assert where.hostname is not None
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=10)
    try:
        connection.request(method, target, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheaders(), response.read()
    finally:
        connection.close()


def named(headers, name: str) -> list[str]:
    return [value for key, value in headers if key.lower() == name.lower()]


@pytest.mark.parametrize(
    "sent, status",
    [
        ("{tag}", 304),  # the strong tag
        ("W/{tag}", 304),  # the same tag, weak: If-None-Match compares weakly
        ('"other", {tag}', 304),  # in a list
        ('"other",W/{tag} , "more"', 304),
        ("*", 304),  # any tag
        ('"other"', 200),
        ('W/"other"', 200),
        ("", 200),
    ],
)
@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_each_form_of_if_none_match(client, sent, status, method):
    for route in ROUTES:
        first = client.get(route)
        tag = first.headers["ETag"]
        again = client.open(route, method=method, headers={"If-None-Match": sent.format(tag=tag)})
        assert again.status_code == status, (route, sent)
        assert again.headers["ETag"] == tag
        assert again.headers["Cache-Control"] == first.headers["Cache-Control"]
        if status == 200 and method == "GET":
            assert again.data == first.data
        else:
            assert again.data == b""
        if status == 200:
            assert again.headers["Content-Length"] == str(len(first.data))
        else:
            assert "Content-Length" not in again.headers and "Content-Type" not in again.headers


def test_if_match_is_not_evaluated(client):
    """A GET changes nothing for If-Match to guard: the answer comes as without it (Werkzeug
    alone would answer 412, with the answer as the body)."""
    first = client.get(PATH)
    for sent in ('"other"', first.headers["ETag"]):
        again = client.get(PATH, headers={"If-Match": sent})
        assert again.status_code == 200 and again.data == first.data
    both = client.get(PATH, headers={"If-Match": '"other"', "If-None-Match": first.headers["ETag"]})
    assert both.status_code == 304


@pytest.mark.parametrize("route", [*ROUTES, "/"])
def test_on_the_wire_one_date_and_a_304_keeps_the_security_headers(base, route):
    status, headers, _ = ask(base, "GET", route)
    assert status == 200 and len(named(headers, "Date")) == 1
    (tag,) = named(headers, "ETag")
    for method in ("GET", "HEAD"):
        status, again, body = ask(base, method, route, {"If-None-Match": tag})
        assert status == 304 and body == b""
        assert len(named(again, "Date")) == 1, again
        assert named(again, "ETag") == [tag]
        for name, value in SECURITY:
            assert named(again, name) == [value]
        policy = PAGE_POLICY if route == "/" else DATA_POLICY
        assert named(again, "Content-Security-Policy") == [policy]
