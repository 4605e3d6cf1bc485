"""Regenerate docs/images/page.png (the hardest 8-puzzle position part way solved, on a
desktop) and docs/images/page-phone.png (Klotski from its classic start, on a phone).

    python tools/page_screenshot.py --db puzzledb.sqlite        # after `puzzledb build --all`

Serves the app on a loopback port in a thread and drives the system Chromium with Playwright,
as tests/page/test_page.py does.
"""

from __future__ import annotations

import argparse
import logging
import os
import threading
from pathlib import Path

from playwright.sync_api import expect, sync_playwright
from werkzeug.serving import make_server

from puzzledb.service.http.app import create_app

CHROMIUM = os.environ.get("PUZZLEDB_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
STEPS = 12  # moves of the solution played before the picture
PHONE_MOVES = 5  # optimal moves made on the phone before its picture


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="puzzledb.sqlite")
    images = Path(__file__).parent.parent / "docs" / "images"
    parser.add_argument("--out", default=str(images / "page.png"))
    parser.add_argument("--phone-out", default=str(images / "page-phone.png"))
    options = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    server = make_server("127.0.0.1", 0, create_app(options.db), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        shoot(f"http://127.0.0.1:{server.server_port}/", options.out)
        shoot_phone(f"http://127.0.0.1:{server.server_port}/", options.phone_out)
    finally:
        server.shutdown()


def shoot(url: str, out: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000}, device_scale_factor=1)
        page.goto(url + "?puzzle=eight&state=867254301")  # an address names a position
        expect(page.locator("#moves")).to_have_attribute("data-from", "867254301")
        page.click("#solve")
        page.click("#pause")
        played = int(page.inner_text("#counter").split()[1])
        for _ in range(STEPS - played):
            page.click("#forward")
        expect(page.locator("#counter")).to_contain_text(f"move {STEPS} of 31")
        page.wait_for_function(  # the moves of the state shown are listed
            "document.getElementById('moves').dataset.from === "
            "document.getElementById('state-input').value"
        )
        page.click("#chart .bar[data-depth='19']")  # the depth browser beside the chart
        expect(page.locator("#browse button").first).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(400)  # let the last slide finish
        page.screenshot(path=out)
        browser.close()


def shoot_phone(url: str, out: str) -> None:
    """Klotski on a 390x844 screen, PHONE_MOVES optimal moves from its classic start."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(
            viewport={"width": 390, "height": 844}, device_scale_factor=2, bypass_csp=True
        )
        page.goto(url + "?puzzle=klotski")  # opens at the classic start
        for _ in range(PHONE_MOVES):
            page.wait_for_function(
                "document.getElementById('moves').dataset.from === "
                "document.getElementById('state-input').value"
            )
            page.locator("#moves button.optimal").first.click()
        page.wait_for_function(
            "document.getElementById('moves').dataset.from === "
            "document.getElementById('state-input').value"
        )
        page.evaluate("window.scrollTo(0, 0)")  # the list of moves clicked is further down
        page.wait_for_timeout(400)  # let the last slide finish
        page.screenshot(path=out)
        browser.close()


if __name__ == "__main__":
    main()
