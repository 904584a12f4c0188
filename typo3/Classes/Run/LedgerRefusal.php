<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use RuntimeException;

/** The ledger will not open a run under this request id. */
final class LedgerRefusal extends RuntimeException
{
    /** The editor stopped it before its request arrived: the run ends `cancelled`, never started. */
    public const CANCELLED = 'cancelled';

    /** This user already has a run under the id: refused, so Stop cannot be confused between two runs. */
    public const REUSED = 'reused';

    public function __construct(public readonly string $reason)
    {
        parent::__construct($reason);
    }
}
