<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use AskAiDialog\AskAi\Access\Configurations;
use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Http\NdjsonOutput;
use AskAiDialog\AskAi\Http\Refusal;
use AskAiDialog\AskAi\Http\RunRequest;
use AskAiDialog\AskAi\Image\AltTextStream;
use AskAiDialog\AskAi\Task\TaskEventStream;
use AskAiDialog\AskAi\Tool\OfferableTools;
use Closure;
use Netresearch\NrLlm\Service\Agent\AgentRunRequest;
use Netresearch\NrLlm\Service\Option\ToolOptions;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

/**
 * Which way a run goes, decided and checked before anything runs (every refusal is an HTTP error, and a
 * refused request does not count against the limits):
 *
 * - an alt text (`image`): nr-llm's vision service on the image, read with the editor's permissions;
 * - one of nr-llm's tasks (`task`): nr-llm's task execution;
 * - no tools requested, or none left after the server's own narrowing: nr-llm's streaming chat, the
 *   answer as it is written;
 * - tools: nr-llm's agent runtime, its steps as they happen, the answer at the end.
 *
 * Each path then goes through the one envelope ({@see RunEnvelope}): admitted, recorded, watched, relayed,
 * and ended with exactly one terminal event, whatever fails.
 */
final class RunDispatcher
{
    public function __construct(
        private readonly EditorAccess $access,
        private readonly Configurations $configurations,
        private readonly OfferableTools $offerableTools,
        private readonly RunEnvelope $envelope,
        private readonly AgentRunStream $agent,
        private readonly ChatRunStream $chat,
        private readonly TaskEventStream $tasks,
        private readonly AltTextStream $altText,
    ) {
    }

    /**
     * @return Closure(Closure(array<string, mixed>): void, ?NdjsonOutput): void the run, admitted
     *
     * @throws Refusal
     */
    public function prepare(RunRequest $run, BackendUserAuthentication $user, string $host): Closure
    {
        $path = match (true) {
            $run->image !== null => $this->altText->path($run, $user, $host),
            $run->task !== null => $this->tasks->path($run),
            default => $this->model($run, $user),
        };

        return $this->envelope->admit($this->access->uid($user), $run->requestId, $path);
    }

    /** The editor's own instruction or a built-in task: with tools through the agent runtime, else streamed. */
    private function model(RunRequest $run, BackendUserAuthentication $user): RunPath
    {
        $configuration = $this->configurations->resolve($run->configuration);
        $messages = RunMessages::for($run);
        // Narrowed again here: policy, an editor's scope and ADR-210 on the server, whatever the client asked for.
        $tools = $this->offerableTools->narrow($run->tools, $configuration, $user);
        if ($tools === []) {
            return $this->chat->path($messages, $configuration);
        }
        $actor = $this->access->actor($user);

        return $this->agent->path(new AgentRunRequest(
            configuration: $configuration,
            messages: $messages,
            actor: $actor,
            allowedToolNames: $tools,
            options: new ToolOptions(beUserUid: $actor->backendUserUid),
        ));
    }
}
