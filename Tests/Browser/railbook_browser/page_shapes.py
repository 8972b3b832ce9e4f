"""Which saved pages axe needs to open: one of each shape, and on a phone only those whose layout
there can differ in what axe checks.

Many saved pages differ only in their words and numbers (the same order page for another order,
the same form in the other language, a list one row longer). axe's findings depend on the
elements, their classes and attributes and whether they hold text, not on which words they hold,
so one page of each shape is enough. The shape ignores text, attribute values that only name or
point (links, ids, values), and runs of identical siblings (a table of 3 rows and one of 30)."""

import hashlib
import os
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Attributes whose value names or points at something: their presence counts, not their value.
POINTERS = {"href", "value", "id", "for", "name", "action", "datetime", "aria-describedby", "aria-labelledby",
            "aria-controls", "src", "content", "min", "max", "placeholder", "title", "alt", "lang", "data-delay"}
# What is laid out differently on a phone: regions that scroll sideways (axe asks that they be
# reachable by keyboard) and the results, cards there and a table on a desktop.
SCROLLING = (b"table-scroll", b"date-strip", b"results-table", b"trip--leg")


class _Shape(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = [["", []]]

    def handle_starttag(self, tag, attrs):
        label = tag + "".join(sorted(f"|{key}" if key in POINTERS or key.startswith("data-") else f"|{key}={value}"
                                     for key, value in attrs))
        node = [label, []]
        self.stack[-1][1].append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth][0].split("|")[0] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        if data.strip():
            self.stack[-1][1].append("#")


def _signature(node):
    if node == "#":
        return "#"
    children = []
    for child in node[1]:
        signature = _signature(child)
        if not children or children[-1] != signature:
            children.append(signature)
    return node[0] + "(" + ",".join(children) + ")"


def shape(html):
    """A digest of the page's shape: equal for pages axe would judge alike."""
    parser = _Shape()
    parser.feed(html.decode("utf-8", errors="replace"))
    return hashlib.sha1(_signature(parser.stack[0]).encode()).hexdigest()


def pages_to_check(files):
    """(desktop, phone): one file of each shape for the desktop; for the phone, of those, every
    page with a region that scrolls sideways or a results list (cards on a phone, a table on a
    desktop), and the first of every other route."""
    seen, routes, desktop, phone = set(), set(), [], []
    for path in files:
        with open(path, "rb") as file:
            html = file.read()
        digest = shape(html)
        if digest in seen:
            continue
        seen.add(digest)
        desktop.append(path)
        route = _route(path)
        if any(marker in html for marker in SCROLLING) or route not in routes:
            routes.add(route)
            phone.append(path)
    return desktop, phone


def _route(path):
    """The request and status a saved page's name is made of, without its language and digest
    (`GET__orders_id_200_zh_CN-1f2e….html` → `GET__orders_id_200`)."""
    name = os.path.basename(path).rsplit("-", 1)[0]
    for language in ("_zh_CN", "_en"):
        name = name.removesuffix(language)
    return name
