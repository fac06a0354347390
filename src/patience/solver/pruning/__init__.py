"""Pruning rules, one technique per module. Each rule states when it applies (in
terms of the game's rule record) and carries the argument why it can never turn a
winnable position into a lost one."""
