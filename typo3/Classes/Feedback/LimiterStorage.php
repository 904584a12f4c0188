<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Feedback;

use Symfony\Component\RateLimiter\LimiterStateInterface;
use Symfony\Component\RateLimiter\Policy\SlidingWindow;
use Symfony\Component\RateLimiter\Storage\StorageInterface;
use TYPO3\CMS\Core\Cache\Frontend\FrontendInterface;

/**
 * Where Symfony's rate limiter keeps its windows: the extension's `ask_ai_limits` cache (TYPO3's
 * database backend by default, so every web node counts the same posts).
 */
final class LimiterStorage implements StorageInterface
{
    public function __construct(private readonly FrontendInterface $cache)
    {
    }

    public function save(LimiterStateInterface $limiterState): void
    {
        $this->cache->set($this->key($limiterState->getId()), serialize($limiterState), [], max(1, (int)$limiterState->getExpirationTime()));
    }

    public function fetch(string $limiterStateId): ?LimiterStateInterface
    {
        $stored = $this->cache->get($this->key($limiterStateId));
        if (!is_string($stored)) {
            return null;
        }
        $state = unserialize($stored, ['allowed_classes' => [SlidingWindow::class]]);

        return $state instanceof LimiterStateInterface ? $state : null;
    }

    public function delete(string $limiterStateId): void
    {
        $this->cache->remove($this->key($limiterStateId));
    }

    private function key(string $id): string
    {
        return 'limit_' . hash('sha256', $id);
    }
}
