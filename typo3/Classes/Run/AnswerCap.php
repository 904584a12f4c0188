<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

/**
 * The longest answer the dialog keeps (`MAX_ANSWER_LENGTH` of its run state: 2,000,000 characters), held
 * on the server too: a model that writes 60 MB does not send 60 MB. Cut on a whole character (a code
 * point, as the dialog counts them), and said: the answer is marked cut.
 */
final class AnswerCap
{
    public const CHARACTERS = 2_000_000;

    /** Largest piece of answer one `delta` line carries: a long chunk goes as several lines. */
    public const DELTA_CHARACTERS = 16_384;

    private int $kept = 0;

    private bool $cut = false;

    public function __construct(private readonly int $limit = self::CHARACTERS)
    {
    }

    /** The part of `$text` that still fits; empty once the cap is reached. */
    public function take(string $text): string
    {
        if ($this->cut) {
            return '';
        }
        $length = mb_strlen($text, 'UTF-8');
        if ($this->kept + $length <= $this->limit) {
            $this->kept += $length;

            return $text;
        }
        $this->cut = true;
        $fits = mb_substr($text, 0, $this->limit - $this->kept, 'UTF-8');
        $this->kept = $this->limit;

        return $fits;
    }

    public function wasCut(): bool
    {
        return $this->cut;
    }

    /** @return list<string> `$text` in pieces of at most {@see DELTA_CHARACTERS}, each on whole characters */
    public static function pieces(string $text): array
    {
        if (mb_strlen($text, 'UTF-8') <= self::DELTA_CHARACTERS) {
            return $text === '' ? [] : [$text];
        }

        return mb_str_split($text, self::DELTA_CHARACTERS, 'UTF-8');
    }
}
