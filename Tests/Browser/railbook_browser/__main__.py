"""Runs every browser check and says what failed, where, by which rule, at which element.

    python -m railbook_browser --railbook .build/debug/railbook --root . \
        --results test-results --saved-pages test-results/pages

0. A self check: each check must find the faults planted in a small page.
1. The traveller's journey (and the service desk answering their complaint) in Chromium on a
   phone (390×844, Chinese) and a desktop (1280×900, English) against a Railbook server on a fresh
   database: screenshots, axe and keyboard checks of every step.
2. The W3C Nu checker on every page of the journeys and every saved in-process page.
3. axe-core on every saved in-process page.
"""

import argparse
import os
import shutil
import sys
import time
import traceback

from .browser import Browser
from .journey import traveller_journey
from .problems import Problem
from .saved_pages import saved_page_problems
from .self_check import self_check_problems
from .server import RailbookServer
from .validator import validator_problems

VIEWPORTS = [(("phone", 390, 844), "zh-CN"), (("desktop", 1280, 900), "en")]


def run_journeys(server, results):
    problems = []
    for seed, (viewport, language) in enumerate(VIEWPORTS, start=1):
        started = time.monotonic()
        try:
            browser = Browser(server.base_url, viewport, language, results)
        except Exception as error:
            problems.append(_stage_failed(f"journey on the {viewport[0]}", error))
            continue
        try:
            traveller_journey(browser, language, seed, server.administrator)
        except Exception as error:  # a journey step failed: say which, keep the page for people
            problems.append(Problem("journey", f"{viewport[0]} after step {browser.steps}", type(error).__name__,
                                    _where(browser), "".join(traceback.format_exception_only(error)).strip()))
            try:
                browser.screenshot(f"{browser.steps + 1:02d}-failed")
            except Exception:
                pass  # the browser itself is gone: the problem above says why
        finally:
            browser.close()
        problems += browser.problems
        print(f"journey on the {viewport[0]} ({viewport[1]}×{viewport[2]}, {language}): {browser.steps} pages "
              f"in {time.monotonic() - started:.0f} s")
    return problems


def _where(browser):
    try:
        return browser.path()
    except Exception:
        return "(the browser stopped answering)"


def _stage_failed(stage, error):
    """A stage that could not run at all is a problem too, named with its cause."""
    return Problem("runner", stage, f"could not run: {type(error).__name__}", "-",
                   "".join(traceback.format_exception_only(error)).strip()[:800])


def journeys_stage(options):
    server = RailbookServer(options.railbook, options.root, os.path.join(options.results, "server.log"))
    try:
        problems = run_journeys(server, options.results)
    finally:
        problems_after = server.stop()
    return problems + problems_after


def validator_stage(options, saved):
    folders = [os.path.join(options.results, "journey-pages", name) for name in ("phone", "desktop")]
    found, checked = validator_problems([folder for folder in folders if os.path.isdir(folder)] + [saved])
    print(f"W3C Nu checker: {checked} pages, {len(found)} errors")
    return found


def saved_pages_stage(options, saved):
    started = time.monotonic()
    found, (saved_count, desktop, phone) = saved_page_problems(saved, os.path.join(options.root, "Public"))
    print(f"axe-core on the in-process tests' pages: {saved_count} pages saved, {desktop} shapes checked on a desktop "
          f"and {phone} on a phone, {len(found)} problems in {time.monotonic() - started:.0f} s")
    return found


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--railbook", required=True, help="the railbook executable (debug or release)")
    arguments.add_argument("--root", required=True, help="the folder holding Templates/, Locales/ and Public/")
    arguments.add_argument("--results", required=True, help="where screenshots, pages and the report go")
    arguments.add_argument("--saved-pages", required=True, help="pages the in-process tests saved (with index.tsv)")
    options = arguments.parse_args()

    for folder in ("screenshots", "journey-pages"):
        shutil.rmtree(os.path.join(options.results, folder), ignore_errors=True)
    for stale in ("browser-report.txt", "server.log"):
        if os.path.exists(os.path.join(options.results, stale)):
            os.remove(os.path.join(options.results, stale))
    os.makedirs(options.results, exist_ok=True)

    problems = []
    saved = options.saved_pages
    if not os.path.exists(os.path.join(saved, "index.tsv")):
        problems.append(Problem("runner", saved, "no saved pages: run the Swift tests with RAILBOOK_PAGE_ARCHIVE first "
                                "(make test does)", "-"))
    stages = [("self check", lambda: self_check_problems()), ("journeys", lambda: journeys_stage(options)),
              ("W3C Nu checker", lambda: validator_stage(options, saved)),
              ("saved pages", lambda: saved_pages_stage(options, saved))]
    for name, stage in stages:
        try:
            found = stage()
        except Exception as error:
            found = [_stage_failed(name, error)]
        if name == "self check":
            print(f"self check (each check finds a planted fault): {'failed' if found else 'passed'}")
        problems += found
    return report(problems, options.results)


def report(problems, results):
    path = os.path.join(results, "browser-report.txt")
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n\n".join(str(problem) for problem in problems) + "\n")
    print(f"screenshots: {os.path.join(results, 'screenshots')}")
    if not problems:
        print("browser checks: no problems")
        return 0
    for problem in problems[:40]:
        print(problem, end="\n\n")
    print(f"browser checks: {len(problems)} problems (all of them in {path})")
    return 1


if __name__ == "__main__":
    sys.exit(main())
