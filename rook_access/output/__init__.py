"""Output channels: where announcements go (the console, the screen reader, the program's own voice)."""
