"""Zeroconf discovery, only ever inside a private network namespace (unshare --net, loopback up).

The test process itself never starts zeroconf: it re-executes tests/netns_helpers.py under unshare.
"""

from __future__ import annotations

import pytest

from net.discovery import DiscoveryError, check_safe_to_start, lan_interfaces
from netns_helpers import run_in_private_netns, unshare_command


def private_netns_or_skip() -> None:
    if unshare_command() is None:
        pytest.skip("unshare/ip missing (tools/ensure-test-packages.sh installs them)")


def test_tables_appear_update_and_disappear_live():
    private_netns_or_skip()
    result = run_in_private_netns(["discovery"])
    assert result["found"] and result["updated"] and result["removed"], result
    (table,) = result["tables"]
    assert table == {"table": "Test table", "game": "highcard", "host": "probe-host", "address": "127.0.0.1",
                     "port": 45678, "free": 2, "seats": 2, "protocol": 1, "compatible": True}


def test_serve_advertises_its_table_and_withdraws_it():
    private_netns_or_skip()
    result = run_in_private_netns(["serve"])
    assert result["found"] and result["gone"], result
    assert result["games"] == ["highcard"] and result["free"] == [1]


def test_interfaces_come_from_the_environment_and_loopback_zeroconf_is_refused_here(monkeypatch):
    monkeypatch.setenv("TABLETIME_LAN_INTERFACES", "127.0.0.1, 10.0.0.7")
    assert lan_interfaces() == ["127.0.0.1", "10.0.0.7"]
    monkeypatch.setenv("TABLETIME_LAN_INTERFACES", "all")
    assert lan_interfaces() is None
    assert lan_interfaces("192.168.1.4") == ["192.168.1.4"]
    with pytest.raises(ValueError):
        lan_interfaces("not-an-address")
    monkeypatch.delenv("TABLETIME_ALLOW_LOOPBACK_ZEROCONF", raising=False)
    with pytest.raises(DiscoveryError):  # the guard every advertiser and browser runs first
        check_safe_to_start(["127.0.0.1"])
