"""Braille: translation through liblouis, braille-ready files, and the braille display."""
