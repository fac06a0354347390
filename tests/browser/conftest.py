"""Browser tests: Playwright (sync API) drives Chromium against pytest-django's
live server. Chromium must be at /usr/bin/chromium (CI installs it); the tests
fail, not skip, when it is missing."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Playwright's sync API runs an event loop in this thread; Django refuses ORM
# calls from a thread with a running loop unless told otherwise.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

from django.core.servers.basehttp import WSGIRequestHandler
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

# The live server answers keep-alive requests in several small writes; with
# Nagle's algorithm on, each waits for the browser's delayed ACK (~40 ms).
WSGIRequestHandler.disable_nagle_algorithm = True

CHROMIUM = os.environ.get("PATIENCE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"
# Reduced motion: the page skips its animations, which keeps the tests quick
# (the auto-complete test turns them back on).
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}, "reduced_motion": "reduce"}
PHONE: dict[str, Any] = {
    "reduced_motion": "reduce",
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium is missing at {CHROMIUM}: install it with `apt-get install chromium` "
            "(or point PATIENCE_CHROMIUM at a Chromium binary); the browser tests need it."
        )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def _context(browser: Browser, **options: Any) -> BrowserContext:
    context = browser.new_context(**options)
    context.set_default_timeout(15_000)
    return context


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = _context(browser, **DESKTOP)
    yield context
    context.close()


@pytest.fixture
def phone_context(browser: Browser) -> Iterator[BrowserContext]:
    context = _context(browser, **PHONE)
    yield context
    context.close()


def _watch(page: Page) -> Page:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console",
        lambda msg: (
            errors.append(msg.text)
            if msg.type == "error" and not msg.text.startswith("Failed to load resource")
            else None
        ),
    )
    page.js_errors = errors  # type: ignore[attr-defined]
    return page


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    page = _watch(context.new_page())
    yield page
    assert page.js_errors == [], page.js_errors  # type: ignore[attr-defined]


@pytest.fixture
def phone(phone_context: BrowserContext) -> Iterator[Page]:
    page = _watch(phone_context.new_page())
    yield page
    assert page.js_errors == [], page.js_errors  # type: ignore[attr-defined]


@pytest.fixture
def shot(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """shot(page, "name"): save a screenshot under test-results/screenshots/."""

    def take(page: Page, name: str) -> None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{request.node.name}-{name}.png"))

    return take


@pytest.fixture(autouse=True)
def quick_status(settings: Any) -> None:
    """The status check after every move is a bounded solver search; Big Apple's
    runs in Python, so a small node budget keeps these tests fast (the verdicts
    they check come from the hint's budget or from the rules)."""
    settings.PATIENCE_STATUS_NODES = 300
