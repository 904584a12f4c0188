<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Configuration;

use AskAiDialog\AskAi\Controller\AskAiController;
use PHPUnit\Framework\TestCase;

/** What TYPO3 reads from the extension's configuration files. */
final class ExtensionConfigurationTest extends TestCase
{
    private static function extension(string $path): string
    {
        return dirname(__DIR__, 3) . '/' . $path;
    }

    public function testTheJavaScriptModulesAreTaggedForFormEngineAndMapTheShippedFolder(): void
    {
        $modules = require self::extension('Configuration/JavaScriptModules.php');

        // TYPO3 13.4's FormEngine includes only tagged packages in its import map.
        self::assertContains('backend.form', $modules['tags']);
        self::assertContains('rte_ckeditor', $modules['dependencies']);
        self::assertSame(['@ask-ai-dialog/typo3/' => 'EXT:ask_ai/Resources/Public/JavaScript/'], $modules['imports']);
        self::assertFileExists(self::extension('Resources/Public/JavaScript/ckeditor5.js'));
        self::assertFileExists(self::extension('Resources/Public/JavaScript/widget-standalone.js'));
    }

    public function testEveryAjaxRouteNamesAnExistingActionAndItsMethod(): void
    {
        $routes = require self::extension('Configuration/Backend/AjaxRoutes.php');

        self::assertSame(['ask_ai_tools', 'ask_ai_run', 'ask_ai_cancel', 'ask_ai_tasks', 'ask_ai_outcome'], array_keys($routes));
        foreach ($routes as $id => $route) {
            [$class, $method] = explode('::', $route['target']);
            self::assertSame(AskAiController::class, $class, $id);
            self::assertTrue(method_exists($class, $method), $id);
            self::assertSame(in_array($id, ['ask_ai_tools', 'ask_ai_tasks'], true) ? ['GET'] : ['POST'], $route['methods'], $id);
        }
    }

    public function testTheRunLedgerCacheIsRegisteredWithTheDefaultDatabaseBackend(): void
    {
        $before = $GLOBALS['TYPO3_CONF_VARS'] ?? null;
        $GLOBALS['TYPO3_CONF_VARS'] = ['SYS' => ['caching' => ['cacheConfigurations' => []]]];
        if (!defined('TYPO3')) {
            define('TYPO3', true);
        }
        require self::extension('ext_localconf.php');
        $cache = $GLOBALS['TYPO3_CONF_VARS']['SYS']['caching']['cacheConfigurations']['ask_ai_runs'];
        $GLOBALS['TYPO3_CONF_VARS'] = $before;

        // No backend named: TYPO3's default, the database, shared by every web node.
        self::assertArrayNotHasKey('backend', $cache);
        self::assertSame(86400, $cache['options']['defaultLifetime']);
    }
}
