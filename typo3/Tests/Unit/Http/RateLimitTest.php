<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Http;

use AskAiDialog\AskAi\Http\RateLimit;
use AskAiDialog\AskAi\Http\Refusal;
use AskAiDialog\AskAi\Localization\Labels;
use PHPUnit\Framework\TestCase;
use Symfony\Component\RateLimiter\Storage\InMemoryStorage;

/**
 * Stop and feedback are rate-limited per editor (TYPO3's rate-limiter storage in production; Symfony's
 * in-memory one here): the rate's requests pass, the next is refused with 429 and how long to wait.
 */
final class RateLimitTest extends TestCase
{
    private const SENTENCE = ['error.cancel.rate', 'Too many stops. Try again in %d seconds.'];

    public function testTheRatesRequestsPassAndTheNextIsRefusedWithTheWait(): void
    {
        $limit = new RateLimit(new InMemoryStorage(), Labels::english());
        $limit->take('cancel', 7, 3, self::SENTENCE);
        $limit->take('cancel', 7, 3, self::SENTENCE);
        $limit->take('cancel', 7, 3, self::SENTENCE);
        $refusal = $this->refused(fn () => $limit->take('cancel', 7, 3, self::SENTENCE));
        self::assertSame(429, $refusal->status);
        $wait = (int)$refusal->headers['Retry-After'];
        self::assertGreaterThanOrEqual(1, $wait);
        self::assertLessThanOrEqual(60, $wait);
        self::assertSame(sprintf(self::SENTENCE[1], $wait), $refusal->getMessage());

        // Another editor, and the same editor's other kind of request, have rates of their own.
        $limit->take('cancel', 8, 3, self::SENTENCE);
        $limit->take('feedback', 7, 3, self::SENTENCE);
    }

    public function testARateOfNoneStillLetsOneRequestAMinuteThrough(): void
    {
        $limit = new RateLimit(new InMemoryStorage(), Labels::english());
        $limit->take('feedback', 7, 0, self::SENTENCE);
        self::assertSame(429, $this->refused(fn () => $limit->take('feedback', 7, 0, self::SENTENCE))->status);
    }

    private function refused(callable $take): Refusal
    {
        try {
            $take();
        } catch (Refusal $refusal) {
            return $refusal;
        }
        self::fail('The request was let through.');
    }
}
