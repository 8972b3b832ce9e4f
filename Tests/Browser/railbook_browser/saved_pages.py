"""axe-core over every distinct page the in-process tests rendered (saved by RAILBOOK_PAGE_ARCHIVE)."""

import glob
import os

from .accessibility import axe_problems
from .chromium import start_chromium
from .server import SavedPagesServer
from .validator import page_sources


def saved_page_problems(folder, public, viewport=(1280, 900)):
    """Opens each saved page in Chromium with the site's styles and runs axe on it."""
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
            driver.get(f"{server.base_url}/pages/{name}")
            problems += axe_problems(driver, sources.get(name, name) + f" (saved as {name})")
    finally:
        driver.quit()
        server.stop()
    return problems, len(files)
