"""Every public name of weburl has a docstring with an example, and the examples run."""

import doctest
import inspect
import pathlib
import re
from typing import Any

import pytest

import weburl
import weburl.arrow

ROOT = pathlib.Path(__file__).resolve().parents[3]
# README.md and every page of docs/: each page's Python examples run as one doctest session.
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def public_objects() -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = [("weburl", weburl), ("weburl.arrow", weburl.arrow)]
    for module, prefix in [(weburl, "weburl"), (weburl.arrow, "weburl.arrow")]:
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.ismodule(obj):
                continue
            found.append((f"{prefix}.{name}", obj))
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                for member in vars(obj):
                    if member.startswith("_") and member not in ("__arrow_c_array__", "__arrow_c_schema__"):
                        continue
                    found.append((f"{prefix}.{name}.{member}", getattr(obj, member)))
    return found


PUBLIC = public_objects()


def test_there_are_public_names() -> None:
    assert len(PUBLIC) > 40


@pytest.mark.parametrize("qualname,obj", PUBLIC, ids=[q for q, _ in PUBLIC])
def test_docstring_example_runs(qualname: str, obj: Any) -> None:
    doc = inspect.getdoc(obj) or ""
    if qualname.startswith("weburl.ValidationIssue."):
        # Fields of a frozen record: each has its own line of documentation; the example
        # that reads them is the class's.
        assert doc, qualname
        doc = inspect.getdoc(weburl.ValidationIssue) or ""
    assert ">>>" in doc, f"{qualname} has no example in its docstring"
    test = doctest.DocTestParser().get_doctest(doc, {}, qualname, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted > 0


def python_blocks(text: str) -> list[str]:
    """The bodies of a Markdown page's ```python fenced blocks."""
    return re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)


def test_pages_have_python_examples() -> None:
    with_examples = [
        p.name for p in PAGES if any(">>>" in b for b in python_blocks(p.read_text(encoding="utf-8")))
    ]
    for name in ["README.md", "PYTHON.md", "URLPATTERN.md"]:
        assert name in with_examples, f"{name} has no Python example"


WITH_PYTHON = [p for p in PAGES if python_blocks(p.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("page", WITH_PYTHON, ids=[str(p.relative_to(ROOT)) for p in WITH_PYTHON])
def test_page_python_examples_run(page: pathlib.Path) -> None:
    """Every interactive (>>>) Python example of the page runs and prints what it shows; a
    block without a prompt (a script) is at least compiled."""
    blocks = python_blocks(page.read_text(encoding="utf-8"))
    name = str(page.relative_to(ROOT))
    for block in blocks:
        if ">>>" not in block:
            compile(block, name, "exec")
    examples = "\n".join(b for b in blocks if ">>>" in b)
    if not examples:
        return
    test = doctest.DocTestParser().get_doctest(examples, {}, name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted > 0
