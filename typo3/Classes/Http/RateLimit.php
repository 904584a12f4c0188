<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

use AskAiDialog\AskAi\Localization\Labels;
use Symfony\Component\RateLimiter\RateLimiterFactory;
use Symfony\Component\RateLimiter\Storage\StorageInterface;

/**
 * So many requests of one kind a minute per editor (a sliding window in the `ask_ai_limits` cache, which
 * every web node shares): past it a 429 with `Retry-After` and the editor's sentence. For the small routes
 * an editor posts to now and then — a rating, a Stop — so that a script cannot flood them.
 */
final class RateLimit
{
    public function __construct(private readonly StorageInterface $limits, private readonly Labels $labels)
    {
    }

    /**
     * Takes one of `$perMinute` for `$what` and the editor; `$sentence` names the label and its English
     * text, with `%d` for the seconds to wait.
     *
     * @param array{0: string, 1: string} $sentence
     *
     * @throws Refusal 429 past the rate
     */
    public function take(string $what, int $owner, int $perMinute, array $sentence): void
    {
        $limiter = (new RateLimiterFactory(
            ['id' => 'ask_ai_' . $what, 'policy' => 'sliding_window', 'limit' => max(1, $perMinute), 'interval' => '1 minute'],
            $this->limits,
        ))->create((string)$owner);
        $allowed = $limiter->consume();
        if ($allowed->isAccepted()) {
            return;
        }
        $wait = max(1, $allowed->getRetryAfter()->getTimestamp() - time());
        throw new Refusal(429, $this->labels->get($sentence[0], $sentence[1], [$wait]), ['Retry-After' => (string)$wait]);
    }
}
