"""Finding tables on the LAN with zeroconf (mDNS/DNS-SD): advertise `_tabletime._tcp.local.` and browse it.

Which interfaces are used comes from `lan_interfaces()`: the `--lan-interfaces` option (via
`set_lan_interfaces`), else the `TABLETIME_LAN_INTERFACES` environment variable (comma-separated
IPv4 addresses, or `all`), else every LAN interface - the right default for people playing.
Tests and this development machine always set the variable to 127.0.0.1.

Zeroconf opens a wildcard port-5353 listener even when given 127.0.0.1, so a loopback-only setup
is refused in the machine's own network namespace (it only makes sense inside a private test
namespace made with `unshare --net`); `TABLETIME_ALLOW_LOOPBACK_ZEROCONF=1` overrides that guard.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import socket
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any

from game.core.types import printable_name
from net.protocol import PROTOCOL_VERSION

log = logging.getLogger("tabletime.discovery")

SERVICE_TYPE = "_tabletime._tcp.local."
ENV_LAN_INTERFACES = "TABLETIME_LAN_INTERFACES"
ENV_ALLOW_LOOPBACK = "TABLETIME_ALLOW_LOOPBACK_ZEROCONF"
TXT_KEYS = ("game", "free", "seats", "proto", "table", "host")

_option: str | None = None


class DiscoveryError(RuntimeError):
    """Discovery cannot start with this configuration; the message says why."""


def set_lan_interfaces(option: str | None) -> None:
    """Called once by main.py for `--lan-interfaces`."""
    global _option
    _option = option


def lan_interfaces(option: str | None = None) -> list[str] | None:
    """The IPv4 addresses LAN play may use, or None for all interfaces (the default when unset).

    Raises ValueError for something that is not an address list.
    """
    from_env = option is None and _option is None
    text = option if option is not None else (_option if _option is not None
                                              else os.environ.get(ENV_LAN_INTERFACES, ""))
    text = text.strip()
    if not text or text.lower() == "all":
        return None
    source = f"{ENV_LAN_INTERFACES}={text!r}" if from_env else repr(text)
    addresses = []
    for part in text.split(","):
        part = part.strip()
        if part:
            try:
                addresses.append(str(ipaddress.IPv4Address(part)))
            except ValueError:
                raise ValueError(f"{part!r} in {source} is not an IPv4 address (give addresses like "
                                 "192.168.1.20, separated by commas, or all)") from None
    if not addresses:
        raise ValueError(f"no address in {source}")
    return addresses


def host_addresses(option: str | None = None) -> list[str] | None:
    """Where a host listens: the configured addresses, or None (every interface)."""
    return lan_interfaces(option)


def _only_loopback_exists() -> bool:
    """True inside a fresh private network namespace (its only device is `lo`). Fail-safe: any doubt
    counts as "not private"."""
    try:
        return [name for _, name in socket.if_nameindex()] == ["lo"]
    except OSError:
        return False


def check_safe_to_start(interfaces: list[str] | None) -> None:
    """Refuse loopback-only zeroconf outside a private namespace (it would still open a wildcard
    port-5353 listener on this machine's real network)."""
    if interfaces is None or os.environ.get(ENV_ALLOW_LOOPBACK) == "1":
        return
    if all(ipaddress.IPv4Address(a).is_loopback for a in interfaces) and not _only_loopback_exists():
        raise DiscoveryError("zeroconf on loopback only is for private test namespaces (unshare --net); "
                             f"set {ENV_LAN_INTERFACES} to a LAN address or 'all'")


def _open_zeroconf(interfaces: list[str] | None):
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    check_safe_to_start(interfaces)
    return Zeroconf(interfaces=interfaces if interfaces is not None else InterfaceChoice.All,
                    ip_version=IPVersion.V4Only)


def _local_ipv4s() -> list[str]:
    import ifaddr

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ipaddress.IPv4Address(ip.ip).is_loopback:
                found.append(ip.ip)
    return found or ["127.0.0.1"]


def _instance_label(table: str) -> str:
    """A unique, DNS-safe instance label (at most 63 bytes) that still reads as the table name."""
    clean = "".join(ch for ch in table if ch.isprintable() and ch != ".")[:40] or "table"
    return f"{clean} {uuid.uuid4().hex[:6]}"


class TableAdvertiser:
    """Publishes one table; `update(free=...)` when seats fill, `close()` says goodbye."""

    def __init__(self, *, table: str, game: str, port: int, free: int, seats: int, host_name: str = "",
                 interfaces: list[str] | None | str = "config", cooperating_responders: bool = False) -> None:
        from zeroconf import ServiceInfo

        self.interfaces = lan_interfaces() if interfaces == "config" else interfaces  # type: ignore[assignment]
        self.cooperating = cooperating_responders
        self.fields = {"game": game, "free": str(free), "seats": str(seats), "proto": str(PROTOCOL_VERSION),
                       "table": table[:60], "host": (host_name or socket.gethostname())[:60]}
        addresses = self.interfaces if self.interfaces is not None else _local_ipv4s()
        self._zc = _open_zeroconf(self.interfaces)
        self._lock = threading.Lock()
        name = f"{_instance_label(table)}.{SERVICE_TYPE}"
        self.info = ServiceInfo(SERVICE_TYPE, name, port=port, properties=dict(self.fields),
                                addresses=[socket.inet_aton(a) for a in addresses],
                                server=f"tabletime-{uuid.uuid4().hex[:8]}.local.")
        self._zc.register_service(self.info, cooperating_responders=cooperating_responders,
                                  allow_name_change=True)

    def update(self, **fields: Any) -> None:
        """Change TXT fields (typically `free`) and re-announce."""
        from zeroconf import ServiceInfo

        with self._lock:
            self.fields.update({k: str(v) for k, v in fields.items()})
            old = self.info
            self.info = ServiceInfo(old.type, old.name, port=old.port, properties=dict(self.fields),
                                    addresses=old.addresses, server=old.server)
            self._zc.update_service(self.info)

    def close(self) -> None:
        with self._lock:
            try:
                self._zc.unregister_service(self.info)
            finally:
                self._zc.close()


@dataclass(frozen=True, slots=True)
class DiscoveredTable:
    """A table seen on the LAN, as the Join list shows it. Incompatible ones are listed, not hidden."""

    name: str  # the zeroconf instance name (unique)
    table: str
    game: str
    host_name: str
    address: str
    port: int
    free_seats: int
    seats: int
    protocol: int

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL_VERSION


def _txt(info: Any, key: str) -> str:
    raw = (info.properties or {}).get(key.encode())
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else ""
    return printable_name(text)  # anyone may announce: a NUL in a table name crashed every lobby listing it


def _to_int(text: str, default: int = -1) -> int:
    try:
        return int(text)
    except ValueError:
        return default


class TableBrowser:
    """Keeps a live, thread-safe list of advertised tables; the lobby scene calls `tables()` each tick."""

    def __init__(self, interfaces: list[str] | None | str = "config") -> None:
        from zeroconf import ServiceBrowser

        self.interfaces = lan_interfaces() if interfaces == "config" else interfaces  # type: ignore[assignment]
        self._zc = _open_zeroconf(self.interfaces)
        self._lock = threading.Lock()
        self._tables: dict[str, DiscoveredTable] = {}
        self.changes = 0  # bumps on every add/update/remove so a scene knows to redraw
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_change])

    def tables(self) -> list[DiscoveredTable]:
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (t.table.lower(), t.name))

    def wait_for(self, predicate, timeout: float = 5.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate(self.tables()):
                return True
            time.sleep(0.001)
        return predicate(self.tables())

    def close(self) -> None:
        self._browser.cancel()
        self._zc.close()

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceInfo, ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._tables.pop(name, None)
                self.changes += 1
            return
        info = ServiceInfo(service_type, name)
        if not info.load_from_cache(zeroconf):
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
        if info is None:
            return
        addresses = info.parsed_addresses()
        if not addresses or not info.port:
            return
        table = DiscoveredTable(name, _txt(info, "table")[:60] or name.split(".")[0], _txt(info, "game")[:40],
                                _txt(info, "host")[:60], addresses[0], int(info.port), _to_int(_txt(info, "free")),
                                _to_int(_txt(info, "seats")), _to_int(_txt(info, "proto")))
        with self._lock:
            self._tables[name] = table
            self.changes += 1
