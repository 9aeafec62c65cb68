#!/usr/bin/env bash
# Every test of the project, as the README says: the Rust workspace (unit tests, doc
# examples, the WPT and reference conformance suites, the CLI, DataFusion), the C library
# (crates/weburl-c/ci.sh: the C and C++ suites, also under valgrind, the install with
# pkg-config and the Go example; Debian's libcjson-dev, valgrind, pkg-config and golang-go
# installed with apt when missing), the `weburl serve` page in headless Chromium (installed
# with apt when missing), the Python
# package (pytest with its doctests, mypy --strict on the stubs), the DuckDB extension loaded
# into DuckDB from PyPI and the Spark job on a local Spark. Needs cargo, python3 (3.10 or
# later, with venv) and Java 17; the Python tools
# (maturin, pytest, mypy, pyarrow, polars, duckdb, pandas, pyspark) are installed from PyPI into
# target/py-venv by the scripts below.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace
bash crates/weburl-c/ci.sh
bash scripts/test-serve-browser.sh
bash crates/weburl-py/ci.sh
bash crates/weburl-duckdb/ci.sh
bash examples/spark/ci.sh
