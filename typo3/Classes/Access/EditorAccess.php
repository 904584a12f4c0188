<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Access;

use Netresearch\NrLlm\Domain\Enum\BackendUserGrant;
use Netresearch\NrLlm\Domain\ValueObject\AiActorContext;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

/**
 * Who is asking, and whether they may use the dialog: nr-llm's own grant for editor-facing AI
 * (`BackendUserGrant::TASKS_USE`, the permission `tx_nrllm_grants:tasks_use` in a backend group's
 * custom options), as nr-llm's Editor Action Center checks it. Administrators pass.
 */
final class EditorAccess
{
    public function currentUser(): ?BackendUserAuthentication
    {
        $user = $GLOBALS['BE_USER'] ?? null;

        return $user instanceof BackendUserAuthentication && $this->uid($user) > 0 ? $user : null;
    }

    public function mayUse(BackendUserAuthentication $user): bool
    {
        return $user->isAdmin() || (bool)$user->check('custom_options', BackendUserGrant::TASKS_USE->permissionValue());
    }

    /**
     * The run's actor, frozen now: nr-llm authorises a run (tools, cancel, the inbox) against the actor,
     * never the ambient user.
     */
    public function actor(BackendUserAuthentication $user): AiActorContext
    {
        $groups = array_values(array_filter(
            array_map(static fn(mixed $g): int => is_numeric($g) ? (int)$g : 0, (array)$user->userGroupsUID),
            static fn(int $g): bool => $g > 0,
        ));
        $grants = array_values(array_filter(
            BackendUserGrant::cases(),
            static fn(BackendUserGrant $grant): bool => (bool)$user->check('custom_options', $grant->permissionValue()),
        ));

        return AiActorContext::backendUser($this->uid($user), $user->isAdmin(), $groups, $grants);
    }

    public function uid(BackendUserAuthentication $user): int
    {
        $uid = is_array($user->user) ? ($user->user['uid'] ?? 0) : 0;

        return is_numeric($uid) ? (int)$uid : 0;
    }
}
