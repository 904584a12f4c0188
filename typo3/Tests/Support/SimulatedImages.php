<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Image\ImageData;
use AskAiDialog\AskAi\Image\ImageRefused;
use AskAiDialog\AskAi\Image\ImageSourceInterface;
use AskAiDialog\AskAi\Image\VisionInterface;
use Netresearch\NrLlm\Domain\Model\UsageStatistics;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

/**
 * The simulated site's images and its vision model: file reference 1 (and file 1, `/fileadmin/lighthouse.png`)
 * is the lighthouse of the real-TYPO3 fixture; reference 2 belongs to a page this editor may not see;
 * anything else is not there. The "model" describes what it was sent and in which language it was asked.
 */
final class SimulatedImages implements ImageSourceInterface, VisionInterface
{
    /** @var list<array{bytes: int, instruction: string, owner: int}> */
    public array $described = [];

    public function __construct(private readonly bool $visionAvailable = true)
    {
    }

    public function read(array $image, BackendUserAuthentication $user, string $host): ImageData
    {
        $lighthouse = static fn(): ImageData => new ImageData('image/png', (string)file_get_contents(dirname(__DIR__, 3) . '/test/typo3/site/harness/lighthouse.png'), 'lighthouse.png');

        return match (true) {
            ($image['fileReference'] ?? null) === 1, ($image['file'] ?? null) === 1, ($image['src'] ?? null) === '/fileadmin/lighthouse.png' => $lighthouse(),
            ($image['fileReference'] ?? null) === 2 => throw new ImageRefused(ImageRefused::FORBIDDEN, 403),
            isset($image['src']) => throw new ImageRefused(ImageRefused::NOT_OURS, 400),
            default => throw new ImageRefused(ImageRefused::NOT_FOUND, 404),
        };
    }

    public function available(): bool
    {
        return $this->visionAvailable;
    }

    /** A failure the next description throws instead of answering (the vision model failing). */
    public ?\Throwable $nextFailure = null;

    /** What the next description answers instead of the lighthouse's (a long one, one with line breaks). */
    public ?string $nextText = null;

    /** Runs as each description begins (what the call sees of its surroundings). */
    public ?\Closure $during = null;

    public function describe(ImageData $image, string $instruction, int $owner): array
    {
        $this->during?->__invoke();
        if ($this->nextFailure !== null) {
            [$failure, $this->nextFailure] = [$this->nextFailure, null];
            throw $failure;
        }
        $this->described[] = ['bytes' => strlen($image->bytes), 'instruction' => $instruction, 'owner' => $owner];
        $german = str_contains($instruction, 'German');
        [$text, $this->nextText] = [$this->nextText, null];

        return [
            'text' => $text ?? ($german ? 'Ein weiß-roter Leuchtturm am Ende einer Mole, dahinter blauer Himmel.' : 'A white and red lighthouse at the end of a pier under a blue sky.'),
            'usage' => UsageStatistics::fromTokens(85, 16),
        ];
    }
}
