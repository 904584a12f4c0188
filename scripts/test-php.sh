#!/usr/bin/env bash
# The TYPO3 extension's own checks, on TYPO3 13.4's and nr-llm's own classes: php -l on every file, PSR-12, then
# PHPUnit (the shared ADR-210 table, request validation, the event streams, every AgentRunOutcome, Stop
# and its ownership, the limits, the grant, the routes, the container built from Services.yaml).
set -euo pipefail
cd "$(dirname "$0")/.."
# npm test's set-up has done both (the real-TYPO3 suite runs beside this step: the site is not touched twice).
if [ -z "${ASK_AI_TYPO3_SITE_PREPARED:-}" ]; then
  bash scripts/ensure-php.sh
  bash scripts/ensure-typo3-site.sh
fi
failed=0
count=0
while IFS= read -r -d '' file; do
  count=$((count + 1))
  php -l "$file" >/dev/null || failed=1
done < <(find typo3 -path typo3/vendor -prune -o -name '*.php' -print0)
if [ "$failed" != 0 ]; then
  echo "php -l found syntax errors." >&2
  exit 1
fi
echo "php -l: $count files, no syntax errors"
# The coding standard (PSR-12, typo3/phpcs.xml.dist): warnings fail as errors do.
(cd typo3 && phpcs --standard=phpcs.xml.dist -q)
echo "phpcs: PSR-12, no findings"
phpunit -c typo3/phpunit.xml.dist
