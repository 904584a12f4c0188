#!/usr/bin/env bash
# The real-TYPO3 tests install TYPO3 13.4 with nr-llm (../shared/typo3-13.4/install.sh) and drive it with
# Chromium: PHP 8.2 with the extensions TYPO3 needs, Debian's composer, and Chromium. Install Debian's
# packages where they are missing, as root; otherwise say in one sentence what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
PACKAGES=(php-cli php-intl php-sqlite3 php-mbstring php-xml php-gd php-zip php-curl composer)
missing() {
  command -v php >/dev/null 2>&1 || return 0
  command -v composer >/dev/null 2>&1 || return 0
  local modules
  modules=$(php -m)
  for module in intl pdo_sqlite mbstring dom gd zip curl; do
    grep -qix "$module" <<<"$modules" || return 0
  done
  return 1
}
if missing; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "PHP's packages for TYPO3 are missing: installing Debian's ${PACKAGES[*]}…"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
  else
    echo "The real-TYPO3 tests need PHP 8.2 with TYPO3's extensions and composer: as root, apt-get install ${PACKAGES[*]}." >&2
    exit 1
  fi
fi
bash scripts/ensure-chromium.sh
