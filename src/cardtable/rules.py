"""Frozen rules configurations with presets, shared by every game.

A game's rules class is a frozen dataclass decorated with :func:`rules_config`.
Each field may carry validation metadata made by :func:`option`:

>>> from cardtable.gin import GinRules
>>> GinRules.preset("classic").gin_bonus
20
>>> GinRules(undercut_bonus=10).undercut_bonus
10
>>> GinRules(knock_limit=11)
Traceback (most recent call last):
...
cardtable.errors.InvalidRulesError: GinRules.knock_limit must be <= 10, got 11
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from .errors import InvalidRulesError

__all__ = ["RulesBase", "option", "rules_config"]

T = TypeVar("T", bound="RulesBase")


def option(
    default: Any,
    *,
    choices: tuple[Any, ...] | None = None,
    min: int | None = None,
    max: int | None = None,
    nullable: bool = False,
    doc: str = "",
) -> Any:
    """A rules field with its validation: allowed ``choices`` or an integer range."""
    meta = {"choices": choices, "min": min, "max": max, "nullable": nullable, "doc": doc}
    return dataclasses.field(default=default, metadata=meta)


class RulesBase:
    """Base of every game's frozen rules config (see :func:`rules_config`)."""

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {"standard": {}}

    @classmethod
    def preset(cls: type[T], name: str = "standard", **overrides: Any) -> T:
        """The named preset, optionally with some options overridden."""
        if name not in cls.PRESETS:
            raise InvalidRulesError(
                f"unknown {cls.__name__} preset {name!r}; presets: {', '.join(cls.PRESETS)}"
            )
        return cls(**{**cls.PRESETS[name], **overrides})

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        return tuple(cls.PRESETS)

    @classmethod
    def options(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls: type[T], data: Mapping[str, Any]) -> T:
        """Inverse of :meth:`to_dict`; unknown keys are rejected."""
        if not isinstance(data, Mapping):
            raise InvalidRulesError(f"{cls.__name__}: expected a mapping of options")
        return cls(**dict(data))

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    def replace(self: T, **changes: Any) -> T:
        return type(self)(**{**self.to_dict(), **changes})

    def preset_name(self) -> str | None:
        """The name of the preset equal to this config, if any."""
        for name in self.PRESETS:
            if type(self).preset(name) == self:
                return name
        return None

    def describe(self) -> str:
        name = self.preset_name()
        if name is not None:
            return name
        base = type(self)()
        diff = [f"{k}={v!r}" for k, v in self.to_dict().items() if getattr(base, k) != v]
        return "standard + " + ", ".join(diff)

    def _validate_fields(self) -> None:
        cls_name = type(self).__name__
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            meta = f.metadata
            if value is None:
                if meta.get("nullable"):
                    continue
                raise InvalidRulesError(f"{cls_name}.{f.name} may not be None")
            default = f.default
            if isinstance(default, bool) and not isinstance(value, bool):
                raise InvalidRulesError(f"{cls_name}.{f.name} must be True or False, got {value!r}")
            if (isinstance(default, int) and not isinstance(default, bool)) or (
                default is None and meta.get("min") is not None
            ):
                if not isinstance(value, int) or isinstance(value, bool):
                    raise InvalidRulesError(f"{cls_name}.{f.name} must be an integer, got {value!r}")
            if isinstance(default, str) and not isinstance(value, str):
                raise InvalidRulesError(f"{cls_name}.{f.name} must be a string, got {value!r}")
            choices = meta.get("choices")
            if choices is not None and value not in choices:
                raise InvalidRulesError(
                    f"{cls_name}.{f.name} must be one of {', '.join(map(repr, choices))}, got {value!r}"
                )
            lo, hi = meta.get("min"), meta.get("max")
            if lo is not None and value < lo:
                raise InvalidRulesError(f"{cls_name}.{f.name} must be >= {lo}, got {value!r}")
            if hi is not None and value > hi:
                raise InvalidRulesError(f"{cls_name}.{f.name} must be <= {hi}, got {value!r}")

    def validate(self) -> None:
        """Check combinations of options; subclasses extend this."""

    def __post_init__(self) -> None:
        self._validate_fields()
        self.validate()


def rules_config(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen dataclass whose constructor rejects unknown options clearly."""
    dc = dataclasses.dataclass(frozen=True)(cls)
    original_init: Callable[..., None] = dc.__init__
    valid = tuple(f.name for f in dataclasses.fields(dc))  # type: ignore[arg-type]

    @functools.wraps(original_init)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if args:
            raise InvalidRulesError(f"{dc.__name__} takes options by keyword only")
        unknown = [k for k in kwargs if k not in valid]
        if unknown:
            raise InvalidRulesError(
                f"unknown {dc.__name__} option(s): {', '.join(unknown)}; valid: {', '.join(valid)}"
            )
        original_init(self, **kwargs)

    dc.__init__ = __init__  # type: ignore[method-assign]
    return dc
