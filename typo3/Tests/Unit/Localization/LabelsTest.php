<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Localization;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Localization\LanguageService;
use TYPO3\CMS\Core\Localization\LanguageServiceFactory;

final class LabelsTest extends TestCase
{
    protected function tearDown(): void
    {
        SimulatedSite::logIn(null);
    }

    public function testEveryKeyTheCodeUsesIsInTheEnglishAndTheGermanFileWithTheSameEnglishText(): void
    {
        $used = [];
        foreach (new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator(dirname(__DIR__, 3) . '/Classes')) as $file) {
            if ($file->isFile() && $file->getExtension() === 'php') {
                preg_match_all('/(?:->get\(|\$invalid\()\s*\'([a-z][a-zA-Z.]+)\',\s*\'((?:[^\'\\\\]|\\\\.)*)\'/', (string)file_get_contents($file->getPathname()), $matches, PREG_SET_ORDER);
                foreach ($matches as [, $key, $english]) {
                    $used[$key] = stripslashes($english);
                }
            }
        }
        self::assertGreaterThan(30, count($used));
        $english = $this->units('locallang.xlf', 'source');
        $german = $this->units('de.locallang.xlf', 'target');
        foreach ($used as $key => $text) {
            self::assertSame($text, $english[$key] ?? null, $key);
            self::assertNotEmpty($german[$key] ?? null, $key);
            self::assertSame(substr_count($text, '%'), substr_count($german[$key], '%'), $key . ': the placeholders');
        }
    }

    public function testTheEditorsLanguageAnswersAndALabelWithoutArgumentsIsNeverFormatted(): void
    {
        SimulatedSite::logIn('editor');
        $labels = new Labels($this->languages([
            'error.configuration.missing' => 'Die KI-Konfiguration „%s“ gibt es nicht.',
            'error.run.cancelled' => 'Zu 100 % gestoppt.',
            'error.run.deadline' => 'Keine Antwort in %d Sekunden von %s.',
        ]), new EditorAccess());

        self::assertSame('Die KI-Konfiguration „x“ gibt es nicht.', $labels->get('error.configuration.missing', 'The AI configuration "%s" does not exist.', ['x']));
        self::assertSame('Zu 100 % gestoppt.', $labels->get('error.run.cancelled', 'The task was stopped.'), 'a bare % is text');
        self::assertSame('The AI service did not answer within 120 seconds.', $labels->get('error.run.deadline', 'The AI service did not answer within %d seconds.', [120]), 'a translation that asks for more than it gets falls back to English');
        self::assertSame('Fallback.', $labels->get('error.other', 'Fallback.'));
    }

    public function testOutsideABackendRequestEverythingIsEnglish(): void
    {
        self::assertSame('The task was stopped.', Labels::english()->get('error.run.cancelled', 'The task was stopped.'));
        self::assertNull((new Labels($this->languages([]), new EditorAccess()))->language(), 'no user, no language service');
    }

    /** @param array<string, string> $texts */
    private function languages(array $texts): LanguageServiceFactory
    {
        $language = $this->createMock(LanguageService::class);
        $language->method('sL')->willReturnCallback(static fn(string $key): string => $texts[substr($key, strrpos($key, ':') + 1)] ?? '');
        $factory = $this->createMock(LanguageServiceFactory::class);
        $factory->method('createFromUserPreferences')->willReturn($language);

        return $factory;
    }

    /** @return array<string, string> */
    private function units(string $file, string $element): array
    {
        $xml = simplexml_load_file(dirname(__DIR__, 3) . '/Resources/Private/Language/' . $file);
        self::assertNotFalse($xml, $file . ' is well-formed XML');
        $xml->registerXPathNamespace('x', 'urn:oasis:names:tc:xliff:document:1.2');
        $units = [];
        foreach ($xml->xpath('//x:trans-unit') as $unit) {
            $units[(string)$unit['id']] = (string)$unit->{$element};
        }

        return $units;
    }
}
