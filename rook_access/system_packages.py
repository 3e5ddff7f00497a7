"""Import Python bindings that only the operating system's packages provide.

Three libraries this program uses ship their Python bindings with the library
itself and have no maintained PyPI package: Speech Dispatcher's ``speechd``
(Debian's ``python3-speechd``), liblouis's ``louis`` (``python3-louis``) and
BRLTTY's ``brlapi`` (``python3-brlapi``).  Debian and Ubuntu install them in
``/usr/lib/python3/dist-packages`` for the system interpreter only, which may
not be the interpreter running this program.

``load_system_module`` imports such a module as usual if the interpreter sees
it (a virtual environment made with ``--system-site-packages``, or the system
Python itself).  Otherwise it loads that one module from the system folder,
without putting the whole folder on ``sys.path`` (it holds modules built for
another interpreter).  A pure-Python package (``speechd``, ``louis``) loads in
any Python 3; a compiled module (``brlapi``) only where its file name's ABI tag
is one this interpreter accepts.  It never raises: a missing or broken module
gives None, and the caller falls back.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

# Where Debian and Ubuntu (and the distributions derived from them) put the
# packages of their own Python.
SYSTEM_PACKAGE_DIRS: tuple[str, ...] = (
    "/usr/lib/python3/dist-packages",
    "/usr/local/lib/python3/dist-packages",
)


def _forget(name: str) -> None:
    for loaded in [n for n in sys.modules if n == name or n.startswith(name + ".")]:
        del sys.modules[loaded]


def _candidates(folder: Path, name: str) -> list[tuple[Path, list[str] | None]]:
    """Files in ``folder`` that could be module ``name``, with package search paths."""
    found: list[tuple[Path, list[str] | None]] = []
    init = folder / name / "__init__.py"
    if init.is_file():
        found.append((init, [str(init.parent)]))
    source = folder / f"{name}.py"
    if source.is_file():
        found.append((source, None))
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        extension = folder / f"{name}{suffix}"
        if extension.is_file():
            found.append((extension, None))
    return found


def load_system_module(name: str, search: tuple[str, ...] = SYSTEM_PACKAGE_DIRS) -> ModuleType | None:
    """Return module ``name``, importing it from the system's packages if needed.

    After this returns a module, ``import name`` works anywhere in the process
    (it is in ``sys.modules``).  Returns None if it is not found or cannot be
    loaded; never raises.
    """
    try:
        return importlib.import_module(name)
    except Exception:  # ImportError, or a broken installation
        _forget(name)
    for folder in search:
        for path, package_path in _candidates(Path(folder), name):
            spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=package_path)
            if spec is None or spec.loader is None:
                continue
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            try:
                spec.loader.exec_module(module)
            except Exception:
                _forget(name)
                continue
            return module
    return None
