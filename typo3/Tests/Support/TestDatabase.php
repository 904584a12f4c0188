<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use TYPO3\CMS\Core\Cache\Backend\TransientMemoryBackend;
use TYPO3\CMS\Core\Cache\CacheManager;
use TYPO3\CMS\Core\Cache\Frontend\VariableFrontend;
use TYPO3\CMS\Core\Database\Connection;
use TYPO3\CMS\Core\Database\ConnectionPool;
use TYPO3\CMS\Core\Database\DriverMiddlewareService;
use TYPO3\CMS\Core\Database\Schema\Parser\Lexer;
use TYPO3\CMS\Core\Package\PackageManager;
use TYPO3\CMS\Core\Service\DependencyOrderingService;
use TYPO3\CMS\Core\Utility\ExtensionManagementUtility;
use TYPO3\CMS\Core\Utility\GeneralUtility;
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

    /**
     * A page tree as TYPO3's page lookups read it (`BackendUtility::readPageAccess`, the rootline, page
     * permissions): the `pages` table with the columns they select, its TCA, no workspaces package
     * active, and the runtime cache emptied (TYPO3 keeps its prepared rootline query there, which would
     * point at another test's database).
     */
    public static function pageTree(Connection $database): void
    {
        ExtensionManagementUtility::setPackageManager((new \ReflectionClass(PackageManager::class))->newInstanceWithoutConstructor());
        GeneralUtility::makeInstance(CacheManager::class)->getCache('runtime')->flush();
        $database->executeStatement('CREATE TABLE pages (uid INTEGER PRIMARY KEY, pid INTEGER DEFAULT 0, deleted INTEGER DEFAULT 0, title VARCHAR(255), t3ver_oid INTEGER DEFAULT 0, t3ver_wsid INTEGER DEFAULT 0, t3ver_state INTEGER DEFAULT 0, sys_language_uid INTEGER DEFAULT 0, l10n_parent INTEGER DEFAULT 0, doktype INTEGER DEFAULT 1, perms_userid INTEGER DEFAULT 0, perms_groupid INTEGER DEFAULT 0, perms_user INTEGER DEFAULT 31, perms_group INTEGER DEFAULT 27, perms_everybody INTEGER DEFAULT 0)');
        $GLOBALS['TCA']['pages'] = ['ctrl' => ['delete' => 'deleted', 'label' => 'title', 'languageField' => 'sys_language_uid', 'transOrigPointerField' => 'l10n_parent'], 'columns' => []];
    }

    public static function dropPageTree(Connection $database): void
    {
        $database->executeStatement('DROP TABLE pages');
        unset($GLOBALS['TCA']['pages']);
    }
}
