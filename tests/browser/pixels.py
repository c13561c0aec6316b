"""The colours of a screenshot (a PNG as Playwright gives it: 8-bit RGB or RGBA, not interlaced), read with the
standard library, for tests that compare what is drawn."""

from __future__ import annotations

import struct
import zlib


def rgb_pixels(png: bytes) -> list[tuple[int, int, int]]:
    """Every pixel of ``png``, row by row, as (red, green, blue)."""
    pos, packed, width, height, channels = 8, b"", 0, 0, 3
    while pos < len(png):
        size, kind = struct.unpack(">I4s", png[pos : pos + 8])
        body = png[pos + 8 : pos + 8 + size]
        pos += 12 + size
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6) or body[12]:
                raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {body[12]}")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            packed += body
    raw, stride = zlib.decompress(packed), width * channels
    pixels: list[tuple[int, int, int]] = []
    above = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = above[i], above[i - channels] if i >= channels else 0
            guess = (0, left, up, (left + up) // 2, _paeth(left, up, corner))[kind]
            line[i] = (line[i] + guess) & 255
        pixels.extend(tuple(line[i : i + 3]) for i in range(0, stride, channels))  # type: ignore[misc]
        above = line
    return pixels


def _paeth(left: int, up: int, corner: int) -> int:
    p = left + up - corner
    near = min((abs(p - left), 0, left), (abs(p - up), 1, up), (abs(p - corner), 2, corner))
    return near[2]


def mean_colour(png: bytes) -> tuple[float, float, float]:
    """The average (red, green, blue) of a screenshot."""
    pixels = rgb_pixels(png)
    return (
        sum(p[0] for p in pixels) / len(pixels),
        sum(p[1] for p in pixels) / len(pixels),
        sum(p[2] for p in pixels) / len(pixels),
    )
