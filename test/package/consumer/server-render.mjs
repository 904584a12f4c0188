// A server render of the built package on the React installed beside it: nothing may reach the console.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

const written = [];
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  console[level] = (...args) => written.push(`${level}: ${args.map(String).join(' ')}`);
}
const { AskAiDialog } = await import('ask-ai-dialog');
const html = renderToString(createElement(AskAiDialog, { endpoints: { tools: '/tools', run: '/run' } }));
process.stdout.write(JSON.stringify({ html, written }));
