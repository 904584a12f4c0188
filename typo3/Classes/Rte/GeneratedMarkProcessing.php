<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Rte;

/**
 * Keeps the plugin's mark of AI-written text (`<span data-ai-generated="…">`) when TYPO3 saves a rich-text
 * field. TYPO3's `HTMLparser_db` allows a fixed list of span attributes, and a preset's
 * `allowedAttribs` replaces that list rather than adding to it; so the attribute is added to the list
 * in force — TYPO3's defaults where the preset names none — and nothing a site allowed is lost.
 */
final class GeneratedMarkProcessing
{
    public const ATTRIBUTE = 'data-ai-generated';

    /** TYPO3's own span attributes (RteHtmlParser, 13.4 and 14.3). */
    public const TYPO3_SPAN_DEFAULTS = ['id', 'class', 'style', 'title', 'lang', 'xml:lang', 'dir', 'itemscope', 'itemtype', 'itemprop'];

    /**
     * @param array<string, mixed> $rteConfiguration a whole RTE configuration (`editor`, `processing`)
     *
     * @return array<string, mixed>
     */
    public static function addTo(array $rteConfiguration): array
    {
        $span = $rteConfiguration['processing']['HTMLparser_db']['tags']['span'] ?? [];
        $span = is_array($span) ? $span : [];
        $listed = is_string($span['allowedAttribs'] ?? null) && trim($span['allowedAttribs']) !== ''
            ? array_map('trim', explode(',', $span['allowedAttribs']))
            : self::TYPO3_SPAN_DEFAULTS;
        if (!in_array(self::ATTRIBUTE, $listed, true)) {
            $listed[] = self::ATTRIBUTE;
        }
        $span['allowedAttribs'] = implode(',', $listed);
        $rteConfiguration['processing']['HTMLparser_db']['tags']['span'] = $span;

        return $rteConfiguration;
    }
}
