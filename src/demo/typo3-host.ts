/*
 * A TYPO3-like back-end page without React: the URLs come from TYPO3.settings.ajaxUrls, with their
 * route tokens, and the widget is one ES module that defines <ask-ai-dialog> when loaded. With
 * `?widget=dist` the page loads the built file (`npm run build`), as a site would ship it.
 */
const built = new URLSearchParams(location.search).get('widget') === 'dist';
await (built
  ? import(/* @vite-ignore */ `${'/dist'}/widget-standalone.js`)
  : import('ask-ai-dialog/widget/standalone'));

interface AnswerEvent extends Event {
  readonly detail: { answer: { text: string }; meta: { instruction: string; runUuid: string | null } };
}

const field = document.querySelector<HTMLTextAreaElement>('#bodytext');
const widget = document.querySelector<HTMLElement & { context?: unknown }>('ask-ai-dialog');
const log = document.querySelector<HTMLOListElement>('#log');

function syncContext() {
  if (!field || !widget) return;
  const selection = field.value.slice(field.selectionStart, field.selectionEnd);
  widget.context = {
    ...(selection ? { selection } : {}),
    document: field.value,
    recordTable: 'tt_content',
    recordUid: 42,
  };
}

field?.addEventListener('select', syncContext);
field?.addEventListener('input', syncContext);
syncContext();

widget?.addEventListener('ask-ai-insert', (event) => {
  const { answer, meta } = (event as AnswerEvent).detail;
  if (field) field.value = `${field.value}\n\n${answer.text}`;
  const item = document.createElement('li');
  item.textContent = `Inserted: ${meta.instruction} (run ${meta.runUuid ?? 'without id'})`;
  log?.append(item);
  syncContext();
});

widget?.addEventListener('ask-ai-replace', (event) => {
  const { answer } = (event as AnswerEvent).detail;
  if (!field) return;
  field.setRangeText(answer.text, field.selectionStart, field.selectionEnd, 'select');
  syncContext();
});

// A module (for the top-level await above), with nothing to export.
export {};
