<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Rte;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Configuration\ExtensionSettings;
use AskAiDialog\AskAi\Http\RouteUrlsInterface;
use AskAiDialog\AskAi\Image\VisionInterface;
use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Task\TaskPresets;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

/**
 * The plugin's options for one rich-text field (`editor.config.askAi`). What is the same for every field
 * of a request — the dialog's messages, nr-llm's tasks, whether vision is set up — is worked out once,
 * however many fields a form has.
 */
final class EditorOptions
{
    /** @var array<string, mixed>|null */
    private ?array $shared = null;

    public function __construct(
        private readonly EditorAccess $access,
        private readonly ExtensionSettings $settings,
        private readonly DialogMessages $messages,
        private readonly SiteLanguages $siteLanguages,
        private readonly TaskPresets $taskPresets,
        private readonly VisionInterface $vision,
        private readonly Labels $labels,
        private readonly RouteUrlsInterface $urls,
    ) {
    }

    /**
     * @param array<string, mixed> $formData FormEngine's data of the field
     *
     * @return array<string, mixed>
     */
    public function forField(array $formData, BackendUserAuthentication $user): array
    {
        $this->shared ??= $this->shared($user);
        $rte = $formData['parameterArray']['fieldConf']['config']['richtextConfiguration'] ?? [];

        return array_filter($this->shared + [
            // The mark only where saving keeps it: shown, then stripped on save, would mislead the editor.
            'markGenerated' => GeneratedMarkProcessing::keeps(is_array($rte) ? $rte : []),
            'record' => RichTextConfiguration::record($formData),
            'languages' => $this->siteLanguages->forPage((int)($formData['effectivePid'] ?? 0)) ?: null,
        ], static fn(mixed $value): bool => $value !== null && $value !== []);
    }

    /**
     * The dialog's options for an image's alternative-text field (FormEngine's `askAiAltText` control): the
     * words, the administrator's view, whether a model sees images, the routes and the backend's look, and
     * the editor's language (what CKEditor otherwise passes as its UI language).
     *
     * @return array<string, mixed>
     */
    public function forAltText(BackendUserAuthentication $user): array
    {
        $this->shared ??= $this->shared($user);
        $language = $this->labels->language();

        return array_filter([
            'messages' => $this->shared['messages'] ?? [],
            'debug' => $this->shared['debug'] ?? false,
            'altText' => $this->shared['altText'] ?? false,
            'loginUrl' => $this->shared['loginUrl'] ?? null,
            'routes' => RichTextConfiguration::ROUTES,
            'locale' => $language !== null ? $language->lang : null,
        ] + RichTextConfiguration::BACKEND_LOOK, static fn(mixed $value): bool => $value !== null && $value !== []);
    }

    /** @return array<string, mixed> */
    private function shared(BackendUserAuthentication $user): array
    {
        $placement = $this->settings->taskPlacement();
        $presets = $placement === 'off' ? [] : $this->taskPresets->forCurrentUser();

        return [
            'messages' => $this->messages->for($this->labels->language()),
            'taskPresets' => $presets,
            'taskPresetPlacement' => $presets !== [] ? ($placement === 'instead' ? 'instead' : 'beside') : null,
            // Tools, steps, token usage and run ids are for administrators (or a site that asks for them).
            'debug' => $user->isAdmin() || $this->settings->debugView(),
            // "Alt text" only where a model can see the image; a guess from the text around it is no alt text.
            'altText' => $this->vision->available(),
            // A session that ended: TYPO3's login in a new tab; the dialog then fetches the new route URLs.
            'loginUrl' => $this->urls->urlOf('login'),
        ];
    }
}
