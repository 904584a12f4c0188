#!/usr/bin/env bash
# npm run php:serve -- PORT: the TYPO3 extension's real controller, built from its real service
# configuration, on PHP's built-in server at 127.0.0.1:PORT/api/ask-ai/{tools,run,cancel,outcome,tasks},
# on the simulated catalogue and a scripted model (typo3/Tests/Server/router.php). Four workers, so Stop
# reaches a run while it streams.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${1:-8080}"
bash scripts/ensure-php.sh
bash scripts/ensure-typo3-site.sh
export PHP_CLI_SERVER_WORKERS="${PHP_CLI_SERVER_WORKERS:-4}"
export ASK_AI_STATE_DIR="${ASK_AI_STATE_DIR:-$(mktemp -d -t ask-ai-php-serve-XXXXXX)}"
echo "Ask AI (PHP) on http://127.0.0.1:$PORT/api/ask-ai/ — state in $ASK_AI_STATE_DIR"
exec php -S "127.0.0.1:$PORT" typo3/Tests/Server/router.php
