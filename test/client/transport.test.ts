import { describe, expect, it, vi } from 'vitest';
import { appendQuery, createTransport, typo3Endpoints } from '../../src/client';

describe('appendQuery', () => {
  it('appends to a URL that carries a token, without rebuilding it', () => {
    expect(appendQuery('/typo3/ajax/ask/tools?token=abc%2Fdef', { configuration: 'de fault' })).toBe(
      '/typo3/ajax/ask/tools?token=abc%2Fdef&configuration=de%20fault',
    );
    expect(appendQuery('/tools', { configuration: 'x' })).toBe('/tools?configuration=x');
    expect(appendQuery('/tools?', { a: '1' })).toBe('/tools?a=1');
    expect(appendQuery('/tools?token=t#frag', { a: '1' })).toBe('/tools?token=t&a=1#frag');
  });
});

describe('typo3Endpoints', () => {
  const ajaxUrls = {
    ask_ai_tools: '/typo3/ajax/ask-ai/tools?token=T1',
    ask_ai_run: '/typo3/ajax/ask-ai/run?token=T2',
    ask_ai_cancel: '/typo3/ajax/ask-ai/cancel?token=T3',
  };

  it('takes the URLs by route id, tokens kept', () => {
    expect(typo3Endpoints({ tools: 'ask_ai_tools', run: 'ask_ai_run', cancel: 'ask_ai_cancel' }, ajaxUrls)).toEqual({
      tools: ajaxUrls.ask_ai_tools,
      run: ajaxUrls.ask_ai_run,
      cancel: ajaxUrls.ask_ai_cancel,
    });
  });

  it('reads TYPO3.settings.ajaxUrls when called, and leaves out a cancel route that is not there', () => {
    vi.stubGlobal('TYPO3', { settings: { ajaxUrls } });
    try {
      expect(typo3Endpoints({ tools: 'ask_ai_tools', run: 'ask_ai_run', cancel: 'nrllm_missing' })).toEqual({
        tools: ajaxUrls.ask_ai_tools,
        run: ajaxUrls.ask_ai_run,
        cancel: undefined,
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('names the missing route', () => {
    expect(() => typo3Endpoints({ tools: 'nope', run: 'ask_ai_run' }, ajaxUrls)).toThrow(/"nope"/);
  });
});

describe('createTransport', () => {
  it('resolves a headers function on every request and sends same-origin credentials by default', async () => {
    let token = 0;
    const seen: RequestInit[] = [];
    const transport = createTransport({
      endpoints: { tools: '/t', run: '/r' },
      fetch: (async (_url: string, init: RequestInit) => {
        seen.push(init);
        return new Response('{}');
      }) as unknown as typeof fetch,
      headers: async () => ({ 'X-Token': String(++token) }),
    });
    await transport.send('/t', { method: 'GET' });
    await transport.send('/t', { method: 'GET', headers: { Accept: 'application/json' } });
    expect(seen.map((init) => new Headers(init.headers).get('x-token'))).toEqual(['1', '2']);
    expect(new Headers(seen[1]?.headers).get('accept')).toBe('application/json');
    expect(seen.every((init) => init.credentials === 'same-origin')).toBe(true);
  });

  it('passes a chosen credentials mode and a static headers value', async () => {
    const fetchFn = vi.fn(async () => new Response('{}'));
    const transport = createTransport({
      endpoints: { tools: '/t', run: '/r' },
      fetch: fetchFn as unknown as typeof fetch,
      credentials: 'include',
      headers: { 'X-A': 'b' },
    });
    await transport.send('/t', {});
    const init = (fetchFn.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('x-a')).toBe('b');
  });

  it('never lets a throwing warning callback break the caller', () => {
    const transport = createTransport({
      endpoints: { tools: '/t', run: '/r' },
      onContractWarning: () => {
        throw new Error('host bug');
      },
    });
    expect(() => transport.warn({ code: 'skippedLine', message: 'x' })).not.toThrow();
  });
});
