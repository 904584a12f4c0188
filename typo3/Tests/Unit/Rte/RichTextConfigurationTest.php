<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Rte;

use AskAiDialog\AskAi\EventListener\AddAskAiToRichTextEditor;
use AskAiDialog\AskAi\Rte\DialogMessages;
use AskAiDialog\AskAi\Rte\RichTextConfiguration;
use AskAiDialog\AskAi\Rte\SiteLanguages;
use AskAiDialog\AskAi\Tests\Support\OneSite;
use AskAiDialog\AskAi\Tests\Support\RecordingOutput;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Site\SiteFinder;
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
        $configuration = RichTextConfiguration::withAskAi(self::SITE_PRESET, ['record' => RichTextConfiguration::record(self::FORM_DATA)]);

        self::assertSame([
            ['module' => '@typo3/rte-ckeditor/plugin/whitespace.js', 'exports' => ['Whitespace']],
            ['module' => '@ask-ai-dialog/typo3/ckeditor5.js', 'exports' => ['AskAi']],
        ], $configuration['importModules']);
        self::assertSame(['askAi', '|', 'bold', 'italic', '|', 'link'], $configuration['toolbar']['items']);
        self::assertTrue($configuration['toolbar']['shouldNotGroupWhenFull'], 'the rest of the toolbar stays');
        self::assertSame(RichTextConfiguration::ROUTES, $configuration['askAi']['routes']);
        self::assertSame(['table' => 'tt_content', 'uid' => 12, 'field' => 'bodytext'], $configuration['askAi']['record']);
        self::assertArrayNotHasKey('configuration', $configuration['askAi'], 'nr-llm’s default, found by its flag on the server');
        // One of the backend's modals: over the whole backend (the top frame), in the backend's own look.
        self::assertSame('top', $configuration['askAi']['container']);
        self::assertSame('typo3', $configuration['askAi']['theme']);
        self::assertSame('ask_ai_routes', $configuration['askAi']['routes']['routes']);
    }

    public function testAddsNothingTwiceAndTheSitesOwnAskAiSettingsWin(): void
    {
        $once = RichTextConfiguration::withAskAi(self::SITE_PRESET + ['askAi' => ['configuration' => 'eu-hosted', 'markGenerated' => false]], ['markGenerated' => true]);
        $twice = RichTextConfiguration::withAskAi($once, ['markGenerated' => true]);

        self::assertSame($once, $twice);
        self::assertSame('eu-hosted', $twice['askAi']['configuration']);
        self::assertFalse($twice['askAi']['markGenerated']);
        // A site that wants the dialog in the editor's own frame says so.
        self::assertSame('body', RichTextConfiguration::withAskAi(['askAi' => ['container' => 'body']], [])['askAi']['container']);
    }

    public function testAToolbarGivenAsAListAndARecordNotYetSaved(): void
    {
        self::assertSame(['items' => ['askAi', '|', 'bold']], RichTextConfiguration::withAskAi(['toolbar' => ['bold']], [])['toolbar']);
        self::assertNull(RichTextConfiguration::record(['databaseRow' => ['uid' => 'NEW64f0a'], 'tableName' => 'tt_content', 'fieldName' => 'bodytext']));
    }

    public function testTheListenerAddsAskAiOnlyForEditorsWithNrLlmsGrantWithWhatTheFieldNeeds(): void
    {
        $site = new SimulatedSite(new RecordingOutput(), deniedConfigurations: ['private']);
        $site->container->set(SiteFinder::class, new OneSite(['en_US.UTF-8', 'de_DE.UTF-8', 'de_AT.UTF-8']));
        $listener = $site->container->get(AddAskAiToRichTextEditor::class);
        $keeps = ['parameterArray' => ['fieldConf' => ['config' => ['richtextConfiguration' => ['processing' => ['HTMLparser_db' => ['tags' => ['span' => ['allowedAttribs' => 'class,data-ai-generated']]]]]]]]];

        SimulatedSite::logIn('no-grant');
        $event = new BeforePrepareConfigurationForEditorEvent(self::SITE_PRESET, self::FORM_DATA + $keeps);
        $listener($event);
        self::assertSame(self::SITE_PRESET, $event->getConfiguration());

        SimulatedSite::logIn('editor');
        $listener($event);
        $askAi = $event->getConfiguration()['askAi'];
        self::assertContains('askAi', $event->getConfiguration()['toolbar']['items']);
        self::assertSame(['en', 'de-DE', 'de-AT'], $askAi['languages'], 'the site’s languages by code, named by the dialog in the editor’s language');
        // nr-llm's tasks this editor may run, beside the dialog's own (the extension's default placement).
        self::assertSame([11, 12, 13], array_column($askAi['taskPresets'], 'task'));
        self::assertSame(['insert', 'insert', 'replace'], array_column($askAi['taskPresets'], 'use'));
        self::assertSame('beside', $askAi['taskPresetPlacement']);
        self::assertTrue($askAi['markGenerated'], 'this field’s save keeps the mark');
        self::assertFalse($askAi['debug'], 'tools, steps and usage are for administrators');
        self::assertTrue($askAi['altText']);

        $withoutTheRule = new BeforePrepareConfigurationForEditorEvent(self::SITE_PRESET, self::FORM_DATA);
        $listener($withoutTheRule);
        self::assertFalse($withoutTheRule->getConfiguration()['askAi']['markGenerated'], 'no mark where saving would strip it');
    }

    public function testAnAdministratorGetsTheDebugViewAndTheSiteChoosesTasksInsteadOrNone(): void
    {
        SimulatedSite::logIn('admin');
        $instead = (new SimulatedSite(new RecordingOutput(), settings: ['taskPresets' => 'instead']))->container->get(AddAskAiToRichTextEditor::class);
        $event = new BeforePrepareConfigurationForEditorEvent([], self::FORM_DATA);
        $instead($event);
        self::assertSame('instead', $event->getConfiguration()['askAi']['taskPresetPlacement']);
        self::assertTrue($event->getConfiguration()['askAi']['debug']);

        $off = (new SimulatedSite(new RecordingOutput(), settings: ['taskPresets' => 'off']))->container->get(AddAskAiToRichTextEditor::class);
        $event = new BeforePrepareConfigurationForEditorEvent([], self::FORM_DATA);
        $off($event);
        self::assertArrayNotHasKey('taskPresets', $event->getConfiguration()['askAi']);
    }

    public function testWhatEveryFieldSharesIsWorkedOutOncePerRequest(): void
    {
        $site = new SimulatedSite(new RecordingOutput());
        SimulatedSite::logIn('editor');
        $listener = $site->container->get(AddAskAiToRichTextEditor::class);
        for ($field = 0; $field < 3; $field++) {
            $listener(new BeforePrepareConfigurationForEditorEvent([], self::FORM_DATA));
        }

        self::assertSame(1, $site->tasks->listed, 'nr-llm’s task list is read once for the three fields');
    }

    public function testTheDialogsMessagesComeFromTheXliffInTheUsersLanguage(): void
    {
        $language = new class {
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
            (new DialogMessages())->for($language),
        );
        self::assertSame([], (new DialogMessages())->for(null), 'no language service: the dialog’s own tables');
    }

    public function testSiteLanguagesAreReadOncePerPage(): void
    {
        $languages = new SiteLanguages(new OneSite(['en_US.UTF-8']));

        self::assertSame(['en'], $languages->forPage(3));
        self::assertSame([], $languages->forPage(0));
        self::assertSame([], $languages->forPage(500), 'a page of no site');
    }

    public function testARecordsLanguageIsItsSiteLanguagesCodeAndNothingWhereTheSiteHasNone(): void
    {
        $languages = new SiteLanguages(new OneSite(['en_US.UTF-8', 'de_DE.UTF-8']));

        self::assertSame('en', $languages->ofRecord(3, 0));
        self::assertSame('de', $languages->ofRecord(3, 1));
        self::assertNull($languages->ofRecord(3, 2), 'a language the site does not have');
        self::assertNull($languages->ofRecord(3, -1), 'all languages');
        self::assertNull($languages->ofRecord(500, 0), 'a page of no site');
        self::assertNull($languages->ofRecord(0, 0));
    }
}
