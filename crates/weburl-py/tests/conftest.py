"""Shared paths for the weburl Python tests."""

import json
import pathlib
from typing import Any

import pytest

#: The WPT data of the Rust crate's conformance tests (see its README for the sources).
WPT = pathlib.Path(__file__).resolve().parents[2] / "weburl" / "tests" / "data" / "wpt"


def wpt(name: str) -> Any:
    """A WPT JSON file, read as JavaScript would: Python's json keeps lone surrogates, which
    the API under test must turn into U+FFFD itself."""
    with open(WPT / name, encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="session")
def urltestdata() -> list[dict[str, Any]]:
    return [c for c in wpt("urltestdata.json") if isinstance(c, dict)]
