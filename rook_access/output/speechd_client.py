"""Make Speech Dispatcher's Python client, ``speechd``, importable.

``accessible_output2`` reaches speech-dispatcher on Linux (the speech service
of Orca and of most Linux desktops) with ``import speechd``.  That client has
no official PyPI package: it ships with speech-dispatcher itself and Debian
packages it as ``python3-speechd``, pure Python, installed in Debian's
``/usr/lib/python3/dist-packages`` for the system interpreter only.

The choice made here: use that real, distribution-packaged client, the one
released together with the server it talks to.  If ``import speechd`` works
already (a virtual environment made with ``--system-site-packages``, or any
interpreter that sees it), that module is used; otherwise the ``speechd``
package alone is loaded from Debian's dist-packages folder, without putting
that whole folder on ``sys.path`` (it holds modules built for another
interpreter).  We do not use the PyPI package ``speechd-unofficial``: it is one
person's fork, released apart from speech-dispatcher.  On Debian and Ubuntu a
user gets the client with ``apt install python3-speechd`` (``.ci/run``
installs it), the same way Orca does.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

# Where Debian and Ubuntu (and distributions derived from them) put the
# packages of their own Python; the client is pure Python, so any Python 3
# can load it.
SYSTEM_PACKAGE_DIRS: tuple[str, ...] = (
    "/usr/lib/python3/dist-packages",
    "/usr/local/lib/python3/dist-packages",
)


def load_speechd(search: tuple[str, ...] = SYSTEM_PACKAGE_DIRS) -> ModuleType | None:
    """Return the ``speechd`` module, importing it from the system if needed.

    After this returns a module, ``import speechd`` works anywhere in the
    process (it is in ``sys.modules``).  Returns None if no client is found or
    it cannot be loaded; never raises.
    """
    try:
        import speechd  # noqa: PLC0415

        return speechd
    except Exception:  # ImportError, or a broken installation
        pass
    for folder in search:
        init = Path(folder) / "speechd" / "__init__.py"
        if not init.is_file():
            continue
        spec = importlib.util.spec_from_file_location(
            "speechd", init, submodule_search_locations=[str(init.parent)]
        )
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        sys.modules["speechd"] = module
        try:
            spec.loader.exec_module(module)
        except Exception:
            for name in [n for n in sys.modules if n == "speechd" or n.startswith("speechd.")]:
                del sys.modules[name]
            continue
        return module
    return None
