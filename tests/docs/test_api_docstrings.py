"""Every public name of the API reference has a docstring (issue 21, item 1).

The reference (``docs/api/*.md``, mkdocstrings with ``show_if_no_docstring: false``) leaves out a
member without a docstring, so this walks what it documents the way it does: griffe loads the
sources with the site's extension (``docs/hooks/griffe_docs.py``: an override takes its base's
docstring, a rules option its ``doc=`` text), and for every module with a ``::: module`` line each
name of ``__all__`` (or, without ``__all__``, each public name defined there) and every public member
of each public class (methods, properties, dataclass fields with attribute docstrings) must have one.
"""

from __future__ import annotations

import re
from pathlib import Path

import griffe
from docs_support import ROOT, load_hook


def _documented_modules() -> list[str]:
    modules: list[str] = []
    for page in sorted((ROOT / "docs" / "api").glob("*.md")):
        modules += re.findall(r"^::: ([\w.]+)$", page.read_text(encoding="utf-8"), re.MULTILINE)
    return modules


def _has_doc(obj: griffe.Object | griffe.Alias) -> bool:
    return obj.docstring is not None and bool(obj.docstring.value.strip())


def _public_names(module: griffe.Module) -> list[str]:
    if module.exports is not None:
        return [e if isinstance(e, str) else e.name for e in module.exports]
    return [n for n, m in module.members.items() if not n.startswith("_") and not m.is_alias]


def _undocumented(package: griffe.Module, modules: list[str]) -> list[str]:
    missing: set[str] = set()
    for path in modules:
        module = package if path == package.name else package.get_member(path.split(".", 1)[1])
        if not _has_doc(module):
            missing.add(path)
        for name in _public_names(module):
            obj = module.members.get(name)
            if obj is None:  # e.g. bound by tuple unpacking: the reference cannot show it
                missing.add(f"{path}.{name} (no plain assignment to document)")
                continue
            if obj.is_alias:
                try:
                    obj = obj.final_target
                except (griffe.AliasResolutionError, griffe.CyclicAliasError):
                    continue  # a third-party object re-exported
            if obj.is_module:
                continue
            if not _has_doc(obj):
                missing.add(obj.path)
            if obj.is_class:
                missing |= {m.path for n, m in obj.members.items()
                            if not n.startswith("_") and not m.is_alias and not _has_doc(m)}
    return sorted(missing)


def _missing() -> list[str]:
    extension = load_hook("griffe_docs").InheritedDocstrings()
    loader = griffe.GriffeLoader(search_paths=[str(ROOT / "src")], extensions=griffe.Extensions(extension))
    package = loader.load("cardtable")
    loader.resolve_aliases(implicit=False, external=False)
    return _undocumented(package, _documented_modules())


def test_every_public_name_of_the_api_reference_has_a_docstring() -> None:
    missing = _missing()
    assert not missing, f"{len(missing)} public names without a docstring (add one):\n" + "\n".join(missing)


def test_the_reference_covers_every_public_module_of_the_adapters() -> None:
    """A new adapter module (registration, policy, vector...) gets its ``:::`` line in docs/api/adapters.md."""
    documented = set(_documented_modules())
    modules = {f"cardtable.adapters.{p.stem}" for p in (ROOT / "src" / "cardtable" / "adapters").glob("*.py")
               if not p.stem.startswith("_") and p.stem != "conftest"}
    assert not sorted(modules - documented)


def test_the_check_sees_a_missing_docstring(tmp_path: Path) -> None:
    """The walk finds an undocumented method, property and dataclass field, and accepts an inherited docstring."""
    src = tmp_path / "demo"
    src.mkdir()
    (src / "__init__.py").write_text(
        '"""Demo."""\nimport dataclasses\n__all__ = ["Base", "Child", "Row"]\n'
        'class Base:\n    """B."""\n    def run(self) -> None:\n        """Run."""\n'
        'class Child(Base):\n    """C."""\n    def run(self) -> None: ...\n    def stop(self) -> None: ...\n'
        '    @property\n    def size(self) -> int:\n        return 1\n'
        '@dataclasses.dataclass\nclass Row:\n    """R."""\n    a: int\n    b: int = 0\n    """The b."""\n',
        encoding="utf-8")
    extension = load_hook("griffe_docs").InheritedDocstrings()
    loader = griffe.GriffeLoader(search_paths=[str(tmp_path)], extensions=griffe.Extensions(extension))
    package = loader.load("demo")
    loader.resolve_aliases(implicit=False, external=False)
    assert _undocumented(package, ["demo"]) == ["demo.Child.size", "demo.Child.stop", "demo.Row.a"]
