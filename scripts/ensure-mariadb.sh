#!/usr/bin/env bash
# The real-TYPO3 tests run the site on MariaDB, as production sites mostly do: Debian's mariadb-server (its
# programs only: the tests start a server of their own in a folder of their own, on a loopback port, and end
# it) and PHP's MySQL driver. Install them where they are missing, as root; otherwise say in one sentence
# what is missing (ASK_AI_TYPO3_DB=sqlite runs the suite on SQLite instead).
set -euo pipefail
if [ "${ASK_AI_TYPO3_DB:-mariadb}" = "sqlite" ] || [ -n "${ASK_AI_TYPO3_SITE:-}" ]; then
  exit 0
fi
PACKAGES=(mariadb-server mariadb-client php-mysql)
missing() {
  for tool in mariadbd mariadb-install-db mariadb; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || return 0
  done
  php -m | grep -qix mysqli || return 0
  return 1
}
if ! missing; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "MariaDB or PHP's MySQL driver is missing: installing Debian's ${PACKAGES[*]}…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # Only the programs: no system service is started (the tests start their own server).
  RUNLEVEL=1 apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
  exit 0
fi
echo "The real-TYPO3 tests run on MariaDB: as root, apt-get install ${PACKAGES[*]} (or set ASK_AI_TYPO3_DB=sqlite)." >&2
exit 1
