<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Access;

use AskAiDialog\AskAi\Http\Refusal;
use AskAiDialog\AskAi\Localization\Labels;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

/**
 * The one check every route makes first: a backend user (TYPO3 itself answers a request without a
 * session with a redirect to its login before this runs; 401 is for a session that has no user), and
 * nr-llm's grant for editor-facing AI (or an administrator).
 */
final class EditorGuard
{
    public function __construct(private readonly EditorAccess $access, private readonly Labels $labels)
    {
    }

    /** @throws Refusal 401 without a user, 403 without the grant */
    public function editor(): BackendUserAuthentication
    {
        $user = $this->access->currentUser();
        if ($user === null) {
            throw new Refusal(401, $this->labels->get('error.session', 'Your backend session has expired. Log in again.'));
        }
        if (!$this->access->mayUse($user)) {
            // The permission named as TYPO3's group form shows it (nr-llm's own label, in the editor's language).
            $permission = $this->labels->of('LLL:EXT:nr_llm/Resources/Private/Language/locallang.xlf:grants.tasksUse', 'Execute AI tasks');
            throw new Refusal(403, $this->labels->get(
                'error.grant',
                'Your backend account may not use the AI assistant. Ask your administrator for the permission "%s".',
                [$permission],
            ));
        }

        return $user;
    }
}
