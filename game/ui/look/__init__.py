"""Tabletime's look: palette, fonts, the table felt and every card face, all drawn in code.

Import the submodules directly (`from game.ui.look import cards_lost_cities`); every drawing
function is cached and returns a shared Surface that callers must not draw on."""
