"""The search player: sampled deals, fast rollouts, exact endgames."""
