"""A Railbook release server on a fresh temporary database, and a static server for saved pages."""

import functools
import http.server
import os
import re
import subprocess
import tempfile
import threading


class RailbookServer:
    """`railbook serve` on a free port, with the demo data on a database of its own."""

    def __init__(self, executable, root):
        self.folder = tempfile.TemporaryDirectory(prefix="railbook-browser-")
        database = os.path.join(self.folder.name, "railbook.sqlite")
        self.administrator = _create_administrator(executable, database, root)
        self.process = subprocess.Popen(
            [executable, "serve", "--port", "0", "--database", database, "--root", root, "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        first_line = self.process.stdout.readline()
        found = re.search(r"http://[0-9.]+:[0-9]+", first_line)
        if not found:
            self.stop()
            raise RuntimeError(f"railbook serve did not start: {first_line}{self.process.stdout.read()}")
        self.base_url = found.group(0)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.folder.cleanup()


def _create_administrator(executable, database, root):
    """An administrator account for the service desk, as an operator makes one: (account, password)."""
    account = "service_desk"
    made = subprocess.run([executable, "user", "create", "--account", account, "--admin", "--name", "客服小张",
                           "--database", database, "--root", root], capture_output=True, text=True)
    found = re.search(r"password: (\S+)", made.stdout)
    if made.returncode != 0 or not found:
        raise RuntimeError(f"railbook user create failed: {made.stdout}{made.stderr}")
    return account, found.group(1)


class SavedPagesServer:
    """Serves saved pages under /pages/ with the site's /css/ and /images/, so that they look
    (and are checked) as when Railbook served them."""

    def __init__(self, pages, public):
        self.root = tempfile.TemporaryDirectory(prefix="railbook-pages-")
        os.symlink(os.path.abspath(pages), os.path.join(self.root.name, "pages"))
        for folder in ("css", "images"):
            os.symlink(os.path.join(os.path.abspath(public), folder), os.path.join(self.root.name, folder))
        handler = functools.partial(_QuietHandler, directory=self.root.name)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.root.cleanup()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass
