import { useQueryClient } from '@tanstack/react-query';
import { AskAiDialog, type TaskAnswer, type TaskAnswerMeta } from 'ask-ai-dialog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ControlPanel } from './control-panel';
import { fieldText, insertAnswer, replaceRange } from './editor-text';
import { RichTextField } from './rich-text-field';
import { changeSimulation, readSimulation, resetSimulation, type SimulationView } from './simulation-api';

const ENDPOINTS = {
  tools: '/api/ask-ai/tools',
  run: '/api/ask-ai/run',
  cancel: '/api/ask-ai/cancel',
  outcome: '/api/ask-ai/outcome',
};

const PRESETS_EXTRA = [
  {
    id: 'page-summary',
    label: 'Summarise the whole page',
    prompt: 'Summarise the page in two sentences.',
    requiredTools: ['get_page_content'],
  },
  {
    id: 'page-title',
    label: 'Set the page title',
    prompt: 'Write and set a better page title.',
    requiredTools: ['update_page_metadata'],
  },
];

/** `?locale=de` shows the dialog in German (a CMS passes its editor's language). */
const LOCALE = new URLSearchParams(globalThis.location?.search ?? '').get('locale') ?? undefined;

/** A CMS-like editing page: one content element with a header and a rich-text field. */
export function DemoApp({ simulated }: { simulated: boolean }) {
  const queryClient = useQueryClient();
  const field = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  /** Where the caret last was in the field (collapsed or not): Insert puts the answer after its block. */
  const caret = useRef<Range | null>(null);
  const [selection, setSelection] = useState('');
  const [documentText, setDocumentText] = useState('');
  const [state, setState] = useState<SimulationView | null>(null);
  const [log, setLog] = useState<string[]>([]);

  useEffect(() => {
    if (field.current) setDocumentText(fieldText(field.current));
    if (simulated) void readSimulation().then(setState);
  }, [simulated]);

  const trackSelection = useCallback(() => {
    const sel = window.getSelection();
    const inField = sel && sel.rangeCount > 0 && field.current?.contains(sel.anchorNode);
    if (inField) caret.current = sel.getRangeAt(0).cloneRange();
    if (inField && !sel.isCollapsed) {
      savedRange.current = sel.getRangeAt(0).cloneRange();
      setSelection(sel.toString());
    } else if (inField) {
      savedRange.current = null;
      setSelection('');
    }
    if (field.current) setDocumentText(fieldText(field.current));
  }, []);

  const provenance = (meta: TaskAnswerMeta) =>
    `${meta.instruction} · ${meta.runUuid ?? 'no run id'} · tools: ${meta.toolsUsed.join(', ') || 'none'}`;
  const onInsert = (answer: TaskAnswer, meta: TaskAnswerMeta) => {
    if (!field.current) return;
    insertAnswer(field.current, caret.current, answer.markdown, provenance(meta));
    setDocumentText(fieldText(field.current));
    setLog((l) => [`Inserted (${meta.instruction})`, ...l]);
  };
  const onReplace = (answer: TaskAnswer, meta: TaskAnswerMeta) => {
    if (!field.current) return;
    if (replaceRange(field.current, savedRange.current, answer.markdown, provenance(meta))) {
      savedRange.current = null;
      setSelection('');
      setDocumentText(fieldText(field.current));
      setLog((l) => [`Replaced the selection (${meta.instruction})`, ...l]);
    }
  };

  const reset = async () => {
    const next = await resetSimulation();
    if (next) setState(next);
    await queryClient.invalidateQueries({ queryKey: ['ask-ai-dialog', 'tools'] });
  };

  const change = async (patch: Record<string, unknown>) => {
    // Shown at once; the backend's answer then confirms (or corrects) it.
    setState(
      (current) =>
        current &&
        ({
          ...current,
          ...patch,
          operator: { ...current.operator, ...(patch.operator as object | undefined) },
        } as SimulationView),
    );
    const next = await changeSimulation(patch);
    if (next) setState(next);
    // The withheld list follows the new settings at once.
    await queryClient.invalidateQueries({ queryKey: ['ask-ai-dialog', 'tools'] });
  };

  return (
    <div className="layout">
      <main className="editor">
        <h1>Edit content element</h1>
        <p className="crumbs">Page “Reading garden” · Content element #12 · tt_content</p>
        <div className="form-row">
          <label htmlFor="header">Header</label>
          <input id="header" defaultValue="A new reading garden for the city library" />
        </div>
        <div className="form-row">
          <div className="field-head">
            <span id="bodytext-label">Bodytext</span>
            <AskAiDialog
              endpoints={ENDPOINTS}
              locale={LOCALE}
              configuration={state?.configuration}
              context={{
                ...(selection ? { selection } : {}),
                document: documentText,
                recordTable: 'tt_content',
                recordUid: 12,
              }}
              presets={undefined}
              onInsert={onInsert}
              onReplace={onReplace}
              onOpenChange={(open) => open && field.current && setDocumentText(fieldText(field.current))}
            >
              {simulated && state && (
                // The dialog is modal: the simulation's knobs come along inside it, so they can be changed mid-task.
                <details className="demo-simulation">
                  <summary>Simulation</summary>
                  <ControlPanel
                    idPrefix="in-dialog"
                    state={state}
                    onChange={(patch) => void change(patch)}
                    onReset={() => void reset()}
                  />
                </details>
              )}
            </AskAiDialog>
          </div>
          <RichTextField ref={field} onSelectionChange={trackSelection} />
          <p className="hint">
            {selection
              ? `Selected: “${selection.slice(0, 60)}${selection.length > 60 ? '…' : ''}”`
              : 'Select text in the field to act on it, or let the AI read the whole field.'}
          </p>
        </div>
        {log.length > 0 && (
          <ul className="log" aria-label="Editor log">
            {log.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        )}
        <details className="extra">
          <summary>Host presets with required tools</summary>
          <p>The dialog below offers two extra presets: one needs a read tool, one a writer that is always withheld.</p>
          <AskAiDialog
            endpoints={ENDPOINTS}
            configuration={state?.configuration}
            presets={PRESETS_EXTRA}
            messages={{ trigger: 'Page tasks' }}
            context={{ recordTable: 'pages', recordUid: 3 }}
            onInsert={onInsert}
          />
        </details>
      </main>
      {simulated && state && (
        <aside className="panel" aria-label="Simulated backend">
          <h2>Simulated nr-llm backend</h2>
          <ControlPanel
            idPrefix="page"
            state={state}
            onChange={(patch) => void change(patch)}
            onReset={() => void reset()}
          />
        </aside>
      )}
      {!simulated && <aside className="panel">Connected to a real backend through the dev-server proxy.</aside>}
    </div>
  );
}
