<?php

declare(strict_types=1);

defined('TYPO3') or die();

// The run ledger (requestId → run, cancel requested): TYPO3's default cache backend is the database,
// so a Stop that lands on another web node of a load-balanced site still finds the run. A site may
// point it at Redis instead; a per-node backend (file, APCu) would break Stop across nodes.
$GLOBALS['TYPO3_CONF_VARS']['SYS']['caching']['cacheConfigurations']['ask_ai_runs'] ??= [];
$GLOBALS['TYPO3_CONF_VARS']['SYS']['caching']['cacheConfigurations']['ask_ai_runs'] += [
    'options' => ['defaultLifetime' => 86400],
    'groups' => ['system'],
];

// An RTE preset for fields that should keep the mark of AI-written text on save (TYPO3 13.4); select it
// with Page TSconfig `RTE.default.preset = ask_ai` or a field's richtextConfiguration.
$GLOBALS['TYPO3_CONF_VARS']['RTE']['Presets']['ask_ai'] ??= 'EXT:ask_ai/Configuration/RTE/AskAi.yaml';
