<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use Closure;
use Netresearch\NrLlm\Domain\Enum\AgentRunOutcome;
use Netresearch\NrLlm\Domain\Enum\AgentRunTerminationReason;
use Netresearch\NrLlm\Domain\Model\UsageStatistics;
use Netresearch\NrLlm\Domain\ValueObject\AgentRun;
use Netresearch\NrLlm\Domain\ValueObject\AiActorContext;
use Netresearch\NrLlm\Domain\ValueObject\ChatMessage;
use Netresearch\NrLlm\Domain\ValueObject\RunStep;
use Netresearch\NrLlm\Domain\ValueObject\ToolLoopResult;
use Netresearch\NrLlm\Service\Agent\AgentRunRequest;
use Netresearch\NrLlm\Service\Agent\AgentRunResult;
use Netresearch\NrLlm\Service\Agent\AgentRuntimeInterface;
use Netresearch\NrLlm\Service\Agent\ApprovalDecision;
use Netresearch\NrLlm\Service\Agent\InputSubmission;
use Netresearch\NrLlm\Service\Tool\ToolRegistry;
use Throwable;

/**
 * nr-llm's agent runtime with a scripted model, as the simulated backend's model behaves: it answers
 * from the text in its messages (summarise, shorten, translate, keywords, a refinement of an earlier
 * answer), and calls each registered tool its prompt names — offered ones run, others come back as
 * "not permitted" error steps, as nr-llm's loop refuses them. Steps are reported through `$onStep` as
 * they happen, `$stepDelayMs` apart, the way nr-llm's executor reports them (ADR-103): the observer
 * first, then the cancellation probe — a run cancelled through `cancel()` has that step recorded and
 * ends `cancelled`; an observer that throws ends the run `failed`, with the throwable as its error.
 *
 * Every run is written to a journal (memory, and a file for the test server), so tests can see what
 * the runtime was asked, which steps it recorded and how each run ended.
 */
final class ScriptedAgentRuntime implements AgentRuntimeInterface
{
    /** @var list<array<string, mixed>> */
    public array $journal = [];

    /** @var list<array{actor: int, runUuid: string, account?: string}> who asked nr-llm to cancel which run (a service account by name) */
    public array $cancels = [];

    /** Forces the outcome of the next run (tests of the outcome mapping). */
    public ?Closure $nextResult = null;

    /** @var array{owner: int, uuid: string, cancelled: bool}|null the run being executed */
    public ?array $running = null;

    public function __construct(
        private readonly ToolRegistry $registry,
        private readonly int $stepDelayMs = 0,
        private readonly ?string $journalFile = null,
    ) {
    }

    /** Runs as each run begins (what the run's calls see of their surroundings). */
    public ?Closure $during = null;

    /**
     * Holds a run whose prompt says "until stopped" at its first tool until this returns true (its Stop is
     * recorded) or 30 s pass: a test's Stop then meets the run under way, however busy the machine.
     */
    public ?Closure $stopRecorded = null;

    public function run(AgentRunRequest $request, ?Closure $onStep = null): AgentRunResult
    {
        $this->during?->__invoke();
        $uuid = sprintf('%08x-%04x-4%03x-a%03x-%012x', random_int(0, 0xffffffff), random_int(0, 0xffff), random_int(0, 0xfff), random_int(0, 0xfff), random_int(0, 0xffffffffffff));
        $entry = [
            'runUuid' => $uuid,
            'actor' => $request->actor->backendUserUid,
            'configuration' => $request->configuration->getIdentifier(),
            'allowedToolNames' => $request->allowedToolNames,
            // What each model call of the run may take at most (nr-llm's per-call timeout).
            'timeout' => $request->configuration->getEffectiveTimeout(),
            'messages' => array_map(static fn(ChatMessage $m): array => ['role' => $m->role, 'content' => $m->content], $request->messages),
        ];
        $this->running = ['owner' => $request->actor->backendUserUid, 'uuid' => $uuid, 'cancelled' => false];
        try {
            return $this->execute($request, $onStep, $uuid, $entry);
        } finally {
            $this->running = null;
        }
    }

    /** @param array<string, mixed> $entry */
    private function execute(AgentRunRequest $request, ?Closure $onStep, string $uuid, array $entry): AgentRunResult
    {
        if ($this->nextResult !== null) {
            $result = ($this->nextResult)($uuid, $onStep);
            $this->nextResult = null;
            $this->write($entry + ['outcome' => $result->outcome->value]);

            return $result;
        }

        $steps = [];
        // What the next model call may take, read after each step (the run renews it as its time runs out).
        $timeouts = [];
        $step = function (RunStep $s) use (&$steps, &$timeouts, $onStep, $request): void {
            if ($this->stepDelayMs > 0) {
                usleep($this->stepDelayMs * 1000);
            }
            // nr-llm: the observer first, then the probe; a cancelled run records this step and stops.
            $onStep?->__invoke($s);
            $timeouts[] = $request->configuration->getEffectiveTimeout();
            $steps[] = $s;
            if ($this->running['cancelled'] ?? false) {
                throw new RunCancelled();
            }
        };
        $allowed = $request->allowedToolNames ?? [];
        $prompt = $this->lastUserText($request->messages);
        try {
            $step(new RunStep('request', 1, 0.0));
            $requested = array_map(
                static fn(string $tool, int $i): array => ['id' => 'call-' . $i, 'name' => $tool, 'arguments' => self::argumentsFor($tool)],
                $this->namedTools($prompt),
                array_keys($this->namedTools($prompt)),
            );
            $step(new RunStep('llm', 1, 12.5, finishReason: 'tool_calls', requestedToolCalls: $requested === [] ? null : $requested));
            $round = 1;
            if ($this->stopRecorded !== null && str_contains($prompt, 'until stopped')) {
                for ($waited = 0; $waited < 600 && !($this->stopRecorded)(); $waited++) {
                    usleep(50_000);
                }
            }
            foreach ($this->namedTools($prompt) as $tool) {
                $offered = in_array($tool, $allowed, true);
                $step(new RunStep('tool', $round, 3.0, toolName: $tool, toolResult: $offered ? 'ok' : sprintf('Error: tool "%s" not permitted', $tool), toolIsError: !$offered));
            }
            $step(new RunStep('llm', 2, 20.0, finishReason: 'stop'));
        } catch (RunCancelled $cancelled) {
            $this->write($entry + ['outcome' => AgentRunOutcome::CANCELLED->value, 'recordedSteps' => count($steps), 'stepTimeouts' => $timeouts]);

            return new AgentRunResult(AgentRunOutcome::CANCELLED, $uuid, $steps, error: $cancelled);
        } catch (Throwable $stopped) {
            $this->write($entry + ['outcome' => AgentRunOutcome::FAILED->value, 'recordedSteps' => count($steps), 'stepTimeouts' => $timeouts]);

            return new AgentRunResult(AgentRunOutcome::FAILED, $uuid, $steps, error: $stopped);
        }

        $answer = ScriptedAnswers::for($request->messages);
        $all = implode(' ', array_map(static fn(ChatMessage $m): string => $m->content, $request->messages));
        $usage = UsageStatistics::fromTokens((int)ceil(mb_strlen($all) / 4), (int)ceil(mb_strlen($answer) / 4));
        $this->write($entry + ['outcome' => AgentRunOutcome::COMPLETED->value, 'finalContent' => $answer, 'stepTimeouts' => $timeouts]);

        return new AgentRunResult(
            AgentRunOutcome::COMPLETED,
            $uuid,
            $steps,
            new ToolLoopResult($answer, [], 2, false, $usage, AgentRunTerminationReason::COMPLETED),
        );
    }

    /** nr-llm's cancel: only the run's owner (or an administrator), only a run that has not ended. */
    public function cancel(AiActorContext $actor, string $runUuid): bool
    {
        $this->cancels[] = ['actor' => $actor->backendUserUid, 'runUuid' => $runUuid] + ($actor->serviceAccount !== null ? ['account' => $actor->serviceAccount] : []);
        $this->write(['cancel' => $runUuid, 'actor' => $actor->backendUserUid]);
        if ($this->running === null || $this->running['uuid'] !== $runUuid || $this->running['cancelled']) {
            return false;
        }
        if ($this->running['owner'] !== $actor->backendUserUid && !$actor->isAdmin) {
            return false;
        }
        $this->running['cancelled'] = true;

        return true;
    }

    public function enqueue(AgentRunRequest $request): string
    {
        throw new \LogicException('The dialog never queues a run.');
    }

    public function runQueued(string $runUuid, ?Closure $onStep = null): ?AgentRunResult
    {
        return null;
    }

    public function approve(AiActorContext $actor, string $runUuid, ApprovalDecision $decision, ?Closure $onStep = null): AgentRunResult
    {
        throw new \LogicException('The dialog has no approval step.');
    }

    public function submitInput(AiActorContext $actor, string $runUuid, InputSubmission $submission, ?Closure $onStep = null): AgentRunResult
    {
        throw new \LogicException('The dialog has no input step.');
    }

    public function events(AiActorContext $actor, string $runUuid, int $afterSequence = -1): array
    {
        return [];
    }

    public function status(AiActorContext $actor, string $runUuid): ?AgentRun
    {
        return null;
    }

    /** @param list<ChatMessage|array<string, mixed>> $messages */
    private function lastUserText(array $messages): string
    {
        $text = '';
        foreach ($messages as $message) {
            if ($message instanceof ChatMessage && $message->isUser()) {
                $text = $message->content;
            }
        }

        return $text;
    }

    /** @return list<string> registered tools the instruction names (text before the quoted material) */
    private function namedTools(string $prompt): array
    {
        $instruction = explode(":\n<<<", $prompt)[0];
        preg_match_all('/[a-z][a-z0-9_]*(?:_[a-z0-9]+)+/', $instruction, $matches);

        return array_values(array_unique(array_filter($matches[0], fn(string $name): bool => $this->registry->get($name) !== null)));
    }

    /** @return array<string, mixed> what the scripted model asks of a tool: page 1, or the site's words */
    private static function argumentsFor(string $tool): array
    {
        return match ($tool) {
            'get_page_content' => ['uid' => 1],
            'search_records' => ['query' => 'reading garden opening hours', 'table' => 'tt_content'],
            'site_rag_query' => ['question' => 'When does the reading garden open?'],
            default => [],
        };
    }

    /** @param array<string, mixed> $entry */
    private function write(array $entry): void
    {
        $this->journal[] = $entry;
        if ($this->journalFile !== null) {
            file_put_contents($this->journalFile, json_encode($entry, JSON_INVALID_UTF8_SUBSTITUTE) . "\n", FILE_APPEND | LOCK_EX);
        }
    }
}
