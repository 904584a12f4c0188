/**
 * Messages as text templates, for hosts whose translations live outside JavaScript (TYPO3's XLIFF files):
 * a message that is a function in {@link AskAiMessages} may be given as a string with placeholders.
 *
 * - `{0}`, `{1}`, …: the message's arguments in order; numbers are written in the dialog's language.
 * - `{0:selection=The selected text|document=The document}`: a choice by the argument's value; `*=…`
 *   is the choice for any other value (else the value itself is written).
 */
export function templateMessage(template: string, locale: string): (...args: unknown[]) => string {
  return (...args) =>
    template.replace(/\{(\d+)(?::([^{}]*))?\}/g, (whole, index: string, choices: string | undefined) => {
      const i = Number(index);
      if (i >= args.length) return whole;
      const value = args[i];
      if (choices !== undefined) {
        let other: string | null = null;
        for (const choice of choices.split('|')) {
          const eq = choice.indexOf('=');
          if (eq === -1) continue;
          if (choice.slice(0, eq) === String(value)) return choice.slice(eq + 1);
          if (choice.slice(0, eq) === '*') other = choice.slice(eq + 1);
        }
        return other ?? String(value);
      }
      return typeof value === 'number' ? value.toLocaleString(locale, { maximumFractionDigits: 4 }) : String(value);
    });
}
