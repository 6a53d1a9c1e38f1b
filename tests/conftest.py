"""Test-wide set-up: headless SDL, and hypothesis settings that suit CI."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

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
