<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Image;

use AskAiDialog\AskAi\Http\Refusal;
use AskAiDialog\AskAi\Http\RunRequest;
use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Run\AnswerCap;
use AskAiDialog\AskAi\Run\RunEnd;
use AskAiDialog\AskAi\Run\RunEvents;
use AskAiDialog\AskAi\Run\RunPath;
use AskAiDialog\AskAi\Run\RunScope;
use AskAiDialog\AskAi\Run\RunWatch;
use Locale;
use Netresearch\NrLlm\Domain\Enum\AgentRunTerminationReason;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

/**
 * An alt text from the image itself, through nr-llm's vision service: the image as a `data:` URI, and an
 * instruction in the record's language (nr-llm's own alt-text prompt is English only). The answer comes
 * whole (the vision call does not stream) and is the alt text: short, for people who cannot see the image.
 * nr-llm's vision call takes no correlation id, so the answer carries none and is not rated.
 */
final class AltTextStream
{
    public const MAX_CHARACTERS = 250;

    public function __construct(
        private readonly VisionInterface $vision,
        private readonly ImageSourceInterface $images,
        private readonly Labels $labels,
    ) {
    }

    /**
     * The request's image, read with the editor's permissions before anything is admitted, and the
     * language its alt text is written in (the record's).
     *
     * @throws Refusal 422 without a model that sees images; the image's own status where it cannot be read
     */
    public function path(RunRequest $run, BackendUserAuthentication $user, string $host): RunPath
    {
        if (!$this->vision->available()) {
            throw new Refusal(422, $this->labels->get(
                'error.altText.noVision',
                'Alt text needs an AI model that can see images. Ask your administrator to set one up.',
            ));
        }
        try {
            $image = $this->images->read($run->image ?? [], $user, $host);
        } catch (ImageRefused $refused) {
            throw new Refusal($refused->status, $this->sentence($refused->why));
        }
        $language = is_string($run->context['contentLanguage'] ?? null) ? $run->context['contentLanguage'] : null;

        return new RunPath('alt text', fn(RunScope $scope): RunEnd => $this->run($image, $language, $scope));
    }

    private function run(ImageData $image, ?string $language, RunScope $scope): RunEnd
    {
        $started = hrtime(true);
        $response = $this->vision->describe($image, self::instruction($language), $scope->ticket->owner);
        $scope->step(['kind' => 'llm', 'round' => 1, 'durationMs' => round((hrtime(true) - $started) / 1e6, 2)]);
        if ($scope->watch->reason(force: true) === RunWatch::STOPPED) {
            return RunEnd::stopped(RunWatch::STOPPED);
        }
        $cap = new AnswerCap(self::MAX_CHARACTERS);
        $text = $cap->take(trim(preg_replace('/\s+/u', ' ', $response['text']) ?? ''));

        return RunEnd::with(RunEvents::done($text, 1, false, AgentRunTerminationReason::COMPLETED->value, $response['usage'], null, null, $cap->wasCut()));
    }

    /** The alt-text instruction, asking for the record's language by its English name. */
    public static function instruction(?string $language): string
    {
        $name = 'the language of the page it is on';
        if ($language !== null && preg_match('/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/', $language) === 1) {
            $display = class_exists(Locale::class) ? Locale::getDisplayLanguage($language, 'en') : '';
            $name = $display !== '' && $display !== $language ? $display . ' (' . $language . ')' : $language;
        }

        return 'Write the alternative text for this image, for people who cannot see it: what the image shows that '
            . 'matters, in one sentence of at most 125 characters, without "image of" or "picture of". Write it in '
            . $name . '. Answer with the alternative text only.';
    }

    private function sentence(string $why): string
    {
        return match ($why) {
            ImageRefused::NOT_FOUND => $this->labels->get('error.image.notFound', 'The image was not found.'),
            ImageRefused::FORBIDDEN => $this->labels->get('error.image.forbidden', 'You may not read this image.'),
            ImageRefused::NOT_AN_IMAGE => $this->labels->get('error.image.type', 'Only PNG, JPEG, GIF and WebP images can be described.'),
            ImageRefused::TOO_LARGE => $this->labels->get('error.image.tooLarge', 'The image is too large to be described (at most 10 MB).'),
            default => $this->labels->get('error.image.notOurs', 'Only an image stored on this site can be described.'),
        };
    }
}
