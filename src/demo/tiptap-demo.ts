/*
 * Tiptap 3 with the Ask AI extension, against the simulated backend: the third editor on the editor
 * seam (`ask-ai-dialog/tiptap`), as a React CMS on Tiptap would add it.
 */
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { AskAi } from 'ask-ai-dialog/tiptap';

const log = document.querySelector<HTMLOListElement>('#log')!;
const editor = new Editor({
  element: document.querySelector<HTMLElement>('#editor')!,
  extensions: [
    StarterKit,
    AskAi.configure({
      endpoints: {
        tools: '/api/ask-ai/tools',
        run: '/api/ask-ai/run',
        cancel: '/api/ask-ai/cancel',
        outcome: '/api/ask-ai/outcome',
      },
      configuration: 'default',
      locale: new URLSearchParams(location.search).get('locale') ?? 'en',
      onApply: ({ as, meta }) => {
        const item = document.createElement('li');
        item.textContent = `${as === 'insert' ? 'Inserted' : 'Replaced'}: ${meta.instruction}`;
        log.append(item);
      },
    }),
  ],
  content:
    '<p>The museum reopens after a year of renovation. Its new wing shows regional art from three centuries.</p>' +
    '<p>Guided tours start every hour, and entry is free on Sundays.</p>',
  editorProps: { attributes: { 'aria-label': 'Story', role: 'textbox', 'aria-multiline': 'true' } },
});
document.querySelector('#ask-ai')!.addEventListener('click', () => editor.chain().focus().askAi().run());
Object.assign(window, { editor });
document.body.dataset.editor = 'ready';
