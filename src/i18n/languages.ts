/** Languages offered as translation targets besides the site's own: the common ones of European sites. */
export const COMMON_LANGUAGES: readonly string[] = ['en', 'de', 'fr', 'es', 'it', 'nl'];

/** A language code (`de`, `pt-BR`), as opposed to a language already named (`German`). */
const CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

/**
 * A language's name in the editor's language ("Englisch" for `en` in German), through the browser's
 * own table (`Intl.DisplayNames`); a name given already, or a code the table does not know, as it is.
 */
export function languageName(language: string, uiLocale: string): string {
  if (!CODE.test(language)) return language;
  try {
    return new Intl.DisplayNames([uiLocale], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

/** The language's name in English: what the model reads in an instruction. */
export function languageNameForModel(language: string): string {
  return languageName(language, 'en');
}

/** Whether two language tags name the same language (`de` and `de-CH` do). */
export function sameLanguage(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  return a.toLowerCase().split(/[-_]/)[0] === b.toLowerCase().split(/[-_]/)[0];
}

/**
 * The translation targets: the site's languages where the host names them (TYPO3: its site configuration),
 * else the common ones — each once, the content's own language (and its regional variants) left out:
 * translating a text into its own language is no task.
 */
export function translationTargets(siteLanguages: readonly string[], contentLanguage: string | undefined): string[] {
  const all: string[] = [];
  for (const language of siteLanguages.length > 0 ? siteLanguages : COMMON_LANGUAGES) {
    if (!all.some((known) => known.toLowerCase() === language.toLowerCase())) all.push(language);
  }
  return all.filter((language) => !sameLanguage(language, contentLanguage));
}
