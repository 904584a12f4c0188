<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Task;

/**
 * How the dialog uses an nr-llm task's answer (the preset's `use`, CONTRACT.md): `replace` — an edit of the
 * selected text, "Replace selection" primary; `insert` — new writing about it, "Insert below" primary.
 *
 * nr-llm records no such kind, so it is read from what it does record: a task that rewrites the editor's
 * text works on content (category `content` or `general`), answers with text (`markdown`, `plain`), and
 * says so in its identifier or name (rewrite, improve, shorten, simplify, translate, correct…). Every
 * other task — a teaser, a summary, headlines, a proofreading list, a log analysis — writes something new,
 * and its answer goes below: the safe side, since Enter on the primary never overwrites what the editor
 * meant to keep.
 */
final class TaskUse
{
    public const REPLACE = 'replace';

    public const INSERT = 'insert';

    private const REWRITES = '/\b(re-?writ|rephras|paraphras|improv|polish|shorten|condens|simplif|plain[ -]language|'
        . 'translat|correct|fix|tone|umschreib|umformulier|verbesser|überarbeit|kürz|vereinfach|übersetz|korrigier)/iu';

    public static function of(TaskRecord $task): string
    {
        $onText = in_array($task->category, ['content', 'general'], true) && in_array($task->outputFormat, ['markdown', 'plain'], true);
        $says = preg_match(self::REWRITES, str_replace(['-', '_'], ' ', $task->identifier) . ' ' . $task->name) === 1;

        return $onText && $says ? self::REPLACE : self::INSERT;
    }
}
