import { describe, expect, it } from 'vitest';
import {
  COMMON_LANGUAGES,
  languageName,
  languageNameForModel,
  sameLanguage,
  translationTargets,
} from '../../src/i18n/languages';

describe('language names', () => {
  it('names a code in the editor’s language, through the browser’s own table', () => {
    expect(languageName('en', 'de')).toBe('Englisch');
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('pt-BR', 'en')).toBe('Brazilian Portuguese');
  });

  it('keeps a name given already, and a code the table cannot read, as they are', () => {
    expect(languageName('Plattdeutsch', 'de')).toBe('Plattdeutsch');
    expect(languageName('Swiss German', 'en')).toBe('Swiss German');
    // A code-shaped tag Intl refuses (a too-long subtag is not a language code) comes back unchanged.
    expect(languageName('en-toolongsubtag', 'en')).toBe('en-toolongsubtag');
    // An editor's locale Intl cannot read: the code, never an exception.
    expect(languageName('fr', 'not a locale!')).toBe('fr');
  });

  it('names the language in English for the model, whatever the editor reads', () => {
    expect(languageNameForModel('de')).toBe('German');
    expect(languageNameForModel('fr-CA')).toBe('Canadian French');
  });
});

describe('sameLanguage', () => {
  it('compares the primary language, any region or case, with - or _', () => {
    expect(sameLanguage('de', 'de-CH')).toBe(true);
    expect(sameLanguage('DE_at', 'de')).toBe(true);
    expect(sameLanguage('de', 'en')).toBe(false);
    expect(sameLanguage('pt-BR', 'pt-PT')).toBe(true);
  });

  it('is false when either side is missing or empty', () => {
    expect(sameLanguage(undefined, 'de')).toBe(false);
    expect(sameLanguage('de', undefined)).toBe(false);
    expect(sameLanguage('', '')).toBe(false);
  });
});

describe('translationTargets', () => {
  it('the site’s languages and only those, each once (any case), where the host names them', () => {
    expect(translationTargets(['fr', 'DE', 'pl', 'de'], undefined)).toEqual(['fr', 'DE', 'pl']);
  });

  it('never the content’s own language, nor its regional variants', () => {
    expect(translationTargets(['de', 'de-CH', 'en'], 'de-DE')).toEqual(['en']);
    expect(translationTargets(['en', 'de'], 'en')).toEqual(['de']);
    expect(translationTargets(['de'], 'de')).toEqual([]);
    expect(translationTargets([], 'en')).toEqual(COMMON_LANGUAGES.filter((l) => l !== 'en'));
  });

  it('without site languages or a content language: the common ones as they are', () => {
    expect(translationTargets([], undefined)).toEqual([...COMMON_LANGUAGES]);
  });
});
