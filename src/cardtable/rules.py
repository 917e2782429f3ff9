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
cardtable.errors.InvalidRulesError: the knock limit must be from 0 to 10 (option knock_limit), not 11

Every number has bounds, generous but finite, so every total a match can
reach fits the store's columns: targets at most :data:`MAX_TARGET`, bonuses
and other points at most :data:`MAX_BONUS` (each game's options table lists
them). A value outside them is an :class:`~cardtable.errors.InvalidRulesError`
that names the option and its bounds:

>>> GinRules(target_score=10**30)
Traceback (most recent call last):
...
cardtable.errors.InvalidRulesError: the target score must be from 1 to 100000 (option target_score), not 100000… (31 digits)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from .error_codes import Names, OptionLabel, Requirement
from .errors import InvalidRulesError

__all__ = ["RulesBase", "option", "rules_config", "MAX_TARGET", "MAX_BONUS", "bounds_text"]

T = TypeVar("T", bound="RulesBase")

MAX_TARGET = 100_000
"""The highest target score of every game (a hundred times Pinochle's usual 1000)."""
MAX_BONUS = 10_000
"""The highest bonus or point value an option may give (Gin's bonuses, Casino's sweep points)."""


def option(
    default: Any,
    *,
    choices: tuple[Any, ...] | None = None,
    min: int | None = None,
    max: int | None = None,
    nullable: bool = False,
    doc: str = "",
    label: str = "",
) -> Any:
    """A rules field with its validation: allowed ``choices`` or an integer range ``min`` to ``max``.

    ``label`` names the option in a player's words in error messages (default:
    its name with spaces, ``the target score``).
    """
    meta = {"choices": choices, "min": min, "max": max, "nullable": nullable, "doc": doc, "label": label}
    return dataclasses.field(default=default, metadata=meta)


def bounds_text(field: dataclasses.Field[Any]) -> str:
    """The values a rules field allows, in words: ``1 to 100000``, ``'none', 'double', 'flat'``, ``True or False``."""
    meta = field.metadata
    if meta.get("choices") is not None:
        text = ", ".join(map(repr, meta["choices"]))
    elif isinstance(field.default, bool):
        text = "True or False"
    elif meta.get("min") is not None and meta.get("max") is not None:
        text = f"{meta['min']} to {meta['max']}"
    elif meta.get("min") is not None:
        text = f"at least {meta['min']}"
    elif meta.get("max") is not None:
        text = f"at most {meta['max']}"
    else:
        text = ""
    return f"{text} or None" if text and meta.get("nullable") else text


def _invalid(field: dataclasses.Field[Any], value: Any, rule: Requirement) -> InvalidRulesError:
    """``the knock limit must be from 0 to 10 (option knock_limit), not 11``: the player's words, then the
    name to type (``--option knock_limit=7``)."""
    label = OptionLabel(field.metadata.get("label") or "the " + field.name.replace("_", " "))
    if value is None:
        return InvalidRulesError.from_code("rules.value", label=label, requirement=rule, option=field.name)
    return InvalidRulesError.from_code("rules.value_not", label=label, requirement=rule, option=field.name,
                                       value=_shown(value))


def _shown(value: Any) -> str:
    """A value for an error message; a huge number is cut (its digits counted), never echoed at length."""
    text = repr(value)
    if isinstance(value, int) and len(text) > 15:
        return f"{text[:6 + (value < 0)]}… ({len(text) - (value < 0)} digits)"
    return text if len(text) <= 40 else text[:39] + "…"


class RulesBase:
    """Base of every game's frozen rules config (see :func:`rules_config`)."""

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {"standard": {}}
    """Each preset's name and the options it changes from the defaults."""

    @classmethod
    def preset(cls: type[T], name: str = "standard", **overrides: Any) -> T:
        """The named preset, optionally with some options overridden."""
        if name not in cls.PRESETS:
            raise InvalidRulesError.from_code("rules.unknown_preset", type_name=cls.__name__, name=name, presets=Names(cls.PRESETS))
        return cls(**{**cls.PRESETS[name], **overrides})

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        """The preset names, ``standard`` first."""
        return tuple(cls.PRESETS)

    @classmethod
    def options(cls) -> tuple[str, ...]:
        """The option names, in declaration order."""
        return tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls: type[T], data: Mapping[str, Any]) -> T:
        """Inverse of :meth:`to_dict`; unknown keys are rejected."""
        if not isinstance(data, Mapping):
            raise InvalidRulesError.from_code("rules.not_mapping", type_name=cls.__name__)
        return cls(**dict(data))

    def to_dict(self) -> dict[str, Any]:
        """Every option and its value (the class reads it back: ``cls(**d)``)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    def replace(self: T, **changes: Any) -> T:
        """A copy with ``changes`` applied (validated like a new config)."""
        return type(self)(**{**self.to_dict(), **changes})

    def preset_name(self) -> str | None:
        """The name of the preset equal to this config, if any."""
        for name in self.PRESETS:
            if type(self).preset(name) == self:
                return name
        return None

    def describe(self) -> str:
        """The preset's name, or ``standard + option=value, ...`` naming the options that differ."""
        name = self.preset_name()
        if name is not None:
            return name
        base = type(self)()
        diff = [f"{k}={v!r}" for k, v in self.to_dict().items() if getattr(base, k) != v]
        return "standard + " + ", ".join(diff)

    def _validate_fields(self) -> None:
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            meta = f.metadata
            if value is None:
                if meta.get("nullable"):
                    continue
                raise _invalid(f, value, Requirement("not_none"))
            default = f.default
            if isinstance(default, bool) and not isinstance(value, bool):
                raise _invalid(f, value, Requirement("bool"))
            if (isinstance(default, int) and not isinstance(default, bool)) or (
                default is None and meta.get("min") is not None
            ):
                if not isinstance(value, int) or isinstance(value, bool):
                    raise _invalid(f, value, Requirement("int"))
            if isinstance(default, str) and not isinstance(value, str):
                raise _invalid(f, value, Requirement("str"))
            choices = meta.get("choices")
            if choices is not None and value not in choices:
                choices = Names(map(repr, choices))
                raise _invalid(f, value, Requirement("one_of_or_none" if meta.get("nullable") else "one_of", choices))
            lo, hi = meta.get("min"), meta.get("max")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise _invalid(f, value, Requirement("range", lo, hi) if lo is not None and hi is not None
                               else Requirement("at_least", lo) if lo is not None else Requirement("at_most", hi))

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
            raise InvalidRulesError.from_code("rules.positional", type_name=dc.__name__)
        unknown = [k for k in kwargs if k not in valid]
        if unknown:
            raise InvalidRulesError.from_code("rules.unknown_option", type_name=dc.__name__, unknown=Names(unknown), valid=Names(valid))
        original_init(self, **kwargs)

    dc.__init__ = __init__  # type: ignore[method-assign]
    return dc
