import { describe, expect, it } from 'vitest';
import { FOLLOW_UPS, followUpsFor } from '../../src/i18n/presets';

/**
 * The refinements offered under an answer: at most four that fit the task that wrote it — never one that
 * undoes it, never a translation of a translation — and "In <language>" only where there is a language
 * to translate into.
 */
describe('the follow-ups an answer offers', () => {
  it('leave out what undoes the task: no Longer after Shorten, no Shorter after Make longer', () => {
    expect(followUpsFor('shorten', 'de')).toEqual(['shorter', 'simpler', 'formal', 'translate']);
    expect(followUpsFor('longer', 'de')).toEqual(['longer', 'simpler', 'formal', 'translate']);
    expect(followUpsFor('simplify', 'de')).toEqual(['shorter', 'longer', 'formal', 'translate']);
  });

  it('do not translate a translation again, and offer alt text its own three', () => {
    expect(followUpsFor('translate', 'de')).toEqual(['shorter', 'longer', 'simpler', 'formal']);
    expect(followUpsFor('alt-text', 'de')).toEqual(['shorter', 'longer', 'translate']);
  });

  it('after an instruction of the editor’s own (or an nr-llm task), the common four', () => {
    expect(followUpsFor(null, 'de')).toEqual(['shorter', 'longer', 'simpler', 'translate']);
    expect(followUpsFor('summarise', 'de')).toEqual(['shorter', 'longer', 'simpler', 'translate']);
  });

  it('offer a translation only where there is a language to translate into', () => {
    expect(followUpsFor('shorten', undefined)).toEqual(['shorter', 'simpler', 'formal']);
    expect(followUpsFor(null, undefined)).toEqual(['shorter', 'longer', 'simpler']);
    expect(followUpsFor('translate', undefined)).toEqual(['shorter', 'longer', 'simpler', 'formal']);
  });

  it('name the language to translate into, in the editor’s language, and ask the model in it', () => {
    const inGerman = FOLLOW_UPS.en.find((f) => f.id === 'translate')!;
    const aufEnglisch = FOLLOW_UPS.de.find((f) => f.id === 'translate')!;
    const say = (text: string | ((o: { language: string }) => string), language: string) =>
      typeof text === 'function' ? text({ language }) : text;
    expect([say(inGerman.label, 'de'), say(inGerman.prompt, 'de')]).toEqual(['In German', 'Translate it into German.']);
    expect([say(aufEnglisch.label, 'en'), say(aufEnglisch.prompt, 'en')]).toEqual([
      'Auf Englisch',
      'Übersetze es ins Englische.',
    ]);
    expect(FOLLOW_UPS.en.map((f) => f.id)).toEqual(FOLLOW_UPS.de.map((f) => f.id));
  });
});
