"""Griffe extension: docstrings the code already has, for members that do not repeat them.

* An override without a docstring takes the docstring of the member it overrides in a base class
  (as ``inspect.getdoc`` and ``help()`` do).
* A rules option (``name: int = option(..., doc="...")``) takes its ``doc`` text.

``tests/docs/test_api_docstrings.py`` loads the package with this extension and fails on every
public member that still has no docstring.
"""

from __future__ import annotations

import ast
from typing import Any

import griffe

__all__ = ["InheritedDocstrings"]


def _option_doc(node: Any) -> str | None:
    """The ``doc="..."`` keyword of an ``option(...)`` call assigned to a class attribute."""
    value = getattr(node, "value", None)
    if not isinstance(value, ast.Call):
        return None
    func = value.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if name != "option":
        return None
    for keyword in value.keywords:
        if keyword.arg == "doc" and isinstance(keyword.value, ast.Constant) and isinstance(keyword.value.value, str):
            return keyword.value.value
    return None


def _inherited(cls: griffe.Class, name: str) -> griffe.Docstring | None:
    """The docstring of ``name`` in the nearest base class that documents it."""
    try:
        bases = cls.resolved_bases
    except Exception:  # an external base that was not loaded
        return None
    for base in bases:
        member = base.members.get(name)
        if member is not None:
            try:
                if member.docstring is not None and member.docstring.value.strip():
                    return member.docstring
            except griffe.AliasResolutionError:
                pass
        found = _inherited(base, name)
        if found is not None:
            return found
    return None


def _fill(obj: griffe.Object) -> None:
    for member in list(obj.members.values()):
        if member.is_alias:
            continue
        if member.is_class:
            _fill(member)
        if obj.is_class and member.docstring is None and not member.name.startswith("__"):
            found = _inherited(obj, member.name)  # type: ignore[arg-type]
            if found is not None:
                member.docstring = griffe.Docstring(found.value, parent=member)
        if member.is_module:
            _fill(member)


class InheritedDocstrings(griffe.Extension):
    """Fill in the docstrings of overrides and of rules options (see the module docstring)."""

    def on_attribute_instance(self, *, node: Any, attr: griffe.Attribute, **kwargs: Any) -> None:
        if attr.docstring is None and attr.parent is not None and attr.parent.is_class:
            doc = _option_doc(node)
            if doc:
                attr.docstring = griffe.Docstring(doc, parent=attr)

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        _fill(pkg)
