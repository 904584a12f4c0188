<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tool;

use AskAiDialog\AskAi\Localization\Labels;

/**
 * What a tool the model asked for is doing, in the editor's words and language, for the line the dialog
 * shows while it works ("Reading the page “Harbour”…"): from the tool and what it was asked — a page's
 * title where the editor may see that page, a search's words — never an id, an argument's name or JSON.
 * A tool without words of its own is named by its label ("Using “Search records”…").
 */
final class ToolActivity
{
    /** Characters of an editor's search words shown at most. */
    private const WORDS = 60;

    public function __construct(private readonly Labels $labels, private readonly PageTitlesInterface $pages)
    {
    }

    /** @param array<mixed> $arguments the call's arguments as the model sent them */
    public function of(string $tool, array $arguments): string
    {
        return match ($tool) {
            'get_page_content' => $this->page($arguments['uid'] ?? null),
            'search_records' => $this->search($arguments['query'] ?? null),
            'site_rag_query' => $this->search($arguments['question'] ?? null),
            'read_records' => match ($arguments['table'] ?? null) {
                'tt_content' => $this->labels->get('activity.read_records.tt_content', 'Reading content elements…'),
                'pages' => $this->labels->get('activity.read_records.pages', 'Reading pages…'),
                default => $this->labels->get('activity.read_records', 'Reading records…'),
            },
            'get_record_history' => $this->labels->get('activity.get_record_history', 'Reading the history of a record…'),
            'site_fetch_source' => $this->labels->get('activity.site_fetch_source', 'Reading a page of this site…'),
            'get_pagetree' => $this->labels->get('activity.get_pagetree', 'Reading the page tree…'),
            default => $this->labels->get('activity.tool', 'Using “%s”…', [ToolLabels::of($tool, $this->labels)]),
        };
    }

    private function page(mixed $uid): string
    {
        $title = is_numeric($uid) ? $this->pages->title((int)$uid) : null;

        return $title === null
            ? $this->labels->get('activity.get_page_content.any', 'Reading a page…')
            : $this->labels->get('activity.get_page_content', 'Reading the page “%s”…', [self::plain($title)]);
    }

    private function search(mixed $words): string
    {
        $words = is_string($words) ? self::plain($words) : '';

        return $words === ''
            ? $this->labels->get('activity.search.any', 'Searching the site…')
            : $this->labels->get('activity.search', 'Searching the site for “%s”…', [$words]);
    }

    /** One line of plain text, cut at a word where it is long. */
    private static function plain(string $text): string
    {
        $line = trim((string)preg_replace('/[\p{C}\s]+/u', ' ', $text));
        if (mb_strlen($line) <= self::WORDS) {
            return $line;
        }
        $cut = mb_substr($line, 0, self::WORDS);
        $space = mb_strrpos($cut, ' ');

        return rtrim($space !== false && $space > self::WORDS / 2 ? mb_substr($cut, 0, $space) : $cut) . '…';
    }
}
