#!/usr/bin/env bash
# The TYPO3 extension's tests run on a real TYPO3 13.4 with nr-llm (installed by scripts/typo3-site.ts):
# PHP 8.2 with the extensions TYPO3 needs, Debian's composer, PHPUnit and PHP_CodeSniffer, and `patch` (the
# nr-llm streaming patch). Install Debian's packages where they are missing, as root; otherwise say in one
# sentence what is missing.
set -euo pipefail
PACKAGES=(php-cli php-intl php-sqlite3 php-mbstring php-xml php-gd php-zip php-curl composer phpunit php-codesniffer patch)
missing() {
  for tool in php composer phpunit phpcs patch; do
    command -v "$tool" >/dev/null 2>&1 || return 0
  done
  local modules
  modules=$(php -m)
  for module in intl pdo_sqlite mbstring dom simplexml gd zip curl; do
    grep -qix "$module" <<<"$modules" || return 0
  done
  return 1
}
if ! missing; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "PHP or its test packages are missing: installing Debian's ${PACKAGES[*]}…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
  exit 0
fi
echo "The TYPO3 extension's tests need PHP 8.2 with TYPO3's extensions, composer, PHPUnit and PHP_CodeSniffer: as root, apt-get install ${PACKAGES[*]}." >&2
exit 1
