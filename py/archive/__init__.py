"""Imports from the app's archive (app.zip), each module read once.

Every entry point (py/main.py, py/ai_worker.py, py/embed_main.py) puts the archive on
``sys.path`` and calls ``read_once``. Python's own zipimport reads, decompresses and unmarshals
a module twice: once to find its file name (``get_filename``, called while the import system
builds the module's spec) and once to run it. Our archives hold about 70 modules, and at a resumed
game's start that second read cost about a quarter of Python's time. ``ArchiveImporter`` answers
the file name from the archive's table of contents instead; everything else is zipimport's.
"""

from __future__ import annotations

import sys
import zipimport

# zipimport's search order: a package's __init__, then a module; bytecode before source.
_SUFFIXES = ("/__init__.pyc", "/__init__.py", ".pyc", ".py")


class ArchiveImporter(zipimport.zipimporter):
    """zipimport's importer, whose ``get_filename`` reads the table of contents, not the module."""

    def get_filename(self, fullname: str) -> str:
        stem = self.prefix + fullname.rpartition(".")[2]
        files = self._get_files()  # type: ignore[attr-defined]
        for suffix in _SUFFIXES:
            entry = files.get(stem + suffix)
            if entry is not None:
                return str(entry[0])
        raise zipimport.ZipImportError(f"can't find module {fullname!r}", name=fullname)


def read_once(archive: str) -> None:
    """Import from ``archive`` (already on ``sys.path``) and every package in it with ``ArchiveImporter``."""
    if ArchiveImporter not in sys.path_hooks:
        sys.path_hooks.insert(0, ArchiveImporter)
    for path in [path for path in sys.path_importer_cache if path == archive or path.startswith(archive + "/")]:
        del sys.path_importer_cache[path]
