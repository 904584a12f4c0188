<?php

declare(strict_types=1);

/*
 * The real-TYPO3 tests' hands in the site's database, through TYPO3's own connection (so any database
 * TYPO3 supports works, not only the fixture's SQLite):
 *
 *   php fixture.php SITE reset '{"modelUrl": "http://127.0.0.1:PORT"}'  the base fixture (below)
 *   php fixture.php SITE sql '{"sql": "SELECT …", "params": [...]}'   one statement; rows as JSON for a SELECT
 *   php fixture.php SITE flush                                          TYPO3's caches
 *   php fixture.php SITE settings '{"runDeadline": 10}'                 ask_ai's extension settings (on the base)
 *
 * The base fixture: nr-llm's provider (Ollama API) and model on the fake model, a default configuration
 * whose identifier is *not* "default" (nr-llm's wizard makes identifiers up from names; a default is
 * found by its flag), an OpenAI-API provider with a vision model on the same fake (nr-llm's vision
 * service); backend groups with and without nr-llm's "tasks_use" grant, an editor of each, a German
 * editor; a text element of three paragraphs on page 1 and a Text & Media element with an image from
 * fileadmin.
 */

use TYPO3\CMS\Core\Cache\CacheManager;
use TYPO3\CMS\Core\Configuration\ExtensionConfiguration;
use TYPO3\CMS\Core\Core\Bootstrap;
use TYPO3\CMS\Core\Core\SystemEnvironmentBuilder;
use TYPO3\CMS\Core\Crypto\PasswordHashing\PasswordHashFactory;
use TYPO3\CMS\Core\Database\ConnectionPool;
use TYPO3\CMS\Core\Utility\GeneralUtility;

[, $site, $command] = $argv + [null, null, null];
$arguments = json_decode($argv[3] ?? '{}', true, 32, JSON_THROW_ON_ERROR);
if (!is_string($site) || !is_file($site . '/vendor/autoload.php') || !is_string($command)) {
    fwrite(STDERR, "usage: php fixture.php SITE reset|sql|flush [JSON]\n");
    exit(2);
}

$classLoader = require $site . '/vendor/autoload.php';
SystemEnvironmentBuilder::run(0, SystemEnvironmentBuilder::REQUESTTYPE_CLI);
Bootstrap::init($classLoader);
$pool = GeneralUtility::makeInstance(ConnectionPool::class);

$result = match ($command) {
    'reset' => reset_site($pool, (string)($arguments['modelUrl'] ?? ''), $site),
    'sql' => run_sql($pool, (string)$arguments['sql'], $arguments['params'] ?? []),
    'flush' => flush_caches(),
    'settings' => ask_ai_settings($arguments),
    'editors' => more_editors($pool, (int)($arguments['count'] ?? 0), $site),
    default => throw new InvalidArgumentException('unknown command ' . $command),
};
echo json_encode($result, JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE), "\n";

function run_sql(ConnectionPool $pool, string $sql, array $params): mixed
{
    $connection = $pool->getConnectionByName(ConnectionPool::DEFAULT_CONNECTION_NAME);
    if (preg_match('/^\s*(SELECT|PRAGMA)\b/i', $sql) === 1) {
        return $connection->executeQuery($sql, $params)->fetchAllAssociative();
    }

    return $connection->executeStatement($sql, $params);
}

function flush_caches(): bool
{
    GeneralUtility::makeInstance(CacheManager::class)->flushCaches();

    return true;
}

/**
 * The extension's settings (Extension Configuration › ask_ai): the base — images on the vision
 * configuration — with the given ones on top.
 *
 * @param array<string, mixed> $changes
 */
function ask_ai_settings(array $changes): array
{
    $settings = ['visionConfiguration' => 'vision-assistant-9c1e'] + $changes + [
        'taskPresets' => 'beside', 'runsPerUser' => 2, 'runsPerSite' => 8, 'runDeadline' => 120,
        'feedbackPerMinute' => 30, 'toolDataClass' => 'editorContent', 'toolAllowList' => '', 'debugView' => 0,
    ];
    $settings = $changes + $settings;
    GeneralUtility::makeInstance(ExtensionConfiguration::class)->set('ask_ai', $settings);

    return $settings;
}

/**
 * `count` more editors with nr-llm's grant, `newsroom-1` … (a newsroom's load), with the fixture's
 * editors' password; uids from 101. Returns their user names.
 *
 * @return list<string>
 */
function more_editors(ConnectionPool $pool, int $count, string $site): array
{
    if ($count < 1 || $count > 200) {
        throw new InvalidArgumentException('editors: a count from 1 to 200');
    }
    $group = (int)$pool->getConnectionForTable('be_groups')->select(['uid'], 'be_groups', ['title' => 'Editors with AI'])->fetchOne();
    $password = trim((string)file_get_contents($site . '/var/ask-ai-editor-password.hash'));
    if ($group === 0 || $password === '') {
        throw new InvalidArgumentException('editors: reset the site first');
    }
    $users = $pool->getConnectionForTable('be_users');
    $names = [];
    for ($i = 1; $i <= $count; $i++) {
        $name = 'newsroom-' . $i;
        $users->delete('be_users', ['uid' => 100 + $i]);
        $users->insert('be_users', [
            'uid' => 100 + $i, 'username' => $name, 'password' => $password, 'admin' => 0, 'usergroup' => (string)$group,
            'lang' => 'default', 'options' => 3, 'workspace_perms' => 1, 'file_permissions' => 'readFolder,readFile',
            'tstamp' => time(), 'crdate' => time(), 'uc' => serialize(['emailMeAtLogin' => 0, 'titleLen' => 50]),
        ]);
        $names[] = $name;
    }

    return $names;
}

function insert(ConnectionPool $pool, string $table, array $row): int
{
    $connection = $pool->getConnectionForTable($table);
    $connection->insert($table, $row);

    return (int)$connection->lastInsertId();
}

function reset_site(ConnectionPool $pool, string $modelUrl, string $site): array
{
    if ($modelUrl === '') {
        throw new InvalidArgumentException('reset needs the fake model\'s URL (modelUrl)');
    }
    ask_ai_settings([]);
    $tables = [
        'tx_nrllm_provider', 'tx_nrllm_model', 'tx_nrllm_configuration', 'tx_nrllm_configuration_begroups_mm',
        'tx_nrllm_task', 'tx_nrllm_agentrun', 'tx_nrllm_agentrun_event', 'tx_nrllm_call_outcome',
        'tx_nrllm_telemetry', 'tx_nrllm_user_budget', 'tx_nrllm_service_usage', 'tx_nrllm_governance_event',
        'tx_nrllm_tool_state', 'tx_nrllm_tool_group_state', 'be_groups', 'tt_content', 'sys_file',
        'sys_file_reference', 'sys_file_metadata', 'sys_file_processedfile', 'sys_log', 'sys_history',
        'sys_refindex', 'tx_askai_run', 'tx_askai_slot',
    ];
    $schema = $pool->getConnectionByName(ConnectionPool::DEFAULT_CONNECTION_NAME)->createSchemaManager();
    $existing = array_map('strtolower', $schema->listTableNames());
    foreach ($tables as $table) {
        if (in_array($table, $existing, true)) {
            $pool->getConnectionForTable($table)->truncate($table);
        }
    }
    foreach (array_filter($existing, static fn(string $t): bool => str_starts_with($t, 'cache_ask_ai')) as $table) {
        $pool->getConnectionForTable($table)->truncate($table);
    }
    $pool->getConnectionForTable('be_users')->delete('be_users', ['admin' => 0]);
    // SQLite keeps counting after a DELETE: start the fixture's uids from 1 again, so each run sees the same ones.
    $sequence = $pool->getConnectionByName(ConnectionPool::DEFAULT_CONNECTION_NAME);
    if ($sequence->getDatabasePlatform() instanceof \Doctrine\DBAL\Platforms\SQLitePlatform) {
        foreach ($tables as $table) {
            $sequence->executeStatement('DELETE FROM sqlite_sequence WHERE name = ?', [$table]);
        }
        $sequence->executeStatement("UPDATE sqlite_sequence SET seq = (SELECT MAX(uid) FROM be_users) WHERE name = 'be_users'");
    }
    $now = time();

    // The model behind everything: nr-llm's Ollama adapter on the fake model.
    $provider = insert($pool, 'tx_nrllm_provider', [
        'identifier' => 'local-ollama', 'name' => 'Local Ollama', 'adapter_type' => 'ollama',
        'endpoint_url' => $modelUrl, 'api_key' => '', 'trust_zone' => 'externalGlobal', 'api_timeout' => 30,
        'max_retries' => 0, 'is_active' => 1, 'priority' => 50, 'tstamp' => $now, 'crdate' => $now,
    ]);
    $model = insert($pool, 'tx_nrllm_model', [
        'identifier' => 'fake-model', 'name' => 'Fake model', 'provider_uid' => $provider, 'model_id' => 'fake-model',
        'capabilities' => 'chat,completion,streaming,tools', 'context_length' => 32000, 'max_output_tokens' => 4096,
        'default_timeout' => 30, 'is_active' => 1, 'is_default' => 1, 'tstamp' => $now, 'crdate' => $now,
    ]);
    // nr-llm's setup wizard names a configuration after what it is; the default is the one flagged so.
    $configuration = insert($pool, 'tx_nrllm_configuration', [
        'identifier' => 'site-assistant-3f2a', 'name' => 'Site assistant', 'model_uid' => $model,
        'temperature' => 0.2, 'max_tokens' => 1000, 'is_active' => 1, 'is_default' => 1, 'tstamp' => $now,
        'crdate' => $now,
    ]);

    // A vision model behind nr-llm's OpenAI adapter (its key is a vault secret): nr-llm's vision service
    // uses the default configuration's provider, so a test that needs vision makes this configuration
    // the default.
    $visionProvider = insert($pool, 'tx_nrllm_provider', [
        'identifier' => 'local-openai', 'name' => 'Local OpenAI API', 'adapter_type' => 'openai',
        'endpoint_url' => $modelUrl . '/v1', 'api_key' => 'ask_ai_test_openai_key', 'trust_zone' => 'externalGlobal',
        'api_timeout' => 30, 'max_retries' => 0, 'is_active' => 1, 'priority' => 40, 'tstamp' => $now,
        'crdate' => $now,
    ]);
    $visionModel = insert($pool, 'tx_nrllm_model', [
        'identifier' => 'fake-vision', 'name' => 'Fake vision model', 'provider_uid' => $visionProvider,
        'model_id' => 'fake-vision', 'capabilities' => 'chat,completion,streaming,tools,vision',
        'context_length' => 32000, 'max_output_tokens' => 4096, 'default_timeout' => 30, 'is_active' => 1,
        'tstamp' => $now, 'crdate' => $now,
    ]);
    insert($pool, 'tx_nrllm_configuration', [
        'identifier' => 'vision-assistant-9c1e', 'name' => 'Vision assistant', 'model_uid' => $visionModel,
        'temperature' => 0.2, 'max_tokens' => 1000, 'is_active' => 1, 'is_default' => 0, 'tstamp' => $now,
        'crdate' => $now,
    ]);

    // Editors: a group with page 1, tt_content's text fields and the file references, with and without
    // nr-llm's grant ("Execute AI tasks" in TYPO3's group form, tx_nrllm_grants:tasks_use).
    $rights = [
        'db_mountpoints' => '1', 'file_mountpoints' => '', 'tables_select' => 'pages,tt_content,sys_file,sys_file_reference,sys_file_metadata',
        'tables_modify' => 'tt_content,sys_file_reference,sys_file_metadata', 'pagetypes_select' => '1',
        'non_exclude_fields' => 'tt_content:bodytext,tt_content:header,tt_content:assets,tt_content:image,sys_file_reference:alternative,sys_file_reference:title,sys_file_reference:description,sys_file_metadata:alternative',
        'explicit_allowdeny' => 'tt_content:CType:text,tt_content:CType:textmedia', 'groupMods' => 'web_layout,web_list,media_management',
        'tstamp' => $now, 'crdate' => $now,
    ];
    $aiGroup = insert($pool, 'be_groups', ['title' => 'Editors with AI', 'custom_options' => 'tx_nrllm_grants:tasks_use'] + $rights);
    $plainGroup = insert($pool, 'be_groups', ['title' => 'Editors', 'custom_options' => ''] + $rights);
    // nr-vault gives a backend user a secret through its allowed groups: the editors with AI may use the
    // vision provider's key. (Its CLI's --groups option is not applied by nr-vault 0.x: the relation is
    // written here, as its repository writes it.)
    $secret = $pool->getConnectionForTable('tx_nrvault_secret')
        ->select(['uid'], 'tx_nrvault_secret', ['identifier' => 'ask_ai_test_openai_key'])->fetchOne();
    if ($secret !== false) {
        $mm = $pool->getConnectionForTable('tx_nrvault_secret_begroups_mm');
        $mm->delete('tx_nrvault_secret_begroups_mm', ['uid_local' => (int)$secret]);
        $mm->insert('tx_nrvault_secret_begroups_mm', ['uid_local' => (int)$secret, 'uid_foreign' => $aiGroup, 'sorting' => 0, 'sorting_foreign' => 0]);
    }
    // One hash for the three editors (the same password), kept with the site: TYPO3's hash is slow by design.
    $hashFile = $site . '/var/ask-ai-editor-password.hash';
    $password = is_file($hashFile) ? trim((string)file_get_contents($hashFile)) : '';
    if ($password === '') {
        $password = GeneralUtility::makeInstance(PasswordHashFactory::class)->getDefaultHashInstance('BE')->getHashedPassword('Editor-Pass-1234!');
        file_put_contents($hashFile, $password);
    }
    // Each editor under the same uid on every reset, so a test run logs each of them in once (its session
    // outlives the resets) and reuses the session in every test.
    $users = [];
    foreach ([['editor', 11, $aiGroup, 'default'], ['plain', 12, $plainGroup, 'default'], ['redakteur', 13, $aiGroup, 'de']] as [$name, $uid, $group, $lang]) {
        $users[$name] = insert($pool, 'be_users', [
            'uid' => $uid, 'username' => $name, 'password' => $password, 'admin' => 0,
            'usergroup' => (string)$group, 'lang' => $lang, 'options' => 3, 'workspace_perms' => 1,
            'file_permissions' => 'readFolder,readFile', 'tstamp' => $now, 'crdate' => $now,
            'uc' => serialize(['emailMeAtLogin' => 0, 'titleLen' => 50, 'edit_RTE' => '1']),
        ]);
    }
    // Page 1 for every group (the site's root page, made by TYPO3's setup).
    $pool->getConnectionForTable('pages')->update('pages', ['perms_everybody' => 31], ['uid' => 1]);
    // The site's front page: a root TypoScript template that renders the page's title, so `/` answers 200
    // (a load test asks for it while runs hold the backend's workers).
    $templates = $pool->getConnectionForTable('sys_template');
    $templates->delete('sys_template', ['pid' => 1]);
    $templates->insert('sys_template', [
        'pid' => 1, 'title' => 'Harbour', 'root' => 1, 'clear' => 3, 'tstamp' => $now, 'crdate' => $now,
        'config' => "page = PAGE\npage.10 = TEXT\npage.10.data = page:title\npage.10.wrap = <h1>|</h1>",
    ]);

    insert($pool, 'tt_content', [
        'uid' => 1, 'pid' => 1, 'CType' => 'text', 'header' => 'About the harbour', 'colPos' => 0, 'sorting' => 256,
        'bodytext' => '<p>The harbour opened in 1871 and served the fishing fleet for more than a century, with three piers, a customs house and a lighthouse that still stands at the northern end.</p>'
            . '<p>Today the old warehouses hold a market, two museums and a ferry terminal with crossings every hour.</p>'
            . '<p>Visitors reach it by tram line 4 from the central station.</p>',
        'tstamp' => $now, 'crdate' => $now,
    ]);

    // An image in fileadmin, referenced by a Text & Media element: the alt text lives on the reference.
    $fileadmin = $site . '/public/fileadmin/user_upload';
    if (!is_dir($fileadmin)) {
        mkdir($fileadmin, 0775, true);
    }
    copy(__DIR__ . '/lighthouse.png', $fileadmin . '/lighthouse.png');
    $identifier = '/user_upload/lighthouse.png';
    $file = insert($pool, 'sys_file', [
        'pid' => 0, 'storage' => 1, 'type' => 2, 'identifier' => $identifier, 'identifier_hash' => sha1($identifier),
        'folder_hash' => sha1('/user_upload/'), 'extension' => 'png', 'mime_type' => 'image/png', 'name' => 'lighthouse.png',
        'sha1' => sha1_file($fileadmin . '/lighthouse.png'), 'size' => filesize($fileadmin . '/lighthouse.png'),
        'creation_date' => $now, 'modification_date' => $now, 'tstamp' => $now,
    ]);
    [$width, $height] = getimagesize($fileadmin . '/lighthouse.png') ?: [0, 0];
    insert($pool, 'sys_file_metadata', ['pid' => 0, 'file' => $file, 'width' => $width, 'height' => $height, 'tstamp' => $now, 'crdate' => $now]);
    insert($pool, 'tt_content', [
        'uid' => 2, 'pid' => 1, 'CType' => 'textmedia', 'header' => 'The lighthouse', 'colPos' => 0, 'sorting' => 512,
        'bodytext' => '<p>The lighthouse at the end of the northern pier.</p>', 'assets' => 1, 'tstamp' => $now, 'crdate' => $now,
    ]);
    $reference = insert($pool, 'sys_file_reference', [
        'pid' => 1, 'uid_local' => $file, 'uid_foreign' => 2, 'tablenames' => 'tt_content', 'fieldname' => 'assets',
        'sorting_foreign' => 1, 'alternative' => null, 'tstamp' => $now, 'crdate' => $now,
    ]);

    return [
        'configuration' => 'site-assistant-3f2a', 'configurationUid' => $configuration, 'visionConfiguration' => 'vision-assistant-9c1e',
        'users' => $users, 'groups' => ['ai' => $aiGroup, 'plain' => $plainGroup], 'content' => [1, 2],
        'file' => $file, 'fileReference' => $reference,
    ];
}
