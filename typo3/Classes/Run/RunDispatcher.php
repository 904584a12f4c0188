<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use AskAiDialog\AskAi\Access\Configurations;
use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Http\NdjsonOutput;
use AskAiDialog\AskAi\Http\Refusal;
use AskAiDialog\AskAi\Http\RunRequest;
use AskAiDialog\AskAi\Image\AltTextStream;
use AskAiDialog\AskAi\Image\ImageRefused;
use AskAiDialog\AskAi\Image\ImageSourceInterface;
use AskAiDialog\AskAi\Image\VisionInterface;
use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Task\TaskEventStream;
use AskAiDialog\AskAi\Task\TaskPresets;
use AskAiDialog\AskAi\Tool\OfferableTools;
use Closure;
use Netresearch\NrLlm\Service\Agent\AgentRunRequest;
use Netresearch\NrLlm\Service\Option\ToolOptions;
use Psr\Clock\ClockInterface;
use Psr\Log\LoggerInterface;
use Symfony\Component\Clock\NativeClock;
use Throwable;
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
 * What it returns runs the admitted run and ends it with exactly one terminal event, whatever fails.
 */
final class RunDispatcher
{
    private readonly ClockInterface $clock;

    public function __construct(
        private readonly EditorAccess $access,
        private readonly Configurations $configurations,
        private readonly OfferableTools $offerableTools,
        private readonly TaskPresets $taskPresets,
        private readonly VisionInterface $vision,
        private readonly ImageSourceInterface $images,
        private readonly RunAdmission $admission,
        private readonly RunLedger $ledger,
        private readonly RunEvents $events,
        private readonly AgentRunStream $agent,
        private readonly ChatRunStream $chat,
        private readonly TaskEventStream $tasks,
        private readonly AltTextStream $altText,
        private readonly Labels $labels,
        private readonly LoggerInterface $logger,
        ?ClockInterface $clock = null,
    ) {
        $this->clock = $clock ?? new NativeClock();
    }

    /**
     * @return Closure(Closure(array<string, mixed>): void, ?NdjsonOutput): void the run, admitted
     *
     * @throws Refusal
     */
    public function prepare(RunRequest $run, BackendUserAuthentication $user, string $host): Closure
    {
        $owner = $this->access->uid($user);
        if ($run->image !== null) {
            if (!$this->vision->available()) {
                throw new Refusal(422, $this->labels->get(
                    'error.altText.noVision',
                    'Alt text needs an AI model that can see images. Ask your administrator to set one up.',
                ));
            }
            try {
                $image = $this->images->read($run->image, $user, $host);
            } catch (ImageRefused $refused) {
                throw new Refusal($refused->status, $this->imageSentence($refused->why));
            }
            $language = is_string($run->context['contentLanguage'] ?? null) ? $run->context['contentLanguage'] : null;

            return $this->admitted(
                $owner,
                $run,
                fn(RunTicket $t, RunWatch $w, ProviderTimeout $p, Closure $emit) => $this->altText->run($image, $language, $t, $w, $p, $emit),
            );
        }
        if ($run->task !== null) {
            $task = $this->taskPresets->find($run->task);
            if ($task === null) {
                throw new Refusal(404, $this->labels->get('error.task.missing', 'This task does not exist, is switched off, or is not for you.'));
            }
            if ($run->direction !== null) {
                throw Refusal::badRequest($this->labels->get('error.task.direction', 'nr-llm\'s tasks take no note: run the task as it is.'));
            }
            $input = $run->taskInput();

            return $this->admitted(
                $owner,
                $run,
                fn(RunTicket $t, RunWatch $w, ProviderTimeout $p, Closure $emit) => $this->tasks->run($task, $input, $t, $w, $p, $emit),
            );
        }
        $configuration = $this->configurations->resolve($run->configuration);
        $messages = RunMessages::for($run);
        // Narrowed again here: policy, an editor's scope and ADR-210 on the server, whatever the client asked for.
        $tools = $this->offerableTools->narrow($run->tools, $configuration, $user);
        if ($tools === []) {
            return $this->admitted(
                $owner,
                $run,
                fn(RunTicket $t, RunWatch $w, ProviderTimeout $p, Closure $emit) => $this->chat->run($messages, $configuration, $t, $w, $p, $emit),
            );
        }
        $actor = $this->access->actor($user);
        $request = new AgentRunRequest(
            configuration: $configuration,
            messages: $messages,
            actor: $actor,
            allowedToolNames: $tools,
            options: new ToolOptions(beUserUid: $actor->backendUserUid),
        );

        return $this->admitted(
            $owner,
            $run,
            fn(RunTicket $t, RunWatch $w, ProviderTimeout $p, Closure $emit) => $this->agent->run($request, $t, $w, $p, $emit),
        );
    }

    /**
     * @param Closure(RunTicket, RunWatch, ProviderTimeout, Closure): void $produce
     *
     * @return Closure(Closure(array<string, mixed>): void, ?NdjsonOutput): void
     */
    private function admitted(int $owner, RunRequest $run, Closure $produce): Closure
    {
        $ticket = $this->admission->admit($owner, $run->requestId);

        return function (Closure $emit, ?NdjsonOutput $output) use ($ticket, $produce): void {
            if ($ticket->stoppedBeforeStart) {
                $emit($this->events->cancelled());

                return;
            }
            $ended = false;
            $tracked = static function (array $event) use ($emit, &$ended): void {
                if ($ended) {
                    return;
                }
                $ended = !in_array($event['event'] ?? null, ['step', 'delta', 'started', 'heartbeat', 'context'], true);
                $emit($event);
            };
            $timeout = new ProviderTimeout();
            try {
                $produce($ticket, new RunWatch($ticket, $this->ledger, $this->clock, $output), $timeout, $tracked);
            } catch (Throwable $exception) {
                // Whatever fails once the answer has begun (the ledger's table, a task, the platform): logged,
                // and the stream still ends with one terminal event, never with the exception's text.
                $this->logger->error('Ask AI: the run failed', ['exception' => $exception]);
                $tracked($this->events->failure(new Failure(Failure::FAILED)));
                try {
                    $this->ledger->finish($ticket->entry, null, null, time());
                } catch (Throwable) {
                    // The ledger itself may be what failed; the entry then ages out at its deadline.
                }
            } finally {
                $timeout->restore();
            }
            if (!$ended) {
                $tracked($this->events->failure(new Failure(Failure::FAILED)));
            }
        };
    }

    private function imageSentence(string $why): string
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
