<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Configuration;

use Throwable;
use TYPO3\CMS\Core\Configuration\ExtensionConfiguration;

/**
 * The extension's settings (Settings › Extension Configuration › ask_ai, `ext_conf_template.txt`), read
 * through TYPO3's ExtensionConfiguration and held to their sensible ranges: a setting that is missing or
 * out of range is its default, never an error on an editor's request.
 */
final class ExtensionSettings
{
    public const TASK_PLACEMENTS = ['beside', 'instead', 'off'];

    /**
     * A run's deadline by default: under the read timeout common proxies and FastCGI front ends keep
     * (nginx's `proxy_read_timeout` and `fastcgi_read_timeout`, Apache's `ProxyTimeout`: 60 s), with 10 s to
     * spare, since a single model call sends nothing while it lasts. A site that raises it raises those too.
     */
    public const DEFAULT_DEADLINE = 50;

    /** @var array<string, mixed>|null */
    private ?array $settings = null;

    /** @param array<string, mixed>|null $settings given directly (tests); else read from TYPO3 on first use */
    public function __construct(private readonly ?ExtensionConfiguration $configuration = null, ?array $settings = null)
    {
        $this->settings = $settings;
    }

    /** Where nr-llm's tasks go in the dialog: `beside` its own tasks, `instead` of them, or `off`. */
    public function taskPlacement(): string
    {
        $value = $this->read('taskPresets');

        return in_array($value, self::TASK_PLACEMENTS, true) ? $value : 'beside';
    }

    /** Runs one editor may have going at once; past it, 429. */
    public function runsPerUser(): int
    {
        return $this->integer('runsPerUser', 2, 1, 20);
    }

    /** Runs the whole site may have going at once (every web node counts); past it, 429. */
    public function runsPerSite(): int
    {
        return $this->integer('runsPerSite', 8, 1, 500);
    }

    /** Seconds a run may take, whatever it waits for; below the dialog's 180 s of silence. */
    public function runDeadline(): int
    {
        return $this->integer('runDeadline', self::DEFAULT_DEADLINE, 10, 170);
    }

    /** Ratings one editor may post a minute. */
    public function feedbackPerMinute(): int
    {
        return $this->integer('feedbackPerMinute', 30, 1, 600);
    }

    /** The most sensitive data class an offered tool may return: `editorContent` or `publicContent`. */
    public function toolDataClass(): string
    {
        return $this->read('toolDataClass') === 'publicContent' ? 'publicContent' : 'editorContent';
    }

    /** @return list<string> tools the operator allows the dialog to offer; empty: every tool under the ceiling */
    public function toolAllowList(): array
    {
        $value = $this->read('toolAllowList');

        return is_string($value) ? array_values(array_filter(array_map('trim', explode(',', $value)), 'strlen')) : [];
    }

    /** The nr-llm configuration alt text is written on (its model must see images); empty: nr-llm's default. */
    public function visionConfiguration(): string
    {
        $value = $this->read('visionConfiguration');

        return is_string($value) ? trim($value) : '';
    }

    /** Whether editors see the tools, steps, usage and run ids (administrators always do). */
    public function debugView(): bool
    {
        return in_array($this->read('debugView'), [true, 1, '1'], true);
    }

    private function integer(string $key, int $default, int $min, int $max): int
    {
        $value = $this->read($key);
        if (!is_numeric($value)) {
            return $default;
        }

        return max($min, min($max, (int)$value));
    }

    private function read(string $key): mixed
    {
        if ($this->settings === null) {
            try {
                $read = $this->configuration?->get('ask_ai');
            } catch (Throwable) {
                $read = [];
            }
            $this->settings = is_array($read) ? $read : [];
        }

        return $this->settings[$key] ?? null;
    }
}
