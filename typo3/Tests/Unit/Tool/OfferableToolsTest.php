<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Tool;

use AskAiDialog\AskAi\Configuration\ExtensionSettings;
use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\NrLlm\ApprovalRuleFilter;
use AskAiDialog\AskAi\NrLlm\RegistryToolCatalogue;
use AskAiDialog\AskAi\Tests\Support\SimulatedCatalogue;
use AskAiDialog\AskAi\Tests\Support\SimulatedPolicy;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use AskAiDialog\AskAi\Tool\EditorToolScope;
use AskAiDialog\AskAi\Tool\OfferableTools;
use Netresearch\NrLlm\Domain\Enum\ToolDataClass;
use PHPUnit\Framework\TestCase;

final class OfferableToolsTest extends TestCase
{
    private SimulatedCatalogue $catalogue;

    protected function setUp(): void
    {
        $this->catalogue = SimulatedCatalogue::fromFixture();
    }

    protected function tearDown(): void
    {
        SimulatedSite::logIn(null);
    }

    public function testDescribesEveryOfferableToolInPolicyOrderWithItsTraitsAndTheServersUnattendedList(): void
    {
        $described = $this->tools()->describe($this->catalogue->configuration('default'), SimulatedSite::logIn('editor'));
        $names = array_column($described['tools'], 'name');

        self::assertSame(array_slice($names, 0, 3), ['get_page_content', 'get_record_history', 'read_records']);
        // The editor is offered no admin tool and no MCP tool (admin-only), nothing above the zone's ceiling.
        self::assertNotContains('get_system_status', $names);
        self::assertNotContains('mcp_docs_search', $names);
        // Offerable but approval-bound or pausing for input: listed with traits, not unattended.
        self::assertContains('update_page_metadata', $names);
        self::assertNotContains('update_page_metadata', $described['unattended']);
        self::assertNotContains('ask_editor_for_tone', $described['unattended']);
        self::assertNotContains('read_web_page', $described['unattended']);
        self::assertContains('partner_glossary_lookup', $described['unattended']);

        $byName = array_column($described['tools'], null, 'name');
        self::assertSame(
            ['approvalMarker' => false, 'remote' => false, 'remoteApproval' => null, 'effect' => 'idempotent_write', 'requiresInput' => false],
            $byName['update_page_metadata']['traits'],
        );
        self::assertSame('editorContent', $byName['get_page_content']['dataClass']);
        self::assertSame('content', $byName['get_page_content']['group']);
        // In an editor's words; a tool without a label of its own by its name, spaced.
        self::assertSame('Read a page', $byName['get_page_content']['label']);
        self::assertSame('Search this site', $byName['site_rag_query']['label']);
        self::assertSame('Partner glossary lookup', $byName['partner_glossary_lookup']['label']);
    }

    public function testAnAdministratorsLocalConfigurationOffersNoToolThatReadsMoreThanAnEditorsText(): void
    {
        $described = $this->tools()->describe($this->catalogue->configuration('local'), SimulatedSite::logIn('admin'));
        $names = array_column($described['tools'], 'name');
        $withheld = array_column($described['withheld'], 'reason', 'name');

        foreach (['get_env', 'fetch_logs', 'read_source', 'list_be_users', 'get_site_config', 'get_system_status', 'get_tca'] as $secret) {
            self::assertNotContains($secret, $names, $secret);
            self::assertNotContains($secret, $described['unattended'], $secret);
        }
        self::assertSame('notForEditors', $withheld['get_env']);
        self::assertSame('notForEditors', $withheld['list_be_users']);
        self::assertSame('dataClass', $withheld['get_tca'], 'internal configuration is above an editor’s text');
        self::assertSame('Get tca', array_column($described['withheld'], 'label', 'name')['get_tca'], 'withheld tools are named for the list');
        // What fits an editor's text stays, the MCP tools judged on the operator's declaration.
        self::assertContains('mcp_docs_search', $described['unattended']);
        self::assertContains('mcp_crm_lookup_customer', $names);
        self::assertNotContains('mcp_crm_lookup_customer', $described['unattended']);
    }

    public function testTheOperatorMayLowerTheCeilingAndNameAnAllowList(): void
    {
        $editor = SimulatedSite::logIn('editor');
        $public = $this->tools(['toolDataClass' => 'publicContent'])->describe($this->catalogue->configuration('default'), $editor);
        self::assertSame(['site_rag_query', 'site_fetch_source', 'read_web_page', 'partner_glossary_lookup'], array_column($public['tools'], 'name'));

        $listed = $this->tools(['toolAllowList' => 'site_rag_query, get_page_content'])->describe($this->catalogue->configuration('default'), $editor);
        self::assertSame(['get_page_content', 'site_rag_query'], array_column($listed['tools'], 'name'));
        self::assertSame('notAllowed', array_column($listed['withheld'], 'reason', 'name')['read_records']);
    }

    public function testNarrowsARunsRequestThroughThePolicyTheScopeAndTheFilterInTheRequestsOrder(): void
    {
        $editor = SimulatedSite::logIn('editor');
        $default = $this->catalogue->configuration('default');
        $tools = $this->tools();

        self::assertSame(
            ['site_rag_query', 'get_page_content'],
            $tools->narrow(['site_rag_query', 'update_page_metadata', 'get_system_status', 'no_such_tool', 'get_page_content'], $default, $editor),
        );
        self::assertSame([], $tools->narrow([], $default, $editor), 'no tools is no tools, never every enabled one');
        self::assertSame(['get_page_content'], $tools->narrow(['get_page_content'], $this->catalogue->configuration('content-only'), $editor));
        self::assertSame([], $tools->narrow(['browse_fal_folder'], $this->catalogue->configuration('content-only'), $editor));
        self::assertSame([], $tools->narrow(['get_env_raw', 'fetch_logs', 'get_env'], $this->catalogue->configuration('local'), SimulatedSite::logIn('admin')), 'an injection in the selection asks in vain');
    }

    public function testTheScopeRefusesRawAndSecretToolsByNameWhateverDataClassTheyDeclare(): void
    {
        $scope = new EditorToolScope(new ExtensionSettings(null, []));

        self::assertSame('notForEditors', $scope->refusal('export_everything_raw', ToolDataClass::PUBLIC_CONTENT));
        self::assertSame('notForEditors', $scope->refusal('fetch_logs', ToolDataClass::EDITOR_CONTENT));
        self::assertSame('dataClass', $scope->refusal('some_tool', null), 'an unknown data class is the strictest');
        self::assertNull($scope->refusal('get_page_content', ToolDataClass::EDITOR_CONTENT));
    }

    /** @param array<string, mixed> $settings */
    private function tools(array $settings = []): OfferableTools
    {
        $registry = $this->catalogue->registry();

        return new OfferableTools(
            new SimulatedPolicy($this->catalogue),
            new RegistryToolCatalogue($registry),
            new EditorToolScope(new ExtensionSettings(null, $settings)),
            new ApprovalRuleFilter($registry),
            Labels::english(),
        );
    }
}
