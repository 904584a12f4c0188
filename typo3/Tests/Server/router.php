<?php

declare(strict_types=1);

/*
 * The extension's real controller, from its real service configuration, behind PHP's built-in server, on
 * the simulated catalogue
 * (`npm run php:serve -- PORT`). Routes: /api/ask-ai/{tools,run,cancel,outcome,tasks} (also without the
 * prefix), as the simulated backend serves them; GET /api/ask-ai/journal shows what the scripted
 * runtime was asked and how each run ended, DELETE clears it.
 *
 * The user is the simulated editor (nr-llm's tasks_use grant); `X-Ask-Ai-User: admin | no-grant | none`
 * chooses another. ASK_AI_STEP_DELAY_MS paces the scripted model's steps (default 150).
 */

use AskAiDialog\AskAi\Http\EchoNdjsonOutput;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use GuzzleHttp\Psr7\ServerRequest;
use TYPO3\CMS\Core\Http\NullResponse;

require dirname(__DIR__) . '/bootstrap.php';

$state = getenv('ASK_AI_STATE_DIR') ?: sys_get_temp_dir() . '/ask-ai-php-serve-' . ($_SERVER['SERVER_PORT'] ?? '0');
$path = (string)parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH);
$route = preg_replace('#^/api/ask-ai#', '', $path);
$method = $_SERVER['REQUEST_METHOD'] ?? 'GET';

$send = static function (int $status, array $body): void {
    http_response_code($status);
    header('Content-Type: application/json; charset=utf-8');
    echo json_encode($body, JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE);
};

if ($route === '/journal') {
    if ($method === 'DELETE') {
        @unlink($state . '/journal.ndjson');
        @unlink($state . '/outcomes.ndjson');
    }
    $read = static fn(string $file): array => array_map(
        static fn(string $line): mixed => json_decode($line, true),
        array_values(array_filter(explode("\n", (string)@file_get_contents($state . '/' . $file)))),
    );
    $send(200, ['runs' => $read('journal.ndjson'), 'outcomes' => $read('outcomes.ndjson')]);

    return;
}

$actions = [
    '/tools' => ['GET', 'toolsAction'],
    '/run' => ['POST', 'runAction'],
    '/cancel' => ['POST', 'cancelAction'],
    '/outcome' => ['POST', 'outcomeAction'],
    '/tasks' => ['GET', 'tasksAction'],
];
if (!isset($actions[$route])) {
    $send(404, ['success' => false, 'error' => 'No such route.']);

    return;
}
[$allowed, $action] = $actions[$route];
if ($method !== $allowed) {
    header('Allow: ' . $allowed);
    $send(405, ['success' => false, 'error' => 'Method not allowed.']);

    return;
}

SimulatedSite::logIn($_SERVER['HTTP_X_ASK_AI_USER'] ?? 'editor');
$delay = getenv('ASK_AI_STEP_DELAY_MS');
if (!is_dir($state)) {
    mkdir($state, 0775, true);
}
$site = new SimulatedSite(
    new EchoNdjsonOutput(),
    $delay === false ? 150 : max(0, (int)$delay),
    $state,
);
// A run held "until stopped" goes on once a Stop for a running run is in the ledger (another worker's).
$site->runtime->stopRecorded = static fn(): bool => (int)$site->database->getConnectionForTable('tx_askai_run')
    ->count('uid', 'tx_askai_run', ['state' => 'running', 'cancel_requested' => 1]) > 0;
$response = $site->controller->{$action}(ServerRequest::fromGlobals());
if ($response instanceof NullResponse) {
    return;
}
http_response_code($response->getStatusCode());
foreach ($response->getHeaders() as $name => $values) {
    header($name . ': ' . implode(', ', $values));
}
echo $response->getBody();
