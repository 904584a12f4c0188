import type { Meta, StoryObj } from '@storybook/react-vite';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { AskAi } from 'ask-ai-dialog/tiptap';
import { useEffect, useRef } from 'react';

const ENDPOINTS = {
  tools: '/api/ask-ai/tools?token=story',
  run: '/api/ask-ai/run?token=story',
  cancel: '/api/ask-ai/cancel?token=story',
};

/** Tiptap 3 with the Ask AI extension: select text, then Ctrl+J (⌘J) or the button. */
function TiptapWithAskAi({ locale }: { locale: string }) {
  const element = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | null>(null);
  useEffect(() => {
    const instance = new Editor({
      element: element.current!,
      extensions: [StarterKit, AskAi.configure({ endpoints: ENDPOINTS, configuration: 'default', locale })],
      content:
        '<p>The city library opens its new reading garden on 1 June.</p>' +
        '<p>Visitors can borrow books, games and sun loungers there.</p>',
      editorProps: { attributes: { 'aria-label': 'Story', role: 'textbox', 'aria-multiline': 'true' } },
    });
    editor.current = instance;
    return () => instance.destroy();
  }, [locale]);
  return (
    <div style={{ maxWidth: '40rem', font: '16px/1.5 system-ui, sans-serif' }}>
      <button type="button" onClick={() => editor.current?.chain().focus().askAi().run()}>
        Ask AI about the story
      </button>
      <div ref={element} style={{ border: '1px solid #8888', borderRadius: 8, padding: '0 1rem', marginTop: 8 }} />
    </div>
  );
}

const meta = {
  title: 'Editors/Tiptap',
  component: TiptapWithAskAi,
  args: { locale: 'en' },
} satisfies Meta<typeof TiptapWithAskAi>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tiptap: Story = {};
export const TiptapGerman: Story = { args: { locale: 'de' } };
