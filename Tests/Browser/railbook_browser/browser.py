"""A person at a browser: reads labels, types, presses buttons, follows links; every page is kept.

Each page the person lands on is written to disk as the server sent it (for the validator),
photographed in full (for people), and checked with axe-core and the keyboard.
"""

import base64
import os
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from .accessibility import axe_problems
from .chromium import start_chromium
from .keyboard import keyboard_problems
from .pages import PageStore, last_document


class JourneyError(AssertionError):
    """A step could not be done as a person would do it."""


class Browser:
    def __init__(self, base_url, viewport, language, results):
        self.base_url = base_url.rstrip("/")
        self.name = viewport[0]
        self.driver = start_chromium(viewport[1], viewport[2], language, reads_page_bytes=True)
        self.shots = os.path.join(results, "screenshots", self.name)
        os.makedirs(self.shots, exist_ok=True)
        self.store = PageStore(os.path.join(results, "journey-pages", self.name))
        self.steps = 0
        self.problems = []

    def close(self):
        self.driver.quit()

    # Looking at the page

    def landed(self, step):
        """Records the page the browser is on as journey step `step`: bytes, screenshot, checks."""
        self.steps += 1
        name = f"{self.steps:02d}-{step}"
        page = last_document(self.driver)
        if page is None:
            raise JourneyError(f"{self.name} {name}: no HTML document was received")
        self.store.keep(name, page, f"{self.name} step {name}")
        self.screenshot(name)
        where = f"{self.name} step {name} ({self.driver.current_url})"
        self.problems += axe_problems(self.driver, where)
        self.problems += keyboard_problems(self.driver, where)
        return page

    def screenshot(self, name):
        """The whole page, top to bottom, at the viewport's width."""
        metrics = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
        size = metrics["cssContentSize"]
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1},
        })
        with open(os.path.join(self.shots, name + ".png"), "wb") as file:
            file.write(base64.b64decode(shot["data"]))

    def text(self):
        return self.driver.find_element(By.TAG_NAME, "body").text

    def heading(self):
        return self.driver.find_element(By.TAG_NAME, "h1").text

    def path(self):
        url = self.driver.current_url
        return url[len(self.base_url):] if url.startswith(self.base_url) else url

    def element(self, css):
        """The first element `css` selects: where on the page a person is looking."""
        found = self.driver.find_elements(By.CSS_SELECTOR, css)
        if not found:
            raise JourneyError(f"{self.name}: nothing matches {css} on {self.path()}")
        return found[0]

    def expect_path(self, beginning):
        if not self.path().startswith(beginning):
            raise JourneyError(f"{self.name}: expected to be on {beginning}…, but the browser is on {self.path()}")

    def expect_exact_path(self, path):
        if self.path() != path:
            raise JourneyError(f"{self.name}: expected to be on {path}, but the browser is on {self.path()}")

    def expect_text(self, text):
        if text not in self.text():
            raise JourneyError(f"{self.name}: expected “{text}” on {self.path()}; the page says:\n{self.text()[:800]}")

    # Acting on the page

    def visit(self, path, step):
        self.driver.get(self.base_url + path)
        return self.landed(step)

    def back(self):
        """The browser's Back button (the page comes from the cache: it is not recorded again)."""
        self._navigate(self.driver.back, "going back")

    def field(self, label, within=None):
        """The control a visible label names: the label reading exactly `label`, else one reading
        `label` and a note such as "(optional)" or a document number."""
        scope = within or self.driver
        labels = [each for each in scope.find_elements(By.TAG_NAME, "label") if each.is_displayed()]
        exact = [each for each in labels if " ".join(each.text.split()) == label]
        for candidate in exact or [each for each in labels if _label_matches(each.text, label)]:
            target = candidate.get_attribute("for")
            if target:
                return self.driver.find_element(By.ID, target)
            return candidate.find_element(By.CSS_SELECTOR, "input, select, textarea")
        raise JourneyError(f"{self.name}: no field labelled “{label}” on {self.path()}; labels: "
                           + ", ".join(repr(each.text) for each in scope.find_elements(By.TAG_NAME, "label")))

    def fill(self, label, value, within=None):
        control = self.field(label, within)
        if control.tag_name == "select":
            Select(control).select_by_visible_text(value)
        else:
            control.clear()
            control.send_keys(value)

    def pick(self, label, beginning):
        """Chooses the option of the list `label` names whose text begins with `beginning`."""
        choices = Select(self.field(label))
        for option in choices.options:
            if option.text.strip().startswith(beginning):
                choices.select_by_visible_text(option.text)
                return
        raise JourneyError(f"{self.name}: no choice beginning “{beginning}” in “{label}” on {self.path()}")

    def choose(self, label, within=None):
        """Ticks the radio button or check box a label names, as a person clicks it."""
        control = self.field(label, within)
        if not control.is_selected():
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", control)
            control.click()

    def unfold(self, text):
        """Opens the folded part (`<details>`) whose summary reads `text`, as a person clicks it."""
        for summary in self.driver.find_elements(By.TAG_NAME, "summary"):
            if " ".join(summary.text.split()) == text and summary.is_displayed():
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
                if summary.find_element(By.XPATH, "..").get_attribute("open") is None:
                    summary.click()
                return
        raise JourneyError(f"{self.name}: nothing folded under “{text}” on {self.path()}")

    def press(self, text, step, within=None):
        """Clicks the button whose visible text is `text` and records the page it leads to."""
        button = self._find_clickable("button", text, within)
        self._navigate(button.click, f"pressing “{text}”")
        return self.landed(step)

    def follow(self, text, step, within=None):
        """Clicks the link whose visible text is `text` (or `text` and more words, like "My Railbook · Li")."""
        link = self._find_clickable("a", text, within)
        self._navigate(link.click, f"following “{text}”")
        return self.landed(step)

    def submit_with_keyboard(self, step):
        """Presses Enter in the focused field, as a keyboard user submits a form."""
        active = self.driver.switch_to.active_element
        self._navigate(lambda: active.send_keys(Keys.ENTER), "pressing Enter")
        return self.landed(step)

    def tab_into(self, label, value):
        """Moves the focus with Tab until it reaches the field `label` names, then types `value`."""
        target = self.field(label)
        for _ in range(80):
            if self.driver.switch_to.active_element == target:
                target.send_keys(value)
                return
            self.driver.switch_to.active_element.send_keys(Keys.TAB)
        raise JourneyError(f"{self.name}: Tab never reached the field “{label}” on {self.path()}")

    def _find_clickable(self, tag, text, within):
        scope = within or self.driver
        for element in scope.find_elements(By.TAG_NAME, tag):
            shown = " ".join(element.text.split())
            if element.is_displayed() and (shown == text or shown.startswith(text + " ")):
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
                return element
        kinds = "button" if tag == "button" else "link"
        raise JourneyError(f"{self.name}: no {kinds} “{text}” on {self.path()}")

    def _navigate(self, action, what):
        old = self.driver.find_element(By.TAG_NAME, "html")
        where = self.path()
        action()
        WebDriverWait(self.driver, 20).until(
            lambda driver: _is_stale(old) and driver.execute_script("return document.readyState") == "complete",
            message=f"{self.name}: {what} on {where} led to no new page within 20 s")


def _label_matches(shown, wanted):
    shown = " ".join(shown.split())
    return shown == wanted or re.match(re.escape(wanted) + r"[\s（(]", shown) is not None


def _is_stale(element):
    try:
        element.tag_name
        return False
    except Exception:  # StaleElementReferenceException: the old page is gone
        return True

