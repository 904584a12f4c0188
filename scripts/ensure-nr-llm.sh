#!/usr/bin/env bash
# nr-llm's source for the PHP tests and the test server: NRLLM_PATH, typo3/vendor after
# `composer install`, or ../shared/vendor/nr-llm. Where none is there, try `composer install` in
# typo3/; otherwise stop with one sentence saying what is missing — never a silent skip.
set -euo pipefail
cd "$(dirname "$0")/.."
if php typo3/Tests/locate-nr-llm.php >/dev/null 2>&1; then
  exit 0
fi
if command -v composer >/dev/null 2>&1; then
  echo "nr-llm's source is not here: running composer install in typo3/…"
  (cd typo3 && composer install --no-interaction --no-progress) && php typo3/Tests/locate-nr-llm.php >/dev/null && exit 0
fi
php typo3/Tests/locate-nr-llm.php
