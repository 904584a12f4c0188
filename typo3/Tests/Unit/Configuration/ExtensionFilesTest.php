<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Configuration;

use AskAiDialog\AskAi\Configuration\ExtensionSettings;
use AskAiDialog\AskAi\Controller\AskAiController;
use AskAiDialog\AskAi\Controller\RoutesController;
use PHPUnit\Framework\TestCase;

/** What TYPO3 and composer read from the extension's own files. */
final class ExtensionFilesTest extends TestCase
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

        self::assertSame(['ask_ai_tools', 'ask_ai_run', 'ask_ai_cancel', 'ask_ai_tasks', 'ask_ai_routes', 'ask_ai_outcome'], array_keys($routes));
        foreach ($routes as $id => $route) {
            [$class, $method] = explode('::', $route['target']);
            self::assertSame($id === 'ask_ai_routes' ? RoutesController::class : AskAiController::class, $class, $id);
            self::assertTrue(method_exists($class, $method), $id);
            self::assertSame(in_array($id, ['ask_ai_tools', 'ask_ai_tasks', 'ask_ai_routes'], true) ? ['GET'] : ['POST'], $route['methods'], $id);
            // Only the route that answers fresh URLs after a new login is reachable without the page's token.
            self::assertSame($id === 'ask_ai_routes' ? 'public' : null, $route['access'] ?? null, $id);
        }
    }

    public function testTheRunsLiveInATableOfTheirOwnAndTheRatingLimitsInACacheOnTheDefaultBackend(): void
    {
        $before = $GLOBALS['TYPO3_CONF_VARS'] ?? [];
        $GLOBALS['TYPO3_CONF_VARS'] = ['SYS' => ['caching' => ['cacheConfigurations' => []]]];
        require self::extension('ext_localconf.php');
        $caches = $GLOBALS['TYPO3_CONF_VARS']['SYS']['caching']['cacheConfigurations'];
        $GLOBALS['TYPO3_CONF_VARS'] = $before;

        // No backend named: TYPO3's default, the database, shared by every web node.
        self::assertArrayNotHasKey('backend', $caches['ask_ai_limits']);
        self::assertArrayNotHasKey('ask_ai_runs', $caches, 'the runs are not in a cache a flush empties');
        self::assertStringContainsString('CREATE TABLE tx_askai_run', (string)file_get_contents(self::extension('ext_tables.sql')));
    }

    public function testComposerAndTheExtensionManagerAgreeOnTheNrLlmReleaseTheTestsRan(): void
    {
        $composer = json_decode((string)file_get_contents(self::extension('composer.json')), true, 16, JSON_THROW_ON_ERROR);
        $EM_CONF = [];
        $_EXTKEY = 'ask_ai';
        require self::extension('ext_emconf.php');

        self::assertSame('~0.33.0', $composer['require']['netresearch/nr-llm']);
        self::assertSame('0.33.0-0.33.99', $EM_CONF['ask_ai']['constraints']['depends']['nr_llm']);
    }

    public function testEverySettingInTheTemplateIsReadWithItsDefault(): void
    {
        $template = (string)file_get_contents(self::extension('ext_conf_template.txt'));
        preg_match_all('/^([a-zA-Z]+)\\s*=\\s*(.*)$/m', $template, $matches, PREG_SET_ORDER);
        $defaults = array_column($matches, 2, 1);
        $settings = new ExtensionSettings(null, []);

        self::assertSame(['taskPresets', 'runsPerUser', 'runsPerSite', 'runDeadline', 'feedbackPerMinute', 'toolDataClass', 'toolAllowList', 'debugView', 'visionConfiguration'], array_keys($defaults));
        self::assertSame($defaults['taskPresets'], $settings->taskPlacement());
        self::assertSame((int)$defaults['runsPerUser'], $settings->runsPerUser());
        self::assertSame((int)$defaults['runsPerSite'], $settings->runsPerSite());
        self::assertSame((int)$defaults['runDeadline'], $settings->runDeadline());
        self::assertSame((int)$defaults['feedbackPerMinute'], $settings->feedbackPerMinute());
        self::assertSame($defaults['toolDataClass'], $settings->toolDataClass());
        self::assertSame([], $settings->toolAllowList());
        self::assertFalse($settings->debugView());
    }

    public function testASettingOutOfRangeIsHeldToItNeverAnError(): void
    {
        $settings = new ExtensionSettings(null, ['runDeadline' => '9999', 'runsPerUser' => '-3', 'taskPresets' => 'everywhere', 'toolDataClass' => 'secretAdjacent', 'toolAllowList' => ' a, ,b ']);

        self::assertSame(170, $settings->runDeadline(), 'below the dialog’s 180 s of silence');
        self::assertSame(1, $settings->runsPerUser());
        self::assertSame('beside', $settings->taskPlacement());
        self::assertSame('editorContent', $settings->toolDataClass(), 'never above an editor’s text');
        self::assertSame(['a', 'b'], $settings->toolAllowList());
        self::assertSame(10, (new ExtensionSettings(null, ['runDeadline' => '9']))->runDeadline(), 'ten seconds at least');
        self::assertSame(10, (new ExtensionSettings(null, ['runDeadline' => '10']))->runDeadline());
    }
}
