import { describe, expect, it } from 'vitest';
import { createUnattendedFilter, type ToolTraits } from '../../src/unattended';
import { tool } from './fixtures';

const catalogue: ToolTraits[] = [
  tool('get_page_content'),
  tool('site_rag_query', { effect: 'read_only' }),
  tool('update_page_metadata', { effect: 'idempotent_write' }),
  tool('create_page_draft', { effect: 'non_idempotent_write' }),
  tool('mcp_docs_search', { remote: true, remoteApproval: false, effect: 'non_idempotent_write' }),
  tool('mcp_crm_lookup', { remote: true, remoteApproval: true, effect: 'non_idempotent_write' }),
  tool('partner_remote', { remote: true, effect: 'non_idempotent_write' }),
  tool('marked_reader', { approvalMarker: true }),
  tool('ask_editor', { requiresInput: true }),
];

describe('createUnattendedFilter', () => {
  const filter = createUnattendedFilter(catalogue);
  const all = catalogue.map((t) => t.name);

  it('keeps the tools that run without a human pause, in input order', () => {
    expect(filter.unattended(all)).toEqual(['get_page_content', 'site_rag_query', 'mcp_docs_search', 'partner_remote']);
    expect(filter.unattended(['partner_remote', 'get_page_content'])).toEqual(['partner_remote', 'get_page_content']);
  });

  it('explains every entry with the branch that withheld it', () => {
    expect(filter.explain(all)).toEqual([
      { name: 'get_page_content', unattended: true },
      { name: 'site_rag_query', unattended: true },
      { name: 'update_page_metadata', unattended: false, reason: 'writeEffect' },
      { name: 'create_page_draft', unattended: false, reason: 'writeEffect' },
      { name: 'mcp_docs_search', unattended: true },
      { name: 'mcp_crm_lookup', unattended: false, reason: 'remoteDeclaration' },
      { name: 'partner_remote', unattended: true },
      { name: 'marked_reader', unattended: false, reason: 'approvalMarker' },
      { name: 'ask_editor', unattended: false, reason: 'requiresInput' },
    ]);
  });

  it('gives an unattended verdict no reason property at all', () => {
    expect(Object.keys(filter.explain(['get_page_content'])[0] ?? {})).toEqual(['name', 'unattended']);
  });

  it('withholds an approval-bound tool that also asks for input as approval-bound', () => {
    const f = createUnattendedFilter([tool('both', { approvalMarker: true, requiresInput: true })]);
    expect(f.explain(['both'])).toEqual([{ name: 'both', unattended: false, reason: 'approvalMarker' }]);
  });

  it('leaves unknown names out: exact, case-sensitive, untrimmed', () => {
    expect(filter.unattended(['Get_Page_Content', ' get_page_content', 'get_page_content ', 'nope'])).toEqual([]);
    expect(filter.explain(['nope'])).toEqual([{ name: 'nope', unattended: false, reason: 'unknown' }]);
  });

  it('treats __proto__, constructor and toString as ordinary names', () => {
    expect(filter.explain(['__proto__', 'constructor', 'toString']).map((v) => v.reason)).toEqual([
      'unknown',
      'unknown',
      'unknown',
    ]);
    const f = createUnattendedFilter([tool('__proto__'), tool('constructor', { effect: 'idempotent_write' })]);
    expect(f.unattended(['__proto__', 'constructor', 'toString'])).toEqual(['__proto__']);
    expect(f.explain(['constructor'])).toEqual([{ name: 'constructor', unattended: false, reason: 'writeEffect' }]);
  });

  it('keeps duplicates as given and does not mutate its input', () => {
    const names = Object.freeze(['get_page_content', 'get_page_content', 'update_page_metadata']);
    expect(filter.unattended(names)).toEqual(['get_page_content', 'get_page_content']);
    expect(names).toEqual(['get_page_content', 'get_page_content', 'update_page_metadata']);
  });

  it('reads an empty list as no tools', () => {
    expect(filter.unattended([])).toEqual([]);
    expect(filter.explain([])).toEqual([]);
  });

  it('withholds a non-string entry as malformed under its String() form', () => {
    const entries = [42, null, undefined, { name: 'get_page_content' }, 'get_page_content'] as unknown as string[];
    expect(filter.unattended(entries)).toEqual(['get_page_content']);
    expect(filter.explain(entries)).toEqual([
      { name: '42', unattended: false, reason: 'malformed' },
      { name: 'null', unattended: false, reason: 'malformed' },
      { name: 'undefined', unattended: false, reason: 'malformed' },
      { name: '[object Object]', unattended: false, reason: 'malformed' },
      { name: 'get_page_content', unattended: true },
    ]);
  });

  it('does not throw on an entry that cannot be turned into a string', () => {
    const hostile = {
      toString: () => {
        throw new Error('no');
      },
    };
    expect(filter.explain([hostile] as unknown as string[])).toEqual([
      { name: '[object Object]', unattended: false, reason: 'malformed' },
    ]);
    expect(filter.explain([Symbol('s')] as unknown as string[])).toEqual([
      { name: 'Symbol(s)', unattended: false, reason: 'malformed' },
    ]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a missing trait', { name: 'x', approvalMarker: false, remote: false, remoteApproval: null, effect: null }],
    ['a trait of the wrong type', { ...tool('x'), requiresInput: 0 }],
    ['an effect outside the three values', { ...tool('x'), effect: 'READ_ONLY' }],
    ['a declaration on a local tool', { ...tool('x'), remoteApproval: false }],
  ])('withholds a description with %s as malformed', (_label, description) => {
    const f = createUnattendedFilter([description as unknown as ToolTraits]);
    expect(f.explain(['x'])).toEqual([{ name: 'x', unattended: false, reason: 'malformed' }]);
    expect(f.unattended(['x'])).toEqual([]);
  });

  it('withholds a name described twice with different traits, or with one malformed description', () => {
    const f = createUnattendedFilter([
      tool('twice_same'),
      tool('twice_same'),
      tool('twice_diff'),
      tool('twice_diff', { requiresInput: false, effect: 'read_only' }),
      tool('twice_bad'),
      { ...tool('twice_bad'), remote: 'no' } as unknown as ToolTraits,
    ]);
    expect(f.explain(['twice_same', 'twice_diff', 'twice_bad'])).toEqual([
      { name: 'twice_same', unattended: true },
      { name: 'twice_diff', unattended: false, reason: 'malformed' },
      { name: 'twice_bad', unattended: false, reason: 'malformed' },
    ]);
  });

  it.each([
    ['approvalMarker', true],
    ['remote', true],
    ['remoteApproval', false],
    ['effect', 'read_only'],
    ['requiresInput', true],
  ] as const)('withholds a name described twice that differs only in %s', (trait, value) => {
    const second = { ...tool('twice'), [trait]: value, ...(trait === 'remoteApproval' ? { remote: true } : {}) };
    const f = createUnattendedFilter([
      { ...tool('twice'), ...(trait === 'remoteApproval' ? { remote: true } : {}) },
      second,
    ]);
    expect(f.explain(['twice'])).toEqual([{ name: 'twice', unattended: false, reason: 'malformed' }]);
  });

  it('compares only the five traits of a twice-described name, not its hints', () => {
    const f = createUnattendedFilter([tool('a'), { ...tool('a'), readOnlyHint: false, label: 'other' } as ToolTraits]);
    expect(f.unattended(['a'])).toEqual(['a']);
  });

  it('skips descriptions that are not objects with a string name', () => {
    const f = createUnattendedFilter([null, 'get_page_content', 7, { name: 5 }, tool('ok')] as unknown as ToolTraits[]);
    expect(f.explain(['get_page_content', 'ok', '5'])).toEqual([
      { name: 'get_page_content', unattended: false, reason: 'unknown' },
      { name: 'ok', unattended: true },
      { name: '5', unattended: false, reason: 'unknown' },
    ]);
  });

  it('accepts any iterable and fails closed on something that is not one', () => {
    expect(createUnattendedFilter(new Set([tool('a')])).unattended(['a'])).toEqual(['a']);
    expect(createUnattendedFilter(null as unknown as ToolTraits[]).unattended(['a'])).toEqual([]);
    expect(createUnattendedFilter(filter as unknown as ToolTraits[]).unattended(['a'])).toEqual([]);
  });

  it('is not changed by a description mutated after the filter was built', () => {
    const mutable = { ...tool('m') };
    const f = createUnattendedFilter([mutable]);
    (mutable as { effect: string }).effect = 'non_idempotent_write';
    expect(f.unattended(['m'])).toEqual(['m']);
  });

  it('ignores server hints in either direction', () => {
    const hinted = [
      {
        ...tool('w', { effect: 'idempotent_write' }),
        readOnlyHint: true,
        annotations: { readOnlyHint: true },
        _meta: { approval: false },
      },
      { ...tool('r', { remote: true }), destructiveHint: true, readOnlyHint: false },
    ] as unknown as ToolTraits[];
    expect(createUnattendedFilter(hinted).explain(['w', 'r'])).toEqual([
      { name: 'w', unattended: false, reason: 'writeEffect' },
      { name: 'r', unattended: true },
    ]);
  });
});
