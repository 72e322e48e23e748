"""A player's picture: what we accept and what we serve.

Accepted: a JPEG, PNG or WebP file of at most MAX_BYTES, at most MAX_PIXELS pixels, that Pillow
reads to the end. An animated PNG or WebP keeps its first frame (a still picture, like
everybody's). Anything else is refused with one sentence and nothing is saved.

Served: a SIDE × SIDE centre crop, turned upright as the camera said (EXIF orientation), then
re-encoded as WebP from its bare pixels: no byte of the file sent, no EXIF, GPS, comment or
colour profile ever leaves the site.

A player without a picture gets their initial(s) on one of PALETTE colours chosen from their
user name (static/css/site.css draws each colour, light and dark)."""

from __future__ import annotations

import hashlib
import io
import re
import struct
import warnings
import zlib
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from games.refusals import Refused

if TYPE_CHECKING:
    from PIL import Image

MAX_BYTES = 2 * 1024 * 1024
# Well above a phone's 12-megapixel photo, well below what would take a worker's memory (a
# decoded 25-megapixel picture with transparency is 100 MB for the length of one request).
# Pillow's own bomb limits (MAX_IMAGE_PIXELS, its warning; twice that, its error) are higher:
# they are caught too, for a header that lies further.
MAX_PIXELS = 25_000_000
SIDE = 192
FORMATS = ("JPEG", "PNG", "WEBP")
PALETTE = 8
DIGEST_LENGTH = 16

# What Pillow raises on a file it cannot read to the end (a truncated or forged one).
_UNREADABLE = (
    OSError,
    SyntaxError,
    ValueError,
    TypeError,
    IndexError,
    KeyError,
    EOFError,
    ZeroDivisionError,
    struct.error,
)


class _TooManyPixels(Exception):
    pass


def avatar_check_weight(size: int) -> None:
    """Refuses a file heavier than MAX_BYTES (a view asks before reading the upload)."""
    if size > MAX_BYTES:
        raise Refused(_("A profile picture may weigh at most 2 MB."))


def avatar_encoded(data: bytes) -> bytes:
    """The picture we serve for the file `data`, as WebP bytes; `Refused` with the sentence
    for the player when it is not one we accept."""
    avatar_check_weight(len(data))
    # Pillow is imported by the one request that reads a picture, not by every web process
    # (tests/hexsite/test_daphne_web.py).
    from PIL import Image

    try:
        with warnings.catch_warnings():
            # Pillow only warns between MAX_IMAGE_PIXELS and twice it: a refusal here.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=FORMATS) as image:
                if image.width * image.height > MAX_PIXELS:
                    raise _TooManyPixels
                return _square_webp(image)
    except (_TooManyPixels, Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise Refused(
            _("This picture has too many pixels: at most 25 million (e.g. 5000 × 5000).")
        ) from None
    except _UNREADABLE:
        raise Refused(
            _("This file is not a picture we can read: send a JPEG, PNG or WebP image.")
        ) from None


def _square_webp(image: Image.Image) -> bytes:
    from PIL import Image, ImageOps

    if image.format == "JPEG":
        image.draft(None, (SIDE, SIDE))  # decode a big photo at 1/2, 1/4 or 1/8: less memory
    image.seek(0)  # an animated picture: its first frame
    upright = ImageOps.exif_transpose(image)  # a copy: the decoding happens here
    if upright.mode.startswith("I"):  # 16-bit grey (a PNG's): to 8 bits, not clipped to white
        upright = upright.convert("I").point(lambda v: v * (1 / 256)).convert("L")
    transparent = upright.mode in ("RGBA", "LA", "PA") or "transparency" in upright.info
    square = ImageOps.fit(
        upright.convert("RGBA" if transparent else "RGB"),
        (SIDE, SIDE),
        method=Image.Resampling.LANCZOS,
        centering=(0.5, 0.5),
    )
    # A new picture from the pixels alone: nothing of the file's metadata comes along.
    bare = Image.frombytes(square.mode, square.size, square.tobytes())
    out = io.BytesIO()
    bare.save(out, format="WEBP", quality=85, method=4)
    return out.getvalue()


def avatar_digest(image: bytes) -> str:
    """What the picture's address says of it: a new picture, a new address (so browsers may
    keep one forever)."""
    return hashlib.sha256(image).hexdigest()[:DIGEST_LENGTH]


def initials(name: str) -> str:
    """One letter, two for a name in parts ("anna": "A"; "jean_pierre", "jean.pierre": "JP")."""
    parts = [p for p in re.split(r"[\W_]+", name) if p]
    if not parts:
        return (name[:1] or "?").upper()
    return "".join(p[0] for p in parts[:2]).upper()


def palette_colour(username: str) -> int:
    """The default picture's colour (0 to PALETTE - 1): the same for a name on every page and
    in every process (crc32, not Python's salted hash)."""
    return zlib.crc32(username.encode("utf-8")) % PALETTE
