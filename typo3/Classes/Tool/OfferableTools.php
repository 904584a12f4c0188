<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tool;

use AskAiDialog\AskAi\Unattended\UnattendedToolFilterInterface;
use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Service\Tool\ToolCallPolicyInterface;
use Netresearch\NrLlm\Service\Tool\ToolDataClassInterface;
use Netresearch\NrLlm\Service\Tool\ToolDataClassResolver;
use Netresearch\NrLlm\Service\Tool\ToolInterface;
use Netresearch\NrLlm\Service\Tool\ToolRegistry;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

/**
 * The tools an editor's dialog may offer the model: nr-llm's policy first (its five gates, ADR-094),
 * then ADR-210's unattended filter. The same two steps describe the list (`ask_ai_tools`) and narrow a
 * run's request again on the server (`ask_ai_run`): the client's list is a request, never an authority.
 */
final class OfferableTools
{
    public function __construct(
        private readonly ToolCallPolicyInterface $policy,
        private readonly ToolRegistry $registry,
        private readonly UnattendedToolFilterInterface $unattendedFilter,
    ) {}

    /**
     * The body of the tools answer, after `success` and `configuration`: every offerable tool with its
     * traits, in policy order, and the server's own `unattended` list.
     *
     * @return array{tools: list<array<string, mixed>>, unattended: list<string>}
     */
    public function describe(LlmConfiguration $configuration, ?BackendUserAuthentication $user): array
    {
        $names = $this->policy->filterOfferable(null, $configuration, $user);
        $tools = [];
        foreach ($names as $name) {
            $tool = $this->registry->get($name);
            if ($tool !== null) {
                $tools[] = $this->entry($name, $tool);
            }
        }

        return ['tools' => $tools, 'unattended' => $this->unattendedFilter->unattended(array_column($tools, 'name'))];
    }

    /**
     * The requested names that this user may offer in this configuration and that run unattended, in
     * the request's order. An empty request stays empty: never "every enabled tool".
     *
     * @param list<string> $requested
     *
     * @return list<string>
     */
    public function narrow(array $requested, LlmConfiguration $configuration, ?BackendUserAuthentication $user): array
    {
        if ($requested === []) {
            return [];
        }
        $offerable = $this->policy->filterOfferable(array_values(array_unique($requested)), $configuration, $user);

        return $this->unattendedFilter->unattended(array_values($offerable));
    }

    /** @return array<string, mixed> */
    private function entry(string $name, ToolInterface $tool): array
    {
        $dataClass = $tool instanceof ToolDataClassInterface
            ? $tool->getDataClass()
            : ToolDataClassResolver::defaultForGroup($tool->getGroup());

        return array_filter([
            'name' => $name,
            'description' => $tool->getSpec()->description,
            'group' => $tool->getGroup(),
            'label' => ToolLabels::of($name),
            'dataClass' => $dataClass?->value,
            'traits' => ToolTraits::of($tool)->toArray(),
        ], static fn(mixed $value): bool => $value !== null && $value !== '');
    }
}
