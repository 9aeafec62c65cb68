#!/usr/bin/env bash
# Runs the Spark job's test on a local Spark (examples/spark/test_url_job.py), in the
# Python package's virtual environment (crates/weburl-py/ci.sh makes it and installs weburl
# into it; run that first). Installs pyspark and pandas from PyPI; needs Java 17.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="${WEBURL_PY_VENV:-$target/py-venv}"
export VIRTUAL_ENV="$venv"
export PATH="$venv/bin:$PATH"
python -m pip install --quiet --disable-pip-version-check pyspark "pandas<3" pyarrow pytest
export PYSPARK_PYTHON="$venv/bin/python"
export SPARK_LOCAL_IP=127.0.0.1
cd "$here"
python -m pytest -q -p no:cacheprovider test_url_job.py
