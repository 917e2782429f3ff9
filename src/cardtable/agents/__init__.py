"""Computer players. Every agent acts on a view, never on the full state."""

from .base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
