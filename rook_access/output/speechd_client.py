"""Make Speech Dispatcher's Python client, ``speechd``, importable.

``accessible_output2`` reaches speech-dispatcher on Linux (the speech service
of Orca and of most Linux desktops) with ``import speechd``.  That client has
no official PyPI package: it ships with speech-dispatcher itself and Debian
packages it as ``python3-speechd``, pure Python, installed for the system
interpreter only.

The choice made here: use that real, distribution-packaged client, the one
released together with the server it talks to (``system_packages`` loads it
whatever Python runs the program).  We do not use the PyPI package
``speechd-unofficial``: it is one person's fork, released apart from
speech-dispatcher.  On Debian and Ubuntu a user gets the client with
``apt install python3-speechd`` (``.ci/run`` installs it), the same way Orca
does.
"""

from __future__ import annotations

from types import ModuleType

from ..system_packages import SYSTEM_PACKAGE_DIRS, load_system_module

__all__ = ["SYSTEM_PACKAGE_DIRS", "load_speechd"]


def load_speechd(search: tuple[str, ...] = SYSTEM_PACKAGE_DIRS) -> ModuleType | None:
    """Return the ``speechd`` module, importing it from the system if needed (None if absent)."""
    return load_system_module("speechd", search)
