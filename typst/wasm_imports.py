#!/usr/bin/env python3
"""Checks that a Typst plugin imports nothing but the two functions of Typst's plugin protocol.

Usage: typst/wasm_imports.py PLUGIN.wasm

Typst gives a plugin exactly two functions (module `typst_env`); a plugin that imports anything
else (a WASI call, a wasm-bindgen shim, pulled in by some dependency) fails when the document
loads it, with a message about the import. This check fails the build instead, naming the
imports. Prints the imports; exits 0 when they are the protocol's, 1 otherwise, 2 on a file that
is not WebAssembly.
"""

import sys

ALLOWED = {
    ("typst_env", "wasm_minimal_protocol_send_result_to_host"),
    ("typst_env", "wasm_minimal_protocol_write_args_to_buffer"),
}


def leb(data, at):
    """An unsigned LEB128 number at `at`: (value, position after it)."""
    value, shift = 0, 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def name(data, at):
    n, at = leb(data, at)
    return data[at : at + n].decode("utf-8"), at + n


def imports(data):
    """The (module, name) of every import of a WebAssembly module."""
    if data[:4] != b"\0asm":
        raise ValueError("not a WebAssembly module")
    at, out = 8, []
    while at < len(data):
        section, size_at = data[at], at + 1
        size, at = leb(data, size_at)
        end = at + size
        if section == 2:  # the import section
            count, at = leb(data, at)
            for _ in range(count):
                module, at = name(data, at)
                field, at = name(data, at)
                out.append((module, field))
                kind = data[at]
                at += 1
                if kind == 0:  # a function: its type index
                    _, at = leb(data, at)
                elif kind == 1:  # a table: element type, limits
                    at += 1
                    flags, at = leb(data, at)
                    _, at = leb(data, at)
                    if flags & 1:
                        _, at = leb(data, at)
                elif kind == 2:  # a memory: limits
                    flags, at = leb(data, at)
                    _, at = leb(data, at)
                    if flags & 1:
                        _, at = leb(data, at)
                else:  # a global: value type, mutability
                    at += 2
        at = end
    return out


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        found = imports(open(sys.argv[1], "rb").read())
    except (OSError, ValueError, IndexError) as e:
        print(f"{sys.argv[1]}: {e}", file=sys.stderr)
        return 2
    for module, field in found:
        print(f"import {module}.{field}")
    other = [i for i in found if i not in ALLOWED]
    if other:
        names = ", ".join(f"{m}.{f}" for m, f in other)
        print(f"{sys.argv[1]}: imports what Typst does not give a plugin: {names}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
