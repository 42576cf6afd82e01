"""The Textual app. Widgets render the state they are given; the session applies actions."""
