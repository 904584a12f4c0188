import { characterEntities } from 'character-entities';

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{0,31}));/g;

function codePoint(value: number): string | null {
  // CommonMark: 0 and code points past Unicode or in the surrogate range read as U+FFFD.
  if (value === 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(value);
}

/**
 * Entity and numeric character references decoded as CommonMark reads them (`&copy;`, `&#35;`,
 * `&#x22;`), from the HTML5 table: never through the DOM (`innerHTML` is no decoder here). A name
 * outside the table stays as written.
 */
export function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (reference, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return codePoint(Number.parseInt(decimal, 10)) ?? reference;
    if (hex !== undefined) return codePoint(Number.parseInt(hex, 16)) ?? reference;
    return Object.hasOwn(characterEntities, name!) ? characterEntities[name!]! : reference;
  });
}
