"""The Casino computer players: one module per level (see :mod:`.levels`) and their shared knowledge."""

__all__: list[str] = []
