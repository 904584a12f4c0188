<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tool;

use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Unattended\UnattendedToolFilterInterface;
use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Domain\ValueObject\ToolPolicyDecision;
use Netresearch\NrLlm\Service\Tool\ToolCallPolicyInterface;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

/**
 * The tools an editor's dialog may offer the model: nr-llm's policy first (its five gates, ADR-094),
 * then what fits an editor's text ({@see EditorToolScope}), then ADR-210's unattended filter. The same
 * steps describe the list (`ask_ai_tools`) and narrow a run's request again on the server
 * (`ask_ai_run`): the client's list is a request, never an authority.
 */
final class OfferableTools
{
    public function __construct(
        private readonly ToolCallPolicyInterface $policy,
        private readonly ToolCatalogueInterface $catalogue,
        private readonly EditorToolScope $scope,
        private readonly UnattendedToolFilterInterface $unattendedFilter,
        private readonly Labels $labels,
    ) {
    }

    /**
     * The body of the tools answer, after `success` and `configuration`: every tool the policy offers
     * and that fits an editor's text, with its traits, in policy order; the server's own `unattended`
     * list; and the tools withheld here with the reason (`notForEditors`, `dataClass`, `notAllowed`).
     *
     * @return array{tools: list<array<string, mixed>>, unattended: list<string>, withheld: list<array{name: string, label: string, reason: string}>}
     */
    public function describe(LlmConfiguration $configuration, ?BackendUserAuthentication $user): array
    {
        $tools = [];
        $withheld = [];
        foreach ($this->allowed(null, $configuration, $user) as $decision) {
            $tool = $this->catalogue->describe($decision->toolName);
            if ($tool === null) {
                continue;
            }
            $refusal = $this->scope->refusal($tool->name, $decision->dataClass);
            if ($refusal !== null) {
                $withheld[] = ['name' => $tool->name, 'label' => ToolLabels::of($tool->name, $this->labels), 'reason' => $refusal];
                continue;
            }
            $tools[] = array_filter([
                'name' => $tool->name,
                'description' => $tool->description,
                'group' => $tool->group,
                'label' => ToolLabels::of($tool->name, $this->labels),
                'dataClass' => $decision->dataClass->value,
                'traits' => $tool->traits->toArray(),
            ], static fn(mixed $value): bool => $value !== null && $value !== '');
        }

        return [
            'tools' => $tools,
            'unattended' => $this->unattendedFilter->unattended(array_column($tools, 'name')),
            'withheld' => $withheld,
        ];
    }

    /**
     * The requested names that this user may offer in this configuration, that fit an editor's text and
     * that run unattended, in the request's order. An empty request stays empty: never "every enabled tool".
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
        $fit = [];
        foreach ($this->allowed(array_values(array_unique($requested)), $configuration, $user) as $decision) {
            if ($this->catalogue->describe($decision->toolName) !== null && $this->scope->refusal($decision->toolName, $decision->dataClass) === null) {
                $fit[] = $decision->toolName;
            }
        }

        return $this->unattendedFilter->unattended($fit);
    }

    /**
     * @param list<string>|null $requested
     *
     * @return list<ToolPolicyDecision>
     */
    private function allowed(?array $requested, LlmConfiguration $configuration, ?BackendUserAuthentication $user): array
    {
        return array_values(array_filter(
            $this->policy->explain($requested, $configuration, $user),
            static fn(ToolPolicyDecision $decision): bool => $decision->allowed,
        ));
    }
}
