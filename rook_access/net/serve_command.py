"""``rook-access serve``: host online tables on this machine.

Plain connections (``ws://``) are served only on a loopback address, where
nothing leaves the machine; any other address needs a TLS certificate and
key (``wss://``), unless ``--insecure`` says outright that plain is wanted
(a home network the host trusts).  Tables are checkpointed in a folder
(``--data``; by default ``tables`` in the program's data folder) and taken up
again when the server starts.  It runs until Ctrl-C or SIGTERM, and logs one
line a connection, refusal and table to standard error.
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
from .store import FolderStore

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
    context = None
    if args.certificate is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            context.load_cert_chain(args.certificate, args.key)
        except (OSError, ssl.SSLError) as error:
            return _error(f"the certificate or key cannot be read: {error}")
    folder = Path(args.data) if args.data else data_folder() / "tables"
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    server = RoomServer(FolderStore(folder), Limits(wait_seconds=args.wait, tables_per_address=args.tables_per_address))
    try:
        asyncio.run(_run(server, args.host, args.port, context))
    except OSError as error:
        return _error(f"cannot listen on {args.host} port {args.port}: {error.strerror or error}")
    except KeyboardInterrupt:  # Ctrl-C where signal handlers cannot be set (Windows)
        pass
    return 0


async def _run(server: RoomServer, host: str, port: int, context: ssl.SSLContext | None) -> None:
    resumed = server.resume()  # in the loop: each person's wait for their seat starts now
    listening = await server.listen(host, port, context)
    scheme = "wss" if context is not None else "ws"
    bound = next(iter(listening.sockets)).getsockname()[1]
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
        listening.close()
        await listening.wait_closed()


def _error(line: str) -> int:
    print(f"rook-access serve: {line}", file=sys.stderr)
    return 2
