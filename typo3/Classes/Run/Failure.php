<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use Netresearch\NrLlm\Exception\BudgetExceededException;
use Netresearch\NrLlm\Provider\Exception\CircuitOpenException;
use Netresearch\NrLlm\Provider\Exception\ProviderConfigurationException;
use Netresearch\NrLlm\Provider\Exception\ProviderException;
use Netresearch\NrLlm\Provider\Exception\ProviderRateLimitException;
use Netresearch\NrLlm\Provider\Exception\ProviderResponseException;
use Throwable;

/**
 * Why a run failed, in the terms the dialog words for the editor (CONTRACT.md §2, `error.reason`):
 * read from the exception chain nr-llm returns or throws (its `@api` exceptions only), never sent as it
 * is — the exception goes to the log.
 */
final readonly class Failure
{
    /** The model did not answer within the run's deadline. */
    public const DEADLINE = 'deadline';

    /** The AI service refused for too many requests; `retryAfter` says how long to wait. */
    public const RATE_LIMITED = 'rateLimited';

    /** A usage budget (the editor's, or the configuration's) is used up; `period` says which. */
    public const BUDGET = 'budget';

    /** The AI service failed or could not be reached: trying again later may help. */
    public const UNAVAILABLE = 'unavailable';

    /**
     * The AI service refused the request as such (HTTP 4xx but 408 and 429: a key it does not take, a model
     * it does not have, a request it cannot read) or nr-llm could not build it: an administrator has to act,
     * trying again does not help.
     */
    public const MISCONFIGURED = 'misconfigured';

    /** Anything else: the details are in the log. */
    public const FAILED = 'failed';

    /** A rate limit that names no wait: try again after this long. */
    public const DEFAULT_RETRY_AFTER = 20;

    public function __construct(
        public string $reason,
        public ?int $retryAfter = null,
        public ?string $period = null,
    ) {
    }

    public static function of(?Throwable $error, bool $pastDeadline = false): self
    {
        for ($cause = $error; $cause !== null; $cause = $cause->getPrevious()) {
            if ($cause instanceof BudgetExceededException) {
                $limit = $cause->result->exceededLimit;

                return new self(self::BUDGET, period: str_starts_with($limit, 'monthly') ? 'month' : 'day');
            }
            if ($cause instanceof ProviderRateLimitException) {
                // nr-llm keeps the provider's body, not its Retry-After header: read a wait from the body where it names one.
                return new self(self::RATE_LIMITED, retryAfter: self::waitIn($cause->responseBody));
            }
            if ($cause instanceof CircuitOpenException) {
                return new self(self::UNAVAILABLE, retryAfter: max(1, $cause->retryAfterSeconds));
            }
        }
        if ($pastDeadline || self::timedOut($error)) {
            return new self(self::DEADLINE);
        }
        for ($cause = $error; $cause !== null; $cause = $cause->getPrevious()) {
            if (self::refusedAsSetUp($cause)) {
                return new self(self::MISCONFIGURED);
            }
        }
        for ($cause = $error; $cause !== null; $cause = $cause->getPrevious()) {
            // A 5xx reaches here as nr-llm's connection exception ("Server returned status …"), as does no answer.
            if ($cause instanceof ProviderException) {
                return new self(self::UNAVAILABLE);
            }
        }

        return new self(self::FAILED);
    }

    /** nr-llm's configuration exception, or a provider's 4xx but a timeout (408) and a rate limit (429). */
    private static function refusedAsSetUp(Throwable $cause): bool
    {
        return $cause instanceof ProviderConfigurationException
            || (
                $cause instanceof ProviderResponseException
                && $cause->httpStatus >= 400 && $cause->httpStatus < 500
                && !in_array($cause->httpStatus, [408, 429], true)
            );
    }

    /**
     * A provider call that ran out of time: the HTTP client's timeout is the run's time left (ProviderTimeout),
     * or the provider's own — either way the model did not answer in time. The client's whole seconds end a
     * little before the deadline itself, so the clock alone does not tell.
     */
    private static function timedOut(?Throwable $error): bool
    {
        for ($cause = $error; $cause !== null; $cause = $cause->getPrevious()) {
            if (preg_match('/cURL error 28\b|\btimed out\b/i', $cause->getMessage()) === 1) {
                return true;
            }
        }

        return false;
    }

    /** Seconds to wait named in a provider's error body ("retry after 12 s", `"retry_after": 12`), or the default. */
    private static function waitIn(string $body): int
    {
        if (
            preg_match('/retry[ _-]?after["\s:=]*(\d{1,4}(?:\.\d+)?)/i', $body, $match) === 1
            || preg_match('/try again in (\d{1,4}(?:\.\d+)?)\s*s/i', $body, $match) === 1
        ) {
            return max(1, min(3600, (int)ceil((float)$match[1])));
        }

        return self::DEFAULT_RETRY_AFTER;
    }
}
