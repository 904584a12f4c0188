<?php

declare(strict_types=1);

/*
 * The built CKEditor plugin and standalone widget (npm run build writes them). Tagged backend.form:
 * TYPO3 13.4's FormEngine puts only tagged packages into its import map, so without the tag the RTE's
 * import() of the plugin fails and the toolbar button is silently missing (14.3 includes every import).
 * Every file imports the others through this prefix, never relatively, so each resolves to the one
 * ?bust= URL TYPO3 maps it to: the widget module loads once, and no cached file points at old chunks.
 */
return [
    'dependencies' => ['backend', 'rte_ckeditor'],
    'tags' => ['backend.form'],
    'imports' => [
        '@ask-ai-dialog/typo3/' => 'EXT:ask_ai/Resources/Public/JavaScript/',
    ],
];
