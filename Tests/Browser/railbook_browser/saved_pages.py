"""axe-core over the pages the in-process tests rendered (saved by RAILBOOK_PAGE_ARCHIVE), one of
each shape (`page_shapes`), on a desktop and, where the layout differs, a phone; and the keyboard
check over those with a form."""

import glob
import os
import threading
import traceback

from .accessibility import axe_problems
from .chromium import start_chromium
from .keyboard import keyboard_problems
from .page_shapes import pages_to_check
from .problems import Problem
from .server import SavedPagesServer
from .validator import page_sources


def saved_page_problems(folder, public, workers=2):
    """Opens one saved page of each shape in Chromium with the site's styles: axe on a desktop
    (1280×900) and, when the page has a form, the keyboard check there; then axe again on a phone
    (390×844) for those laid out differently there (tables scroll sideways and must still be
    reachable by keyboard; results become cards). The pages are shared among `workers` browsers
    running side by side (one per core), each checking its pages at both widths. Answers the
    problems and how many pages were saved, checked on a desktop and on a phone."""
    files = sorted(glob.glob(os.path.join(folder, "*.html")))
    if not files:
        return [], (0, 0, 0)
    desktop, phone = pages_to_check(files)
    sources = page_sources(folder)
    server = SavedPagesServer(folder, public)
    shares = [(desktop[worker::workers], phone[worker::workers]) for worker in range(workers)]
    found = [[] for _ in shares]
    try:
        threads = [threading.Thread(target=_check, args=(*share, sources, server.base_url, found[number]))
                   for number, share in enumerate(shares)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.stop()
    return [problem for problems in found for problem in problems], (len(files), len(desktop), len(phone))


def _check(desktop, phone, sources, base_url, problems):
    """Checks `desktop` and `phone` at their widths, adding what it finds to `problems`; a browser
    that fails is a problem too, so that a worker's failure is never silent."""
    try:
        for width, height, tab_through, files in ((1280, 900, True, desktop), (390, 844, False, phone)):
            driver = start_chromium(width, height, "zh-CN")
            try:
                for path in files:
                    name = os.path.basename(path)
                    page = sources.get(name, name) + f" (saved as {name}, {width}×{height})"
                    driver.get(f"{base_url}/pages/{name}")
                    problems += axe_problems(driver, page)
                    if tab_through and _has_form(path):
                        problems += keyboard_problems(driver, page)
            finally:
                driver.quit()
    except Exception as error:
        problems.append(Problem("runner", "saved pages", f"could not check: {type(error).__name__}", "-",
                                "".join(traceback.format_exception_only(error)).strip()[:800]))


def _has_form(path):
    with open(path, "rb") as file:
        return b"<form" in file.read()
