#!/usr/bin/env bash
# System packages the test suite needs: Xvfb and xdotool for the real-window smoke test,
# iproute2/util-linux for the private network namespaces of the LAN tests.
set -u
missing=()
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
command -v ip >/dev/null 2>&1 || missing+=(iproute2)
command -v unshare >/dev/null 2>&1 || missing+=(util-linux)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing test packages: ${missing[*]}"
    apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
      || echo "warning: could not install ${missing[*]}; tests that need them will fail"
  else
    echo "warning: missing ${missing[*]} and not root; install them to run every test"
  fi
fi
exit 0
