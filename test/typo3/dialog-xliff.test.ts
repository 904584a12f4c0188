import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dialogXliff, XLIFF_FOLDER } from '../../scripts/dialog-xliff';
import { EN_MESSAGES } from '../../src/i18n/messages';

describe('the dialog’s messages in the TYPO3 extension’s XLIFF files', () => {
  it.each([
    ['en', 'dialog.xlf'],
    ['de', 'de.dialog.xlf'],
  ] as const)(
    '%s: %s holds every message of the table (npx tsx scripts/dialog-xliff.ts writes it)',
    (language, file) => {
      const committed = readFileSync(`${XLIFF_FOLDER}/${file}`, 'utf8');
      expect(committed).toBe(dialogXliff(language));
      const ids = [...committed.matchAll(/<trans-unit id="([^"]+)"/g)].map((m) => m[1]);
      const keys = Object.entries(EN_MESSAGES).flatMap(([key, value]) =>
        typeof value === 'object' ? Object.keys(value).map((sub) => `${key}.${sub}`) : [key],
      );
      expect(ids).toEqual(keys);
      if (language === 'de') expect(committed.match(/<target state="translated">/g)).toHaveLength(keys.length);
    },
  );
});
