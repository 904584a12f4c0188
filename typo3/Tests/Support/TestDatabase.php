<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use TYPO3\CMS\Core\Cache\Backend\TransientMemoryBackend;
use TYPO3\CMS\Core\Cache\CacheManager;
use TYPO3\CMS\Core\Cache\Frontend\VariableFrontend;
use TYPO3\CMS\Core\Database\ConnectionPool;
use TYPO3\CMS\Core\Database\DriverMiddlewareService;
use TYPO3\CMS\Core\Service\DependencyOrderingService;
use TYPO3\CMS\Core\Utility\GeneralUtility;
use TYPO3\CMS\Core\Database\Schema\Parser\Lexer;
use TYPO3\CMS\Core\Database\Schema\Parser\Parser;

/**
 * TYPO3's own database layer (ConnectionPool, its Connection and QueryBuilder) on SQLite, with the
 * extension's tables made from its `ext_tables.sql` by TYPO3's own schema parser — what TYPO3's
 * extension setup does on a site. A file for the test server (its PHP workers share the runs), memory
 * for a unit test.
 */
final class TestDatabase
{
    public static function connect(?string $file = null): ConnectionPool
    {
        $pool = new ConnectionPool();
        $pool->resetConnections();
        $GLOBALS['TYPO3_CONF_VARS']['DB']['Connections']['Default'] = $file === null
            ? ['driver' => 'pdo_sqlite', 'memory' => true]
            : ['driver' => 'pdo_sqlite', 'path' => $file];
        $GLOBALS['TYPO3_CONF_VARS']['DB']['TableMapping'] = [];
        // What TYPO3's connection asks GeneralUtility for: its schema cache (in memory here) and the
        // container-built service that orders driver middlewares.
        if (!GeneralUtility::makeInstance(CacheManager::class)->hasCache('database_schema')) {
            GeneralUtility::makeInstance(CacheManager::class)->setCacheConfigurations([
                'database_schema' => ['frontend' => VariableFrontend::class, 'backend' => TransientMemoryBackend::class],
                'runtime' => ['frontend' => VariableFrontend::class, 'backend' => TransientMemoryBackend::class],
            ]);
        }
        GeneralUtility::addInstance(DriverMiddlewareService::class, new DriverMiddlewareService(new DependencyOrderingService()));
        $connection = $pool->getConnectionByName(ConnectionPool::DEFAULT_CONNECTION_NAME);
        $schema = $connection->createSchemaManager();
        $existing = array_map('strtolower', $schema->listTableNames());
        $sql = (string)file_get_contents(dirname(__DIR__, 2) . '/ext_tables.sql');
        $sql = (string)preg_replace('/^\s*(#|--).*$/m', '', $sql);
        foreach (array_filter(array_map('trim', explode(';', $sql))) as $statement) {
            foreach ((new Parser(new Lexer()))->parse($statement . ";") as $table) {
                if (!in_array(strtolower($table->getName()), $existing, true)) {
                    $schema->createTable($table);
                }
            }
        }

        return $pool;
    }
}
