<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\NrLlm;

use AskAiDialog\AskAi\Access\ConfigurationVisibilityInterface;
use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Throwable;
use TYPO3\CMS\Core\Database\Connection;
use TYPO3\CMS\Core\Database\ConnectionPool;

/**
 * Reads nr-llm's configuration table for what its `@api` model does not say: whether the record is
 * hidden. nr-llm's configuration service hands out a hidden configuration; the dialog does not use one.
 */
final class ConfigurationRecords implements ConfigurationVisibilityInterface
{
    private const TABLE = 'tx_nrllm_configuration';

    public function __construct(private readonly ConnectionPool $pool)
    {
    }

    public function isVisible(LlmConfiguration $configuration): bool
    {
        $uid = (int)$configuration->getUid();
        if ($uid <= 0) {
            return false;
        }
        try {
            $query = $this->pool->getQueryBuilderForTable(self::TABLE);
            $query->getRestrictions()->removeAll();
            $row = $query->select('hidden', 'deleted')->from(self::TABLE)
                ->where($query->expr()->eq('uid', $query->createNamedParameter($uid, Connection::PARAM_INT)))
                ->executeQuery()->fetchAssociative();
        } catch (Throwable) {
            return false;
        }

        return is_array($row) && (int)$row['hidden'] === 0 && (int)$row['deleted'] === 0;
    }
}
