"""An address a browser cannot be served (an unknown path, a long address, a refused request)
is a small HTML page with the message and a link to the page; API clients, and any request
for an API route, keep the JSON error with the same status. Through Flask's test client for
the app's errors, and over a real socket for what serve's worker refuses before the app."""

from __future__ import annotations

import json
import socket

import pytest
from support.servers import puzzledb_serve

from puzzledb.service.http.api.headers import ERROR_PAGE_POLICY, SECURITY
from puzzledb.service.http.app import create_app

#: What Chromium sends when it navigates to an address.
BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8"
CLIENTS = ["*/*", "application/json", None]  # fetch (the page's own), API clients, curl -H ''
QUERY = "puzzle=eight&state=" + "x" * 3000  # past the app's 2,048-byte query limit


@pytest.fixture(scope="module")
def client(seed_db):
    return create_app(seed_db).test_client()


def asked(client, route, accept, method="GET"):
    headers = {"Accept": accept} if accept is not None else {}
    return client.open(route, method=method, headers=headers)


@pytest.mark.parametrize(
    "route, status, words, home",
    [
        ("/nowhere", 404, "no such route: '/nowhere'", "./"),
        ("/static/nothing.css", 404, "no such route: '/static/nothing.css'", "../"),
        (f"/?{QUERY}", 414, f"the query string has {len(QUERY)} bytes; at most 2048", "./"),
    ],
)
def test_a_browser_gets_a_page_and_a_client_json_with_one_status(
    client, route, status, words, home
):
    page = asked(client, route, BROWSER)
    assert page.status_code == status
    assert page.mimetype == "text/html" and page.mimetype_params["charset"] == "utf-8"
    assert page.headers["Content-Security-Policy"] == ERROR_PAGE_POLICY
    assert page.headers["Cache-Control"] == "no-store"
    for name, value in SECURITY:
        assert page.headers[name] == value
    text = page.get_data(as_text=True)
    assert f"<h2>{status} " in text
    assert words.replace("'", "&#x27;") in text  # the message, as text only
    assert f'<a href="{home}">Go to the puzzle page</a>' in text  # wherever it is mounted
    assert f'<link rel="stylesheet" href="{home}static/page.css">' in text
    assert "<script" not in text and "style=" not in text  # nothing the policy forbids
    for accept in CLIENTS:
        answer = asked(client, route, accept)
        assert answer.status_code == status and answer.mimetype == "application/json"
        assert words in answer.get_json()["error"]["message"]


def test_the_links_of_a_page_deeper_down_lead_back_up(client):
    text = asked(client, "/static/deep/nothing.js", BROWSER).get_data(as_text=True)
    assert '<a href="../../">' in text and 'href="../../static/page.css"' in text


def test_a_refused_method_is_a_page_with_its_allow_header(client):
    page = asked(client, "/", BROWSER, method="POST")
    assert page.status_code == 405 and page.mimetype == "text/html"
    assert set(page.headers["Allow"].split(", ")) >= {"GET", "HEAD"}


def test_an_api_route_answers_json_even_to_a_browser(client):
    for route, status in [
        ("/moves?puzzle=eight&state=" + "1" * 3000, 414),
        ("/moves?puzzle=eight&state=12", 400),
        ("/path?puzzle=nothing&state=1", 404),
    ]:
        answer = asked(client, route, BROWSER)
        assert answer.status_code == status and answer.mimetype == "application/json", route


def test_a_message_is_text_on_the_page_never_markup(client):
    text = asked(client, "/<b>bold</b>", BROWSER).get_data(as_text=True)
    assert "<b>" not in text and "&lt;b&gt;bold&lt;/b&gt;" in text


# -- what serve's worker refuses before the app ---------------------------------------------------
@pytest.fixture(scope="module")
def served(seed_db):
    with puzzledb_serve(seed_db) as base_url:
        host, port = base_url.rsplit("/", 1)[1].split(":")
        yield host, int(port)


def exchange(address, data: bytes) -> tuple[int, dict, bytes]:
    """Send `data` on a new connection, read until the server closes it: (status, headers, body)."""
    with socket.create_connection(address, timeout=30) as sock:
        sock.sendall(data)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    return int(status_line.split()[1]), dict(line.split(": ", 1) for line in lines), body


REFUSED = {
    "a request line of 9,000 bytes": (b"GET /?state=" + b"x" * 9000 + b" HTTP/1.1\r\n", 414),
    "60 headers": (b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(60)), 431),
    "a header of 5,000 bytes": (b"GET / HTTP/1.1\r\nCookie: " + b"y" * 5000 + b"\r\n", 431),
}


@pytest.mark.parametrize("what", REFUSED)
def test_what_the_worker_refuses_is_a_page_for_a_browser_and_json_for_a_client(served, what):
    start, expected = REFUSED[what]
    status, headers, body = exchange(served, start + b"Accept: " + BROWSER.encode() + b"\r\n\r\n")
    assert status == expected
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["Content-Security-Policy"] == ERROR_PAGE_POLICY
    assert int(headers["Content-Length"]) == len(body) and headers["Connection"] == "close"
    for name, value in SECURITY:
        assert headers[name] == value
    text = body.decode()
    assert f"<h2>{expected} " in text and '<a href="./">Go to the puzzle page</a>' in text
    for accept in CLIENTS:
        line = b"" if accept is None else b"Accept: " + accept.encode() + b"\r\n"
        status, headers, body = exchange(served, start + line + b"\r\n")
        assert status == expected and headers["Content-Type"] == "application/json"
        assert json.loads(body)["error"]["message"]


def test_the_worker_answers_an_api_route_with_json_even_to_a_browser(served):
    request = b"GET /moves?state=" + b"x" * 9000 + b" HTTP/1.1\r\nAccept: " + BROWSER.encode()
    status, headers, _ = exchange(served, request + b"\r\n\r\n")
    assert status == 414 and headers["Content-Type"] == "application/json"
