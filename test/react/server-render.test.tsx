import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { AskAiDialog } from '../../src/react';

// Node, no DOM: a server render must not reach for window or document, and shows the idle trigger.
it('renders on the server without a DOM', () => {
  expect(typeof window).toBe('undefined');
  const html = renderToString(<AskAiDialog endpoints={{ tools: '/t', run: '/r' }} />);
  expect(html).toContain('>Ask AI</button>');
  expect(html).toContain('data-state="idle"');
});
