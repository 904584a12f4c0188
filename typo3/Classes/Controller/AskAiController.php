<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Controller;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Http\InvalidRunRequest;
use AskAiDialog\AskAi\Http\JsonResponder;
use AskAiDialog\AskAi\Http\NdjsonOutput;
use AskAiDialog\AskAi\Http\RunRequest;
use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Run\RunEventStream;
use AskAiDialog\AskAi\Run\RunLedger;
use AskAiDialog\AskAi\Run\RunMessages;
use AskAiDialog\AskAi\Run\TerminalEvent;
use AskAiDialog\AskAi\Task\TaskCatalogueInterface;
use AskAiDialog\AskAi\Task\TaskEventStream;
use AskAiDialog\AskAi\Task\TaskPresets;
use AskAiDialog\AskAi\Tool\OfferableTools;
use Netresearch\NrLlm\Domain\Enum\CallOutcome;
use Netresearch\NrLlm\Domain\Enum\CallOutcomeSource;
use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Exception\AccessDeniedException;
use Netresearch\NrLlm\Exception\ConfigurationNotFoundException;
use Netresearch\NrLlm\Service\Agent\AgentRunRequest;
use Netresearch\NrLlm\Service\Agent\AgentRuntimeInterface;
use Netresearch\NrLlm\Service\LlmConfigurationServiceInterface;
use Netresearch\NrLlm\Service\Option\ToolOptions;
use Netresearch\NrLlm\Service\Outcome\CallOutcomeRepositoryInterface;
use Psr\Http\Message\ResponseInterface;
use Psr\Http\Message\ServerRequestInterface;
use Psr\Log\LoggerInterface;
use Throwable;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;
use TYPO3\CMS\Core\Http\NullResponse;

/**
 * The four AJAX routes of the dialog (`Configuration/Backend/AjaxRoutes.php`), answering CONTRACT.md on
 * nr-llm's public services. Each action checks the editor first (401 without a session, 403 without
 * nr-llm's `tasks_use` grant); TYPO3's route token is the CSRF protection. The work itself lives in
 * the classes below it; these methods read the request and write the answer.
 */
final class AskAiController
{
    public function __construct(
        private readonly EditorAccess $access,
        private readonly LlmConfigurationServiceInterface $configurations,
        private readonly OfferableTools $offerableTools,
        private readonly RunEventStream $events,
        private readonly RunLedger $ledger,
        private readonly AgentRuntimeInterface $runtime,
        private readonly CallOutcomeRepositoryInterface $outcomes,
        private readonly TaskCatalogueInterface $tasks,
        private readonly TaskPresets $taskPresets,
        private readonly TaskEventStream $taskEvents,
        private readonly JsonResponder $json,
        private readonly NdjsonOutput $output,
        private readonly LoggerInterface $logger,
    ) {}

    /** `GET ask_ai_tools?configuration=<identifier>`: the offerable tools with their traits. */
    public function toolsAction(ServerRequestInterface $request): ResponseInterface
    {
        $user = $this->access->currentUser();
        if (($denied = $this->deny($user)) !== null) {
            return $denied;
        }
        $identifier = $request->getQueryParams()['configuration'] ?? null;
        $configuration = $this->configuration(is_string($identifier) && $identifier !== '' ? $identifier : null);
        if ($configuration instanceof ResponseInterface) {
            return $configuration;
        }
        try {
            $described = $this->offerableTools->describe($configuration, $user);
        } catch (Throwable $exception) {
            return $this->failed('the tool list could not be built', $exception);
        }

        return $this->json->json(['success' => true, 'configuration' => $configuration->getIdentifier()] + $described);
    }

    /** `POST ask_ai_run`: one task through nr-llm's agent runtime, streamed as padded NDJSON or one JSON body. */
    public function runAction(ServerRequestInterface $request): ResponseInterface
    {
        $user = $this->access->currentUser();
        if (($denied = $this->deny($user)) !== null) {
            return $denied;
        }
        try {
            $run = RunRequest::fromJson((string)$request->getBody(), $request->getHeaderLine('Accept'));
        } catch (InvalidRunRequest $invalid) {
            return $this->json->error(Labels::get($invalid->messageKey, $invalid->getMessage(), $invalid->arguments), 400);
        }
        if ($run->task !== null) {
            return $this->runTask($run, $user);
        }
        $configuration = $this->configuration($run->configuration);
        if ($configuration instanceof ResponseInterface) {
            return $configuration;
        }

        try {
            $actor = $this->access->actor($user);
            $agentRequest = new AgentRunRequest(
                configuration: $configuration,
                messages: RunMessages::for($run),
                actor: $actor,
                // Narrowed again here: policy and ADR-210 on the server, whatever the client asked for.
                allowedToolNames: $this->offerableTools->narrow($run->tools, $configuration, $user),
                options: new ToolOptions(beUserUid: $actor->backendUserUid),
            );
        } catch (Throwable $exception) {
            return $this->failed('the run could not be prepared', $exception);
        }

        return $this->answer($run, fn(\Closure $emit) => $this->events->run($agentRequest, $run->requestId, $emit));
    }

    /** `GET ask_ai_tasks`: the nr-llm tasks this editor may run from the dialog, as its presets. */
    public function tasksAction(ServerRequestInterface $request): ResponseInterface
    {
        $user = $this->access->currentUser();
        if (($denied = $this->deny($user)) !== null) {
            return $denied;
        }
        try {
            return $this->json->json(['success' => true, 'placement' => TaskPresets::placement(), 'presets' => $this->taskPresets->forCurrentUser()]);
        } catch (Throwable $exception) {
            return $this->failed('the task list could not be read', $exception);
        }
    }

    /** A preset of an nr-llm task: nr-llm's task execution on the editor's text, without tools. */
    private function runTask(RunRequest $run, BackendUserAuthentication $user): ResponseInterface
    {
        try {
            $task = $this->tasks->find((int)$run->task);
        } catch (Throwable $exception) {
            return $this->failed('the task could not be read', $exception);
        }
        if ($task === null || !$task->isActive()) {
            return $this->json->error(Labels::get('error.task.missing', 'This task does not exist or is switched off.'), 404);
        }
        if (!$this->taskPresets->mayRun($task)) {
            return $this->json->error(Labels::get('error.task.denied', 'You may not run this task from here.'), 403);
        }
        $uid = $this->access->uid($user);

        return $this->answer($run, fn(\Closure $emit) => $this->taskEvents->run($task, $run->taskInput(), $uid, $emit));
    }

    /**
     * The events of a run, streamed as padded NDJSON when the client takes it, else as one JSON body.
     *
     * @param \Closure(\Closure(array<string, mixed>): void): void $produce
     */
    private function answer(RunRequest $run, \Closure $produce): ResponseInterface
    {
        if ($run->stream) {
            $this->output->open();
            $produce(fn(array $event) => $this->output->line($event));

            return new NullResponse();
        }
        $steps = [];
        $terminal = null;
        $produce(function (array $event) use (&$steps, &$terminal): void {
            if ($event['event'] === 'step') {
                $steps[] = $event['step'];
            } else {
                $terminal = $event;
            }
        });
        [$status, $body] = TerminalEvent::asBody($terminal ?? TerminalEvent::error(), $steps);

        return $this->json->json($body, $status);
    }

    /** `POST ask_ai_cancel` with `{runUuid}` or `{requestId}`: only the user who started a run stops it. */
    public function cancelAction(ServerRequestInterface $request): ResponseInterface
    {
        $user = $this->access->currentUser();
        if (($denied = $this->deny($user)) !== null) {
            return $denied;
        }
        $body = $this->jsonBody($request);
        $runUuid = $body['runUuid'] ?? null;
        $requestId = $body['requestId'] ?? null;
        $actor = $this->access->actor($user);
        try {
            if (is_string($runUuid) && $runUuid !== '') {
                // nr-llm checks that this actor may act on the run (its owner, or an administrator).
                return $this->json->json(['success' => true, 'cancelled' => $this->runtime->cancel($actor, $runUuid)]);
            }
            if (is_string($requestId) && preg_match('/^[A-Za-z0-9._:-]{1,128}$/', $requestId) === 1) {
                $known = $this->ledger->requestCancel($actor->backendUserUid, $requestId);
                $cancelled = match ($known['state']) {
                    'running' => true,
                    'finished' => $known['runUuid'] !== null && $this->runtime->cancel($actor, $known['runUuid']),
                    default => false,
                };

                return $this->json->json(['success' => true, 'cancelled' => $cancelled]);
            }
        } catch (Throwable $exception) {
            return $this->failed('the run could not be cancelled', $exception);
        }

        return $this->json->error(Labels::get('error.cancel.invalid', 'Send "runUuid" or "requestId" to cancel a run.'), 400);
    }

    /** `POST ask_ai_outcome` with `{correlationId, outcome}`: the editor's verdict into nr-llm (ADR-176). */
    public function outcomeAction(ServerRequestInterface $request): ResponseInterface
    {
        $user = $this->access->currentUser();
        if (($denied = $this->deny($user)) !== null) {
            return $denied;
        }
        $body = $this->jsonBody($request);
        $rating = $body['outcome'] ?? null;
        $outcome = is_string($rating) ? CallOutcome::tryFrom($rating) : null;
        // nr-llm's own rule: only what the editor says (helpful, not_helpful) may be posted; the observed
        // outcomes are measured, never claimed.
        if ($outcome === null || $outcome->source() !== CallOutcomeSource::EXPLICIT) {
            return $this->json->error(Labels::get('error.outcome.rating', 'The rating must be "helpful" or "not_helpful".'), 400);
        }
        $correlationId = $body['correlationId'] ?? null;
        if (!is_string($correlationId) || $correlationId === '' || strlen($correlationId) > 200) {
            return $this->json->error(Labels::get('error.outcome.call', 'This answer cannot be rated: it carries no call reference.'), 400);
        }
        try {
            $this->outcomes->record($correlationId, $outcome);
        } catch (Throwable $exception) {
            return $this->failed('the outcome could not be recorded', $exception);
        }

        return $this->json->json(['success' => true, 'outcome' => $outcome->value]);
    }

    /** @phpstan-assert-if-false !null $user */
    private function deny(?BackendUserAuthentication $user): ?ResponseInterface
    {
        if ($user === null) {
            return $this->json->error(Labels::get('error.session', 'Your backend session has expired. Log in again.'), 401);
        }
        if (!$this->access->mayUse($user)) {
            return $this->json->error(Labels::get('error.grant', 'Your backend account may not use the AI assistant. Ask your administrator for the "Use AI tasks" permission.'), 403);
        }

        return null;
    }

    private function configuration(?string $identifier): LlmConfiguration|ResponseInterface
    {
        try {
            return $identifier === null
                ? $this->configurations->getDefaultConfiguration()
                : $this->configurations->getConfiguration($identifier);
        } catch (ConfigurationNotFoundException) {
            return $this->json->error(Labels::get('error.configuration.missing', 'The AI configuration "%s" does not exist.', [$identifier ?? 'default']), 404);
        } catch (AccessDeniedException) {
            return $this->json->error(Labels::get('error.configuration.denied', 'You may not use the AI configuration "%s".', [$identifier ?? 'default']), 403);
        } catch (Throwable $exception) {
            return $this->failed('the configuration could not be loaded', $exception);
        }
    }

    /** @return array<string, mixed> */
    private function jsonBody(ServerRequestInterface $request): array
    {
        try {
            $data = json_decode((string)$request->getBody(), true, 8, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            return [];
        }

        return is_array($data) ? $data : [];
    }

    private function failed(string $what, Throwable $exception): ResponseInterface
    {
        $this->logger->error('Ask AI: ' . $what, ['exception' => $exception]);

        return $this->json->error(Labels::get('error.failed', 'The server could not answer. The details are in the system log.'), 500);
    }
}
