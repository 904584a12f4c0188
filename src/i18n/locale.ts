/** The languages the dialog speaks out of the box. */
export type AskAiLocale = 'en' | 'de';

/**
 * The built-in language for a host's locale: German for any `de` tag (`de`, `de-AT`, `DE_ch`),
 * English otherwise. Never guessed from the browser: the host says which language its editor uses.
 */
export function localeOf(locale: string | undefined): AskAiLocale {
  return locale?.toLowerCase().startsWith('de') ? 'de' : 'en';
}
