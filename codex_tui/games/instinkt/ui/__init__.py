"""The Instinkt screens: a 4x4 board, secret picks, the deer's push and the raccoon's move."""
