import type { WithheldToolReason } from '../client/offerable-tools';
import { localeOf, type AskAiLocale } from './locale';
import { templateMessage } from './message-templates';

/**
 * Every string the dialog shows. English and German are built in; a host replaces any of them
 * through the `messages` prop. The accessible names of the trigger, the dialog, "Instruction",
 * "Run", "Stop", "Answer", "Insert", "Replace selection", "Copy", "Try again" and "Close" are the
 * names tests and assistive technology find the controls by: change them only to translate.
 *
 * A failure says in one short sentence what happened and what to do; the server's own words and ids
 * go to a collapsed "Details", never into that sentence.
 */
export interface AskAiMessages {
  trigger: string;
  title: string;
  description: string;
  close: string;
  instruction: string;
  instructionPlaceholder: string;
  instructionHint: string;
  run: string;
  stop: string;
  presets: string;
  translateTo: string;
  presetNeedsTool: (tools: string) => string;
  /** Joins the typed text to a preset's task: `${task}\n\n${extraDirection}: ${typed}`. */
  extraDirection: string;
  context: string;
  contextSelection: (chars: number) => string;
  contextDocument: (chars: number) => string;
  contextRecord: (table: string, uid: string) => string;
  contextNone: string;
  contextCut: (part: 'selection' | 'document' | 'previousAnswer', limit: number) => string;
  tools: (available: number, withheld: number) => string;
  toolsLoading: string;
  toolsFailed: string;
  toolsRetry: string;
  availableToTheAi: string;
  withheld: string;
  none: string;
  withheldReason: Record<WithheldToolReason, string>;
  unnamedTool: string;
  timeline: (steps: number) => string;
  /** Steps past the timeline's cap, counted only. */
  moreSteps: (count: number) => string;
  /** Under an answer that went past the size the dialog keeps. */
  answerCut: string;
  working: string;
  writing: string;
  stillWaiting: string;
  elapsed: (seconds: number) => string;
  stepRunning: string;
  stepDone: string;
  stepFailed: string;
  stepTool: (tool: string) => string;
  stepModel: (round: number) => string;
  stepOther: (kind: string) => string;
  answer: string;
  aiGenerated: string;
  insert: string;
  replaceSelection: string;
  copy: string;
  copied: string;
  copyFailed: string;
  tryAgain: string;
  tryAgainIn: (seconds: number) => string;
  details: string;
  announceStarted: string;
  announceDone: string;
  announceStopped: string;
  inserted: string;
  replaced: string;
  /** The host refused Replace: the selected text changed, or is gone, since the dialog opened. */
  selectionChanged: string;
  selectionRemoved: string;
  /** The host refused to take the answer for a reason of its own. */
  applyRefused: string;
  /** A read-only or disabled field: nothing is written. */
  fieldReadOnly: string;
  /** The answer does not fit the field's `maxlength`: nothing is written. */
  answerTooLong: (limit: number) => string;
  done: string;
  stopped: string;
  /** A run stopped because the dialog was closed while it ran. */
  stoppedOnClose: string;
  stoppedConfirmed: string;
  stoppedPending: string;
  stoppedUnconfirmed: string;
  stoppedNoCancel: string;
  partialKept: string;
  noAnswer: string;
  noAnswerBudget: string;
  noAnswerTruncated: string;
  suspendedApproval: (tools: string) => string;
  suspendedInput: (tools: string) => string;
  suspendedInbox: (runUuid: string) => string;
  suspendedNext: string;
  network: string;
  connectionLost: string;
  sessionExpired: string;
  forbidden: string;
  notFound: string;
  badRequest: string;
  rateLimited: string;
  server: string;
  invalidResponse: string;
  guardrail: string;
  cancelled: string;
  backend: string;
  /** In "Details": the server's own words. */
  serverSaid: (message: string) => string;
  emptyInstruction: string;
  usage: (tokens: number) => string;
  cost: (amount: number) => string;
  /** Shown in place of the dialog should it fail to render: the host's page is not affected. */
  dialogFailed: string;
  regenerate: string;
  previousAnswer: string;
  nextAnswer: string;
  variantOf: (shown: number, count: number) => string;
  /** What produced the answer in view: the instruction (or refinement) it ran with. */
  answerFor: (instruction: string) => string;
  /** On an answer that ended early (stopped, or the stream broke): still usable. */
  incomplete: string;
  /** On an answer from an earlier run, shown while the last run ended without one. */
  earlierAnswer: string;
  refine: string;
  refinePlaceholder: string;
  showChanges: string;
  /** Show changes on texts past the comparison's cap. */
  changesTooLong: (words: number) => string;
  /** Show changes on an answer that changes too much of the selection to list. */
  changesTooMany: string;
  changes: string;
  /** Show changes on an answer that keeps every word of the selection. */
  noChanges: string;
  /** In the answer's "Details": the run's token count and cost, and its id. */
  usageLabel: string;
  runIdLabel: string;
  /** The task menu: its filter, its groups, the tone submenu, and a filter that matches nothing. */
  taskFilter: string;
  taskFilterPlaceholder: string;
  groupEdit: string;
  groupWrite: string;
  groupMore: string;
  changeTone: string;
  noTaskMatches: string;
  /** The tool list answered 403: this editor may not use AI tasks; every task is disabled. */
  noPermission: string;
  /** The link to the host's login page (`loginUrl`) beside "session expired". */
  logIn: string;
  /** "Session expired" where the host gave a `loginUrl`: the link beside it logs in. */
  sessionExpiredLogIn: string;
  removed: string;
  added: string;
  helpful: string;
  notHelpful: string;
  feedbackThanks: string;
  feedbackFailed: string;
}

export const EN_MESSAGES: AskAiMessages = {
  trigger: 'Ask AI',
  title: 'Ask AI',
  description: 'Ask the AI for one thing. It uses only tools that run without anyone’s approval.',
  close: 'Close',
  instruction: 'Instruction',
  instructionPlaceholder: 'What should the AI do? For example: Summarise this in two sentences.',
  instructionHint: 'Enter runs it, Shift+Enter adds a line. With text here, a task button adds it as extra direction.',
  run: 'Run',
  stop: 'Stop',
  presets: 'Tasks',
  translateTo: 'Target language',
  presetNeedsTool: (tools) => `Not available here: it needs ${tools}.`,
  extraDirection: 'Extra direction from the editor',
  context: 'Sent with the task',
  contextSelection: (chars) => `the selected text (${chars.toLocaleString('en')} characters)`,
  contextDocument: (chars) => `the document (${chars.toLocaleString('en')} characters)`,
  contextRecord: (table) =>
    table === 'tt_content' ? 'this content element' : table === 'pages' ? 'this page' : 'this record',
  contextNone: 'no text from the editor',
  contextCut: (part, limit) =>
    `The ${{ selection: 'selected text', document: 'document', previousAnswer: 'answer being refined' }[part]} ` +
    `was cut to ${limit.toLocaleString('en')} characters.`,
  tools: (available, withheld) => `Tools: ${available} available, ${withheld} withheld`,
  toolsLoading: 'Loading the tools…',
  toolsFailed: 'The allowed tools could not be loaded, so tasks run without tools for now.',
  toolsRetry: 'Load the tools again',
  availableToTheAi: 'Available to the AI',
  withheld: 'Withheld',
  none: 'none',
  withheldReason: {
    approvalMarker: 'needs approval',
    requiresInput: 'asks for input',
    remoteDeclaration: 'the operator requires approval for this server',
    writeEffect: 'changes content',
    unknown: 'unknown to this dialog',
    malformed: 'unreadable description',
    serverDisagrees: 'the server disagrees',
  },
  unnamedTool: 'A tool without a readable name',
  timeline: (steps) => `Steps (${steps})`,
  moreSteps: (count) => `…and ${count.toLocaleString('en')} more`,
  answerCut: 'The answer was longer than the dialog keeps: the rest was cut. The part shown can be used.',
  working: 'Working on it…',
  writing: 'Writing the answer…',
  stillWaiting: 'Still waiting for the AI service…',
  elapsed: (seconds) => `${seconds} s`,
  stepRunning: 'running',
  stepDone: 'done',
  stepFailed: 'failed',
  stepTool: (tool) => `Tool: ${tool}`,
  stepModel: (round) => `Model, round ${round}`,
  stepOther: (kind) => `Step: ${kind}`,
  answer: 'Answer',
  aiGenerated: 'AI-generated — check before use',
  insert: 'Insert',
  replaceSelection: 'Replace selection',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copying is not available here: select the text and copy it yourself.',
  tryAgain: 'Try again',
  tryAgainIn: (seconds) => `Try again in ${seconds} s`,
  details: 'Details',
  announceStarted: 'The AI is working on the task.',
  announceDone: 'The answer is ready.',
  announceStopped: 'Stopped.',
  inserted: 'Inserted',
  replaced: 'Replaced',
  selectionChanged: 'The selected text has changed since this opened. Select it again, or use Insert.',
  selectionRemoved: 'The selected text is no longer in the editor. Use Insert instead.',
  applyRefused: 'The editor could not take the answer here. Copy it instead.',
  fieldReadOnly: 'This field cannot be edited here. Copy the answer instead.',
  answerTooLong: (limit) =>
    `The answer does not fit: this field takes at most ${limit.toLocaleString('en')} characters. ` +
    'Copy it, or ask for a shorter one.',
  done: 'Done.',
  stopped: 'You stopped the task.',
  stoppedOnClose: 'The dialog was closed, so the task was stopped.',
  stoppedConfirmed: 'The server confirmed that it cancelled the run.',
  stoppedPending: 'Asking the server to cancel the run…',
  stoppedUnconfirmed: 'The server did not confirm the cancel: it may still finish the step in progress.',
  stoppedNoCancel: 'The server may still finish the step in progress.',
  partialKept: 'What arrived so far is kept.',
  noAnswer: 'The AI gave no answer. Try again, or rephrase the instruction.',
  noAnswerBudget: 'The AI ran out of budget before it answered. Try a shorter instruction or less text.',
  noAnswerTruncated: 'The text was too long for the AI. Select less text and try again.',
  suspendedApproval: (tools) => `The task stopped: ${tools} needs someone’s approval, which this dialog cannot give.`,
  suspendedInput: (tools) => `The task stopped: ${tools} asks for input, which this dialog cannot give.`,
  suspendedInbox: (runUuid) => `The run waits under the id ${runUuid} in AI Tasks › Agent Runs.`,
  suspendedNext: 'Try again fetches the allowed tools anew first.',
  network: 'The server could not be reached. Check your connection and try again.',
  connectionLost: 'The connection broke off before the answer was complete. Try again.',
  sessionExpired: 'Your session has expired. Log in again in another tab, then try again.',
  forbidden: 'You are not allowed to use this AI task. Ask an administrator for access.',
  notFound: 'The AI service is not set up here. Ask an administrator.',
  badRequest: 'The AI service did not accept the request. Ask an administrator to check the setup.',
  rateLimited: 'Too many requests right now. Wait a moment, then try again.',
  server: 'The AI service failed. Try again in a moment.',
  invalidResponse: 'The server sent an answer this dialog cannot read. Try again.',
  guardrail: 'A safety rule of the AI service blocked this task. Change the instruction or the text.',
  cancelled: 'The server cancelled the task. Try again.',
  backend: 'The AI service could not complete the task. Try again.',
  serverSaid: (message) => `The server said: “${message}”`,
  emptyInstruction: 'Type an instruction or pick a task first.',
  usage: (tokens) => `${tokens.toLocaleString('en')} tokens`,
  cost: (amount) => `cost ${amount.toLocaleString('en', { maximumFractionDigits: 4 })}`,
  dialogFailed: 'The Ask AI dialog could not be shown. Reload the page to try again.',
  regenerate: 'Regenerate',
  previousAnswer: 'Previous answer',
  nextAnswer: 'Next answer',
  variantOf: (shown, count) => `${shown} of ${count}`,
  answerFor: (instruction) => `For “${instruction}”`,
  incomplete: 'Incomplete',
  earlierAnswer: 'Earlier answer',
  refine: 'Refine',
  refinePlaceholder: 'Make it shorter, more formal, a list…',
  showChanges: 'Show changes',
  changesTooLong: (words) =>
    `Too long to compare here: changes are shown for texts of up to ${words.toLocaleString('en')} words.`,
  changesTooMany: 'Too many changes to list here: the answer rewrites much of the selection.',
  changes: 'Changes',
  noChanges: 'No changes: the answer keeps every word of the selection.',
  usageLabel: 'Usage',
  runIdLabel: 'Run ID',
  taskFilter: 'Find a task',
  taskFilterPlaceholder: 'Find a task…',
  groupEdit: 'Edit',
  groupWrite: 'Write',
  groupMore: 'More',
  changeTone: 'Change tone',
  noTaskMatches: 'No task matches. Type your own instruction below.',
  noPermission: 'You do not have permission to use AI tasks. Ask an administrator for access.',
  logIn: 'Log in again',
  sessionExpiredLogIn: 'Your session has expired. Log in again (a new tab opens), then try again.',
  removed: 'removed',
  added: 'added',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  feedbackThanks: 'Thanks for the feedback.',
  feedbackFailed: 'The feedback could not be sent.',
};

export const DE_MESSAGES: AskAiMessages = {
  trigger: 'KI fragen',
  title: 'KI fragen',
  description: 'Bitten Sie die KI um eine Sache. Sie nutzt nur Werkzeuge, die ohne Freigabe laufen.',
  close: 'Schließen',
  instruction: 'Anweisung',
  instructionPlaceholder: 'Was soll die KI tun? Zum Beispiel: Fasse das in zwei Sätzen zusammen.',
  instructionHint:
    'Eingabe startet, Umschalt+Eingabe fügt eine Zeile ein. Steht hier Text, geben ihn die Aufgaben als Vorgabe mit.',
  run: 'Ausführen',
  stop: 'Anhalten',
  presets: 'Aufgaben',
  translateTo: 'Zielsprache',
  presetNeedsTool: (tools) => `Hier nicht verfügbar: Sie braucht ${tools}.`,
  extraDirection: 'Zusätzliche Vorgabe der Redaktion',
  context: 'Mit der Aufgabe gesendet',
  contextSelection: (chars) => `der markierte Text (${chars.toLocaleString('de')} Zeichen)`,
  contextDocument: (chars) => `das Dokument (${chars.toLocaleString('de')} Zeichen)`,
  contextRecord: (table) =>
    table === 'tt_content' ? 'dieses Inhaltselement' : table === 'pages' ? 'diese Seite' : 'dieser Datensatz',
  contextNone: 'kein Text aus dem Editor',
  contextCut: (part, limit) =>
    `${{ selection: 'Der markierte Text', document: 'Das Dokument', previousAnswer: 'Die vorige Antwort' }[part]}` +
    ` wurde auf ${limit.toLocaleString('de')} Zeichen gekürzt.`,
  tools: (available, withheld) => `Werkzeuge: ${available} verfügbar, ${withheld} zurückgehalten`,
  toolsLoading: 'Die Werkzeuge werden geladen…',
  toolsFailed: 'Die erlaubten Werkzeuge konnten nicht geladen werden. Aufgaben laufen vorerst ohne Werkzeuge.',
  toolsRetry: 'Werkzeuge neu laden',
  availableToTheAi: 'Für die KI verfügbar',
  withheld: 'Zurückgehalten',
  none: 'keine',
  withheldReason: {
    approvalMarker: 'braucht eine Freigabe',
    requiresInput: 'fragt nach Eingaben',
    remoteDeclaration: 'der Betreiber verlangt für diesen Server eine Freigabe',
    writeEffect: 'ändert Inhalte',
    unknown: 'diesem Dialog unbekannt',
    malformed: 'unlesbare Beschreibung',
    serverDisagrees: 'der Server widerspricht',
  },
  unnamedTool: 'Ein Werkzeug ohne lesbaren Namen',
  timeline: (steps) => `Schritte (${steps})`,
  moreSteps: (count) => `…und ${count.toLocaleString('de')} weitere`,
  answerCut:
    'Die Antwort war länger, als der Dialog behält: Der Rest wurde abgeschnitten. Der gezeigte Teil ist verwendbar.',
  working: 'Die KI arbeitet…',
  writing: 'Die Antwort wird geschrieben…',
  stillWaiting: 'Der KI-Dienst antwortet noch nicht…',
  elapsed: (seconds) => `${seconds} s`,
  stepRunning: 'läuft',
  stepDone: 'fertig',
  stepFailed: 'fehlgeschlagen',
  stepTool: (tool) => `Werkzeug: ${tool}`,
  stepModel: (round) => `Modell, Runde ${round}`,
  stepOther: (kind) => `Schritt: ${kind}`,
  answer: 'Antwort',
  aiGenerated: 'KI-generiert – vor der Verwendung prüfen',
  insert: 'Einfügen',
  replaceSelection: 'Markierung ersetzen',
  copy: 'Kopieren',
  copied: 'Kopiert',
  copyFailed: 'Kopieren ist hier nicht möglich: Markieren und kopieren Sie den Text selbst.',
  tryAgain: 'Erneut versuchen',
  tryAgainIn: (seconds) => `Erneut versuchen in ${seconds} s`,
  details: 'Details',
  announceStarted: 'Die KI arbeitet an der Aufgabe.',
  announceDone: 'Die Antwort ist fertig.',
  announceStopped: 'Angehalten.',
  inserted: 'Eingefügt',
  replaced: 'Ersetzt',
  selectionChanged: 'Der markierte Text hat sich seitdem geändert. Markieren Sie ihn neu, oder fügen Sie ein.',
  selectionRemoved: 'Der markierte Text ist nicht mehr im Editor. Fügen Sie die Antwort stattdessen ein.',
  applyRefused: 'Der Editor konnte die Antwort hier nicht übernehmen. Kopieren Sie sie stattdessen.',
  fieldReadOnly: 'Dieses Feld kann hier nicht bearbeitet werden. Kopieren Sie die Antwort stattdessen.',
  answerTooLong: (limit) =>
    `Die Antwort passt nicht: Dieses Feld nimmt höchstens ${limit.toLocaleString('de')} Zeichen auf. ` +
    'Kopieren Sie sie, oder bitten Sie um eine kürzere.',
  done: 'Fertig.',
  stopped: 'Sie haben die Aufgabe angehalten.',
  stoppedOnClose: 'Der Dialog wurde geschlossen, daher wurde die Aufgabe angehalten.',
  stoppedConfirmed: 'Der Server hat bestätigt, dass er den Lauf abgebrochen hat.',
  stoppedPending: 'Der Server wird gebeten, den Lauf abzubrechen…',
  stoppedUnconfirmed: 'Der Server hat den Abbruch nicht bestätigt: Er beendet womöglich noch den laufenden Schritt.',
  stoppedNoCancel: 'Der Server beendet womöglich noch den laufenden Schritt.',
  partialKept: 'Was bisher ankam, bleibt erhalten.',
  noAnswer: 'Die KI hat nicht geantwortet. Versuchen Sie es erneut oder formulieren Sie die Anweisung um.',
  noAnswerBudget: 'Das Budget der KI war aufgebraucht. Versuchen Sie eine kürzere Anweisung oder weniger Text.',
  noAnswerTruncated: 'Der Text war zu lang für die KI. Markieren Sie weniger Text und versuchen Sie es erneut.',
  suspendedApproval: (tools) =>
    `Die Aufgabe wurde angehalten: ${tools} braucht eine Freigabe, die dieser Dialog nicht erteilen kann.`,
  suspendedInput: (tools) =>
    `Die Aufgabe wurde angehalten: ${tools} fragt nach Eingaben, die dieser Dialog nicht geben kann.`,
  suspendedInbox: (runUuid) => `Der Lauf wartet unter der Kennung ${runUuid} in KI-Aufgaben › Agent-Läufe.`,
  suspendedNext: 'Beim erneuten Versuch werden die erlaubten Werkzeuge zuerst neu geladen.',
  network: 'Der Server ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
  connectionLost: 'Die Verbindung brach ab, bevor die Antwort vollständig war. Versuchen Sie es erneut.',
  sessionExpired:
    'Ihre Sitzung ist abgelaufen. Melden Sie sich in einem anderen Tab neu an und versuchen Sie es dann erneut.',
  forbidden: 'Sie dürfen diese KI-Aufgabe nicht nutzen. Bitten Sie die Administration um Zugang.',
  notFound: 'Der KI-Dienst ist hier nicht eingerichtet. Wenden Sie sich an die Administration.',
  badRequest:
    'Der KI-Dienst hat die Anfrage nicht angenommen. Bitten Sie die Administration, die Einrichtung zu prüfen.',
  rateLimited: 'Gerade gibt es zu viele Anfragen. Warten Sie kurz und versuchen Sie es dann erneut.',
  server: 'Der KI-Dienst ist ausgefallen. Versuchen Sie es gleich noch einmal.',
  invalidResponse: 'Der Server hat eine Antwort gesendet, die dieser Dialog nicht lesen kann. Versuchen Sie es erneut.',
  guardrail: 'Eine Schutzregel des KI-Dienstes hat diese Aufgabe blockiert. Ändern Sie die Anweisung oder den Text.',
  cancelled: 'Der Server hat die Aufgabe abgebrochen. Versuchen Sie es erneut.',
  backend: 'Der KI-Dienst konnte die Aufgabe nicht erledigen. Versuchen Sie es erneut.',
  serverSaid: (message) => `Der Server meldete: „${message}“`,
  emptyInstruction: 'Geben Sie zuerst eine Anweisung ein oder wählen Sie eine Aufgabe.',
  usage: (tokens) => `${tokens.toLocaleString('de')} Tokens`,
  cost: (amount) => `Kosten ${amount.toLocaleString('de', { maximumFractionDigits: 4 })}`,
  dialogFailed:
    'Der Dialog „KI fragen“ konnte nicht angezeigt werden. Laden Sie die Seite neu, um es erneut zu versuchen.',
  regenerate: 'Neu erzeugen',
  previousAnswer: 'Vorherige Antwort',
  nextAnswer: 'Nächste Antwort',
  variantOf: (shown, count) => `${shown} von ${count}`,
  answerFor: (instruction) => `Zu „${instruction}“`,
  incomplete: 'Unvollständig',
  earlierAnswer: 'Frühere Antwort',
  refine: 'Verfeinern',
  refinePlaceholder: 'Kürzer, förmlicher, als Liste …',
  showChanges: 'Änderungen zeigen',
  changesTooLong: (words) =>
    `Zu lang zum Vergleichen: Änderungen werden für Texte bis ${words.toLocaleString('de')} Wörter gezeigt.`,
  changesTooMany:
    'Zu viele Änderungen, um sie hier aufzulisten: Die Antwort schreibt einen großen Teil der Auswahl neu.',
  changes: 'Änderungen',
  noChanges: 'Keine Änderungen: Die Antwort behält jedes Wort der Auswahl.',
  usageLabel: 'Verbrauch',
  runIdLabel: 'Lauf-Kennung',
  taskFilter: 'Aufgabe suchen',
  taskFilterPlaceholder: 'Aufgabe suchen …',
  groupEdit: 'Bearbeiten',
  groupWrite: 'Schreiben',
  groupMore: 'Weitere',
  changeTone: 'Ton ändern',
  noTaskMatches: 'Keine Aufgabe passt. Schreiben Sie unten Ihre eigene Anweisung.',
  noPermission: 'Sie haben keine Berechtigung für KI-Aufgaben. Bitten Sie die Administration um Zugang.',
  logIn: 'Neu anmelden',
  sessionExpiredLogIn:
    'Ihre Sitzung ist abgelaufen. Melden Sie sich neu an (ein neuer Tab öffnet sich) und versuchen Sie es dann erneut.',
  removed: 'entfernt',
  added: 'hinzugefügt',
  helpful: 'Hilfreich',
  notHelpful: 'Nicht hilfreich',
  feedbackThanks: 'Danke für die Rückmeldung.',
  feedbackFailed: 'Die Rückmeldung konnte nicht gesendet werden.',
};

export const BUILT_IN_MESSAGES: Record<AskAiLocale, AskAiMessages> = { en: EN_MESSAGES, de: DE_MESSAGES };

/**
 * What a host may pass as `messages`: any message, and for a message that is a function here, also a
 * text template (`{0}` for its first argument; see {@link templateMessage}).
 */
export type AskAiMessageOverrides = {
  [K in keyof AskAiMessages]?: AskAiMessages[K] extends (...args: never[]) => string
    ? AskAiMessages[K] | string
    : K extends 'withheldReason'
      ? Partial<AskAiMessages[K]>
      : AskAiMessages[K];
};

/** The messages for a locale (English unless the host sets one; never guessed from the browser). */
export function resolveMessages(
  locale: string | undefined,
  overrides: AskAiMessageOverrides | undefined,
): AskAiMessages {
  const language = localeOf(locale);
  const base = BUILT_IN_MESSAGES[language];
  if (!overrides) return base;
  const merged = { ...base, ...overrides, withheldReason: { ...base.withheldReason, ...overrides.withheldReason } };
  // A message that is a function here may come as a template (a host's XLIFF-based translation).
  for (const key of Object.keys(merged) as Array<keyof AskAiMessages>) {
    const value: unknown = merged[key];
    if (typeof base[key] === 'function' && typeof value === 'string') {
      (merged as Record<string, unknown>)[key] = templateMessage(value, locale ?? language);
    } else if (typeof base[key] !== typeof value) {
      // Neither the message nor a template of it: the built-in one, never a crash at render.
      (merged as Record<string, unknown>)[key] = base[key];
    }
  }
  return merged as AskAiMessages;
}

/** The keys of the messages that are one line of text (a string, or a function that makes one). */
export type MessageKey = {
  [K in keyof AskAiMessages]: AskAiMessages[K] extends string | ((...args: never[]) => string) ? K : never;
}[keyof AskAiMessages];

/**
 * One line the session chose to show, before it is put into words: the binding localises it with the
 * host's messages (`localize`), so the session never needs the strings themselves.
 */
export interface MessageLine {
  readonly key: MessageKey;
  readonly args?: readonly unknown[];
}

/** The line in the editor's language. */
export function localize(line: MessageLine, m: AskAiMessages): string {
  const entry = m[line.key] as string | ((...args: unknown[]) => string);
  return typeof entry === 'function' ? entry(...(line.args ?? [])) : entry;
}
