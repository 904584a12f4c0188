<?php

declare(strict_types=1);

defined('TYPO3') or die();

// Ask AI beside a file's "Alternative text" (its metadata): the alt text written from the image itself.
if (isset($GLOBALS['TCA']['sys_file_metadata']['columns']['alternative'])) {
    $GLOBALS['TCA']['sys_file_metadata']['columns']['alternative']['config']['fieldControl']['askAiAltText'] = [
        'renderType' => 'askAiAltText',
    ];
}
