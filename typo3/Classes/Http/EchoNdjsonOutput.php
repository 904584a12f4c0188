<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

/**
 * The thin shell that sends a run's events as they happen: one JSON object a line, padded with spaces
 * past 4 KiB so a reverse proxy that buffers small chunks passes each line on at once (as nr-llm's
 * playground pads), then flushed. The controller returns TYPO3's `NullResponse` afterwards.
 */
final class EchoNdjsonOutput implements NdjsonOutput
{
    public const MIN_LINE_BYTES = 4096;

    public function open(): void
    {
        // A client that goes away must not kill the run halfway through a step (nr-llm would record
        // nothing): PHP goes on, the run sees the client gone at its next boundary and stops as Stop does.
        ignore_user_abort(true);
        @ini_set('zlib.output_compression', '0');
        @ini_set('output_buffering', '0');
        while (ob_get_level() > 0) {
            ob_end_flush();
        }
        if (!headers_sent()) {
            http_response_code(200);
            header('Content-Type: application/x-ndjson; charset=utf-8');
            header('Cache-Control: no-store, no-transform');
            header('X-Accel-Buffering: no');
        }
    }

    public function line(array $event): void
    {
        echo self::encode($event), "\n";
        flush();
    }

    public function clientGone(): bool
    {
        return connection_aborted() === 1;
    }

    /** @param array<string, mixed> $event */
    public static function encode(array $event): string
    {
        $json = json_encode($event, JsonResponder::FLAGS);

        return str_pad($json, self::MIN_LINE_BYTES);
    }
}
