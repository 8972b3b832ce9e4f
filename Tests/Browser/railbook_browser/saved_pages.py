"""axe-core over every distinct page the in-process tests rendered (saved by RAILBOOK_PAGE_ARCHIVE)
on a desktop and a phone, and the keyboard check over those with a form."""

import glob
import os

from .accessibility import axe_problems
from .chromium import start_chromium
from .keyboard import keyboard_problems
from .server import SavedPagesServer
from .validator import page_sources


def saved_page_problems(folder, public):
    """Opens each saved page in Chromium with the site's styles: axe on a desktop (1280×900) and,
    when the page has a form, the keyboard check there; then axe again on a phone (390×844), where
    tables scroll sideways and must still be reachable by keyboard."""
    files = sorted(glob.glob(os.path.join(folder, "*.html")))
    if not files:
        return [], 0
    sources = page_sources(folder)
    server = SavedPagesServer(folder, public)
    problems = []
    try:
        for width, height, tab_through in ((1280, 900, True), (390, 844, False)):
            driver = start_chromium(width, height, "zh-CN")
            try:
                for path in files:
                    name = os.path.basename(path)
                    page = sources.get(name, name) + f" (saved as {name}, {width}×{height})"
                    driver.get(f"{server.base_url}/pages/{name}")
                    problems += axe_problems(driver, page)
                    if tab_through and _has_form(path):
                        problems += keyboard_problems(driver, page)
            finally:
                driver.quit()
    finally:
        server.stop()
    return problems, len(files)


def _has_form(path):
    with open(path, "rb") as file:
        return b"<form" in file.read()
