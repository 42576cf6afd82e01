"""Game records (JSON) and save files (msgpack). No UI imports."""
