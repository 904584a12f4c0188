import { AskAi, type AskAiApplyEvent, type AskAiConfig } from 'ask-ai-dialog/ckeditor5';
import {
  BlockQuote,
  Bold,
  ClassicEditor,
  Essentials,
  Heading,
  Italic,
  Link,
  List,
  Paragraph,
  Table,
  TableToolbar,
} from 'ckeditor5';
import 'ckeditor5/ckeditor5.css';
import { AskAiDialog, type AskAiDialogProps } from 'ask-ai-dialog';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const INITIAL_DATA =
  '<p>The city library opens its new reading garden on 1 June. Visitors can borrow books, games and sun ' +
  'loungers there, and the garden is open every day from ten to six while the weather allows.</p>' +
  '<p>Children can read to the library cat on Saturday mornings. Entry is free, and the summer reading club ' +
  'starts the same week with readings by local authors. The library asks visitors to bring their own water ' +
  'bottles, because the garden has no café yet.</p>';

export interface RichTextFieldProps {
  /** The plugin's settings; `configuration` and `locale` follow changes while the editor lives. */
  readonly askAi: AskAiConfig;
  readonly onApply: (event: AskAiApplyEvent) => void;
  /** Host content at the end of the dialog's body (the demo's simulation knobs). */
  readonly children?: ReactNode;
}

interface Portal {
  readonly host: HTMLElement;
  readonly props: AskAiDialogProps;
}

/**
 * The content element's rich-text field: CKEditor 5, as TYPO3's RTE builds it (ClassicEditor, GPL
 * licence key), with the Ask AI toolbar button. This React page renders the plugin's dialog with its own
 * React (a portal into the plugin's host element), so the dialog shares the page's QueryClient and styles.
 */
export function RichTextField({ askAi, onApply, children }: RichTextFieldProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [portal, setPortal] = useState<Portal | null>(null);
  const editorRef = useRef<ClassicEditor | null>(null);
  const latest = useRef({ askAi, onApply });
  useEffect(() => {
    latest.current = { askAi, onApply };
  });

  useEffect(() => {
    const parent = holder.current;
    if (!parent) return;
    const element = document.createElement('div');
    parent.append(element);
    // StrictMode mounts twice: the first editor is destroyed once it exists, and its element with it.
    let cancelled = false;
    const created = ClassicEditor.create(element, {
      licenseKey: 'GPL',
      label: 'Bodytext',
      initialData: INITIAL_DATA,
      plugins: [Essentials, Paragraph, Heading, Bold, Italic, Link, List, BlockQuote, Table, TableToolbar, AskAi],
      // Ask AI first, as editors find AI commands in CKEditor; the toolbar wraps rather than hiding it.
      toolbar: {
        shouldNotGroupWhenFull: true,
        items: [
          'askAi',
          '|',
          'heading',
          '|',
          'bold',
          'italic',
          'link',
          'bulletedList',
          'numberedList',
          'blockQuote',
          'insertTable',
          '|',
          'undo',
          'redo',
        ],
      },
      table: { contentToolbar: ['tableColumn', 'tableRow'] },
      askAi: {
        ...latest.current.askAi,
        markGenerated: { viewAttribute: 'data-ai-written' },
        onApply: (event) => latest.current.onApply(event),
        mount: (host, props) => {
          setPortal({ host, props });
          return {
            update: (next) => setPortal((current) => current && { host, props: { ...current.props, ...next } }),
            unmount: () => setPortal(null),
          };
        },
      },
    }).then((editor) => {
      if (cancelled) return editor;
      editorRef.current = editor;
      // What changed while the editor was being made (the simulation's state arrives on its own time).
      const { configuration: c, locale: l, debug: d } = latest.current.askAi;
      editor.plugins.get(AskAi).configure({ configuration: c, locale: l, debug: d });
      return editor;
    });
    return () => {
      cancelled = true;
      editorRef.current = null;
      void created
        .then((editor) => editor.destroy())
        .finally(() => element.remove())
        .catch(() => undefined);
    };
  }, []);

  const { configuration, locale, debug } = askAi;
  useEffect(() => {
    editorRef.current?.plugins.get(AskAi).configure({ configuration, locale, debug });
  }, [configuration, locale, debug]);

  return (
    <>
      <div ref={holder} className="rte" />
      {portal && createPortal(<AskAiDialog {...portal.props}>{children}</AskAiDialog>, portal.host)}
    </>
  );
}
