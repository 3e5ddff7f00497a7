"""``rook-access serve``: host online tables on this machine.

Plain connections (``ws://``) are served only on a loopback address, where
nothing leaves the machine; any other address needs a TLS certificate and
key (``wss://``), unless ``--insecure`` says outright that plain is wanted
(a home network the host trusts).  Tables are checkpointed in a folder
(``--data``; by default ``tables`` in the program's data folder) and taken up
again when the server starts.  It runs until Ctrl-C or SIGTERM, and logs one
line a connection, refusal and table to standard error.

With ``--redis URL`` the tables are kept in a Redis that several server
processes share instead (``redis_store``; the ``redis`` package is needed
then, and only then): each advertises its address (``--advertise``, by
default the one it listens on), holds its tables with a lease of
``--lease`` seconds, sends a client who reached it for another's table
there, and takes up the tables of a process that died.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import signal
import ssl
import sys
from collections.abc import Sequence
from pathlib import Path

from ..saves import data_folder
from .server import Limits, RoomServer
from .store import FolderStore, Store

DEFAULT_PORT = 8765


def build_parser() -> argparse.ArgumentParser:
    """The flags of ``rook-access serve``."""
    parser = argparse.ArgumentParser(prog="rook-access serve", description="Host online tables of rook-access.")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    parser.add_argument("--certificate", metavar="FILE", help="a TLS certificate chain, PEM")
    parser.add_argument("--key", metavar="FILE", help="the certificate's private key, PEM")
    parser.add_argument("--insecure", action="store_true", help="serve plain connections beyond this machine")
    parser.add_argument("--data", metavar="FOLDER", help="where tables are checkpointed")
    parser.add_argument(
        "--wait",
        type=float,
        default=Limits.wait_seconds,
        help="seconds a table waits for a dropped player before a computer plays (default 60)",
    )
    parser.add_argument(
        "--tables-per-address",
        type=int,
        default=Limits.tables_per_address,
        help=f"tables one address may have open at once (default {Limits.tables_per_address})",
    )
    parser.add_argument(
        "--redis", metavar="URL", help="share tables with other servers in this Redis (redis://HOST:PORT)"
    )
    parser.add_argument(
        "--advertise", metavar="URL", help="with --redis: the address clients reach this server at (ws://HOST:PORT)"
    )
    parser.add_argument(
        "--lease",
        type=float,
        default=3.0,
        help="with --redis: seconds a dead server's tables wait before another takes them up (default 3)",
    )
    return parser


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine alone.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1"), is_loopback("0.0.0.0")
    (True, True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve_main(argv: Sequence[str]) -> int:
    """Run the server; the exit status (2 for wrong flags, said in one line)."""
    args = build_parser().parse_args(argv)
    if (args.certificate is None) != (args.key is None):
        return _error("give both --certificate and --key, or neither")
    if args.certificate is None and not is_loopback(args.host) and not args.insecure:
        return _error(
            f"plain connections are served only on this machine; for {args.host} give --certificate "
            "and --key, or --insecure"
        )
    if not 0 <= args.port <= 65535:
        return _error("the port is 0 to 65535")
    if not 0 <= args.wait <= 3600:
        return _error("--wait is 0 to 3600 seconds")
    if args.tables_per_address < 1:
        return _error("--tables-per-address is at least 1")
    if args.redis is None and (args.advertise is not None or "--lease" in argv):
        return _error("--advertise and --lease go with --redis")
    if args.redis is not None and args.data is not None:
        return _error("give --data or --redis, not both")
    if not 0.1 <= args.lease <= 600:
        return _error("--lease is 0.1 to 600 seconds")
    if args.advertise is not None and not args.advertise.startswith(("ws://", "wss://")):
        return _error("--advertise is a ws:// or wss:// address, such as ws://server1.example:8765")
    if args.redis is not None and args.advertise is None and args.host in ("0.0.0.0", "::", ""):
        return _error(f"listening on {args.host!r}, give --advertise: the address other servers send clients to")
    context = None
    if args.certificate is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            context.load_cert_chain(args.certificate, args.key)
        except (OSError, ssl.SSLError) as error:
            return _error(f"the certificate or key cannot be read: {error}")
    store: Store
    if args.redis is not None:
        from .redis_store import open_redis_store  # only here: the default server needs no redis package

        try:
            store = open_redis_store(args.redis, args.lease)
        except RuntimeError as error:
            return _error(str(error))
    else:
        store = FolderStore(Path(args.data) if args.data else data_folder() / "tables")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    server = RoomServer(store, Limits(wait_seconds=args.wait, tables_per_address=args.tables_per_address))
    try:
        asyncio.run(_run(server, args.host, args.port, context, args.advertise))
    except OSError as error:
        return _error(f"cannot listen on {args.host} port {args.port}: {error.strerror or error}")
    except KeyboardInterrupt:  # Ctrl-C where signal handlers cannot be set (Windows)
        pass
    return 0


async def _run(
    server: RoomServer, host: str, port: int, context: ssl.SSLContext | None, advertise: str | None = None
) -> None:
    shared = server.shared
    if shared is None:
        resumed = server.resume()  # in the loop: each person's wait for their seat starts now
    listening = await server.listen(host, port, context)
    scheme = "wss" if context is not None else "ws"
    bound = next(iter(listening.sockets)).getsockname()[1]
    keeping = None
    if shared is not None:  # the address first, so that the tables taken up can be found here at once
        shown = f"[{host}]" if ":" in host else host
        shared.advertise(advertise or f"{scheme}://{shown}:{bound}")
        resumed = server.resume()
        keeping = asyncio.ensure_future(server.keep_tables())
    logging.getLogger("rook_access.server").info(
        "serving on %s://%s:%d, %d table%s taken up", scheme, host, bound, resumed, "" if resumed == 1 else "s"
    )
    stop = asyncio.get_running_loop().create_future()
    loop = asyncio.get_running_loop()

    def stopping() -> None:
        if not stop.done():
            stop.set_result(None)

    for number in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(number, stopping)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl-C raises KeyboardInterrupt instead
            pass
    try:
        await stop
    finally:
        if keeping is not None:
            keeping.cancel()
        listening.close()
        await listening.wait_closed()
        if shared is not None:
            shared.release_all()  # another server takes the tables up at once


def _error(line: str) -> int:
    print(f"rook-access serve: {line}", file=sys.stderr)
    return 2
