<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tool;

/** A page's title, as the editor may see it. */
interface PageTitlesInterface
{
    /** Null when there is no such page, or the editor may not see it. */
    public function title(int $uid): ?string;
}
