<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Controller;

use AskAiDialog\AskAi\Access\Configurations;
use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Access\EditorGuard;
use AskAiDialog\AskAi\Configuration\ExtensionSettings;
use AskAiDialog\AskAi\Feedback\FeedbackRecorder;
use AskAiDialog\AskAi\Http\CancelRequest;
use AskAiDialog\AskAi\Http\JsonResponder;
use AskAiDialog\AskAi\Http\NdjsonOutput;
use AskAiDialog\AskAi\Http\OutcomeRequest;
use AskAiDialog\AskAi\Http\Refusal;
use AskAiDialog\AskAi\Http\RequestBody;
use AskAiDialog\AskAi\Http\RunRequest;
use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Run\Canceller;
use AskAiDialog\AskAi\Run\RunDispatcher;
use AskAiDialog\AskAi\Run\RunEvents;
use AskAiDialog\AskAi\Task\TaskPresets;
use AskAiDialog\AskAi\Tool\OfferableTools;
use Closure;
use Psr\Http\Message\ResponseInterface;
use Psr\Http\Message\ServerRequestInterface;
use Psr\Log\LoggerInterface;
use Throwable;
use TYPO3\CMS\Core\Http\NullResponse;

/**
 * The AJAX routes of the dialog (`Configuration/Backend/AjaxRoutes.php`, CONTRACT.md). Each action checks
 * the editor, reads its request into a value, hands it to the class that does the work and writes the
 * answer. Every refusal is `{success: false, error}` with its status; anything unforeseen is logged and
 * answered with a generic message, never with the exception's text. TYPO3's route token is the CSRF
 * protection; a request without a backend session never gets here (TYPO3 redirects it to its login).
 */
final class AskAiController
{
    public function __construct(
        private readonly EditorGuard $guard,
        private readonly EditorAccess $access,
        private readonly Configurations $configurations,
        private readonly OfferableTools $offerableTools,
        private readonly RunDispatcher $runs,
        private readonly Canceller $canceller,
        private readonly TaskPresets $taskPresets,
        private readonly FeedbackRecorder $feedback,
        private readonly ExtensionSettings $settings,
        private readonly RequestBody $body,
        private readonly JsonResponder $json,
        private readonly NdjsonOutput $output,
        private readonly Labels $labels,
        private readonly LoggerInterface $logger,
    ) {
    }

    /** `GET ask_ai_tools?configuration=<identifier>`: the offerable tools with their traits. */
    public function toolsAction(ServerRequestInterface $request): ResponseInterface
    {
        return $this->answer('the tool list could not be built', function () use ($request): ResponseInterface {
            $user = $this->guard->editor();
            $identifier = $request->getQueryParams()['configuration'] ?? null;
            $configuration = $this->configurations->resolve(is_string($identifier) && $identifier !== '' ? $identifier : null);

            return $this->json->json(
                ['success' => true, 'configuration' => $configuration->getIdentifier()]
                + $this->offerableTools->describe($configuration, $user),
            );
        });
    }

    /** `POST ask_ai_run`: one task, streamed as padded NDJSON (or one JSON body for a client without it). */
    public function runAction(ServerRequestInterface $request): ResponseInterface
    {
        return $this->answer('the run could not be prepared', function () use ($request): ResponseInterface {
            $user = $this->guard->editor();
            $run = RunRequest::fromArray($this->body->object($request, RequestBody::RUN_LIMIT_BYTES), $request->getHeaderLine('Accept'), $this->labels);
            $produce = $this->runs->prepare($run, $user, $request->getUri()->getAuthority());

            return $run->stream ? $this->streamed($produce) : $this->whole($produce);
        });
    }

    /** `POST ask_ai_cancel` with `{runUuid}` or `{requestId}`: only the user who started a run stops it. */
    public function cancelAction(ServerRequestInterface $request): ResponseInterface
    {
        return $this->answer('the run could not be cancelled', function () use ($request): ResponseInterface {
            $user = $this->guard->editor();
            $cancel = CancelRequest::fromArray($this->body->object($request, RequestBody::SMALL_LIMIT_BYTES), $this->labels);

            return $this->json->json(['success' => true, 'cancelled' => $this->canceller->cancel($this->access->actor($user), $cancel)]);
        });
    }

    /** `GET ask_ai_tasks`: the nr-llm tasks this editor may run from the dialog, as its presets. */
    public function tasksAction(ServerRequestInterface $request): ResponseInterface
    {
        return $this->answer('the task list could not be read', function (): ResponseInterface {
            $this->guard->editor();
            $placement = $this->settings->taskPlacement();

            return $this->json->json([
                'success' => true,
                'placement' => $placement,
                'presets' => $placement === 'off' ? [] : $this->taskPresets->forCurrentUser(),
            ]);
        });
    }

    /** `POST ask_ai_outcome` with `{correlationId, outcome}`: the editor's verdict into nr-llm (ADR-176). */
    public function outcomeAction(ServerRequestInterface $request): ResponseInterface
    {
        return $this->answer('the outcome could not be recorded', function () use ($request): ResponseInterface {
            $user = $this->guard->editor();
            $outcome = OutcomeRequest::fromArray($this->body->object($request, RequestBody::SMALL_LIMIT_BYTES), $this->labels);
            $this->feedback->record($this->access->uid($user), $outcome);

            return $this->json->json(['success' => true, 'outcome' => $outcome->rating]);
        });
    }

    /** @param Closure(): ResponseInterface $action */
    private function answer(string $what, Closure $action): ResponseInterface
    {
        try {
            return $action();
        } catch (Refusal $refusal) {
            $response = $this->json->json(['success' => false, 'error' => $refusal->getMessage()] + $refusal->fields, $refusal->status);
            foreach ($refusal->headers as $name => $value) {
                $response = $response->withHeader($name, $value);
            }

            return $response;
        } catch (Throwable $exception) {
            $this->logger->error('Ask AI: ' . $what, ['exception' => $exception]);

            return $this->json->error($this->labels->get('error.failed', 'The server could not answer. The details are in the system log.'), 500);
        }
    }

    /** @param Closure(Closure(array<string, mixed>): void, ?NdjsonOutput): void $produce */
    private function streamed(Closure $produce): ResponseInterface
    {
        $this->output->open();
        // The first line says the server has the run: the dialog tells waiting for a worker from a slow model.
        $this->output->line(RunEvents::heartbeat());
        $produce(fn(array $event) => $this->output->line($event), $this->output);

        return new NullResponse();
    }

    /** @param Closure(Closure(array<string, mixed>): void, ?NdjsonOutput): void $produce */
    private function whole(Closure $produce): ResponseInterface
    {
        $steps = [];
        $terminal = null;
        $produce(function (array $event) use (&$steps, &$terminal): void {
            if ($event['event'] === 'step') {
                $steps[] = $event['step'];
            } elseif (!in_array($event['event'], ['delta', 'started', 'heartbeat'], true)) {
                $terminal = $event;
            }
        }, null);
        [$status, $body] = RunEvents::asBody($terminal ?? ['event' => 'error', 'success' => false, 'error' => ''], $steps);

        return $this->json->json($body, $status);
    }
}
