<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Access;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use Netresearch\NrLlm\Domain\Enum\BackendUserGrant;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

final class EditorAccessTest extends TestCase
{
    protected function tearDown(): void
    {
        SimulatedSite::logIn(null);
    }

    public function testAnEditorWithNrLlmsTasksUseGrantMayUseTheDialog(): void
    {
        $user = new BackendUserAuthentication();
        $user->user = ['uid' => 5];
        $user->permissions = ['custom_options' => ['tx_nrllm_grants:tasks_use']];

        self::assertTrue((new EditorAccess())->mayUse($user));
    }

    public function testAPermissionNamedOtherwiseIsNotTheGrant(): void
    {
        $user = new BackendUserAuthentication();
        $user->user = ['uid' => 5];
        // On purpose: the string an earlier guide told integrators to check, and another nr-llm grant.
        $user->permissions = ['custom_options' => ['nrllm:tasks_use', 'tx_nrllm_grants:agent_approve']];

        self::assertFalse((new EditorAccess())->mayUse($user));
    }

    public function testAdministratorsPass(): void
    {
        self::assertTrue((new EditorAccess())->mayUse(SimulatedSite::logIn('admin')));
    }

    public function testNobodyLoggedInIsNoUser(): void
    {
        SimulatedSite::logIn(null);
        self::assertNull((new EditorAccess())->currentUser());

        $anonymous = new BackendUserAuthentication();
        $GLOBALS['BE_USER'] = $anonymous;
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
