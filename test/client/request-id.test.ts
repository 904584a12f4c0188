import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomRequestId } from '../../src/client/request-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomRequestId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses crypto.randomUUID where it exists', () => {
    vi.stubGlobal('crypto', { randomUUID: () => 'from-random-uuid', getRandomValues: () => undefined });
    expect(randomRequestId()).toBe('from-random-uuid');
  });

  it('makes a version-4 UUID from getRandomValues where randomUUID is missing (plain-HTTP origins)', () => {
    const fill = (bytes: Uint8Array) => {
      bytes.set(Array.from({ length: 16 }, (_, i) => (i * 37 + 255) % 256));
      return bytes;
    };
    vi.stubGlobal('crypto', { getRandomValues: fill });
    const id = randomRequestId();
    expect(id).toMatch(UUID_V4);
    expect(id).toBe('ff24496e-93b8-4d02-a74c-7196bbe0052a');
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => b.fill(0xff) });
    expect(randomRequestId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => b.fill(0) });
    expect(randomRequestId()).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('gives different ids from the real source', () => {
    expect(randomRequestId()).not.toBe(randomRequestId());
    expect(randomRequestId()).toMatch(UUID_V4);
  });
});
