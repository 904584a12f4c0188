<?php

declare(strict_types=1);

namespace TYPO3\CMS\Core\Authentication;

/**
 * Stand-in (tests only): the members of TYPO3's backend user that the extension and nr-llm read.
 * Permissions are `custom_options` values such as `tx_nrllm_grants:tasks_use`.
 */
class BackendUserAuthentication
{
    /** @var array<string, mixed>|null */
    public $user = null;

    /** @var list<int|string> */
    public $userGroupsUID = [];

    /** @var array<string, list<string>> */
    public array $permissions = [];

    public bool $admin = false;

    public function isAdmin(): bool
    {
        return $this->admin;
    }

    public function check($type, $value): bool
    {
        return $this->admin || in_array((string)$value, $this->permissions[(string)$type] ?? [], true);
    }
}
