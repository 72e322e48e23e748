"""Pictures for the avatar tests, made with Pillow in memory."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

RED, BLUE = (200, 0, 0), (0, 0, 200)


def photo_with_exif(width: int = 400, height: int = 300) -> bytes:
    """A JPEG as a phone writes one: a blue square in the middle, red bands left and right
    (outside the centre square), with EXIF carrying a camera and a GPS position."""
    image = Image.new("RGB", (width, height), RED)
    side = min(width, height)
    left = (width - side) // 2
    image.paste(BLUE, (left, 0, left + side, height))
    exif = Image.Exif()
    exif[0x010F] = "SecretCam"  # Make
    exif[0x0110] = "Model X"  # Model
    gps = exif.get_ifd(0x8825)
    gps[1] = "N"  # GPSLatitudeRef
    gps[2] = (48.0, 51.0, 24.0)  # GPSLatitude
    gps[3] = "E"
    gps[4] = (2.0, 21.0, 3.0)
    out = io.BytesIO()
    image.save(out, format="JPEG", exif=exif, quality=90, comment=b"a secret comment")
    return out.getvalue()


def picture(kind: str = "PNG", size=(64, 64), mode: str = "RGBA", **save) -> bytes:
    image = Image.new(mode, size, (10, 120, 30, 128) if mode == "RGBA" else (10, 120, 30))
    out = io.BytesIO()
    image.save(out, format=kind, **save)
    return out.getvalue()


def animated_webp() -> bytes:
    frames = [Image.new("RGB", (64, 64), colour) for colour in (BLUE, RED, RED)]
    out = io.BytesIO()
    frames[0].save(out, format="WEBP", save_all=True, append_images=frames[1:], duration=100)
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_claiming(width: int, height: int) -> bytes:
    """A few hundred bytes whose header claims `width` × `height` pixels (a decompression
    bomb's shape: what it says it holds, not what it weighs)."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\0" * 1000)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", pixels)
        + _chunk(b"IEND", b"")
    )


def real_big_png(width: int, height: int) -> bytes:
    """A real one-bit PNG of that many pixels, a few kilobytes once compressed."""
    out = io.BytesIO()
    Image.new("1", (width, height)).save(out, format="PNG")
    return out.getvalue()
