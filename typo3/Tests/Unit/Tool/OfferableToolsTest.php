<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Tool;

use AskAiDialog\AskAi\Tests\Support\SimulatedCatalogue;
use AskAiDialog\AskAi\Tests\Support\SimulatedPolicy;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use AskAiDialog\AskAi\Tool\OfferableTools;
use AskAiDialog\AskAi\Unattended\UnattendedToolFilter;
use PHPUnit\Framework\TestCase;

final class OfferableToolsTest extends TestCase
{
    private SimulatedCatalogue $catalogue;

    private OfferableTools $tools;

    protected function setUp(): void
    {
        $this->catalogue = SimulatedCatalogue::fromFixture();
        $registry = $this->catalogue->registry();
        $this->tools = new OfferableTools(new SimulatedPolicy($this->catalogue), $registry, new UnattendedToolFilter($registry));
    }

    protected function tearDown(): void
    {
        SimulatedSite::logIn(null);
    }

    public function testDescribesEveryOfferableToolInPolicyOrderWithItsTraitsAndTheServersUnattendedList(): void
    {
        $described = $this->tools->describe($this->catalogue->configuration('default'), SimulatedSite::logIn('editor'));
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

    public function testAnAdministratorSeesTheMcpToolsJudgedOnTheOperatorsDeclaration(): void
    {
        $described = $this->tools->describe($this->catalogue->configuration('local'), SimulatedSite::logIn('admin'));

        self::assertContains('mcp_docs_search', $described['unattended']);
        self::assertContains('mcp_crm_lookup_customer', array_column($described['tools'], 'name'));
        self::assertNotContains('mcp_crm_lookup_customer', $described['unattended']);
    }

    public function testNarrowsARunsRequestThroughThePolicyAndTheFilterInTheRequestsOrder(): void
    {
        $editor = SimulatedSite::logIn('editor');
        $default = $this->catalogue->configuration('default');

        self::assertSame(
            ['site_rag_query', 'get_page_content'],
            $this->tools->narrow(['site_rag_query', 'update_page_metadata', 'get_system_status', 'no_such_tool', 'get_page_content'], $default, $editor),
        );
        self::assertSame([], $this->tools->narrow([], $default, $editor), 'no tools is no tools, never every enabled one');
        self::assertSame(['get_page_content'], $this->tools->narrow(['get_page_content'], $this->catalogue->configuration('content-only'), $editor));
        self::assertSame([], $this->tools->narrow(['browse_fal_folder'], $this->catalogue->configuration('content-only'), $editor));
    }
}
