<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Access;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use Netresearch\NrLlm\Domain\Enum\BackendUserGrant;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

/** Who may use the dialog, on TYPO3's own backend user: its `user` row and its group data. */
final class EditorAccessTest extends TestCase
{
    protected function tearDown(): void
    {
        SimulatedSite::logIn(null);
    }

    public function testAnEditorWhoseGroupsGrantNrLlmsTasksUseMayUseTheDialog(): void
    {
        $user = new BackendUserAuthentication();
        $user->user = ['uid' => 5, 'admin' => 0];
        $user->groupData['custom_options'] = 'tx_nrllm_grants:agent_approve,tx_nrllm_grants:tasks_use';

        self::assertTrue((new EditorAccess())->mayUse($user));
    }

    public function testAPermissionNamedOtherwiseIsNotTheGrant(): void
    {
        $user = new BackendUserAuthentication();
        $user->user = ['uid' => 5, 'admin' => 0];
        // On purpose: the string an earlier guide told integrators to check, and another nr-llm grant.
        $user->groupData['custom_options'] = 'nrllm:tasks_use,tx_nrllm_grants:agent_approve';

        self::assertFalse((new EditorAccess())->mayUse($user));
    }

    public function testAdministratorsPassByTheirUserRow(): void
    {
        $admin = new BackendUserAuthentication();
        $admin->user = ['uid' => 1, 'admin' => 1];

        self::assertTrue((new EditorAccess())->mayUse($admin));
    }

    public function testNobodyLoggedInIsNoUser(): void
    {
        SimulatedSite::logIn(null);
        self::assertNull((new EditorAccess())->currentUser());
        $GLOBALS['BE_USER'] = new BackendUserAuthentication();
        self::assertNull((new EditorAccess())->currentUser(), 'a user object without a uid is not a session');
    }

    public function testTheActorCarriesTheUserItsGroupsAndItsGrants(): void
    {
        $actor = (new EditorAccess())->actor(SimulatedSite::logIn('editor'));

        self::assertSame(2, $actor->backendUserUid);
        self::assertFalse($actor->isAdmin);
        self::assertSame([7], $actor->backendGroupIds);
        self::assertSame([BackendUserGrant::TASKS_USE], $actor->grants);
    }
}
