"""Writing a file so that no reader ever sees half of it.

Every file Referee keeps (the build's index, parts and view, the memo, the
site's caches, the calc parser's table, an import) is written to a
temporary file beside its place and renamed onto it once whole: a rename
within one folder is atomic, so a reader, or a build killed part-way,
finds the old file or the new one.  On an error the temporary file goes
and the error goes on; whether a failed write matters (a cache only costs
speed) is the caller's to say.
"""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from typing import BinaryIO
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator


@contextmanager
def aside(target: str, prefix: str = ".aside-") -> Iterator[str]:
    """A new empty file beside ``target`` to write; renamed onto ``target`` when the
    block ends, removed when it raises."""
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=os.path.dirname(target) or ".")
    os.close(fd)
    try:
        yield tmp
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def replace_with(target: str, write: Callable[[BinaryIO], object], prefix: str = ".aside-") -> None:
    """Write ``target`` anew through ``write`` (given the file, open for writing bytes)."""
    with aside(target, prefix) as tmp, open(tmp, "wb") as fh:
        write(fh)
