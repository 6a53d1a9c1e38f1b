"""Test-wide set-up: headless SDL, and hypothesis settings that suit CI."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The app speaks the system's language on a first start: the tests read English texts, so the
# system's language is English here whatever the machine's (tests of other languages set one).
os.environ["LANGUAGE"] = "en"

import pytest
from hypothesis import HealthCheck, settings

# Property tests play thousands of whole deals per test: no per-example deadline, and the
# same examples on every run in CI so a red build can be reproduced.
settings.register_profile(
    "tavolo",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=bool(os.environ.get("CI")),
    print_blob=True,
)
settings.load_profile("tavolo")


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A headless app at its title, in temporary user folders, shut down after the test (a
    test file that needs another app defines its own ``app``)."""
    from ui_harness import make_app, user_dirs

    user_dirs(tmp_path, monkeypatch)
    a = make_app()
    yield a
    a.shutdown()


@pytest.fixture
def keys_app(tmp_path, monkeypatch):
    """A headless app at its title that fails the test if any mouse event reaches it: for the
    tests of play and menus by keys alone."""
    from ui_harness import keys_only, make_app, user_dirs

    user_dirs(tmp_path, monkeypatch)
    a = make_app()
    with keys_only(a):
        yield a
    a.shutdown()


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """Every text the app renders from now on (theme.text is the one place that renders)."""
    from game.ui import theme

    texts: list[str] = []
    real = theme.text

    def spy(s: str, *args: Any, **kw: Any) -> Any:
        texts.append(s)
        return real(s, *args, **kw)

    monkeypatch.setattr(theme, "text", spy)
    theme._TEXT_CACHE.clear()
    return texts
