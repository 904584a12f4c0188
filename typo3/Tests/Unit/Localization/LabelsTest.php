<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Localization;

use AskAiDialog\AskAi\Localization\Labels;
use PHPUnit\Framework\TestCase;

final class LabelsTest extends TestCase
{
    protected function tearDown(): void
    {
        unset($GLOBALS['LANG']);
    }

    public function testEveryKeyTheCodeUsesIsInTheEnglishAndTheGermanFileWithTheSameEnglishText(): void
    {
        $used = [];
        foreach (new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator(dirname(__DIR__, 3) . '/Classes')) as $file) {
            if ($file->isFile() && $file->getExtension() === 'php') {
                preg_match_all("/(?:Labels::get\\(|InvalidRunRequest\\()'([a-z.A-Z]+)',\\s*'((?:[^'\\\\]|\\\\.)*)'/", (string)file_get_contents($file->getPathname()), $matches, PREG_SET_ORDER);
                foreach ($matches as [, $key, $english]) {
                    $used[$key] = stripslashes($english);
                }
            }
        }
        self::assertGreaterThan(15, count($used));

        $english = $this->units('locallang.xlf', 'source');
        $german = $this->units('de.locallang.xlf', 'target');
        foreach ($used as $key => $text) {
            self::assertSame($text, $english[$key] ?? null, $key);
            self::assertNotEmpty($german[$key] ?? null, $key);
            self::assertSame(substr_count($text, '%'), substr_count($german[$key], '%'), $key . ': the placeholders');
        }
    }

    public function testTheBackendUsersLanguageAnswersWhereLoaded(): void
    {
        $GLOBALS['LANG'] = new class {
            public function sL(string $key): string
            {
                return str_ends_with($key, ':error.configuration.missing') ? 'Die KI-Konfiguration „%s“ gibt es nicht.' : '';
            }
        };

        self::assertSame('Die KI-Konfiguration „x“ gibt es nicht.', Labels::get('error.configuration.missing', 'The AI configuration "%s" does not exist.', ['x']));
        self::assertSame('Fallback.', Labels::get('error.other', 'Fallback.'));
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
