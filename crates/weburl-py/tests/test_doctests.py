"""Every public name of weburl has a docstring with an example, and the examples run."""

import doctest
import inspect
import pathlib
import re
from typing import Any

import pytest

import weburl
import weburl.arrow

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


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


def test_readme_python_section_runs() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    examples = "\n".join(b for b in blocks if ">>>" in b)
    assert examples, "README.md has no Python example"
    test = doctest.DocTestParser().get_doctest(examples, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
