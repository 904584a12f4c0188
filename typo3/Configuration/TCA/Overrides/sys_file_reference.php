<?php

declare(strict_types=1);

defined('TYPO3') or die();

// Ask AI beside an image reference's "Alternative text": the alt text written from the image itself.
$GLOBALS['TCA']['sys_file_reference']['columns']['alternative']['config']['fieldControl']['askAiAltText'] = [
    'renderType' => 'askAiAltText',
];
