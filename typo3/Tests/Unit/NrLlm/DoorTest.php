<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\NrLlm;

use PHPUnit\Framework\TestCase;
use ReflectionClass;

/**
 * nr-llm behind one door: outside `Classes/NrLlm/`, the extension names only what nr-llm marks `@api`
 * (ADR-127: covered by its semantic versioning). The markers are read from nr-llm's own source, so a
 * release that moves a class out of `@api` fails here before it fails on a site.
 */
final class DoorTest extends TestCase
{
    public function testOutsideTheDoorOnlyNrLlmsApiIsNamed(): void
    {
        $outside = [];
        $classes = dirname(__DIR__, 3) . '/Classes';
        foreach (new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($classes)) as $file) {
            if (!$file->isFile() || $file->getExtension() !== 'php' || str_starts_with($file->getPathname(), $classes . '/NrLlm/')) {
                continue;
            }
            foreach (self::nrLlmNames((string)file_get_contents($file->getPathname())) as $name) {
                $outside[$name][] = substr($file->getPathname(), strlen($classes) + 1);
            }
        }
        self::assertGreaterThan(15, count($outside), 'the scan finds the names the extension uses');

        $notApi = [];
        foreach ($outside as $name => $files) {
            $marker = self::marker($name);
            if ($marker !== '@api') {
                $notApi[] = sprintf('%s (%s) in %s', $name, $marker, implode(', ', array_unique($files)));
            }
        }
        self::assertSame([], $notApi);
    }

    public function testTheDoorItselfIsWhereTheInternalNamesAre(): void
    {
        $inside = [];
        foreach (glob(dirname(__DIR__, 3) . '/Classes/NrLlm/*.php') ?: [] as $file) {
            foreach (self::nrLlmNames((string)file_get_contents($file)) as $name) {
                $inside[$name] = self::marker($name);
            }
        }

        self::assertContains('@internal', $inside, 'nr-llm’s internal names are used behind the door');
        self::assertSame('@internal', $inside['Netresearch\\NrLlm\\Service\\Tool\\ToolApprovalRule'] ?? null);
    }

    public function testTheMarkerReaderTellsApiInternalAndUnmarked(): void
    {
        self::assertSame('@api', self::marker('Netresearch\\NrLlm\\Service\\Agent\\AgentRuntimeInterface'));
        self::assertSame('@internal', self::marker('Netresearch\\NrLlm\\Domain\\Repository\\TaskRepository'));
        self::assertSame('unmarked', self::marker('Netresearch\\NrLlm\\Service\\Tool\\ToolRegistry'));
    }

    /** @return list<string> the nr-llm classes a PHP file names (imports and fully qualified names) */
    private static function nrLlmNames(string $php): array
    {
        preg_match_all('/\\\\?(Netresearch\\\\NrLlm\\\\[A-Za-z0-9_\\\\]+)/', $php, $matches);

        return array_values(array_unique(array_map(static fn(string $n): string => ltrim($n, '\\'), $matches[1])));
    }

    /** `@api`, `@internal` or `unmarked`: the tag in the docblock of the class declaration in nr-llm's source. */
    private static function marker(string $class): string
    {
        if (!class_exists($class) && !interface_exists($class) && !enum_exists($class) && !trait_exists($class)) {
            return 'missing';
        }
        $doc = (string)(new ReflectionClass($class))->getDocComment();

        return match (true) {
            preg_match('/^\s*\*\s*@internal\b/m', $doc) === 1 => '@internal',
            preg_match('/^\s*\*\s*@api\b/m', $doc) === 1 => '@api',
            default => 'unmarked',
        };
    }
}
