/**
 * The dialog's messages as XLIFF for the TYPO3 extension (`typo3/Resources/Private/Language/dialog.xlf`
 * and `de.dialog.xlf`), made from the built-in English and German tables, so TYPO3's translation
 * workflow can add languages. A message that is a function becomes a template (`{0}`, and a choice
 * `{0:a=…|b=…}` where the text depends on the argument); the dialog turns templates back into functions.
 *
 * npx tsx scripts/dialog-xliff.ts   (test/typo3/dialog-xliff.test.ts fails when the files drift)
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DE_MESSAGES, EN_MESSAGES, type AskAiMessages } from '../src/i18n/messages';

export const XLIFF_FOLDER = 'typo3/Resources/Private/Language';

/** Arguments whose value changes the words, with the values the dialog passes (`*`: any other). */
const CHOICES: Partial<Record<keyof AskAiMessages, Record<number, readonly string[]>>> = {
  contextCut: { 0: ['selection', 'document', 'previousAnswer'] },
  recordName: { 0: ['tt_content', 'pages', '*'] },
};

const token = (i: number) => `{${i}}`;

function template(key: keyof AskAiMessages, fn: (...args: unknown[]) => string): string {
  const args = Array.from({ length: fn.length }, (_, i) => token(i));
  const choice = Object.entries(CHOICES[key] ?? {})[0];
  if (!choice) return fn(...args);
  const [index, values] = [Number(choice[0]), choice[1]];
  const outputs = values.map((value) => fn(...args.map((arg, i) => (i === index ? value : arg))));
  let prefix = 0;
  while (outputs.every((o) => o[prefix] === outputs[0]![prefix]) && prefix < outputs[0]!.length) prefix++;
  let suffix = 0;
  while (
    outputs.every((o) => o.at(-1 - suffix) === outputs[0]!.at(-1 - suffix)) &&
    suffix < outputs[0]!.length - prefix
  )
    suffix++;
  // Whole words only, so a translator reads the choice as words ("selected text", not "selected tex").
  prefix = outputs[0]!.lastIndexOf(' ', prefix - 1) + 1;
  while (suffix > 0 && outputs[0]!.at(-suffix) !== ' ') suffix--;
  const middle = values.map((value, i) => `${value}=${outputs[i]!.slice(prefix, outputs[i]!.length - suffix)}`);
  const first = outputs[0]!;
  return `${first.slice(0, prefix)}{${index}:${middle.join('|')}}${first.slice(first.length - suffix)}`;
}

/** Every message as `id → text`: `withheldReason.<reason>` for the nested table. */
export function messageTemplates(messages: AskAiMessages): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages) as Array<[keyof AskAiMessages, unknown]>) {
    if (typeof value === 'string') flat[key] = value;
    else if (typeof value === 'function') flat[key] = template(key, value as (...args: unknown[]) => string);
    else for (const [sub, text] of Object.entries(value as Record<string, string>)) flat[`${key}.${sub}`] = text;
  }
  return flat;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function dialogXliff(language: 'en' | 'de'): string {
  const english = messageTemplates(EN_MESSAGES);
  const german = messageTemplates(DE_MESSAGES);
  const target = language === 'de' ? ' target-language="de"' : '';
  const units = Object.entries(english).map(([id, source]) => {
    const lines = [`\t\t\t<trans-unit id="${id}" resname="${id}">`, `\t\t\t\t<source>${escape(source)}</source>`];
    if (language === 'de') lines.push(`\t\t\t\t<target state="translated">${escape(german[id]!)}</target>`);
    return [...lines, '\t\t\t</trans-unit>'].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
    `\t<file source-language="en"${target} datatype="plaintext" ` +
      'original="EXT:ask_ai/Resources/Private/Language/dialog.xlf" product-name="ask_ai">',
    '\t\t<header/>',
    '\t\t<body>',
    ...units,
    '\t\t</body>',
    '\t</file>',
    '</xliff>',
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(`${XLIFF_FOLDER}/dialog.xlf`, dialogXliff('en'));
  writeFileSync(`${XLIFF_FOLDER}/de.dialog.xlf`, dialogXliff('de'));
  console.log(
    `${XLIFF_FOLDER}: dialog.xlf, de.dialog.xlf (${Object.keys(messageTemplates(EN_MESSAGES)).length} messages)`,
  );
}
