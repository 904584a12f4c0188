<?php

declare(strict_types=1);

use TYPO3\CMS\Core\Imaging\IconProvider\SvgIconProvider;

// The Ask AI sparkle, as the rich-text toolbar shows it: the alt-text control's icon too.
return [
    'ask-ai-sparkle' => [
        'provider' => SvgIconProvider::class,
        'source' => 'EXT:ask_ai/Resources/Public/Icons/ask-ai.svg',
    ],
];
