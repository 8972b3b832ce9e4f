"""Proof that the checks can fail: each must find the fault planted in a small page of its own."""

import os
import tempfile

from .accessibility import axe_problems
from .chromium import start_chromium
from .keyboard import keyboard_problems
from .problems import Problem
from .validator import validator_problems

# Invalid HTML (an unknown attribute value, a stray end tag), an unlabelled field, grey on white
# text, a button the keyboard cannot reach and a link whose focus cannot be seen.
FAULTY_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Faulty</title></head>
<body><main><h1>Faulty</h1>
<form method="get" action="/search"><input type="text" name="from"><input type="date" name="date" value="soon"></form>
<p style="color:#bbb;background:#fff">Hard to read</p>
<button type="button" tabindex="-1">Mouse only</button>
<p><a href="#top" style="outline: none">Invisible focus</a></p>
</div></main></body></html>
"""


def self_check_problems():
    """Problems with the checks themselves: one for each check that missed its planted fault."""
    missed = []
    with tempfile.TemporaryDirectory(prefix="railbook-self-check-") as folder:
        path = os.path.join(folder, "faulty.html")
        with open(path, "w", encoding="utf-8") as file:
            file.write(FAULTY_PAGE)
        found, _ = validator_problems([folder])
        if not any(problem.rule != "the checker did not run" for problem in found):
            missed.append(f"the W3C Nu checker found no error in an invalid page ({[str(problem) for problem in found]})")
        driver = start_chromium(1280, 900, "en")
        try:
            driver.get("file://" + path)
            rules = {problem.rule.split(" ")[0] for problem in axe_problems(driver, "self check")}
            for rule in ("label", "color-contrast"):
                if rule not in rules:
                    missed.append(f"axe-core did not report {rule} (it reported {sorted(rules)})")
            keyboard = {problem.rule.split(" (")[0] for problem in keyboard_problems(driver, "self check")}
            for rule in ("reachable with Tab", "focus visible"):
                if rule not in keyboard:
                    missed.append(f"the keyboard check did not report “{rule}” (it reported {sorted(keyboard)})")
        finally:
            driver.quit()
    return [Problem("self-check", "planted faults", message, "-") for message in missed]
