"""The pages a browser received, byte for byte, read back through the DevTools protocol."""

import base64
import json
import os
from dataclasses import dataclass


@dataclass
class ReceivedPage:
    """One HTML document as the server sent it."""
    url: str
    status: int
    html: bytes


def last_document(driver):
    """The last top-level HTML document the browser received since the previous call, or None.

    Reads (and so empties) Chromium's performance log: the last `Network.responseReceived` of type
    Document (the journeys' pages have no frames) names the request whose body is then fetched.
    """
    last = None
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") != "Network.responseReceived":
            continue
        params = message["params"]
        if params.get("type") == "Document" and "text/html" in params["response"].get("mimeType", ""):
            last = params
    if last is None:
        return None
    body = driver.execute_cdp_cmd("Network.getResponseBody", {"requestId": last["requestId"]})
    html = base64.b64decode(body["body"]) if body.get("base64Encoded") else body["body"].encode("utf-8")
    return ReceivedPage(url=last["response"]["url"], status=last["response"]["status"], html=html)


class PageStore:
    """Writes each distinct page to a folder, with an index naming where it came from."""

    def __init__(self, folder):
        self.folder = folder
        os.makedirs(folder, exist_ok=True)

    def keep(self, name, page, source):
        """Writes `page` as `name`.html; `source` says which journey step produced it."""
        path = os.path.join(self.folder, name + ".html")
        with open(path, "wb") as file:
            file.write(page.html)
        with open(os.path.join(self.folder, "index.tsv"), "a", encoding="utf-8") as file:
            file.write(f"{name}.html\t{source}: {page.url}\t{page.status}\n")
        return path
