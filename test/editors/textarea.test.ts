// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskAnswer, TaskAnswerMeta } from '../../src/client';
import { textareaAdapter } from '../../src/editors/textarea';

const answer = (text: string): TaskAnswer => ({ markdown: text, text });
const META = { instruction: 'Improve', runUuid: 'run-1' } as unknown as TaskAnswerMeta;

/** A field holding `value`, with `selected` (its first occurrence) selected, or the caret at `caret`. */
function field(value: string, selected: string | number, kind: 'textarea' | 'input' = 'textarea') {
  const element = document.createElement(kind);
  element.value = value;
  document.body.append(element);
  if (typeof selected === 'number') element.setSelectionRange(selected, selected);
  else element.setSelectionRange(value.indexOf(selected), value.indexOf(selected) + selected.length);
  return element;
}

/** Captures, verifies and applies as the dialog does; the refusal, or `null` once written. */
function give(element: HTMLTextAreaElement | HTMLInputElement, as: 'insert' | 'replace', text: string) {
  const capture = textareaAdapter(element).capture();
  return capture.verify(as, answer(text)) ?? capture.apply(as, answer(text), META);
}

afterEach(() => document.body.replaceChildren());

/** Holds `range` of `value`, lets the field become `changed`, inserts "New." below: the field's value after. */
function insertAfterChange(value: string, range: [number, number], changed: string): string {
  const element = field(value, value.slice(...range));
  element.setSelectionRange(...range);
  const capture = textareaAdapter(element).capture();
  element.value = changed;
  expect(capture.apply('insert', answer('New.'), META)).toBeNull();
  return element.value;
}

describe('a textarea as an editor', () => {
  it('needs the dialog closed to edit (the browser’s edit needs focus)', () => {
    expect(textareaAdapter(field('a', 'a')).editsAfterClose).toBe(true);
  });

  it.each([
    ['after the selection, a blank line apart', 'First.', 'First.', 'First.\n\nSecond.'],
    ['after the line, not inside it', 'First. Rest of it.\nmore', 'First.', 'First. Rest of it.\n\nSecond.\nmore'],
    ['before the line breaks the selection took', 'First.\nmore', 'First.\n', 'First.\n\nSecond.\nmore'],
    ['between two paragraphs', 'First.\n\nmore', 'First.\n\n', 'First.\n\nSecond.\n\nmore'],
  ])('inserts the answer below: %s', (_where, value, selected, after) => {
    const element = field(value, selected);
    expect(give(element, 'insert', 'Second.')).toBeNull();
    expect(element.value).toBe(after);
  });

  it('inserts at the caret of an empty field without a gap', () => {
    const element = field('', 0);
    expect(give(element, 'insert', 'Written.')).toBeNull();
    expect(element.value).toBe('Written.');
  });

  it('inserts below the caret’s line where nothing is selected, but does not replace there', () => {
    const element = field('Ab', 1);
    const capture = textareaAdapter(element).capture();
    expect(capture.selection).toBe('');
    expect(capture.verify('replace', answer('x'))).toEqual({ refused: 'selectionRemoved' });
    expect(capture.apply('insert', answer('x'), META)).toBeNull();
    expect(element.value).toBe('Ab\n\nx');
  });

  it('inserts below the selection’s nearest occurrence when text before it changed, else at the end', () => {
    const element = field('one two.\none two.\none two.', 'one two.');
    element.setSelectionRange(9, 17);
    const capture = textareaAdapter(element).capture();
    element.value = `A ${element.value}`;
    expect(capture.apply('insert', answer('New.'), META)).toBeNull();
    // Below the line of the occurrence nearest the held one: the second.
    expect(element.value).toBe('A one two.\none two.\n\nNew.\none two.');

    // A line before it deleted: the occurrence nearest the old place, not the line the old offsets now fall on.
    expect(insertAfterChange('one two.\nthree four.\none two.\nlast.', [21, 29], 'one two.\none two.\nlast.')).toBe(
      'one two.\none two.\n\nNew.\nlast.',
    );
    // Two occurrences as near: the earlier one.
    expect(insertAfterChange('XXone', [2, 5], 'one\none')).toBe('one\n\nNew.\none');
    // The selected text only far from its old place: still after its line, not at the field's end.
    expect(insertAfterChange('one\ntwo', [0, 3], 'a long new line\none\nlast')).toBe(
      'a long new line\none\n\nNew.\nlast',
    );
    // The selected text is nowhere: after the field's last line, not after some line of it.
    expect(insertAfterChange('Keep this. Drop this.', [11, 21], 'Keep this.\nAnd this.')).toBe(
      'Keep this.\nAnd this.\n\nNew.',
    );
  });

  it('replaces when text after the selection changed, not when text before it did', () => {
    const after = field('Old words. Tail.', 'Old words.');
    const capture = textareaAdapter(after).capture();
    after.value = 'Old words. Another tail.';
    expect(capture.verify('replace', answer('New words.'))).toBeNull();
    expect(capture.apply('replace', answer('New words.'), META)).toBeNull();
    expect(after.value).toBe('New words. Another tail.');

    const before = field('Old words.', 'Old words.');
    const held = textareaAdapter(before).capture();
    before.value = 'ld words. Old words.';
    expect(held.verify('replace', answer('New.'))).toEqual({ refused: 'selectionChanged' });
  });

  it('refuses a read-only, a disabled field and one in a disabled fieldset', () => {
    const readOnly = field('a', 'a');
    readOnly.readOnly = true;
    const disabled = field('a', 'a');
    disabled.disabled = true;
    const fieldset = document.createElement('fieldset');
    fieldset.disabled = true;
    const inSet = field('a', 'a');
    fieldset.append(inSet);
    document.body.append(fieldset);
    for (const element of [readOnly, disabled, inSet]) {
      expect(give(element, 'insert', 'b')).toEqual({ refused: 'readOnly' });
      expect(element.value).toBe('a');
    }
  });

  it('takes the whole answer up to maxlength, and refuses one character more, writing nothing', () => {
    // Insert: "Old." + "\n\n" + answer.
    const fits = field('Old.', 'Old.');
    fits.maxLength = 10;
    expect(give(fits, 'insert', 'Four')).toBeNull();
    expect(fits.value).toBe('Old.\n\nFour');
    const over = field('Old.', 'Old.');
    over.maxLength = 10;
    expect(give(over, 'insert', 'Five!')).toEqual({ refused: 'tooLong', limit: 10 });
    expect(over.value).toBe('Old.');
  });

  it('counts Replace as the field without the selection, plus the answer', () => {
    const fits = field('Keep. Old words.', 'Old words.');
    fits.maxLength = 12;
    expect(give(fits, 'replace', 'Ninechars')).toEqual({ refused: 'tooLong', limit: 12 });
    expect(give(fits, 'replace', 'Sixsix')).toBeNull();
    expect(fits.value).toBe('Keep. Sixsix');
  });

  it('puts an answer’s lines a space apart in a one-line field', () => {
    const input = field('Title', 'Title', 'input');
    expect(give(input, 'replace', 'New\n\n  title\nhere')).toBeNull();
    expect(input.value).toBe('New title here');
    const inserted = field('Title', 'Title', 'input');
    expect(give(inserted, 'insert', 'more')).toBeNull();
    expect(inserted.value).toBe('Title more');
  });

  it('tells the page about the edit as typing would', () => {
    const element = field('Old.', 'Old.');
    const events: InputEvent[] = [];
    document.body.addEventListener('input', (event) => events.push(event as InputEvent));
    expect(give(element, 'replace', 'New.')).toBeNull();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ inputType: 'insertText', data: 'New.' });
    expect(element.selectionStart).toBe(4);
  });

  it('in whole-field mode takes the whole field, and refuses Replace once the field changed', () => {
    const element = field('Our harbour. Tours hourly.', 'Tours');
    const capture = textareaAdapter(element, { whole: true }).capture();
    expect(capture.selection).toBe('Our harbour. Tours hourly.');
    element.value = 'Our harbour. Tours daily.';
    expect(capture.verify('replace', answer('Shorter.'))).toEqual({ refused: 'selectionChanged' });
    element.value = 'Our harbour. Tours hourly.';
    expect(capture.verify('replace', answer('Shorter.'))).toBeNull();
    expect(capture.apply('replace', answer('Shorter.'), META)).toBeNull();
    expect(element.value).toBe('Shorter.');
  });

  it('gives the focus back on what went in, without the blank line before it, else on the held selection', () => {
    const element = field('First.\nmore', 'First.');
    const capture = textareaAdapter(element).capture();
    expect(capture.apply('insert', answer('Second.'), META)).toBeNull();
    expect(element.value).toBe('First.\n\nSecond.\nmore');
    element.setSelectionRange(0, 0);
    capture.focus?.();
    expect(document.activeElement).toBe(element);
    expect(element.value.slice(element.selectionStart!, element.selectionEnd!)).toBe('Second.');

    const untouched = field('Keep this. And this.', 'And this.');
    const held = textareaAdapter(untouched).capture();
    untouched.setSelectionRange(0, 0);
    held.focus?.();
    expect(untouched.value.slice(untouched.selectionStart!, untouched.selectionEnd!)).toBe('And this.');
  });
});
