import { useQueryClient } from '@tanstack/react-query';
import { AskAiDialog, type TaskAnswer, type TaskAnswerMeta } from 'ask-ai-dialog';
import type { AskAiApplyEvent } from 'ask-ai-dialog/ckeditor5';
import { useEffect, useState } from 'react';
import { ControlPanel } from './control-panel';
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
  const [state, setState] = useState<SimulationView | null>(null);
  const [log, setLog] = useState<string[]>([]);

  useEffect(() => {
    if (simulated) void readSimulation().then(setState);
  }, [simulated]);

  const provenance = (meta: TaskAnswerMeta) =>
    `${meta.instruction} · ${meta.runUuid ?? 'no run id'} · tools: ${meta.toolsUsed.join(', ') || 'none'}`;
  const onApply = ({ as, meta }: AskAiApplyEvent) =>
    setLog((l) => [`${as === 'insert' ? 'Inserted' : 'Replaced the selection'} (${provenance(meta)})`, ...l]);
  const onPageTask = (_answer: TaskAnswer, meta: TaskAnswerMeta) =>
    setLog((l) => [`Page task answered (${provenance(meta)})`, ...l]);

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
          <span id="bodytext-label" className="field-label">
            Bodytext
          </span>
          <RichTextField
            askAi={{
              endpoints: ENDPOINTS,
              locale: LOCALE,
              configuration: state?.configuration,
              record: { table: 'tt_content', uid: 12, field: 'bodytext' },
              // As in TYPO3: tools, steps and usage for administrators only.
              debug: state?.user === 'admin',
            }}
            onApply={onApply}
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
          </RichTextField>
          <p className="hint">
            Select text in the field and choose “Ask AI” in its toolbar, or let the AI read the whole field.
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
            onInsert={onPageTask}
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
