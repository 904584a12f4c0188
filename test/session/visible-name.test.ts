import { describe, expect, it } from 'vitest';
import { visibleName } from '../../src/session';

describe('visibleName', () => {
  it('shows bidi controls and zero-width characters as code points, so a name cannot pass for another', () => {
    expect(visibleName('pub\u200Blish')).toBe('pub⟨U+200B⟩lish');
    expect(visibleName('pub\u200Blish')).not.toBe(visibleName('publish'));
    expect(visibleName('Search\u202E desrever')).toBe('Search⟨U+202E⟩ desrever');
    expect(visibleName('\u2067evil\u2069\uFEFF')).toBe('⟨U+2067⟩evil⟨U+2069⟩⟨U+FEFF⟩');
  });

  it('leaves ordinary names, right-to-left scripts and emoji as they are', () => {
    for (const name of ['Read records', 'بحث السجلات', 'חיפוש', 'Suche 🔎', 'get_page_content']) {
      expect(visibleName(name)).toBe(name);
    }
  });
});
