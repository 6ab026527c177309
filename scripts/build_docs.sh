#!/usr/bin/env bash
# Builds the API reference (docs/reference, Sphinx autodoc) into
# build/docs/html with every warning an error, as CI does.  Needs sphinx
# (requirements-dev.txt) and the package importable (pip install -e .).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m sphinx -W --keep-going -q -b html docs/reference build/docs/html "$@"
echo "API reference: build/docs/html/index.html"
