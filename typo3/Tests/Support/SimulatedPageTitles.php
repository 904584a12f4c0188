<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Tool\PageTitlesInterface;

/** The simulated site's pages: 1 "Reading garden" for everyone, 2 a page the editor may not see. */
final class SimulatedPageTitles implements PageTitlesInterface
{
    public function title(int $uid): ?string
    {
        return $uid === 1 ? 'Reading garden' : null;
    }
}
