"""Writes docs/reference/cupy_names.txt: CuPy's public names, read from
the __init__.py files of a CuPy source tree (statically, with ast: CuPy
need not be installed or importable), for scripts/gen_status.py.

    python scripts/extract_cupy_names.py /path/to/cupy-source [VERSION]

One name a line, as `cupy.NAME`, `cupy.linalg.NAME`, ...; names starting
with an underscore and modules are left out.  Rerun it for a new CuPy.
"""
import ast
import os
import sys

MODULES = ["", "linalg", "fft", "random", "testing", "cuda"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def names_of(path):
    tree = ast.parse(open(path).read())
    found = set()

    def bind(name):
        if name and not name.startswith("_"):
            found.add(name)

    def visit(body):
        for node in body:
            if isinstance(node, ast.ImportFrom):
                for a in node.names:
                    if a.name != "*":
                        # `from . import x` binds a submodule: skipped
                        # below by the module check when it is one
                        bind(a.asname or a.name)
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                bind(node.name)
            elif isinstance(node, ast.Assign):
                for t in node.targets:
                    if isinstance(t, ast.Name):
                        bind(t.id)
            elif isinstance(node, (ast.If, ast.Try)):
                visit(node.body)
                for h in getattr(node, "handlers", []):
                    visit(h.body)
                visit(getattr(node, "orelse", []))
    visit(tree.body)
    return found


def main(src, version="unknown"):
    lines = []
    for mod in MODULES:
        d = os.path.join(src, "cupy", *mod.split(".")) if mod else \
            os.path.join(src, "cupy")
        init = os.path.join(d, "__init__.py")
        if not os.path.exists(init):
            continue
        subdirs = {n for n in os.listdir(d)
                   if os.path.isdir(os.path.join(d, n))}
        subfiles = {n.split(".")[0] for n in os.listdir(d)
                    if n.endswith((".py", ".pyx", ".pxd"))}
        prefix = "cupy." + mod + "." if mod else "cupy."
        for name in sorted(names_of(init) - subdirs - subfiles):
            lines.append(prefix + name)
    out = os.path.join(ROOT, "docs", "reference", "cupy_names.txt")
    with open(out, "w") as f:
        f.write("# CuPy's public names (CuPy %s), from its __init__.py files\n"
                "# by scripts/extract_cupy_names.py\n" % version)
        f.write("\n".join(lines) + "\n")
    print("%d names -> %s" % (len(lines), out))


if __name__ == "__main__":
    main(*sys.argv[1:])
