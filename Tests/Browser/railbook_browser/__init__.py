"""Railbook's real-browser checks: journeys in Chromium, the W3C Nu validator and axe-core."""
