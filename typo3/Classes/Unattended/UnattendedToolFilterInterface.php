<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Unattended;

/**
 * ADR-210's question, for nr-llm releases that do not answer it yet: which of these tools run
 * without any human pause (no approval, no typed input)?
 *
 * The extension asks it through this interface only. When nr-llm provides its own
 * `UnattendedToolFilterInterface`, the container binds this one to nr-llm's service instead
 * ({@see UnattendedFilterChoice}), so the rule stays nr-llm's.
 */
interface UnattendedToolFilterInterface
{
    /**
     * @param list<string> $toolNames
     *
     * @return list<string> the names, in their order, of the tools that run unattended
     */
    public function unattended(array $toolNames): array;
}
