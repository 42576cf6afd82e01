"""Codex Naturalis screens and widgets (Textual); imported only by the app, never by the rules."""
