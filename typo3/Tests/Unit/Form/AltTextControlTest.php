<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Form;

use AskAiDialog\AskAi\Form\AltTextControl;
use PHPUnit\Framework\TestCase;

/** Which image the alt-text control names, as FormEngine hands over the record it renders. */
final class AltTextControlTest extends TestCase
{
    public function testASavedReferenceIsNamedByItselfSoItsRecordsPermissionsApply(): void
    {
        self::assertSame(['fileReference' => 12], AltTextControl::image('sys_file_reference', ['uid' => 12, 'uid_local' => [['uid' => 3]]]));
    }

    public function testANewReferenceNamesItsFile(): void
    {
        self::assertSame(['file' => 3], AltTextControl::image('sys_file_reference', ['uid' => 'NEW6a1b2c', 'uid_local' => [['uid' => 3, 'table' => 'sys_file']]]));
        self::assertSame(['file' => 7], AltTextControl::image('sys_file_reference', ['uid' => 'NEW6a1b2c', 'uid_local' => 'sys_file_7']));
    }

    public function testFileMetadataNamesItsFile(): void
    {
        self::assertSame(['file' => 9], AltTextControl::image('sys_file_metadata', ['uid' => 4, 'file' => [['uid' => 9]]]));
        self::assertSame(['file' => 9], AltTextControl::image('sys_file_metadata', ['uid' => 4, 'file' => 9]));
    }

    public function testNoImageNoControl(): void
    {
        self::assertNull(AltTextControl::image('sys_file_reference', ['uid' => 'NEW1', 'uid_local' => []]));
        self::assertNull(AltTextControl::image('sys_file_metadata', ['uid' => 4, 'file' => 0]));
    }

    public function testTheRecordsLanguageIsItsUidAsFormEngineHandsItAndTheDefaultLanguageWithoutOne(): void
    {
        self::assertSame(1, AltTextControl::recordLanguage(['sys_language_uid' => ['1']]));
        self::assertSame(2, AltTextControl::recordLanguage(['sys_language_uid' => 2]));
        self::assertSame(0, AltTextControl::recordLanguage([]));
        self::assertSame(0, AltTextControl::recordLanguage(['sys_language_uid' => []]));
        self::assertSame(0, AltTextControl::recordLanguage(['sys_language_uid' => 'all']));
        self::assertSame(0, AltTextControl::recordLanguage(['sys_language_uid' => [null]]));
    }

    public function testTheDialogWritesInTheRecordsLanguageAndShowsTheImageWhereThereAreThey(): void
    {
        $preview = ['src' => '/fileadmin/_processed_/tram.png', 'name' => 'tram.png'];
        self::assertSame(
            ['altText' => true, 'context' => ['contentLanguage' => 'de'], 'imagePreview' => $preview],
            AltTextControl::dialog(['altText' => true], 'de', $preview),
        );
        self::assertSame(['altText' => true], AltTextControl::dialog(['altText' => true], null, null));
    }
}
