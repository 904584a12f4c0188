#!/usr/bin/env bash
# The TYPO3 extension's tests need PHP 8.2+ with PHPUnit and the PSR-7 classes (TYPO3 itself cannot be
# installed without Packagist). Install Debian's packages where they are missing, as root; otherwise
# say in one sentence what is missing.
set -euo pipefail
PACKAGES=(php-cli php-xml php-mbstring phpunit php-guzzlehttp-psr7 php-psr-log)
missing() {
  command -v php >/dev/null 2>&1 || return 0
  command -v phpunit >/dev/null 2>&1 || return 0
  php -r 'exit(extension_loaded("mbstring") && extension_loaded("simplexml") && stream_resolve_include_path("GuzzleHttp/Psr7/autoload.php") && stream_resolve_include_path("Psr/Log/autoload.php") ? 0 : 1);' || return 0
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
echo "The TYPO3 extension's tests need PHP 8.2+, PHPUnit and Debian's php-guzzlehttp-psr7: as root, apt-get install ${PACKAGES[*]}." >&2
exit 1
