<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Rte;

use AskAiDialog\AskAi\EventListener\KeepGeneratedMarkOnSave;
use AskAiDialog\AskAi\Rte\GeneratedMarkProcessing;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Configuration\Event\AfterRichtextConfigurationPreparedEvent;

final class GeneratedMarkProcessingTest extends TestCase
{
    public function testWithoutAListTypo3sSpanDefaultsAreKeptAndTheMarkAdded(): void
    {
        $span = GeneratedMarkProcessing::addTo(['editor' => ['config' => []]])['processing']['HTMLparser_db']['tags']['span'];

        self::assertSame('id,class,style,title,lang,xml:lang,dir,itemscope,itemtype,itemprop,data-ai-generated', $span['allowedAttribs']);
    }

    public function testASitesOwnListAndSettingsAreKeptAndTheMarkAddedOnce(): void
    {
        $site = ['processing' => ['HTMLparser_db' => ['tags' => ['span' => ['allowedAttribs' => 'class, lang', 'rmTagIfNoAttrib' => 1]]]]];
        $once = GeneratedMarkProcessing::addTo($site);

        self::assertSame(['allowedAttribs' => 'class,lang,data-ai-generated', 'rmTagIfNoAttrib' => 1], $once['processing']['HTMLparser_db']['tags']['span']);
        self::assertSame($once, GeneratedMarkProcessing::addTo($once));
    }

    public function testOnTypo3FourteenEveryPresetKeepsTheMark(): void
    {
        $event = new AfterRichtextConfigurationPreparedEvent(['processing' => ['mode' => 'default']]);
        (new KeepGeneratedMarkOnSave())($event);

        self::assertSame('default', $event->getConfiguration()['processing']['mode']);
        self::assertStringEndsWith(',data-ai-generated', $event->getConfiguration()['processing']['HTMLparser_db']['tags']['span']['allowedAttribs']);
    }

    public function testTheAskAiPresetRepeatsEveryTypo3DefaultAndAddsTheMark(): void
    {
        $yaml = (string)file_get_contents(dirname(__DIR__, 3) . '/Configuration/RTE/AskAi.yaml');
        self::assertSame(1, preg_match("/allowedAttribs: '([^']+)'/", $yaml, $match));

        self::assertSame([...GeneratedMarkProcessing::TYPO3_SPAN_DEFAULTS, 'data-ai-generated'], explode(',', $match[1]));
        self::assertStringContainsString("resource: 'EXT:rte_ckeditor/Configuration/RTE/Default.yaml'", $yaml);
    }

    public function testTheMarkIsOfferedOnlyWhereTheFieldsSaveKeepsIt(): void
    {
        self::assertFalse(GeneratedMarkProcessing::keeps([]), 'TYPO3’s default span attributes strip it');
        self::assertTrue(GeneratedMarkProcessing::keeps(GeneratedMarkProcessing::addTo([])));
        self::assertTrue(GeneratedMarkProcessing::keeps(['processing' => ['HTMLparser_db' => ['tags' => ['span' => ['allowedAttribs' => 'class, data-ai-generated']]]]]));
        // Page TSconfig, merged into `proc.`, is what the save reads last.
        self::assertFalse(GeneratedMarkProcessing::keeps([
            'processing' => ['HTMLparser_db' => ['tags' => ['span' => ['allowedAttribs' => 'data-ai-generated']]]],
            'proc.' => ['HTMLparser_db.' => ['tags.' => ['span.' => ['allowedAttribs' => 'class']]]],
        ]));
    }

    public function testOnTypo3ThirteenTheDefaultPresetBecomesTheAskAiPresetUnlessASiteReplacedIt(): void
    {
        $before = $GLOBALS['TYPO3_CONF_VARS'] ?? [];
        $GLOBALS['TYPO3_CONF_VARS'] = ['SYS' => ['caching' => ['cacheConfigurations' => []]], 'RTE' => ['Presets' => ['default' => 'EXT:rte_ckeditor/Configuration/RTE/Default.yaml']]];
        require dirname(__DIR__, 3) . '/ext_localconf.php';
        $core = $GLOBALS['TYPO3_CONF_VARS']['RTE']['Presets'];
        $GLOBALS['TYPO3_CONF_VARS']['RTE']['Presets'] = ['default' => 'EXT:site/Configuration/RTE/Mine.yaml'];
        require dirname(__DIR__, 3) . '/ext_localconf.php';
        $own = $GLOBALS['TYPO3_CONF_VARS']['RTE']['Presets'];
        $GLOBALS['TYPO3_CONF_VARS'] = $before;

        self::assertSame('EXT:ask_ai/Configuration/RTE/AskAi.yaml', $core['default']);
        self::assertSame('EXT:ask_ai/Configuration/RTE/AskAi.yaml', $core['ask_ai']);
        self::assertSame('EXT:site/Configuration/RTE/Mine.yaml', $own['default'], 'a site’s own default preset stays');
    }
}
