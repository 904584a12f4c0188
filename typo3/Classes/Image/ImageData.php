<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Image;

/** An image's bytes, as the vision service takes them: a `data:` URI. */
final readonly class ImageData
{
    public function __construct(public string $type, public string $bytes, public string $name)
    {
    }

    public function dataUri(): string
    {
        return 'data:' . $this->type . ';base64,' . base64_encode($this->bytes);
    }
}
