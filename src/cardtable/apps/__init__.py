"""Ways to play: the line-mode table (``plain``); terminal and browser apps build on the same loop."""
