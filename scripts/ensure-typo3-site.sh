#!/usr/bin/env bash
# TYPO3 13.4 and nr-llm for the extension's PHP tests and test server: typo3/vendor after a
# `composer install` in typo3/, or the real site scripts/typo3-site.ts installs from ../shared/typo3-13.4
# into .cache/ (ASK_AI_TYPO3_SITE for a site of one's own). Says in one sentence what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f typo3/vendor/autoload.php ]; then
  exit 0
fi
npx tsx scripts/typo3-site.ts >/dev/null
