<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tool;

use AskAiDialog\AskAi\Configuration\ExtensionSettings;
use Netresearch\NrLlm\Domain\Enum\ToolDataClass;

/**
 * Which tools fit an editor's text, whatever the trust zone and whoever the user: a tool may be offered
 * only when what it returns is no more sensitive than an editor's content (nr-llm's data classes; the
 * operator may lower the ceiling to public content and name an allow-list on top). Unattended is not the
 * same as fit for an editor's text: an administrator's `local` configuration offers tools that read the
 * environment, the logs, the source and the user list, and a model obeying instructions hidden in the
 * selected text would put their output into an answer ready to publish.
 *
 * Raw, environment, log, source and user-list tools are refused by name too, so a tool that declares a
 * data class lower than what it returns still never reaches the dialog.
 */
final class EditorToolScope
{
    /** Tools that read what no editor's text may carry, by name (nr-llm's builtins). */
    public const NEVER = [
        'get_env', 'get_php_info', 'fetch_logs', 'get_last_exception', 'list_deprecations', 'read_source',
        'search_code', 'list_be_users', 'list_be_groups', 'get_site_config', 'get_system_status',
    ];

    public function __construct(private readonly ExtensionSettings $settings)
    {
    }

    /** Why the tool may not be offered in an editor's dialog, or null when it may. */
    public function refusal(string $name, ?ToolDataClass $dataClass): ?string
    {
        if (str_ends_with($name, '_raw') || in_array($name, self::NEVER, true)) {
            return 'notForEditors';
        }
        $ceiling = ToolDataClass::tryFrom($this->settings->toolDataClass()) ?? ToolDataClass::EDITOR_CONTENT;
        // Unknown: nr-llm resolves an unknown tool or group to its strictest class.
        if ($dataClass === null || !$dataClass->isAtMost($ceiling)) {
            return 'dataClass';
        }
        $allowed = $this->settings->toolAllowList();
        if ($allowed !== [] && !in_array($name, $allowed, true)) {
            return 'notAllowed';
        }

        return null;
    }
}
