import type { WithheldToolReason } from '../client/offerable-tools';
import { localeOf, type AskAiLocale } from './locale';
import { templateMessage } from './message-templates';

/**
 * Every string the dialog shows. English and German are built in; a host replaces any of them
 * through the `messages` prop. The accessible names of the trigger, the dialog, "Instruction",
 * "Send", "Stop", "Tasks", "Answer", "Insert", "Replace selection", "Copy", "Try again" and "Close" are the
 * names tests and assistive technology find the controls by: change them only to translate.
 *
 * A failure says in one short sentence what happened and what to do; the server's own words and ids
 * go to a collapsed "Details", never into that sentence.
 */
export interface AskAiMessages {
  trigger: string;
  title: string;
  close: string;
  /** The prompt's accessible name: it takes an instruction, and filters the task list. */
  instruction: string;
  instructionPlaceholder: string;
  /** The prompt's placeholder while an answer is in view: what is typed there refines it. */
  refinePlaceholder: string;
  /** The one-tap refinements under an answer ("Shorter", "Simpler"), as a group. */
  refineWith: string;
  /** Sends the typed instruction (shown only while there is one). */
  send: string;
  stop: string;
  /** The task list under the prompt. */
  tasks: string;
  moreTasks: string;
  groupEdit: string;
  groupWrite: string;
  groupMore: string;
  changeTone: string;
  /** A translation task with its target, named in the editor's language ("Translate into German"). */
  translateInto: (language: string) => string;
  /** Typing matched no task: Enter sends the words as the instruction. */
  noTaskMatches: string;
  /** Rewriting tasks wait for text: the field is empty and nothing is selected. */
  tasksNeedText: string;
  presetNeedsTool: (tools: string) => string;
  /** What goes with a task, in one line. */
  usesSelection: string;
  /** `record`: {@link recordName} ("this content element"). */
  usesSelectionIn: (record: string) => string;
  usesText: string;
  usesTextIn: (record: string) => string;
  usesImage: string;
  usesNothing: string;
  /** The selected text, quoted where the dialog cannot sit beside it (a phone): its caption and its toggle. */
  selectedText: string;
  showAll: string;
  showLess: string;
  /** The record a field belongs to, by its table (`tt_content`, `pages`; any other: "this record"). */
  recordName: (table: string) => string;
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
  /** In the answer's place, from the moment a task is asked for until the server took it. */
  waitingForServer: string;
  /** In the answer's place until its first words. */
  thinking: string;
  /** In the answer's place while one of the site's tools runs. */
  usingTools: string;
  /** A tool at work, by its name, where the backend gives no words of its own for what it does. */
  usingTool: (tool: string) => string;
  /** How long the task has been waiting for its first words. */
  elapsed: (seconds: number) => string;
  stillWaiting: string;
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
  /** The primary action where the subject is an image: the answer becomes its alternative text. */
  useAsAltText: string;
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
  /** Said in the details of a failure whose partial answer stays in view. */
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
  /** 429 from the backend: the editor's own runs are at its limit (a queue, not a slow model). */
  rateLimitedUser: string;
  /** 429 from the backend: the site's runs are at its limit. */
  rateLimitedSite: string;
  /** The model's own rate limit, met during the run. */
  rateLimitedProvider: string;
  /** A usage budget is used up: for today, this month, or unsaid. */
  budget: string;
  budgetDay: string;
  budgetMonth: string;
  /** The backend's deadline for the run passed before the model answered. */
  deadline: string;
  /** The model failed or could not be reached. */
  unavailable: string;
  misconfigured: string;
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
  /** The editor's own instruction (or refinement) as the answer's heading; a task shows its name. */
  answerFor: (instruction: string) => string;
  /** Each open starts without an answer in view: the answers of this text are one click away. */
  showEarlier: (count: number) => string;
  /** On an answer that ended early (stopped, or the stream broke): still usable. */
  incomplete: string;
  /** On an answer from an earlier run, shown while the last run ended without one. */
  earlierAnswer: string;
  showChanges: string;
  /** Show changes on texts past the comparison's cap. */
  changesTooLong: (words: number) => string;
  /** Show changes on an answer that changes too much of the selection to list. */
  changesTooMany: string;
  changes: string;
  /** Show changes on an answer that keeps every word of the selection. */
  noChanges: string;
  /** In the answer's "Details" (debug view): the run's token count and cost, and its id. */
  usageLabel: string;
  runIdLabel: string;
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

const EN_RECORD: Readonly<Record<string, string>> = {
  tt_content: 'this content element',
  pages: 'this page',
};

const DE_RECORD: Readonly<Record<string, string>> = {
  tt_content: 'dieses Inhaltselement',
  pages: 'diese Seite',
};

export const EN_MESSAGES: AskAiMessages = {
  trigger: 'Ask AI',
  title: 'Ask AI',
  close: 'Close',
  instruction: 'Instruction',
  instructionPlaceholder: 'Ask AI to edit or write…',
  refinePlaceholder: 'Tell the AI what to change…',
  refineWith: 'Refine the answer',
  send: 'Send',
  stop: 'Stop',
  tasks: 'Tasks',
  moreTasks: 'More tasks',
  groupEdit: 'Edit',
  groupWrite: 'Write',
  groupMore: 'More',
  changeTone: 'Change tone',
  translateInto: (language) => `Translate into ${language}`,
  noTaskMatches: 'No task matches: Enter sends your words as the instruction.',
  tasksNeedText: 'Select text or write in the field to edit it.',
  presetNeedsTool: (tools) => `Not available here: it needs ${tools}.`,
  usesSelection: 'Uses the selected text.',
  usesSelectionIn: (record) => `Uses the selected text and ${record}.`,
  usesText: 'Uses the text in the field.',
  usesTextIn: (record) => `Uses ${record}.`,
  usesImage: 'Uses the selected image.',
  usesNothing: 'The field is empty: the AI writes from your instruction.',
  selectedText: 'Selected text',
  showAll: 'Show all',
  showLess: 'Show less',
  recordName: (table) => EN_RECORD[table] ?? 'this record',
  contextCut: (part, limit) =>
    `The ${{ selection: 'selected text', document: 'text', previousAnswer: 'answer being refined' }[part]} ` +
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
    notForEditors: 'reads what no editor’s text may carry',
    dataClass: 'returns more sensitive data than editors’ content',
    notAllowed: 'not on the site’s list for editors',
  },
  unnamedTool: 'A tool without a readable name',
  timeline: (steps) => `Steps (${steps})`,
  moreSteps: (count) => `…and ${count.toLocaleString('en')} more`,
  answerCut: 'The answer was longer than the dialog keeps: the rest was cut. The part shown can be used.',
  waitingForServer: 'Waiting for the server…',
  thinking: 'Thinking…',
  usingTools: 'Working with the site’s tools…',
  usingTool: (tool) => `Using “${tool}”…`,
  elapsed: (seconds) => `${seconds} s`,
  stillWaiting: 'Still waiting for the AI service…',
  stepRunning: 'running',
  stepDone: 'done',
  stepFailed: 'failed',
  stepTool: (tool) => `Tool: ${tool}`,
  stepModel: (round) => `Model, round ${round}`,
  stepOther: (kind) => `Step: ${kind}`,
  answer: 'Answer',
  aiGenerated: 'AI-generated — check before use',
  insert: 'Insert below',
  replaceSelection: 'Replace selection',
  useAsAltText: 'Use as alt text',
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
  stopped: 'Stopped.',
  stoppedOnClose: 'The dialog was closed, so the task was stopped.',
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
  rateLimitedUser: 'You have other AI tasks running. This one can start when one of them has finished.',
  rateLimitedSite: 'The AI is busy with other tasks on this site. Try again in a moment.',
  rateLimitedProvider: 'The AI service is busy right now. Wait a moment, then try again.',
  budget: 'Your AI usage budget is used up.',
  budgetDay: 'Your AI usage budget for today is used up. It renews tomorrow.',
  budgetMonth: 'Your AI usage budget for this month is used up. It renews next month.',
  deadline: 'The AI did not answer in time. Try again.',
  unavailable: 'The AI service is not answering right now. Try again in a moment.',
  misconfigured:
    'The AI service is not set up correctly for this task. Ask an administrator to check its configuration.',
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
  answerFor: (instruction) => `“${instruction}”`,
  showEarlier: (count) => `Show earlier answers (${count})`,
  incomplete: 'Incomplete',
  earlierAnswer: 'Earlier answer',
  showChanges: 'Show changes',
  changesTooLong: (words) =>
    `Too long to compare here: changes are shown for texts of up to ${words.toLocaleString('en')} words.`,
  changesTooMany: 'Too many changes to list here: the answer rewrites much of the selection.',
  changes: 'Changes',
  noChanges: 'No changes: the answer keeps every word of the selection.',
  usageLabel: 'Usage',
  runIdLabel: 'Run ID',
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
  close: 'Schließen',
  instruction: 'Anweisung',
  instructionPlaceholder: 'Was soll die KI schreiben oder ändern?',
  refinePlaceholder: 'Was soll die KI daran ändern?',
  refineWith: 'Die Antwort verfeinern',
  send: 'Senden',
  stop: 'Anhalten',
  tasks: 'Aufgaben',
  moreTasks: 'Weitere Aufgaben',
  groupEdit: 'Bearbeiten',
  groupWrite: 'Schreiben',
  groupMore: 'Weitere',
  changeTone: 'Ton ändern',
  translateInto: (language) => `Auf ${language} übersetzen`,
  noTaskMatches: 'Keine Aufgabe passt: Die Eingabetaste sendet Ihren Text als Anweisung.',
  tasksNeedText: 'Markieren Sie Text oder schreiben Sie ins Feld, um ihn zu bearbeiten.',
  presetNeedsTool: (tools) => `Hier nicht verfügbar: Sie braucht ${tools}.`,
  usesSelection: 'Verwendet den markierten Text.',
  usesSelectionIn: (record) => `Verwendet den markierten Text und ${record}.`,
  usesText: 'Verwendet den Text im Feld.',
  usesTextIn: (record) => `Verwendet ${record}.`,
  usesImage: 'Verwendet das ausgewählte Bild.',
  usesNothing: 'Das Feld ist leer: Die KI schreibt nach Ihrer Anweisung.',
  selectedText: 'Markierter Text',
  showAll: 'Alles anzeigen',
  showLess: 'Weniger anzeigen',
  recordName: (table) => DE_RECORD[table] ?? 'diesen Datensatz',
  contextCut: (part, limit) =>
    `${{ selection: 'Der markierte Text', document: 'Der Text', previousAnswer: 'Die vorige Antwort' }[part]}` +
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
    notForEditors: 'liest, was kein redaktioneller Text enthalten darf',
    dataClass: 'liefert schutzwürdigere Daten als redaktionelle Inhalte',
    notAllowed: 'nicht auf der Liste der Website für Redakteure',
  },
  unnamedTool: 'Ein Werkzeug ohne lesbaren Namen',
  timeline: (steps) => `Schritte (${steps})`,
  moreSteps: (count) => `…und ${count.toLocaleString('de')} weitere`,
  answerCut:
    'Die Antwort war länger, als der Dialog behält: Der Rest wurde abgeschnitten. Der gezeigte Teil ist verwendbar.',
  waitingForServer: 'Warten auf den Server…',
  thinking: 'Die KI denkt nach…',
  usingTools: 'Arbeitet mit den Werkzeugen der Website…',
  usingTool: (tool) => `Verwendet „${tool}“…`,
  elapsed: (seconds) => `${seconds} s`,
  stillWaiting: 'Der KI-Dienst antwortet noch nicht…',
  stepRunning: 'läuft',
  stepDone: 'fertig',
  stepFailed: 'fehlgeschlagen',
  stepTool: (tool) => `Werkzeug: ${tool}`,
  stepModel: (round) => `Modell, Runde ${round}`,
  stepOther: (kind) => `Schritt: ${kind}`,
  answer: 'Antwort',
  aiGenerated: 'KI-generiert – vor der Verwendung prüfen',
  insert: 'Darunter einfügen',
  replaceSelection: 'Markierung ersetzen',
  useAsAltText: 'Als Alternativtext übernehmen',
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
  stopped: 'Angehalten.',
  stoppedOnClose: 'Der Dialog wurde geschlossen, daher wurde die Aufgabe angehalten.',
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
  rateLimitedUser: 'Bei Ihnen laufen schon andere KI-Aufgaben. Diese kann starten, sobald eine davon fertig ist.',
  rateLimitedSite: 'Die KI ist mit anderen Aufgaben dieser Website beschäftigt. Versuchen Sie es gleich noch einmal.',
  rateLimitedProvider: 'Der KI-Dienst ist gerade ausgelastet. Warten Sie kurz und versuchen Sie es dann erneut.',
  budget: 'Ihr KI-Nutzungsbudget ist aufgebraucht.',
  budgetDay: 'Ihr KI-Nutzungsbudget für heute ist aufgebraucht. Morgen steht es wieder zur Verfügung.',
  budgetMonth:
    'Ihr KI-Nutzungsbudget für diesen Monat ist aufgebraucht. Im nächsten Monat steht es wieder zur Verfügung.',
  deadline: 'Die KI hat nicht rechtzeitig geantwortet. Versuchen Sie es noch einmal.',
  unavailable: 'Der KI-Dienst antwortet gerade nicht. Versuchen Sie es gleich noch einmal.',
  misconfigured:
    'Der KI-Dienst ist für diese Aufgabe nicht richtig eingerichtet. ' +
    'Bitten Sie eine Administratorin oder einen Administrator, seine Konfiguration zu prüfen.',
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
  answerFor: (instruction) => `„${instruction}“`,
  showEarlier: (count) => `Frühere Antworten zeigen (${count})`,
  incomplete: 'Unvollständig',
  earlierAnswer: 'Frühere Antwort',
  showChanges: 'Änderungen zeigen',
  changesTooLong: (words) =>
    `Zu lang zum Vergleichen: Änderungen werden für Texte bis ${words.toLocaleString('de')} Wörter gezeigt.`,
  changesTooMany:
    'Zu viele Änderungen, um sie hier aufzulisten: Die Antwort schreibt einen großen Teil der Auswahl neu.',
  changes: 'Änderungen',
  noChanges: 'Keine Änderungen: Die Antwort behält jedes Wort der Auswahl.',
  usageLabel: 'Verbrauch',
  runIdLabel: 'Lauf-Kennung',
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
