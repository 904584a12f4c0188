<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Tool;

use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Tests\Support\SimulatedPageTitles;
use AskAiDialog\AskAi\Tests\Support\SiteTestCase;
use AskAiDialog\AskAi\Tool\ToolActivity;

/**
 * While the site's tools work, the dialog says what they do in the editor's words: the model round that
 * asks for them names each tool with those words, and nothing of what it was asked leaves the server.
 */
final class ToolActivityTest extends SiteTestCase
{
    public function testTheModelsRoundNamesEachToolWithWhatItDoesAndNotItsArguments(): void
    {
        $this->runTask(['prompt' => 'Look up get_page_content and search_records.', 'tools' => ['get_page_content', 'search_records'], 'requestId' => 'words']);

        $round = array_values(array_filter($this->output->events(), static fn(array $e): bool => $e['event'] === 'step' && ($e['step']['requestedToolCalls'] ?? null) !== null));
        self::assertCount(1, $round);
        self::assertSame([
            ['name' => 'get_page_content', 'activity' => 'Reading the page “Reading garden”…'],
            ['name' => 'search_records', 'activity' => 'Searching the site for “reading garden opening hours”…'],
        ], $round[0]['step']['requestedToolCalls']);
        self::assertStringNotContainsString('arguments', implode('', $this->output->lines));
        self::assertSame('done', $this->terminal()['event']);
    }

    public function testAPageTheEditorMayNotSeeIsNotNamedAndLongOrOddWordsAreOneShortLine(): void
    {
        $activity = new ToolActivity(Labels::english(), new SimulatedPageTitles());

        self::assertSame('Reading a page…', $activity->of('get_page_content', ['uid' => 2]));
        self::assertSame('Reading a page…', $activity->of('get_page_content', ['uid' => 'one']));
        self::assertSame(
            'Searching the site for “opening hours of the reading garden in the city library on…”…',
            $activity->of('site_rag_query', ['question' => "opening\nhours of the reading garden in the city library on\tSundays and holidays"]),
        );
        $sixty = str_repeat('harbour ', 7) . 'keep';
        self::assertSame(60, mb_strlen($sixty));
        self::assertSame('Searching the site for “' . $sixty . '”…', $activity->of('search_records', ['query' => $sixty]), 'sixty characters are kept whole');
        self::assertSame('Searching the site for “' . trim(str_repeat('harbour ', 7)) . '…”…', $activity->of('search_records', ['query' => $sixty . 'e']));
        self::assertSame('Searching the site…', $activity->of('search_records', ['query' => ['not', 'words']]));
        self::assertSame('Reading content elements…', $activity->of('read_records', ['table' => 'tt_content']));
        self::assertSame('Using “Search files”…', $activity->of('search_fal_files', ['query' => 'x']));
        self::assertSame('Using “My site tool”…', $activity->of('my_site_tool', []));
    }
}
