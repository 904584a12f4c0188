<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

/**
 * The body of `POST ask_ai_run` (CONTRACT.md §2), validated field by field. Unknown fields are ignored
 * (forward compatible); a field of the wrong type, or a text over its limit, is refused with a message
 * that names it, before anything runs.
 */
final readonly class RunRequest
{
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

    /** Characters of the editor's instruction. */
    public const PROMPT_LIMIT = 20_000;

    /** Characters of each context text; the dialog cuts its own at 20,000 by default. */
    public const CONTEXT_TEXT_LIMIT = 200_000;

    private const CONTEXT_TEXTS = ['selection', 'selectionMarkdown', 'document', 'previousAnswer', 'previousInstruction'];

    private const CONTEXT_NAMES = ['recordTable', 'recordField', 'contentLanguage'];

    /**
     * @param list<string>                     $tools   the requested tools; `[]` = no tools
     * @param array<string, string|int>        $context
     */
    private function __construct(
        public ?string $configuration,
        public string $prompt,
        public array $context,
        public array $tools,
        public bool $stream,
        public ?string $requestId,
        public ?int $task = null,
    ) {}

    /**
     * @param string $accept the request's Accept header: a client that does not take NDJSON gets one JSON body
     *
     * @throws InvalidRunRequest
     */
    public static function fromJson(string $body, string $accept = 'application/x-ndjson'): self
    {
        try {
            $data = json_decode($body, true, 32, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            throw new InvalidRunRequest('error.run.notJson', 'The request body is not valid JSON (UTF-8).');
        }
        if (!is_array($data) || ($data !== [] && array_is_list($data))) {
            throw new InvalidRunRequest('error.run.notObject', 'The request body must be a JSON object.');
        }

        $configuration = $data['configuration'] ?? null;
        if ($configuration !== null && (!is_string($configuration) || trim($configuration) === '' || strlen($configuration) > 200)) {
            throw new InvalidRunRequest('error.run.configuration', '"configuration" must be a configuration identifier.');
        }

        $prompt = $data['prompt'] ?? null;
        if (!is_string($prompt) || trim($prompt) === '') {
            throw new InvalidRunRequest('error.run.prompt', '"prompt" must be a non-empty text.');
        }
        if (mb_strlen($prompt) > self::PROMPT_LIMIT) {
            throw new InvalidRunRequest('error.run.tooLong', '"%s" is longer than %d characters.', ['prompt', self::PROMPT_LIMIT]);
        }

        if (!array_key_exists('tools', $data)) {
            throw new InvalidRunRequest('error.run.toolsMissing', '"tools" is required: a list of tool names, [] for no tools.');
        }
        $tools = $data['tools'];
        if (!is_array($tools) || !array_is_list($tools) || array_filter($tools, static fn(mixed $t): bool => !is_string($t) || $t === '') !== []) {
            throw new InvalidRunRequest('error.run.tools', '"tools" must be a list of tool names.');
        }

        $stream = $data['stream'] ?? true;
        if (!is_bool($stream)) {
            throw new InvalidRunRequest('error.run.stream', '"stream" must be true or false.');
        }

        $requestId = $data['requestId'] ?? null;
        if ($requestId !== null && (!is_string($requestId) || preg_match('/^[A-Za-z0-9._:-]{1,128}$/', $requestId) !== 1)) {
            throw new InvalidRunRequest('error.run.requestId', '"requestId" must be an id of letters, digits and dashes.');
        }

        $task = $data['task'] ?? null;
        if (is_string($task) && preg_match('/^\d{1,10}$/', $task) === 1) {
            $task = (int)$task;
        }
        if ($task !== null && (!is_int($task) || $task <= 0)) {
            throw new InvalidRunRequest('error.run.task', '"task" must be the uid of an nr-llm task.');
        }

        return new self(
            configuration: $configuration,
            prompt: $prompt,
            context: self::context($data['context'] ?? null),
            tools: $tools,
            stream: $stream && stripos($accept, 'application/x-ndjson') !== false,
            requestId: $requestId,
            task: $task,
        );
    }

    /** @return array<string, string|int> */
    private static function context(mixed $context): array
    {
        if ($context === null || $context === []) {
            return [];
        }
        if (!is_array($context) || array_is_list($context)) {
            throw new InvalidRunRequest('error.run.context', '"context" must be an object.');
        }
        $read = [];
        foreach ([...self::CONTEXT_TEXTS, ...self::CONTEXT_NAMES] as $field) {
            if (!array_key_exists($field, $context) || $context[$field] === null) {
                continue;
            }
            $value = $context[$field];
            if (!is_string($value)) {
                throw new InvalidRunRequest('error.run.contextField', '"context.%s" must be a text.', [$field]);
            }
            $limit = in_array($field, self::CONTEXT_TEXTS, true) ? self::CONTEXT_TEXT_LIMIT : 100;
            if (mb_strlen($value) > $limit) {
                throw new InvalidRunRequest('error.run.tooLong', '"%s" is longer than %d characters.', ['context.' . $field, $limit]);
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
                throw new InvalidRunRequest('error.run.recordUid', '"context.recordUid" must be a record uid (a whole number).');
            }
            $read['recordUid'] = $uid;
        }

        return $read;
    }
}
