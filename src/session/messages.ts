import type { WithheldToolReason } from '../client/offerable-tools';
import { localeOf, type AskAiLocale } from './locale';

/**
 * Every string the dialog shows. English and German are built in; a host replaces any of them
 * through the `messages` prop. The accessible names of the trigger, the dialog, "Instruction",
 * "Run", "Stop", "Answer", "Insert", "Replace selection", "Copy", "Try again" and "Close" are the
 * names tests and assistive technology find the controls by: change them only to translate.
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
  context: string;
  contextSelection: (chars: number) => string;
  contextDocument: (chars: number) => string;
  contextRecord: (table: string, uid: string) => string;
  contextNone: string;
  contextCut: (part: 'selection' | 'document', limit: number) => string;
  tools: (available: number, withheld: number) => string;
  toolsLoading: string;
  toolsFailed: string;
  toolsRetry: string;
  toolsUnavailableNote: string;
  availableToTheAi: string;
  withheld: string;
  none: string;
  withheldReason: Record<WithheldToolReason, string>;
  unnamedTool: string;
  timeline: (steps: number) => string;
  working: string;
  writing: string;
  stepRunning: string;
  stepDone: string;
  stepFailed: string;
  stepTool: (tool: string) => string;
  stepModel: (round: number) => string;
  stepOther: (kind: string) => string;
  answer: string;
  partialAnswer: string;
  insert: string;
  replaceSelection: string;
  copy: string;
  copied: string;
  copyFailed: string;
  tryAgain: string;
  announceStarted: string;
  announceDone: string;
  announceStopped: string;
  done: string;
  stopped: string;
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
  suspendedNoInbox: string;
  suspendedNext: string;
  network: string;
  connectionLost: string;
  sessionExpired: string;
  forbidden: string;
  notFound: string;
  badRequest: string;
  rateLimited: (seconds: number | null) => string;
  server: string;
  invalidResponse: string;
  guardrail: string;
  cancelled: string;
  backend: string;
  backendSaid: (message: string) => string;
  emptyInstruction: string;
  usage: (tokens: number) => string;
  /** Shown in place of the dialog should it fail to render: the host's page is not affected. */
  dialogFailed: string;
}

const list = (names: string) => names;

export const EN_MESSAGES: AskAiMessages = {
  trigger: 'Ask AI',
  title: 'Ask AI',
  description: 'Ask the AI for one thing. It may use only tools that run without anyone’s approval.',
  close: 'Close',
  instruction: 'Instruction',
  instructionPlaceholder: 'What should the AI do? For example: Summarise this in two sentences.',
  instructionHint: 'Enter runs the task; Shift+Enter starts a new line.',
  run: 'Run',
  stop: 'Stop',
  presets: 'Tasks',
  translateTo: 'Target language',
  presetNeedsTool: (tools) => `Not available: it needs ${list(tools)}, which the AI may not use here.`,
  context: 'Sent with the task',
  contextSelection: (chars) => `The selected text (${chars.toLocaleString('en')} characters)`,
  contextDocument: (chars) => `The document (${chars.toLocaleString('en')} characters)`,
  contextRecord: (table, uid) => `Record ${table}:${uid}`,
  contextNone: 'No text from the editor.',
  contextCut: (part, limit) =>
    `${part === 'selection' ? 'The selected text' : 'The document'} was cut to ` +
    `${limit.toLocaleString('en')} characters.`,
  tools: (available, withheld) => `Tools: ${available} available, ${withheld} withheld`,
  toolsLoading: 'Loading the tools…',
  toolsFailed: 'The list of tools could not be loaded.',
  toolsRetry: 'Load the tools again',
  toolsUnavailableNote: 'Until it loads, tasks run without tools.',
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
  working: 'Working on it…',
  writing: 'Writing the answer…',
  stepRunning: 'running',
  stepDone: 'done',
  stepFailed: 'failed',
  stepTool: (tool) => `Tool ${tool}`,
  stepModel: (round) => `Model, round ${round}`,
  stepOther: (kind) => `Step: ${kind}`,
  answer: 'Answer',
  partialAnswer: 'What arrived so far is kept below.',
  insert: 'Insert',
  replaceSelection: 'Replace selection',
  copy: 'Copy',
  copied: 'Copied to the clipboard.',
  copyFailed: 'The clipboard is not available here: select the text and copy it yourself.',
  tryAgain: 'Try again',
  announceStarted: 'The AI is working on the task.',
  announceDone: 'The answer is ready.',
  announceStopped: 'Stopped.',
  done: 'Done.',
  stopped: 'You stopped the task.',
  stoppedConfirmed: 'The server confirmed that it cancelled the run.',
  stoppedPending: 'Asking the server to cancel the run…',
  stoppedUnconfirmed: 'The server did not confirm the cancel: it may still finish the step in progress.',
  stoppedNoCancel: 'The server may still finish the step in progress.',
  partialKept: 'What arrived so far is kept.',
  noAnswer: 'The AI gave no answer. Try again, or rephrase the instruction.',
  noAnswerBudget:
    'The AI ran out of budget before it answered. Try a shorter instruction ' +
    'or less text, or ask an administrator about the budget.',
  noAnswerTruncated: 'The text was too long for the AI to answer. Select less text and try again.',
  suspendedApproval: (tools) =>
    `The task stopped: the AI called ${tools}, which needs someone’s approval. This dialog runs ` +
    `only tasks that need none.`,
  suspendedInput: (tools) =>
    `The task stopped: the AI called ${tools}, which asks for input. This dialog runs only tasks that need none.`,
  suspendedInbox: (runUuid) =>
    `The run waits in the backend’s agent-run inbox (AI Tasks › Agent Runs) under the id ` +
    `${runUuid}; someone with the approval grant can continue it there.`,
  suspendedNoInbox: 'The backend sent no run id, so it cannot be found in the agent-run inbox.',
  suspendedNext: 'Try again: the dialog fetches the allowed tools anew first.',
  network: 'The server could not be reached. Check the connection and try again.',
  connectionLost: 'The connection was lost before the answer was complete.',
  sessionExpired: 'Your session has expired. Log in again in another tab, then try again.',
  forbidden: 'You are not allowed to use this AI task.',
  notFound: 'The AI service is not set up here (endpoint or configuration not found). Ask an administrator.',
  badRequest: 'The request was not accepted.',
  rateLimited: (seconds) =>
    seconds === null
      ? 'Too many requests. Wait a moment, then try again.'
      : `Too many requests. Try again in ${seconds} seconds.`,
  server: 'The AI service failed.',
  invalidResponse: 'The server sent an answer this dialog cannot read.',
  guardrail: 'A safety rule of the AI service stopped this task.',
  cancelled: 'The server cancelled the task.',
  backend: 'The AI service could not complete the task.',
  backendSaid: (message) => `It said: “${message}”`,
  emptyInstruction: 'Type an instruction or pick a task first.',
  usage: (tokens) => `${tokens.toLocaleString('en')} tokens`,
  dialogFailed: 'The Ask AI dialog could not be shown. Reload the page to try again.',
};

export const DE_MESSAGES: AskAiMessages = {
  trigger: 'KI fragen',
  title: 'KI fragen',
  description: 'Bitten Sie die KI um eine Sache. Sie darf nur Werkzeuge nutzen, die ohne Freigabe laufen.',
  close: 'Schließen',
  instruction: 'Anweisung',
  instructionPlaceholder: 'Was soll die KI tun? Zum Beispiel: Fasse das in zwei Sätzen zusammen.',
  instructionHint: 'Eingabe startet die Aufgabe; Umschalt+Eingabe beginnt eine neue Zeile.',
  run: 'Ausführen',
  stop: 'Anhalten',
  presets: 'Aufgaben',
  translateTo: 'Zielsprache',
  presetNeedsTool: (tools) => `Nicht verfügbar: Sie braucht ${tools}, das die KI hier nicht nutzen darf.`,
  context: 'Mit der Aufgabe gesendet',
  contextSelection: (chars) => `Der markierte Text (${chars.toLocaleString('de')} Zeichen)`,
  contextDocument: (chars) => `Das Dokument (${chars.toLocaleString('de')} Zeichen)`,
  contextRecord: (table, uid) => `Datensatz ${table}:${uid}`,
  contextNone: 'Kein Text aus dem Editor.',
  contextCut: (part, limit) =>
    `${part === 'selection' ? 'Der markierte Text' : 'Das Dokument'} wurde auf ` +
    `${limit.toLocaleString('de')} Zeichen gekürzt.`,
  tools: (available, withheld) => `Werkzeuge: ${available} verfügbar, ${withheld} zurückgehalten`,
  toolsLoading: 'Die Werkzeuge werden geladen…',
  toolsFailed: 'Die Liste der Werkzeuge konnte nicht geladen werden.',
  toolsRetry: 'Werkzeuge neu laden',
  toolsUnavailableNote: 'Bis dahin laufen Aufgaben ohne Werkzeuge.',
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
  working: 'Die KI arbeitet…',
  writing: 'Die Antwort wird geschrieben…',
  stepRunning: 'läuft',
  stepDone: 'fertig',
  stepFailed: 'fehlgeschlagen',
  stepTool: (tool) => `Werkzeug ${tool}`,
  stepModel: (round) => `Modell, Runde ${round}`,
  stepOther: (kind) => `Schritt: ${kind}`,
  answer: 'Antwort',
  partialAnswer: 'Was bisher ankam, bleibt unten erhalten.',
  insert: 'Einfügen',
  replaceSelection: 'Markierung ersetzen',
  copy: 'Kopieren',
  copied: 'In die Zwischenablage kopiert.',
  copyFailed: 'Die Zwischenablage ist hier nicht verfügbar: Markieren und kopieren Sie den Text selbst.',
  tryAgain: 'Erneut versuchen',
  announceStarted: 'Die KI arbeitet an der Aufgabe.',
  announceDone: 'Die Antwort ist fertig.',
  announceStopped: 'Angehalten.',
  done: 'Fertig.',
  stopped: 'Sie haben die Aufgabe angehalten.',
  stoppedConfirmed: 'Der Server hat bestätigt, dass er den Lauf abgebrochen hat.',
  stoppedPending: 'Der Server wird gebeten, den Lauf abzubrechen…',
  stoppedUnconfirmed: 'Der Server hat den Abbruch nicht bestätigt: Er beendet womöglich noch den laufenden Schritt.',
  stoppedNoCancel: 'Der Server beendet womöglich noch den laufenden Schritt.',
  partialKept: 'Was bisher ankam, bleibt erhalten.',
  noAnswer: 'Die KI hat nicht geantwortet. Versuchen Sie es erneut oder formulieren Sie die Anweisung um.',
  noAnswerBudget:
    'Das Budget der KI war aufgebraucht, bevor sie antwortete. Versuchen Sie eine kürzere ' +
    'Anweisung oder weniger Text, oder fragen Sie die Administration nach dem Budget.',
  noAnswerTruncated: 'Der Text war zu lang für eine Antwort. Markieren Sie weniger Text und versuchen Sie es erneut.',
  suspendedApproval: (tools) =>
    `Die Aufgabe wurde angehalten: Die KI hat ${tools} aufgerufen, das eine Freigabe braucht. ` +
    `Dieser Dialog führt nur Aufgaben ohne Freigabe aus.`,
  suspendedInput: (tools) =>
    `Die Aufgabe wurde angehalten: Die KI hat ${tools} aufgerufen, das nach Eingaben fragt. Dieser ` +
    `Dialog führt nur Aufgaben ohne Eingaben aus.`,
  suspendedInbox: (runUuid) =>
    `Der Lauf wartet im Agent-Run-Posteingang des Backends (KI-Aufgaben › Agent-Läufe) unter der ` +
    `Kennung ${runUuid}; wer die Freigabeberechtigung hat, kann ihn dort fortsetzen.`,
  suspendedNoInbox:
    'Das Backend hat keine Lauf-Kennung gesendet; im Agent-Run-Posteingang ist der Lauf daher nicht zu finden.',
  suspendedNext: 'Versuchen Sie es erneut: Der Dialog lädt die erlaubten Werkzeuge vorher neu.',
  network: 'Der Server ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
  connectionLost: 'Die Verbindung brach ab, bevor die Antwort vollständig war.',
  sessionExpired:
    'Ihre Sitzung ist abgelaufen. Melden Sie sich in einem anderen Tab neu an und versuchen Sie es dann erneut.',
  forbidden: 'Sie dürfen diese KI-Aufgabe nicht nutzen.',
  notFound:
    'Der KI-Dienst ist hier nicht eingerichtet (Endpunkt oder Konfiguration ' +
    'nicht gefunden). Wenden Sie sich an die Administration.',
  badRequest: 'Die Anfrage wurde nicht angenommen.',
  rateLimited: (seconds) =>
    seconds === null
      ? 'Zu viele Anfragen. Warten Sie einen Moment und versuchen Sie es dann erneut.'
      : `Zu viele Anfragen. Versuchen Sie es in ${seconds} Sekunden erneut.`,
  server: 'Der KI-Dienst ist ausgefallen.',
  invalidResponse: 'Der Server hat eine Antwort gesendet, die dieser Dialog nicht lesen kann.',
  guardrail: 'Eine Schutzregel des KI-Dienstes hat diese Aufgabe angehalten.',
  cancelled: 'Der Server hat die Aufgabe abgebrochen.',
  backend: 'Der KI-Dienst konnte die Aufgabe nicht erledigen.',
  backendSaid: (message) => `Er meldete: „${message}“`,
  emptyInstruction: 'Geben Sie zuerst eine Anweisung ein oder wählen Sie eine Aufgabe.',
  usage: (tokens) => `${tokens.toLocaleString('de')} Tokens`,
  dialogFailed:
    'Der Dialog „KI fragen“ konnte nicht angezeigt werden. Laden Sie die Seite neu, um es erneut zu versuchen.',
};

export const BUILT_IN_MESSAGES: Record<AskAiLocale, AskAiMessages> = { en: EN_MESSAGES, de: DE_MESSAGES };

/** The messages for a locale (English unless the host sets one; never guessed from the browser). */
export function resolveMessages(
  locale: string | undefined,
  overrides: Partial<AskAiMessages> | undefined,
): AskAiMessages {
  const base = BUILT_IN_MESSAGES[localeOf(locale)];
  return overrides
    ? { ...base, ...overrides, withheldReason: { ...base.withheldReason, ...overrides.withheldReason } }
    : base;
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
