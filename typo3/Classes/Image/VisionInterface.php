<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Image;

use Netresearch\NrLlm\Domain\Model\UsageStatistics;

/** A model that can see images, as the alt-text task uses it. */
interface VisionInterface
{
    /** Whether one is set up. Without it "Alt text" is not offered. */
    public function available(): bool;

    /**
     * What the model says of the image, asked `$instruction`; the editor is the budget owner.
     *
     * @return array{text: string, usage: UsageStatistics}
     */
    public function describe(ImageData $image, string $instruction, int $owner): array;
}
