"""The line-oriented console program: commands, narration, input and the game loop."""
