<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

use AskAiDialog\AskAi\Localization\Labels;
use JsonException;
use Psr\Http\Message\ServerRequestInterface;

/**
 * A route's JSON body, read with a cap: a body past the largest legal request is refused with 413
 * before it is read whole or decoded (by its Content-Length where it has one, else while reading).
 * TYPO3 fills `getParsedBody()` from `$_POST` only, so a JSON body is read from the stream here.
 */
final class RequestBody
{
    /**
     * The largest legal run request: the prompt and every context text at their limits, each character
     * escaped as `\uXXXX` at worst (6 bytes), and room for the small fields.
     */
    public const RUN_LIMIT_BYTES = 6 * (
        RunRequest::PROMPT_LIMIT + RunRequest::DIRECTION_LIMIT + RunRequest::CONTEXT_TEXTS_COUNT * RunRequest::CONTEXT_TEXT_LIMIT
    ) + 65_536;

    /** Cancel and outcome bodies: a few ids. */
    public const SMALL_LIMIT_BYTES = 16_384;

    public function __construct(private readonly Labels $labels)
    {
    }

    /**
     * @return array<string, mixed>
     *
     * @throws Refusal 413 past `$limit`, 400 for anything that is not one JSON object
     */
    public function object(ServerRequestInterface $request, int $limit): array
    {
        $declared = $request->getHeaderLine('Content-Length');
        if ($declared !== '' && ctype_digit($declared) && (int)$declared > $limit) {
            throw $this->tooLarge($limit);
        }
        $stream = $request->getBody();
        if ($stream->isSeekable()) {
            $stream->rewind();
        }
        $raw = '';
        while (!$stream->eof()) {
            $raw .= $stream->read(65_536);
            if (strlen($raw) > $limit) {
                throw $this->tooLarge($limit);
            }
        }
        try {
            $data = json_decode($raw, true, 32, JSON_THROW_ON_ERROR);
        } catch (JsonException) {
            throw Refusal::badRequest($this->labels->get('error.run.notJson', 'The request body is not valid JSON (UTF-8).'));
        }
        if (!is_array($data) || ($data !== [] && array_is_list($data))) {
            throw Refusal::badRequest($this->labels->get('error.run.notObject', 'The request body must be a JSON object.'));
        }

        return $data;
    }

    private function tooLarge(int $limit): Refusal
    {
        return new Refusal(413, $this->labels->get('error.tooLarge', 'The request is larger than %d bytes.', [$limit]));
    }
}
