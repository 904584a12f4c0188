import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../src/session/hand-over';

/** What a host's handler returns, read as the dialog reads it: a refusal with its reason, or none. */
describe('refusalOf', () => {
  it('takes anything that is not an object with `refused` for a taken answer', () => {
    for (const value of [undefined, null, true, 'refused', 0, {}, { reason: 'other' }])
      expect(refusalOf(value)).toBeNull();
  });

  it('keeps a known reason, and reads any other as `other`', () => {
    for (const reason of ['selectionChanged', 'selectionRemoved', 'readOnly', 'tooLong', 'other'])
      expect(refusalOf({ refused: reason })?.refused).toBe(reason);
    expect(refusalOf({ refused: 'nope' })?.refused).toBe('other');
    expect(refusalOf({ refused: 7 })?.refused).toBe('other');
    expect(refusalOf({ refused: undefined })?.refused).toBe('other');
  });

  it('keeps the host’s own words when there are any, and a finite limit', () => {
    expect(refusalOf({ refused: 'tooLong', limit: 200, message: 'Too long for a title.' })).toEqual({
      refused: 'tooLong',
      limit: 200,
      message: 'Too long for a title.',
    });
    expect(refusalOf({ refused: 'other', message: '' })?.message).toBeUndefined();
    expect(refusalOf({ refused: 'other', message: 42 })?.message).toBeUndefined();
    expect(refusalOf({ refused: 'tooLong', limit: Infinity })?.limit).toBeUndefined();
    expect(refusalOf({ refused: 'tooLong', limit: '200' })?.limit).toBeUndefined();
  });
});
