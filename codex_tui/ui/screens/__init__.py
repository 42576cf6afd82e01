"""The screens every game shares or builds on: live play, game over, replay, review, help, the game form."""
