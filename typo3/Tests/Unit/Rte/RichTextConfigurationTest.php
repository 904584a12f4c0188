<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Rte;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\EventListener\AddAskAiToRichTextEditor;
use AskAiDialog\AskAi\Rte\DialogMessages;
use AskAiDialog\AskAi\Rte\RichTextConfiguration;
use AskAiDialog\AskAi\Rte\SiteLanguages;
use AskAiDialog\AskAi\Task\TaskPresets;
use AskAiDialog\AskAi\Tests\Support\SimulatedCatalogue;
use AskAiDialog\AskAi\Tests\Support\SimulatedConfigurations;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use AskAiDialog\AskAi\Tests\Support\SimulatedTasks;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\RteCKEditor\Form\Element\Event\BeforePrepareConfigurationForEditorEvent;

final class RichTextConfigurationTest extends TestCase
{
    private const FORM_DATA = ['tableName' => 'tt_content', 'fieldName' => 'bodytext', 'databaseRow' => ['uid' => 12], 'effectivePid' => 3];

    private const SITE_PRESET = [
        'importModules' => [['module' => '@typo3/rte-ckeditor/plugin/whitespace.js', 'exports' => ['Whitespace']]],
        'toolbar' => ['items' => ['bold', 'italic', '|', 'link'], 'shouldNotGroupWhenFull' => true],
    ];

    protected function tearDown(): void
    {
        SimulatedSite::logIn(null);
        unset($GLOBALS['LANG']);
    }

    public function testAddsThePluginTheButtonFirstAndTheRoutesToWhateverPresetTheFieldUses(): void
    {
        $configuration = RichTextConfiguration::withAskAi(self::SITE_PRESET, self::FORM_DATA);

        self::assertSame([
            ['module' => '@typo3/rte-ckeditor/plugin/whitespace.js', 'exports' => ['Whitespace']],
            ['module' => '@ask-ai-dialog/typo3/ckeditor5.js', 'exports' => ['AskAi']],
        ], $configuration['importModules']);
        self::assertSame(['askAi', '|', 'bold', 'italic', '|', 'link'], $configuration['toolbar']['items']);
        self::assertTrue($configuration['toolbar']['shouldNotGroupWhenFull'], 'the rest of the toolbar stays');
        self::assertSame(RichTextConfiguration::ROUTES, $configuration['askAi']['routes']);
        self::assertSame(['table' => 'tt_content', 'uid' => 12, 'field' => 'bodytext'], $configuration['askAi']['record']);
    }

    public function testAddsNothingTwiceAndTheSitesOwnAskAiSettingsWin(): void
    {
        $once = RichTextConfiguration::withAskAi(self::SITE_PRESET + ['askAi' => ['configuration' => 'eu-hosted', 'markGenerated' => false]], self::FORM_DATA);
        $twice = RichTextConfiguration::withAskAi($once, self::FORM_DATA);

        self::assertSame($once, $twice);
        self::assertSame('eu-hosted', $twice['askAi']['configuration']);
        self::assertFalse($twice['askAi']['markGenerated']);
    }

    public function testAToolbarGivenAsAListAndARecordNotYetSaved(): void
    {
        $configuration = RichTextConfiguration::withAskAi(['toolbar' => ['bold']], ['databaseRow' => ['uid' => 'NEW64f0a'], 'tableName' => 'tt_content', 'fieldName' => 'bodytext']);

        self::assertSame(['items' => ['askAi', '|', 'bold']], $configuration['toolbar']);
        self::assertArrayNotHasKey('record', $configuration['askAi']);
    }

    public function testTheListenerAddsAskAiOnlyForEditorsWithNrLlmsGrant(): void
    {
        $catalogue = SimulatedCatalogue::fromFixture();
        $tasks = new SimulatedTasks($catalogue);
        $listener = new AddAskAiToRichTextEditor(
            new EditorAccess(),
            new DialogMessages(),
            $this->siteLanguages(['English', 'Deutsch']),
            new TaskPresets($tasks, new SimulatedConfigurations($catalogue, ['private'])),
        );

        SimulatedSite::logIn('no-grant');
        $event = new BeforePrepareConfigurationForEditorEvent(self::SITE_PRESET, self::FORM_DATA);
        $listener($event);
        self::assertSame(self::SITE_PRESET, $event->getConfiguration());

        SimulatedSite::logIn('editor');
        $listener($event);
        self::assertContains('askAi', $event->getConfiguration()['toolbar']['items']);
        self::assertSame(['English', 'Deutsch'], $event->getConfiguration()['askAi']['languages']);
        // nr-llm's tasks this editor may run, beside the dialog's own (the extension's default placement).
        self::assertSame([11, 12], array_column($event->getConfiguration()['askAi']['taskPresets'], 'task'));
        self::assertSame('beside', $event->getConfiguration()['askAi']['taskPresetPlacement']);
    }

    public function testTheSiteChoosesTasksInsteadOfTheDialogsOwnOrNone(): void
    {
        $presets = [['id' => 'nr-llm-task-11', 'label' => 'Teaser', 'prompt' => 'Write a teaser.', 'task' => 11]];
        self::assertSame('instead', RichTextConfiguration::withAskAi([], self::FORM_DATA, [], [], $presets, 'instead')['askAi']['taskPresetPlacement']);
        self::assertArrayNotHasKey('taskPresets', RichTextConfiguration::withAskAi([], self::FORM_DATA)['askAi']);

        $GLOBALS['TYPO3_CONF_VARS']['EXTENSIONS']['ask_ai']['taskPresets'] = 'instead';
        self::assertSame('instead', TaskPresets::placement());
        $GLOBALS['TYPO3_CONF_VARS']['EXTENSIONS']['ask_ai']['taskPresets'] = 'everywhere';
        self::assertSame('beside', TaskPresets::placement(), 'an unknown setting is the default');
        unset($GLOBALS['TYPO3_CONF_VARS']['EXTENSIONS']);
    }

    public function testTheDialogsMessagesComeFromTheXliffInTheUsersLanguage(): void
    {
        $GLOBALS['LANG'] = new class {
            public function sL(string $key): string
            {
                return match (substr($key, strrpos($key, ':') + 1)) {
                    'trigger' => 'Spør AI',
                    'tools' => 'Verktøy: {0} tilgjengelige, {1} holdt tilbake',
                    'withheldReason.unknown' => 'Ukjent verktøy',
                    default => '',
                };
            }
        };

        self::assertSame(
            ['trigger' => 'Spør AI', 'tools' => 'Verktøy: {0} tilgjengelige, {1} holdt tilbake', 'withheldReason' => ['unknown' => 'Ukjent verktøy']],
            (new DialogMessages())->for($GLOBALS['LANG']),
        );
        self::assertSame([], (new DialogMessages())->for(null), 'no language service: the dialog’s own tables');
    }

    /** @param list<string> $titles */
    private function siteLanguages(array $titles): SiteLanguages
    {
        return new class ($titles) extends SiteLanguages {
            /** @param list<string> $titles */
            public function __construct(private readonly array $titles) {}

            public function forPage(int $pageId): array
            {
                return $pageId === 3 ? $this->titles : [];
            }
        };
    }
}
