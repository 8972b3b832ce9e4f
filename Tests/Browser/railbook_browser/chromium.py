"""Starting Debian's Chromium through Debian's chromedriver, with nothing downloaded."""

import os

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


def start_chromium(width, height, language, reads_page_bytes=False):
    """A headless Chromium whose page area is width × height CSS pixels and which asks for `language`.

    With `reads_page_bytes`, performance logging is on so that the bytes of each page can be read
    back (see pages.py); whoever turns it on must read the log after each page.
    """
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--force-device-scale-factor=1",
                     f"--window-size={max(width, 500)},{height}", f"--lang={language}"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    if reads_page_bytes:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(60)
    # Headless windows have a minimum width (500 px): the page area is set by emulation instead,
    # as a phone (touch, the viewport meta tag honoured) below 600 px.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600,
    })
    if width < 600:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return driver
