// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OfferedTool, WithheldTool } from '../../src/client';
import { ToolDisclosure } from '../../src/react/tool-disclosure';
import type { ToolListState } from '../../src/session';
import { EN_MESSAGES } from '../../src/i18n';

const tool = (name: string, group: string | null, label: string | null = null): OfferedTool => ({
  name,
  label,
  description: null,
  group,
});

function listed(name: string): string[] {
  return within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.ask-ai-tool-name')?.textContent ?? '');
}

describe('the tool disclosure', () => {
  it('lists tools by the backend group, groups and tools in the order the editor reads them', () => {
    const withheld: WithheldTool[] = [
      { ...tool('write_page', 'pages'), reason: 'writeEffect' },
      { ...tool('delete_file', 'files'), reason: 'writeEffect' },
    ];
    const tools: ToolListState = {
      status: 'success',
      fetching: false,
      failure: null,
      data: {
        configuration: null,
        // The backend's order, which the run keeps: the list shows them grouped and sorted.
        unattended: [
          tool('search_pages', 'pages', 'search pages'),
          tool('list_files', 'files'),
          tool('get_page', 'pages', 'Get page'),
          tool('clock', null),
          tool('find_files', 'files'),
        ],
        withheld,
      },
    };
    render(<ToolDisclosure tools={tools} messages={EN_MESSAGES} />);
    // No group first, then "files", then "pages"; inside a group by label (or name), ignoring case.
    expect(listed('Available to the AI')).toEqual(['clock', 'find_files', 'list_files', 'Get page', 'search pages']);
    expect(listed('Withheld')).toEqual(['delete_file', 'write_page']);
  });
});
