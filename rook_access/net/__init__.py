"""Playing over the network (issue 19): tables held by a server, each seat sent only what it may see.

``table`` is the referee of one table (the game, who sits where, the
actions so far), with no network in it; ``codes`` makes the invite codes
people say to each other.
"""
