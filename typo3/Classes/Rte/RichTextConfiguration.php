<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Rte;

/**
 * Adds Ask AI to a CKEditor configuration as TYPO3's RTE hands it to the editor, whatever preset the
 * field uses: the plugin module, the toolbar button first, and `askAi` with the extension's options.
 * What the site's preset already says about `askAi` wins; nothing is added twice.
 */
final class RichTextConfiguration
{
    public const MODULE = '@ask-ai-dialog/typo3/ckeditor5.js';

    public const ROUTES = [
        'tools' => 'ask_ai_tools',
        'run' => 'ask_ai_run',
        'cancel' => 'ask_ai_cancel',
        'outcome' => 'ask_ai_outcome',
        // Public: the others' URLs for the current session, after a new login (RoutesController).
        'routes' => 'ask_ai_routes',
    ];

    /**
     * The dialog as one of the backend's modals: over the whole backend (the top frame, so the module menu
     * and the page tree are dimmed and inert too), in the backend's own look.
     */
    public const BACKEND_LOOK = ['container' => 'top', 'theme' => 'typo3'];

    /**
     * @param array<string, mixed> $configuration the editor's configuration
     * @param array<string, mixed> $askAi         the plugin's options for this field ({@see EditorOptions})
     *
     * @return array<string, mixed>
     */
    public static function withAskAi(array $configuration, array $askAi): array
    {
        $modules = is_array($configuration['importModules'] ?? null) ? $configuration['importModules'] : [];
        $loaded = array_map(static fn(mixed $m): mixed => is_array($m) ? ($m['module'] ?? null) : $m, $modules);
        if (!in_array(self::MODULE, $loaded, true)) {
            $modules[] = ['module' => self::MODULE, 'exports' => ['AskAi']];
        }
        $configuration['importModules'] = $modules;

        $toolbar = $configuration['toolbar'] ?? [];
        $items = is_array($toolbar) && array_is_list($toolbar) ? $toolbar : (is_array($toolbar['items'] ?? null) ? $toolbar['items'] : []);
        if (!in_array('askAi', $items, true)) {
            array_unshift($items, 'askAi', '|');
        }
        if (is_array($toolbar) && !array_is_list($toolbar)) {
            $toolbar['items'] = $items;
        } else {
            $toolbar = ['items' => $items];
        }
        $configuration['toolbar'] = $toolbar;

        $site = is_array($configuration['askAi'] ?? null) ? $configuration['askAi'] : [];
        $configuration['askAi'] = array_replace(['routes' => self::ROUTES] + self::BACKEND_LOOK, $askAi, $site);

        return $configuration;
    }

    /** @param array<string, mixed> $formData @return array{table: string, uid: int, field: string}|null */
    public static function record(array $formData): ?array
    {
        $table = $formData['tableName'] ?? null;
        $field = $formData['fieldName'] ?? null;
        $uid = $formData['databaseRow']['uid'] ?? null;
        // A record not yet saved has a uid like "NEW64f…": there is nothing to point the model at.
        if (!is_string($table) || !is_string($field) || !is_numeric($uid) || (int)$uid <= 0) {
            return null;
        }

        return ['table' => $table, 'uid' => (int)$uid, 'field' => $field];
    }
}
