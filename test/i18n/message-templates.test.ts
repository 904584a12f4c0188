import { describe, expect, it } from 'vitest';
import { DE_MESSAGES, EN_MESSAGES, resolveMessages, type AskAiMessages } from '../../src/i18n/messages';
import { templateMessage } from '../../src/i18n/message-templates';
import { messageTemplates } from '../../scripts/dialog-xliff';

describe('messages as templates', () => {
  it('fills {0}, {1} in order and writes numbers in the dialog’s language', () => {
    expect(templateMessage('{1} von {0}', 'de')(12345, 2)).toBe('2 von 12.345');
    expect(templateMessage('{0} tokens', 'en')(12345)).toBe('12,345 tokens');
    expect(templateMessage('{0} and {3}', 'en')('a')).toBe('a and {3}');
  });

  it('reads two-digit placeholders, keeps one without its argument, and writes other values as text', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `a${i}`);
    expect(templateMessage('{10}|{1}', 'en')(...eleven)).toBe('a10|a1');
    expect(templateMessage('{0} {1}', 'en')('only')).toBe('only {1}');
    expect(templateMessage('{0}', 'en')(null)).toBe('null');
    expect(templateMessage('{0}', 'en')(0.123456)).toBe('0.1235');
  });

  it('writes numbers in the locale the host gave, not only its language', () => {
    expect(resolveMessages('de-CH', { tools: '{0} / {1}' }).tools(12345, 1)).toBe(
      `${(12345).toLocaleString('de-CH')} / 1`,
    );
  });

  it('chooses words by the argument’s value', () => {
    const cut = templateMessage('{0:selection=The selected text|document=The document} was cut to {1}.', 'en');
    expect(cut('selection', 20000)).toBe('The selected text was cut to 20,000.');
    expect(cut('document', 5)).toBe('The document was cut to 5.');
    expect(cut('other', 5)).toBe('other was cut to 5.');
    // A choice without "=" names no value: it is never chosen.
    expect(templateMessage('{0:ab|c=C}', 'en')('a')).toBe('a');
    // `*` is the choice for any value not named.
    const record = templateMessage('this {0:tt_content=content element|*=record}', 'en');
    expect(record('tt_content')).toBe('this content element');
    expect(record('sys_file_metadata')).toBe('this record');
  });

  it('takes a template where the dialog has a function, and keeps the built-in for a wrong type', () => {
    const m = resolveMessages('de', {
      tools: 'Werkzeuge: {0} ja, {1} nein',
      send: 'Los',
      stop: 42 as unknown as string,
      withheldReason: { unknown: 'Unbekannt' },
    });
    expect(m.tools(3, 1)).toBe('Werkzeuge: 3 ja, 1 nein');
    expect(m.send).toBe('Los');
    expect(m.stop).toBe(DE_MESSAGES.stop);
    expect(m.withheldReason.unknown).toBe('Unbekannt');
    expect(m.withheldReason.malformed).toBe(DE_MESSAGES.withheldReason.malformed);
  });

  /** The XLIFF the TYPO3 extension ships, read back as the dialog reads it, says what the tables say. */
  it.each([
    ['en', EN_MESSAGES],
    ['de', DE_MESSAGES],
  ] as const)('in %s, every message made from its template reads as the built-in one', (locale, table) => {
    const flat = messageTemplates(table);
    const overrides: Record<string, unknown> = { withheldReason: {} };
    for (const [id, text] of Object.entries(flat)) {
      const [key, sub] = id.split('.');
      if (sub) (overrides.withheldReason as Record<string, string>)[sub] = text;
      else overrides[key!] = text;
    }
    const fromTemplates = resolveMessages(locale, overrides);
    for (const [key, value] of Object.entries(table) as Array<[keyof AskAiMessages, unknown]>) {
      if (typeof value !== 'function') {
        expect(fromTemplates[key], key).toEqual(value);
        continue;
      }
      const fn = value as (...args: unknown[]) => string;
      const samples =
        key === 'contextCut'
          ? [
              ['selection', 7],
              ['document', 7],
            ]
          : key === 'recordName'
            ? [['tt_content'], ['pages'], ['sys_file_metadata'], [7]]
            : [Array.from({ length: fn.length }, (_, i) => [7, 'x'][i % 2])];
      for (const args of samples) {
        expect((fromTemplates[key] as (...a: unknown[]) => string)(...args), key).toBe(fn(...args));
      }
    }
  });
});
