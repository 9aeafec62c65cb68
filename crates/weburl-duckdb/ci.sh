#!/usr/bin/env bash
# The DuckDB extension's checks, for CI (scripts/test-all.sh calls it after
# crates/weburl-py/ci.sh) and for developers:
#   crates/weburl-duckdb/ci.sh
# Builds the extension (debug, in the workspace's target directory: build-extension.sh),
# then runs pytest (tests/test_extension.py) in the Python environment of crates/weburl-py/ci.sh,
# which has the weburl package that the values are asserted against; DuckDB comes from PyPI
# (`duckdb`, the newest release unless the environment has one: the test loads the extension
# into that one and prints its version). The weburl package is built with `maturin develop`
# when the environment lacks it.
# Environment: PYTHON (default python3), WEBURL_PY_VENV (default <target>/py-venv).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="${WEBURL_PY_VENV:-$target/py-venv}"
python="${PYTHON:-python3}"

if [[ ! -x "$venv/bin/python" ]]; then
    "$python" -m venv "$venv"
fi
export VIRTUAL_ENV="$venv"
export PATH="$venv/bin:$PATH"
python -m pip install --quiet --disable-pip-version-check pytest duckdb
if ! python -c 'import weburl' 2>/dev/null; then
    python -m pip install --quiet --disable-pip-version-check maturin
    (cd "$root/crates/weburl-py" && maturin develop --quiet 2>&1 | tail -n 1)
fi

WEBURL_DUCKDB_EXTENSION="$(PYTHON=python bash "$here/build-extension.sh")"
export WEBURL_DUCKDB_EXTENSION
echo "duckdb $(python -c 'import duckdb; print(duckdb.__version__)'): $WEBURL_DUCKDB_EXTENSION"

log="$target/duckdb-pytest.log"
set +e
python -m pytest -q -p no:cacheprovider "$here/tests" >"$log" 2>&1
status=$?
set -e
if [[ $status -ne 0 ]]; then
    cat "$log"
    exit "$status"
fi
tail -n 1 "$log"
