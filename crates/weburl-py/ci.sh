#!/usr/bin/env bash
# The Python package's checks, for CI (.ci/run calls it) and for developers:
#   crates/weburl-py/ci.sh
# Makes (or reuses) a virtual environment under the workspace's target directory, installs
# what the checks need from PyPI (maturin, pytest, mypy, and the data tools weburl.arrow is
# tested with: pyarrow, polars, duckdb, pandas), builds the extension with
# `maturin develop` (the dev profile, as `cargo test` builds: fast to compile, and the
# workspace's target directory is shared, so only the crates whose features differ are
# built again), then runs pytest (WPT data, the Arrow functions against the scalar API,
# pickling, errors, threads, hostile inputs, every docstring example, every Python example
# of README.md and docs/, the Python code of docs/SECURITY.md, the Polars namespace and the DuckDB
# functions), the Polars and DuckDB tests again with the oldest versions pyproject.toml
# declares, and `mypy --strict` on the stubs and a typed usage file.
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
# pandas 2 or 3: the tests pass with either (examples/spark/ci.sh installs pandas below 3, as
# pyspark needs, into the same environment).
python -m pip install --quiet --disable-pip-version-check maturin pytest mypy pyarrow polars duckdb pandas

# The CLI, which test_api.py compares normalize/surt with (shared code, same output).
cargo build --quiet -p weburl-cli
export WEBURL_CLI="$target/debug/weburl"

(cd "$here" && maturin develop --quiet 2>&1 | tail -n 1)

cd "$here"
log="$target/py-pytest.log"
set +e
python -m pytest -q -p no:cacheprovider tests >"$log" 2>&1
status=$?
set -e
if [[ $status -ne 0 ]]; then
    cat "$log"
    exit "$status"
fi
tail -n 1 "$log"

# The Polars plugin and the DuckDB functions again with the oldest Polars and DuckDB that
# pyproject.toml declares (the plugin handshake checks only the ABI version, so an old engine
# is tested, not assumed), installed beside the environment's own and put first on the path.
oldest="$venv/oldest-data-tools"
if [[ ! -d "$oldest/polars-1.0.0.dist-info" || ! -d "$oldest/duckdb-1.1.3.dist-info" ]]; then
    rm -rf "$oldest"
    python -m pip install --quiet --disable-pip-version-check --target "$oldest" "polars==1.0.0" "duckdb==1.1.3"
fi
set +e
PYTHONPATH="$oldest" python -m pytest -q -p no:cacheprovider tests/test_polars.py tests/test_duckdb.py >"$log" 2>&1
status=$?
set -e
if [[ $status -ne 0 ]]; then
    cat "$log"
    exit "$status"
fi
echo "oldest polars and duckdb: $(tail -n 1 "$log")"
mypy --strict --no-incremental python/weburl tests/typing/usage.py
