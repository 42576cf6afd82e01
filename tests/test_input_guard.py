"""Client bytes made safe: never a decoding error, and a paste is one Paste event, never keys."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from textual import events
from textual._xterm_parser import XTermParser

from codex_tui.input_guard import PASTE_END, PASTE_START, InputGuard


def events_of(*chunks: bytes) -> list[events.Event]:
    """What Textual's own input parser makes of the cleaned chunks, read one after another."""
    cleaner = InputGuard()
    parser = XTermParser()
    found: list[events.Event] = []
    for chunk in chunks:
        text = cleaner.feed(chunk)
        if text:  # the parser takes "" for the end of input
            found += [event for event in parser.feed(text) if isinstance(event, events.Event)]
    return found


def keys_of(found: list[events.Event]) -> list[str]:
    return [event.key for event in found if isinstance(event, events.Key)]


def pastes_of(found: list[events.Event]) -> list[str]:
    return [event.text for event in found if isinstance(event, events.Paste)]


def split(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({cut % (len(data) + 1) for cut in cuts})
    return [data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)]


def test_bytes_that_are_not_utf8_become_replacement_characters() -> None:
    assert InputGuard().feed(b"\xff") == "\ufffd"
    assert InputGuard().feed(b"\xe9\xbfA") == "\ufffdA"
    cleaner = InputGuard()
    assert cleaner.feed(b"\xc3") == ""  # half a character waits for the rest
    assert cleaner.feed(b"\xa9x") == "\u00e9x"


def test_an_esc_inside_a_paste_is_no_key() -> None:
    found = events_of(b"\x1b[200~q\x1bq\x1b[201~")
    assert keys_of(found) == []
    assert pastes_of(found) == ["qq"]


def test_keys_around_a_paste_stay_keys() -> None:
    found = events_of(b"a\x1b[Ab\x1b[200~x\x1b[Ay\x1b[201~c\x1b[B")
    assert keys_of(found) == ["a", "up", "b", "c", "down"]
    assert pastes_of(found) == ["x[Ay"]


def test_a_paste_cut_inside_its_markers_is_still_one_paste() -> None:
    cleaner = InputGuard()
    assert cleaner.feed(b"\x1b[20") == "\x1b[20"  # a lone start is passed on: it may be keys
    assert cleaner.feed(b"0~ab\x1b[2") == "0~ab"  # inside the paste, a cut end marker waits
    assert cleaner.in_paste
    assert cleaner.feed(b"01~") == "\x1b[201~"
    assert not cleaner.in_paste


def test_a_nested_start_marker_is_text() -> None:
    found = events_of(PASTE_START.encode() + b"a" + PASTE_START.encode() + b"b" + PASTE_END.encode() + b"z")
    assert pastes_of(found) == ["a[200~b"]
    assert keys_of(found) == ["z"]


@settings(max_examples=300, deadline=None)
@given(
    st.text(max_size=30).map(lambda text: text.replace("\x1b", "").encode()),
    st.binary(max_size=60),
    st.lists(st.integers(0, 400), max_size=8),
)
def test_any_paste_however_cut_is_one_paste_and_no_keys(before: bytes, body: bytes, cuts: list[int]) -> None:
    """Random bytes (ESCs, bad UTF-8, marker pieces) inside a paste, the stream cut anywhere;
    before it, plain keys (no ESC, which could swallow the start marker as alt+[)."""
    body = body.replace(PASTE_END.encode(), b"")
    data = before + PASTE_START.encode() + body + PASTE_END.encode()
    whole = events_of(data)
    assert len(pastes_of(whole)) == 1
    assert keys_of(whole) == keys_of(events_of(before))  # only the keys typed before it
    pieces = events_of(*split(data, cuts))
    assert keys_of(pieces) == keys_of(whole)
    assert pastes_of(pieces) == pastes_of(whole)
