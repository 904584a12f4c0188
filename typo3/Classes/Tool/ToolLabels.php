<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tool;

use AskAiDialog\AskAi\Localization\Labels;

/**
 * A tool's name in an editor's words ("Search this site", not "Site rag query"), in the backend user's
 * language (`tool.<name>` in locallang.xlf). nr-llm's tools an editor may meet have one; any other tool
 * (a site's own, an MCP server's) shows its name with spaces for underscores.
 */
final class ToolLabels
{
    /** English labels; the German ones live in de.locallang.xlf. */
    public const ENGLISH = [
        'get_page_content' => 'Read a page',
        'get_record_history' => 'Read a record’s history',
        'read_records' => 'Read records',
        'search_records' => 'Search records',
        'get_pagetree' => 'Read the page tree',
        'resolve_url' => 'Find the page of a URL',
        'browse_fal_folder' => 'Browse a file folder',
        'find_missing_files' => 'Find missing files',
        'get_fal_references' => 'Find where a file is used',
        'list_fal_storages' => 'List the file storages',
        'search_fal_files' => 'Search files',
        'read_fal_asset_meta' => 'Read a file’s metadata',
        'site_rag_query' => 'Search this site',
        'site_fetch_source' => 'Read a page of this site',
        'read_web_page' => 'Read a web page',
        'update_page_metadata' => 'Change page properties',
        'set_file_alternative_text' => 'Set a file’s alternative text',
        'move_content_element' => 'Move a content element',
        'create_content_element_draft' => 'Draft a content element',
        'create_page_draft' => 'Draft a page',
        'create_translation_draft' => 'Draft a translation',
        'attach_file_to_content_element' => 'Attach a file to a content element',
    ];

    public static function of(string $name, Labels $labels): string
    {
        return $labels->get('tool.' . $name, self::ENGLISH[$name] ?? ucfirst(str_replace('_', ' ', $name)));
    }
}
