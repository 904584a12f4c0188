<?php

$EM_CONF[$_EXTKEY] = [
    'title' => 'Ask AI',
    'description' => 'Ask AI for TYPO3 editors on nr-llm: one task, the tools that run unattended (ADR-210), the answer streamed into the rich-text editor.',
    'category' => 'be',
    'state' => 'beta',
    'version' => '0.1.0',
    'constraints' => [
        // composer.json is authoritative (^13.4 || ^14.3); this range only cannot under-claim.
        'depends' => [
            'typo3' => '13.4.0-14.99.99',
            'php' => '8.2.0-8.99.99',
            'nr_llm' => '0.33.0-0.33.99',
            'rte_ckeditor' => '13.4.0-14.99.99',
        ],
        'conflicts' => [],
        'suggests' => [],
    ],
];
