#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (no browser download). Install it where it is missing.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM." >&2
echo "Install it as root:  apt-get update && apt-get install -y chromium" >&2
echo "or point CHROMIUM_PATH at a Chromium or Chrome binary." >&2
exit 1
