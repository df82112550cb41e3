#! /usr/bin/env python3
#
# SPDX-License-Identifier: GPL-2.0-only
#
# The module's documentation builds as ns-3's model documentation does, and
# its Attributes and Traces tables match the sources:
#
# - doc/atm.rst and doc/atm-validation.rst build with Sphinx without a
#   warning (-W --keep-going), in a temporary project laid out as ns-3's
#   doc/models: a conf.py, an index.rst whose toctree holds both files, and a
#   replace.txt with the substitutions of ns-3's doc/models/source/replace.txt
#   (|ns3|, |ns2|), which the files include;
# - doc/atm.rst has fewer than 1 800 lines;
# - every attribute and trace source the module registers
#   (.AddAttribute("Name" and .AddTraceSource("Name" in model/*.cc and
#   helper/*.cc, under the TypeId("ns3::AtmX") they follow) is in the
#   Attributes or Traces table of doc/atm.rst under its class, and every row
#   of those tables names a registered one.
#
# Usage: atm-doc-check.py <source root> [<sphinx builder>]
# (run it with a python3 that has Sphinx: Debian's python3-sphinx; the
# builder defaults to "html", as ns-3 builds its model documentation).
# Exit status 0 when every check passes.

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

MAX_LINES = 1800
DOCS = ("atm", "atm-validation")

REPLACE_TXT = ".. |ns3| replace:: *ns-3*\n\n.. |ns2| replace:: *ns-2*\n"

CONF_PY = """project = "ns-3 atm module"
master_doc = "index"
exclude_patterns = ["_build", "replace.txt"]
pygments_style = "sphinx"
"""

INDEX_RST = """Model library (atm module)
==========================

.. toctree::
   :maxdepth: 2

   atm
   atm-validation
"""

TYPE_ID = re.compile(r'(?<![\w:])TypeId\s*\(\s*"ns3::(\w+)"')
REGISTERED = re.compile(r'\.(AddAttribute|AddTraceSource)\s*\(\s*"(\w+)"')
HEADING = re.compile(r"^(=+|\*+|-+|#+)$")


def registered(root):
    """(kind, class, name) of every attribute and trace source in the sources."""
    found = set()
    problems = []
    files = sorted(glob.glob(os.path.join(root, "model", "*.cc")))
    files += sorted(glob.glob(os.path.join(root, "helper", "*.cc")))
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        marks = [(m.start(), m.group(1)) for m in TYPE_ID.finditer(text)]
        for m in REGISTERED.finditer(text):
            owners = [cls for pos, cls in marks if pos < m.start()]
            if not owners:
                problems.append(f"{path}: {m.group(2)} registered before any TypeId")
                continue
            kind = "attribute" if m.group(1) == "AddAttribute" else "trace source"
            found.add((kind, owners[-1], m.group(2)))
    return found, problems


def section(lines, title):
    """The lines of the subsection titled title (up to the next heading)."""
    for i in range(len(lines) - 1):
        if lines[i] == title and HEADING.match(lines[i + 1]) and len(lines[i + 1]) == len(title):
            end = i + 2
            while end < len(lines) - 1 and not (
                lines[end].strip()
                and HEADING.match(lines[end + 1])
                and len(lines[end + 1]) == len(lines[end].rstrip())
            ):
                end += 1
            return lines[i + 2 : end]
    return None


def table_rows(lines):
    """(class, name) of each row of the simple tables in lines; the first
    column is the class, a backslash (an empty cell) repeats the one above."""
    rows = []
    i = 0
    while i < len(lines):
        if not re.match(r"^=+( +=+)+\s*$", lines[i]):
            i += 1
            continue
        spans = [m.span() for m in re.finditer(r"=+", lines[i])]
        borders = 1
        i += 1
        cls = None
        while i < len(lines) and borders < 3:
            line = lines[i]
            i += 1
            if re.match(r"^=+( +=+)+\s*$", line):
                borders += 1
                continue
            if borders < 2 or not line.strip():
                continue  # the header row
            first = line[spans[0][0] : spans[0][1]].strip()
            name = line[spans[1][0] : spans[1][1]].strip()
            if not first:
                continue  # a continuation line of the row above
            if first != "\\":
                cls = first
            rows.append((cls or "(no class)", name.strip("`")))
    return rows


def check_tables(atm_rst, found):
    problems = []
    lines = atm_rst.splitlines()
    for kind, title in (("attribute", "Attributes"), ("trace source", "Traces")):
        body = section(lines, title)
        if body is None:
            problems.append(f"doc/atm.rst: no section {title}")
            continue
        rows = table_rows(body)
        if not rows:
            problems.append(f"doc/atm.rst: no table in {title}")
        documented = {(cls.replace("ns3::", ""), name) for cls, name in rows}
        wanted = {(cls, name) for k, cls, name in found if k == kind}
        for cls, name in sorted(wanted - documented):
            problems.append(f"doc/atm.rst, {title}: {kind} ns3::{cls}::{name} not in the table")
        for cls, name in sorted(documented - wanted):
            problems.append(f"doc/atm.rst, {title}: ns3::{cls}::{name} is not a registered {kind}")
    return problems


def build(root, builder):
    """Sphinx over both files in a temporary project; its warnings, if any."""
    work = tempfile.mkdtemp(prefix="atm-doc-")
    try:
        src = os.path.join(work, "source")
        os.mkdir(src)
        for name, text in (
            ("conf.py", CONF_PY),
            ("index.rst", INDEX_RST),
            ("replace.txt", REPLACE_TXT),
        ):
            with open(os.path.join(src, name), "w", encoding="utf-8") as f:
                f.write(text)
        for doc in DOCS:
            shutil.copy(os.path.join(root, "doc", doc + ".rst"), src)
        # literalinclude's paths (../examples/..., ../test/...) as from doc/
        for tree in ("examples", "test"):
            os.symlink(os.path.join(root, tree), os.path.join(work, tree))
        cmd = [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "--keep-going",
            "-q",
            "-b",
            builder,
        ]
        cmd += [src, os.path.join(work, "build")]
        r = subprocess.run(cmd, capture_output=True, text=True)
        out = (r.stdout + r.stderr).strip().replace(src + os.sep, "doc/")
        return r.returncode, out
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    if len(sys.argv) < 2:
        print(__doc__ or "usage: atm-doc-check.py <source root> [<sphinx builder>]")
        return 2
    root = os.path.abspath(sys.argv[1])
    builder = sys.argv[2] if len(sys.argv) > 2 else "html"
    with open(os.path.join(root, "doc", "atm.rst"), encoding="utf-8") as f:
        atm_rst = f.read()
    problems = []

    n = len(atm_rst.splitlines())
    if n >= MAX_LINES:
        problems.append(f"doc/atm.rst: {n} lines, the limit is below {MAX_LINES}")

    found, parse_problems = registered(root)
    problems += parse_problems
    if not found:
        problems.append("no attribute or trace source found in model/ and helper/")
    problems += check_tables(atm_rst, found)

    rc, out = build(root, builder)
    if rc != 0 or out:
        problems.append(f"sphinx -W --keep-going -b {builder} (exit status {rc}):\n{out}")

    attributes = sum(1 for k, _, _ in found if k == "attribute")
    print(f"atm-doc: doc/atm.rst {n} lines (limit: below {MAX_LINES})")
    print(
        f"atm-doc: {attributes} attributes and {len(found) - attributes} trace sources of "
        f"{len({c for _, c, _ in found})} classes checked against the tables"
    )
    for p in problems:
        print("atm-doc: " + p)
    if problems:
        print(f"atm-doc: FAILED, {len(problems)} problem(s)")
        return 1
    print(
        "atm-doc: Sphinx built " + " and ".join(f"doc/{d}.rst" for d in DOCS) + " without warnings"
    )
    print("atm-doc: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
