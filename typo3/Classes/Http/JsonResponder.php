<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

use Psr\Http\Message\ResponseFactoryInterface;
use Psr\Http\Message\ResponseInterface;
use Psr\Http\Message\StreamFactoryInterface;

/**
 * JSON answers through PSR-17 (TYPO3 provides the factories). Invalid UTF-8 from a model or a tool is
 * substituted, never a reason for an empty or broken body; every error is `{success: false, error}`.
 */
final class JsonResponder
{
    public const FLAGS = JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES;

    public function __construct(
        private readonly ResponseFactoryInterface $responses,
        private readonly StreamFactoryInterface $streams,
    ) {
    }

    /** @param array<string, mixed> $data */
    public function json(array $data, int $status = 200): ResponseInterface
    {
        return $this->responses->createResponse($status)
            ->withHeader('Content-Type', 'application/json; charset=utf-8')
            ->withHeader('Cache-Control', 'no-store')
            ->withBody($this->streams->createStream(json_encode($data, self::FLAGS)));
    }

    public function error(string $message, int $status): ResponseInterface
    {
        return $this->json(['success' => false, 'error' => $message], $status);
    }
}
