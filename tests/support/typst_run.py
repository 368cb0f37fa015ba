"""Compiles a Typst document with the `typst` Python package (the tests' Typst compiler).

Usage:
  typst_run.py ROOT INPUT pdf OUT       write the PDF
  typst_run.py ROOT INPUT svg OUT       write the pages as SVG (OUT with {p} for the page number)
  typst_run.py ROOT INPUT query LABEL   print the values of the metadata labelled LABEL, as JSON

ROOT is the project root the document's absolute paths start from. A document that does not
compile: its diagnostic (message, file, line, column, and the calls it happened in) on standard
error, exit status 1.
"""

import os
import sys

import typst

# The compile's "now" (seconds since 1970): fixed unless DOTCHESS_TYPST_TIME says otherwise, which
# the tests use to show a document's PDF does not depend on it.
TIMESTAMP = int(os.environ.get("DOTCHESS_TYPST_TIME", "1800000000"))


def main():
    root, source, what, arg = sys.argv[1:5]
    try:
        if what == "query":
            print(typst.query(source, arg, field="value", root=root))
        else:
            typst.compile(source, output=arg, root=root, format=what, timestamp=TIMESTAMP)
    except typst.TypstError as e:
        print(e.diagnostic, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
