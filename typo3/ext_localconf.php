<?php

declare(strict_types=1);

use AskAiDialog\AskAi\Form\AltTextControl;
use TYPO3\CMS\Core\Information\Typo3Version;

defined('TYPO3') or die();

// Where the limiters of ratings and Stops keep their windows: TYPO3's default cache backend is the
// database, so every web node of a load-balanced site counts the same requests. (A site that gives this
// cache a node-local backend counts per node.) The runs themselves are in tx_askai_run.
$GLOBALS['TYPO3_CONF_VARS']['SYS']['caching']['cacheConfigurations']['ask_ai_limits'] ??= [];
$GLOBALS['TYPO3_CONF_VARS']['SYS']['caching']['cacheConfigurations']['ask_ai_limits'] += [
    'options' => ['defaultLifetime' => 3600],
];

// FormEngine's field control beside an image's "Alternative text" (Configuration/TCA/Overrides).
$GLOBALS['TYPO3_CONF_VARS']['SYS']['formEngine']['nodeRegistry'][1733097600] = [
    'nodeName' => 'askAiAltText',
    'priority' => 30,
    'class' => AltTextControl::class,
];

// An RTE preset for fields that should keep the mark of AI-written text on save: TYPO3's default preset
// and the rule. Select it with Page TSconfig `RTE.default.preset = ask_ai` or a field's richtextConfiguration.
$GLOBALS['TYPO3_CONF_VARS']['RTE']['Presets']['ask_ai'] ??= 'EXT:ask_ai/Configuration/RTE/AskAi.yaml';

// TYPO3 13.4 has no event to add the rule to every preset's save processing (14.3 has one, and the
// extension uses it): there, TYPO3's own default preset — where a site has left it in place — becomes the
// same preset with the rule, so the mark an editor sees after Insert is still there after Save. A site's
// own presets are left alone; the plugin offers the mark only where a field's processing keeps it.
if (
    (new Typo3Version())->getMajorVersion() < 14
    && ($GLOBALS['TYPO3_CONF_VARS']['RTE']['Presets']['default'] ?? null) === 'EXT:rte_ckeditor/Configuration/RTE/Default.yaml'
) {
    $GLOBALS['TYPO3_CONF_VARS']['RTE']['Presets']['default'] = 'EXT:ask_ai/Configuration/RTE/AskAi.yaml';
}
