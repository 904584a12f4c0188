import type { ToolEffect } from '../unattended';

/** Data classes of nr-llm's `ToolDataClass`, in rank order (ADR-094). */
export const DATA_CLASSES = [
  'publicContent',
  'editorContent',
  'sourceCode',
  'internalConfiguration',
  'systemDiagnostics',
  'secretAdjacent',
] as const;
export type DataClass = (typeof DATA_CLASSES)[number];

export interface SimulatedTool {
  readonly name: string;
  readonly group: string;
  readonly label: string;
  readonly description: string;
  readonly requiresAdmin: boolean;
  readonly enabledByDefault: boolean;
  readonly effect: ToolEffect | null;
  readonly dataClass: DataClass;
  readonly remote?: boolean;
  /** The MCP server whose operator declaration (`requires_approval`) applies. */
  readonly mcpServer?: 'docs' | 'crm';
  readonly approvalMarker?: boolean;
  readonly requiresInput?: boolean;
  /** Set by the operator setting of the web page reader (ADR-202, assumed; see ADR-210). */
  readonly operatorApprovalSetting?: 'webPageReader';
  /** What a remote server says of itself; read by nobody (CONTRACT.md §1). */
  readonly hints?: Readonly<Record<string, unknown>>;
}

const GROUP_DATA_CLASS: Record<string, DataClass> = {
  content: 'editorContent',
  editing: 'editorContent',
  files: 'editorContent',
  rag: 'publicContent',
  structure: 'internalConfiguration',
  configuration: 'internalConfiguration',
  code: 'sourceCode',
  system: 'systemDiagnostics',
  accounts: 'secretAdjacent',
};

type Row = readonly [
  names: string,
  group: string,
  admin: boolean,
  enabled: boolean,
  effect: ToolEffect | null,
  explicitClass?: DataClass,
];

/** nr-llm's 48 builtins (reference §6): name, group, admin tier, default enablement, effect, data class. */
const BUILTIN_ROWS: readonly Row[] = [
  ['get_page_content get_record_history read_records search_records', 'content', false, true, null],
  [
    'browse_fal_folder find_missing_files get_fal_references list_fal_storages search_fal_files',
    'files',
    false,
    true,
    null,
  ],
  [
    'get_flexform_schema get_full_tca get_pagetree get_table_schema get_tca resolve_url validate_tca',
    'structure',
    false,
    true,
    null,
  ],
  ['read_fal_asset_meta', 'structure', true, true, null],
  ['fluid_resolve', 'configuration', false, true, null],
  ['check_typoscript get_tsconfig get_typoscript', 'configuration', true, true, null],
  ['get_site_config', 'configuration', true, true, null, 'secretAdjacent'],
  ['read_source search_code', 'code', true, true, null],
  ['get_last_exception', 'code', true, true, null, 'secretAdjacent'],
  [
    'fetch_logs get_env get_php_info get_system_status list_deprecations ' +
      'list_extensions list_middlewares list_scheduler_tasks probe_url',
    'system',
    true,
    true,
    null,
  ],
  ['get_env_raw get_php_info_raw', 'system', true, false, null, 'secretAdjacent'],
  ['list_be_groups list_be_users', 'accounts', true, true, null, 'secretAdjacent'],
  ['list_be_users_raw', 'accounts', true, false, null, 'secretAdjacent'],
  ['site_rag_query site_fetch_source', 'rag', false, true, null],
  ['update_page_metadata set_file_alternative_text move_content_element', 'editing', false, false, 'idempotent_write'],
  [
    'create_content_element_draft create_page_draft create_translation_draft attach_file_to_content_element',
    'editing',
    false,
    false,
    'non_idempotent_write',
  ],
];

const humanise = (name: string) => name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * Editor words where the tool's name says nothing to an editor, as the TYPO3 extension labels them (its
 * `tool.<name>` labels); the simulation keeps the others by their spaced names.
 */
const EDITOR_LABELS: Readonly<Record<string, string>> = {
  site_rag_query: 'Search this site',
  site_fetch_source: 'Read a page of this site',
};

export const BUILTIN_TOOLS: readonly SimulatedTool[] = BUILTIN_ROWS.flatMap(
  ([names, group, admin, enabled, effect, explicit]) =>
    names.split(' ').map((name) => ({
      name,
      group,
      label: EDITOR_LABELS[name] ?? humanise(name),
      description: `${humanise(name)} (simulated nr-llm builtin, ${group} group).`,
      requiresAdmin: admin,
      enabledByDefault: enabled,
      effect,
      dataClass: explicit ?? GROUP_DATA_CLASS[group] ?? 'secretAdjacent',
    })),
);

/** Tools beyond the builtins: remote tools, and one of each trait the rule must handle. */
export const EXTRA_TOOLS: readonly SimulatedTool[] = [
  {
    name: 'read_web_page',
    group: 'rag',
    label: 'Read a web page',
    description: 'Reads the text of a public web page.',
    requiresAdmin: false,
    enabledByDefault: true,
    effect: null,
    dataClass: 'publicContent',
    operatorApprovalSetting: 'webPageReader',
  },
  {
    name: 'mcp_docs_search',
    group: 'mcp_docs',
    label: 'Search the product docs',
    description: '[via the external MCP server "docs"] Searches the product documentation.',
    requiresAdmin: true,
    enabledByDefault: false,
    effect: 'non_idempotent_write',
    dataClass: 'publicContent',
    remote: true,
    mcpServer: 'docs',
    hints: { readOnlyHint: true, annotations: { readOnlyHint: true, destructiveHint: false } },
  },
  {
    name: 'mcp_crm_lookup_customer',
    group: 'mcp_crm',
    label: 'Look up a customer',
    description: '[via the external MCP server "crm"] Looks up a customer record.',
    requiresAdmin: true,
    enabledByDefault: false,
    effect: 'non_idempotent_write',
    dataClass: 'editorContent',
    remote: true,
    mcpServer: 'crm',
    hints: { readOnlyHint: true, _meta: { requiresApproval: false } },
  },
  {
    name: 'partner_glossary_lookup',
    group: 'rag',
    label: 'Partner glossary',
    description: "Looks a term up in a partner's glossary (a remote tool without an operator declaration).",
    requiresAdmin: false,
    enabledByDefault: true,
    effect: 'non_idempotent_write',
    dataClass: 'publicContent',
    remote: true,
    hints: { destructiveHint: true, readOnlyHint: false },
  },
  {
    name: 'publish_preview_link',
    group: 'content',
    label: 'Publish a preview link',
    description: 'Shares a preview link of the page (always needs approval).',
    requiresAdmin: false,
    enabledByDefault: true,
    effect: null,
    dataClass: 'editorContent',
    approvalMarker: true,
  },
  {
    name: 'ask_editor_for_tone',
    group: 'content',
    label: 'Ask for the tone',
    description: 'Asks the editor which tone to write in (pauses for typed input).',
    requiresAdmin: false,
    enabledByDefault: true,
    effect: null,
    dataClass: 'editorContent',
    requiresInput: true,
  },
];

/** The registry in nr-llm's order: builtins, then provider tools. */
export const REGISTRY: readonly SimulatedTool[] = [...BUILTIN_TOOLS, ...EXTRA_TOOLS];

export const REGISTRY_BY_NAME: ReadonlyMap<string, SimulatedTool> = new Map(REGISTRY.map((tool) => [tool.name, tool]));
