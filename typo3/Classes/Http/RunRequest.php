<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

use AskAiDialog\AskAi\Localization\Labels;

/**
 * The body of `POST ask_ai_run` (CONTRACT.md §2), validated field by field. Unknown fields are ignored
 * (forward compatible); a field of the wrong type, or a text over its limit, is refused with a message
 * that names it, before anything runs.
 */
final readonly class RunRequest
{
    /** Characters of the editor's instruction. */
    public const PROMPT_LIMIT = 20_000;

    /** Characters of the editor's note on a task (shown with the task before it is sent). */
    public const DIRECTION_LIMIT = 2_000;

    /** Characters of each context text; the dialog cuts its own at 20,000 by default. */
    public const CONTEXT_TEXT_LIMIT = 200_000;

    public const CONTEXT_TEXTS_COUNT = 5;

    private const CONTEXT_TEXTS = ['selection', 'selectionMarkdown', 'document', 'previousAnswer', 'previousInstruction'];

    private const CONTEXT_NAMES = ['recordTable', 'recordField', 'contentLanguage'];

    /**
     * @param list<string>                     $tools   the requested tools; `[]` = no tools
     * @param array<string, string|int>        $context
     * @param array{fileReference?: int, file?: int, src?: string}|null $image the image an alt text is for
     */
    private function __construct(
        public ?string $configuration,
        public string $prompt,
        public ?string $direction,
        public array $context,
        public array $tools,
        public bool $stream,
        public ?string $requestId,
        public ?int $task,
        public ?array $image,
    ) {
    }

    /** The text a task works on: the selection as markdown, else as text, else the whole field. */
    public function taskInput(): string
    {
        foreach (['selectionMarkdown', 'selection', 'document'] as $field) {
            if (is_string($this->context[$field] ?? null)) {
                return $this->context[$field];
            }
        }

        return '';
    }

    /**
     * @param array<string, mixed> $data   the decoded body ({@see RequestBody})
     * @param string               $accept the request's Accept header: a client that does not take NDJSON gets one JSON body
     *
     * @throws Refusal 400 naming the field
     */
    public static function fromArray(array $data, string $accept, Labels $labels): self
    {
        $invalid = static fn(string $key, string $english, array $arguments = []): Refusal => Refusal::badRequest($labels->get($key, $english, $arguments));
        $tooLong = static fn(string $field, int $limit): Refusal => $invalid('error.run.tooLong', '"%s" is longer than %d characters.', [$field, $limit]);

        $configuration = $data['configuration'] ?? null;
        if ($configuration !== null && (!is_string($configuration) || trim($configuration) === '' || strlen($configuration) > 200)) {
            throw $invalid('error.run.configuration', '"configuration" must be a configuration identifier.');
        }

        $prompt = $data['prompt'] ?? null;
        if (!is_string($prompt) || trim($prompt) === '') {
            throw $invalid('error.run.prompt', '"prompt" must be a non-empty text.');
        }
        if (mb_strlen($prompt) > self::PROMPT_LIMIT) {
            throw $tooLong('prompt', self::PROMPT_LIMIT);
        }

        $direction = $data['direction'] ?? null;
        if ($direction !== null && !is_string($direction)) {
            throw $invalid('error.run.direction', '"direction" must be a text.');
        }
        if (is_string($direction) && mb_strlen($direction) > self::DIRECTION_LIMIT) {
            throw $tooLong('direction', self::DIRECTION_LIMIT);
        }

        if (!array_key_exists('tools', $data)) {
            throw $invalid('error.run.toolsMissing', '"tools" is required: a list of tool names, [] for no tools.');
        }
        $tools = $data['tools'];
        $badName = static fn(mixed $t): bool => !is_string($t) || $t === '' || strlen($t) > 200;
        if (!is_array($tools) || !array_is_list($tools) || array_filter($tools, $badName) !== []) {
            throw $invalid('error.run.tools', '"tools" must be a list of tool names.');
        }
        if (count($tools) > 200) {
            throw $invalid('error.run.tools', '"tools" must be a list of tool names.');
        }

        $stream = $data['stream'] ?? true;
        if (!is_bool($stream)) {
            throw $invalid('error.run.stream', '"stream" must be true or false.');
        }

        $requestId = $data['requestId'] ?? null;
        if ($requestId !== null && !RequestId::isValid($requestId)) {
            throw $invalid('error.run.requestId', '"requestId" must be an id of letters, digits and dashes.');
        }

        $task = $data['task'] ?? null;
        if (is_string($task) && preg_match('/^\d{1,10}$/', $task) === 1) {
            $task = (int)$task;
        }
        if ($task !== null && (!is_int($task) || $task <= 0)) {
            throw $invalid('error.run.task', '"task" must be the uid of an nr-llm task.');
        }

        return new self(
            configuration: $configuration,
            prompt: $prompt,
            direction: is_string($direction) && trim($direction) !== '' ? trim($direction) : null,
            context: self::context($data['context'] ?? null, $invalid, $tooLong),
            tools: $tools,
            stream: $stream && stripos($accept, 'application/x-ndjson') !== false,
            requestId: $requestId,
            task: $task,
            image: self::image($data['image'] ?? null, $invalid),
        );
    }

    /**
     * @param \Closure(string, string, array<int, mixed>=): Refusal $invalid
     * @param \Closure(string, int): Refusal $tooLong
     *
     * @return array<string, string|int>
     */
    private static function context(mixed $context, \Closure $invalid, \Closure $tooLong): array
    {
        if ($context === null || $context === []) {
            return [];
        }
        if (!is_array($context) || array_is_list($context)) {
            throw $invalid('error.run.context', '"context" must be an object.');
        }
        $read = [];
        foreach ([...self::CONTEXT_TEXTS, ...self::CONTEXT_NAMES] as $field) {
            if (!array_key_exists($field, $context) || $context[$field] === null) {
                continue;
            }
            $value = $context[$field];
            if (!is_string($value)) {
                throw $invalid('error.run.contextField', '"context.%s" must be a text.', [$field]);
            }
            $limit = in_array($field, self::CONTEXT_TEXTS, true) ? self::CONTEXT_TEXT_LIMIT : 100;
            if (mb_strlen($value) > $limit) {
                throw $tooLong('context.' . $field, $limit);
            }
            if ($value !== '') {
                $read[$field] = $value;
            }
        }
        if (array_key_exists('recordUid', $context) && $context['recordUid'] !== null) {
            $uid = $context['recordUid'];
            if (is_string($uid) && preg_match('/^\d{1,10}$/', $uid) === 1) {
                $uid = (int)$uid;
            }
            if (!is_int($uid) || $uid < 0) {
                throw $invalid('error.run.recordUid', '"context.recordUid" must be a record uid (a whole number).');
            }
            $read['recordUid'] = $uid;
        }

        return $read;
    }

    /**
     * The image an alt text is for: a file reference (FormEngine's alternative text of an image in a
     * content element), a file (its metadata, or an image in a rich-text field that names its file), or
     * the image's address as the editor's page shows it. Exactly one.
     *
     * @param \Closure(string, string, array<int, mixed>=): Refusal $invalid
     *
     * @return array{fileReference?: int, file?: int, src?: string}|null
     */
    private static function image(mixed $image, \Closure $invalid): ?array
    {
        if ($image === null) {
            return null;
        }
        $message = ['error.run.image', '"image" must name one image: {"fileReference": uid}, {"file": uid} or {"src": "…"}.'];
        if (!is_array($image) || array_is_list($image)) {
            throw $invalid(...$message);
        }
        $read = [];
        foreach (['fileReference', 'file'] as $key) {
            if (isset($image[$key])) {
                if (!is_int($image[$key]) || $image[$key] <= 0) {
                    throw $invalid(...$message);
                }
                $read[$key] = $image[$key];
            }
        }
        if (isset($image['src'])) {
            if (!is_string($image['src']) || $image['src'] === '' || strlen($image['src']) > 2048) {
                throw $invalid(...$message);
            }
            $read['src'] = $image['src'];
        }
        if (count($read) !== 1) {
            throw $invalid(...$message);
        }

        return $read;
    }
}
