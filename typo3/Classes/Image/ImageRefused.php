<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Image;

use RuntimeException;

/** An image the dialog may not send to the model: the status and which sentence explains it. */
final class ImageRefused extends RuntimeException
{
    public const NOT_FOUND = 'notFound';

    public const FORBIDDEN = 'forbidden';

    public const NOT_OURS = 'notOurs';

    public const NOT_AN_IMAGE = 'notAnImage';

    public const TOO_LARGE = 'tooLarge';

    public function __construct(public readonly string $why, public readonly int $status)
    {
        parent::__construct($why, $status);
    }
}
