#!/usr/bin/env bash
# Every test of the project, as the README says: the Rust workspace (unit tests, doc
# examples, the WPT and reference conformance suites, the CLI, DataFusion), the packages of
# the published crates (the library and the CLI built from theirs), the C library
# (crates/weburl-c/ci.sh: the C and C++ suites, also under valgrind, the install with
# pkg-config and the Go example; Debian's libcjson-dev, valgrind, pkg-config and golang-go
# installed with apt when missing), the hostile inputs' linearity counted in instructions
# (scripts/linearity.sh, under valgrind), the `weburl serve` page in headless Chromium (installed
# with apt when missing), the Python
# package (pytest with its doctests, mypy --strict on the stubs), the DuckDB extension loaded
# into DuckDB from PyPI and the Spark job on a local Spark. Needs cargo, python3 (3.10 or
# later, with venv) and Java 17; the Python tools
# (maturin, pytest, mypy, pyarrow, polars, duckdb, pandas, pyspark) are installed from PyPI into
# target/py-venv by the scripts below.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace
# Packaging (docs/ARCHITECTURE.md, "Packaging"): every crate's manifest packages, then the
# library and the CLI (with the two small crates the CLI depends on) are built from their
# .crate files, in target/package/ with the workspace's lockfile and target directory: only
# those four crates (and regex with its dependencies, whose features differ from the
# workspace's) are compiled again: 23 s the first time, 7 s after. `--offline`: the index and
# every crate are there from the tests above. `--allow-dirty`: a run before a commit packages
# the working tree.
cargo package --workspace --no-verify --offline --allow-dirty
# Cargo verifies each package against the others through a local registry in
# target/package/tmp-registry and unpacks them under $CARGO_HOME/registry/src/, in a folder
# named by that registry's path; it does not unpack a version again when its folder exists. A
# run from the same path with older sources would then build the CLI against the older
# library: those folders of the workspace's own crates go first.
for unpacked in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/weburl-*; do
    [[ -d "$unpacked" && -f "$unpacked/Cargo.toml.orig" ]] || continue
    case "$(basename "$unpacked")" in
    weburl-[0-9]* | weburl-spark-[0-9]* | weburl-json-lossy-[0-9]* | weburl-cli-[0-9]*) rm -rf "$unpacked" ;;
    esac
done
cargo package -p weburl -p weburl-spark -p weburl-json-lossy -p weburl-cli --offline --allow-dirty
bash crates/weburl-c/ci.sh
# The hostile families' instruction counts at n, 2n, 4n under callgrind (docs/RELIABILITY.md,
# "Linearity, counted"): after ci.sh, which installs valgrind; the runner is the debug
# weburl-bench that `cargo test --workspace` built.
NO_BUILD=1 bash scripts/linearity.sh
bash scripts/test-serve-browser.sh
bash crates/weburl-py/ci.sh
bash crates/weburl-duckdb/ci.sh
bash examples/spark/ci.sh
