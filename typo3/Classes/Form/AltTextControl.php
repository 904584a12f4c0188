<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Form;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Image\ImagePreviews;
use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Rte\EditorOptions;
use AskAiDialog\AskAi\Rte\SiteLanguages;
use TYPO3\CMS\Backend\Form\AbstractNode;
use TYPO3\CMS\Core\Page\JavaScriptModuleInstruction;
use TYPO3\CMS\Core\Utility\StringUtility;

/**
 * FormEngine's field control `askAiAltText` beside an image's "Alternative text" (`sys_file_reference`,
 * `sys_file_metadata`): a button as TYPO3 places field controls that opens Ask AI on that field, the
 * subject being the record's image — its file reference, or its file while the reference is not saved.
 * The answer replaces the field's value for the editor to review and save. Shown only to editors who may
 * use the dialog, where a model can see images.
 *
 * The button is named for what it does ("Write alt text with AI", not the icon's title alone) and shows the
 * Ask AI sparkle; the dialog shows the image (a thumbnail and the file's name) and writes the alt text in
 * the record's language (its site language).
 */
final class AltTextControl extends AbstractNode
{
    public const MODULE = '@ask-ai-dialog/typo3/typo3-alt-text.js';

    public function __construct(
        private readonly EditorAccess $access,
        private readonly EditorOptions $options,
        private readonly Labels $labels,
        private readonly ImagePreviews $previews,
        private readonly SiteLanguages $languages,
    ) {
    }

    /** @return array<string, mixed> */
    public function render(): array
    {
        $user = $this->access->currentUser();
        $config = $this->data['parameterArray']['fieldConf']['config'] ?? [];
        $image = self::image((string)($this->data['tableName'] ?? ''), $this->data['databaseRow'] ?? []);
        if ($user === null || !$this->access->mayUse($user) || ($config['readOnly'] ?? false) || $image === null) {
            return [];
        }
        $dialog = $this->options->forAltText($user);
        if (($dialog['altText'] ?? false) !== true) {
            return [];
        }
        $id = StringUtility::getUniqueId('ask-ai-alt-text-');
        $name = $this->labels->get('altText.control', 'Write alt text with AI');
        $row = $this->data['databaseRow'] ?? [];
        $language = $this->languages->ofRecord((int)($this->data['effectivePid'] ?? $row['pid'] ?? 0), self::recordLanguage($row));
        $preview = $this->previews->of($image);

        return [
            'iconIdentifier' => 'ask-ai-sparkle',
            'title' => $name,
            // TYPO3 gives the title to the icon, which screen readers skip: the link itself carries the name.
            'linkAttributes' => ['id' => $id, 'data-ask-ai-part' => 'alt-text-control', 'aria-label' => $name, 'title' => $name],
            'javaScriptModules' => [
                JavaScriptModuleInstruction::create(self::MODULE)->instance([
                    'control' => $id,
                    'field' => (string)($this->data['parameterArray']['itemFormElName'] ?? ''),
                    'image' => $image,
                    'dialog' => self::dialog($dialog, $language, $preview),
                ]),
            ],
        ];
    }

    /**
     * The dialog's options for this image: the editor's, the record's language (the alt text is written in
     * it) and the image as the dialog shows it, each only where there is one.
     *
     * @param array<string, mixed> $dialog the editor's dialog options
     * @param array{src: string, name: string}|null $preview
     *
     * @return array<string, mixed>
     */
    public static function dialog(array $dialog, ?string $language, ?array $preview): array
    {
        return $dialog + array_filter([
            'context' => $language !== null ? ['contentLanguage' => $language] : null,
            'imagePreview' => $preview,
        ]);
    }

    /**
     * The image a record's alternative text describes: a saved file reference by its uid, else (a new
     * reference, or file metadata) the file.
     *
     * @param array<string, mixed> $row FormEngine's `databaseRow`
     *
     * @return array{fileReference: int}|array{file: int}|null
     */
    public static function image(string $table, array $row): ?array
    {
        if ($table === 'sys_file_reference' && is_numeric($row['uid'] ?? null) && (int)$row['uid'] > 0) {
            return ['fileReference' => (int)$row['uid']];
        }
        $file = self::fileUid($row[$table === 'sys_file_metadata' ? 'file' : 'uid_local'] ?? null);

        return $file > 0 ? ['file' => $file] : null;
    }

    /**
     * The record's language uid (0, the default language, where it has none): FormEngine hands
     * `sys_language_uid` as a list of one value (a select field), or the value itself.
     *
     * @param array<string, mixed> $row FormEngine's `databaseRow`
     */
    public static function recordLanguage(array $row): int
    {
        $value = $row['sys_language_uid'] ?? 0;
        $value = is_array($value) ? ($value[0] ?? 0) : $value;

        return is_numeric($value) ? (int)$value : 0;
    }

    /** FormEngine hands a relation as a list of `['uid' => …]` (or a plain uid, or "sys_file_12"). */
    private static function fileUid(mixed $value): int
    {
        if (is_array($value)) {
            $value = $value[0]['uid'] ?? $value[0] ?? null;
        }
        if (is_string($value) && preg_match('/(\d+)$/', $value, $match) === 1) {
            return (int)$match[1];
        }

        return is_int($value) ? $value : 0;
    }
}
