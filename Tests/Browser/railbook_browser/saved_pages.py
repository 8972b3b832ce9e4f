"""axe-core over every distinct page the in-process tests rendered (saved by RAILBOOK_PAGE_ARCHIVE),
and the keyboard check over those with a form."""

import glob
import os

from .accessibility import axe_problems
from .chromium import start_chromium
from .keyboard import keyboard_problems
from .server import SavedPagesServer
from .validator import page_sources


def saved_page_problems(folder, public, viewport=(1280, 900)):
    """Opens each saved page in Chromium with the site's styles, runs axe on it and, when it has a
    form, tabs through it."""
    files = sorted(glob.glob(os.path.join(folder, "*.html")))
    if not files:
        return [], 0
    sources = page_sources(folder)
    server = SavedPagesServer(folder, public)
    driver = start_chromium(viewport[0], viewport[1], "zh-CN")
    problems = []
    try:
        for path in files:
            name = os.path.basename(path)
            page = sources.get(name, name) + f" (saved as {name})"
            driver.get(f"{server.base_url}/pages/{name}")
            problems += axe_problems(driver, page)
            with open(path, "rb") as file:
                if b"<form" in file.read():
                    problems += keyboard_problems(driver, page)
    finally:
        driver.quit()
        server.stop()
    return problems, len(files)
