<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Rte;

/**
 * The plugin's mark of AI-written text (`<span data-ai-generated="…">`) and TYPO3's save processing.
 * TYPO3's `HTMLparser_db` keeps a fixed list of span attributes, and a preset's `allowedAttribs` replaces
 * that list rather than adding to it. So the attribute is added to the list in force — TYPO3's defaults
 * where the preset names none — and nothing a site allowed is lost; and the editor is offered the mark
 * only where the field's processing keeps it (shown, then stripped on save, would mislead).
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
        $listed = self::spanAttributes($rteConfiguration);
        if (!in_array(self::ATTRIBUTE, $listed, true)) {
            $listed[] = self::ATTRIBUTE;
        }
        $span = $rteConfiguration['processing']['HTMLparser_db']['tags']['span'] ?? [];
        $span = is_array($span) ? $span : [];
        $span['allowedAttribs'] = implode(',', $listed);
        $rteConfiguration['processing']['HTMLparser_db']['tags']['span'] = $span;
        if (isset($rteConfiguration['proc.']) && is_array($rteConfiguration['proc.'])) {
            $rteConfiguration['proc.']['HTMLparser_db.']['tags.']['span.']['allowedAttribs'] = $span['allowedAttribs'];
        }

        return $rteConfiguration;
    }

    /**
     * Whether saving the field keeps the mark: its processing lists the attribute for spans (the `proc.`
     * form wins, as TYPO3's save reads it after Page TSconfig was merged in).
     *
     * @param array<string, mixed> $rteConfiguration
     */
    public static function keeps(array $rteConfiguration): bool
    {
        return in_array(self::ATTRIBUTE, self::spanAttributes($rteConfiguration), true);
    }

    /**
     * @param array<string, mixed> $rteConfiguration
     *
     * @return list<string>
     */
    private static function spanAttributes(array $rteConfiguration): array
    {
        $list = $rteConfiguration['proc.']['HTMLparser_db.']['tags.']['span.']['allowedAttribs']
            ?? $rteConfiguration['processing']['HTMLparser_db']['tags']['span']['allowedAttribs']
            ?? null;

        return is_string($list) && trim($list) !== ''
            ? array_values(array_filter(array_map('trim', explode(',', $list)), 'strlen'))
            : self::TYPO3_SPAN_DEFAULTS;
    }
}
