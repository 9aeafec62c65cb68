#!/usr/bin/env bash
# The `weburl serve` page in a real headless Chromium (scripts/serve-browser/): typing URLs
# into the page and loading fragment links, checked through the page's data attributes
# (docs/SERVE.md). Called by scripts/test-all.sh.
#
# Installs what it needs when missing: Debian's chromium and chromium-driver (apt-get, as
# root), and selenium and pytest from PyPI into a virtual environment under the target
# directory. Builds the CLI (the dev profile, as `cargo test` does).
# Environment: PYTHON (default python3), WEBURL_SERVE_VENV (default <target>/serve-venv),
# SERVE_SCREENSHOT_DIR (default <target>/serve-browser; `docs` refreshes the README's
# screenshots).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="${WEBURL_SERVE_VENV:-$target/serve-venv}"
python="${PYTHON:-python3}"

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    if [[ $(id -u) -ne 0 ]]; then
        echo "test-serve-browser: chromium and chromium-driver are missing, and installing them needs root" >&2
        exit 1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
fi

if [[ ! -x "$venv/bin/python" ]]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check selenium pytest

cargo build --quiet -p weburl-cli
export WEBURL_BIN="$target/debug/weburl"
export SERVE_SCREENSHOT_DIR="${SERVE_SCREENSHOT_DIR:-$target/serve-browser}"
# Selenium must not look for (or download) a driver: the Debian one is given.
export SE_OFFLINE=true
"$venv/bin/python" -m pytest -q -p no:cacheprovider scripts/serve-browser
