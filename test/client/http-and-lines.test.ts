import { describe, expect, it } from 'vitest';
import { requestCancel } from '../../src/client/cancel-request';
import { createTransport, type ContractWarning } from '../../src/client';
import { failureFromStatus, isHtml, readJsonAnswer, retryAfterSeconds } from '../../src/client/http-answer';
import { createLineSplitter, DEFAULT_MAX_LINE_LENGTH, LineTooLongError } from '../../src/client/ndjson-reader';
import { ENDPOINTS } from '../support/backend-fetch';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('the line splitter', () => {
  it('caps a line at 8 MiB by default and at the given length', () => {
    expect(DEFAULT_MAX_LINE_LENGTH).toBe(8 * 1024 * 1024);
    const splitter = createLineSplitter({ maxLineLength: 10 });
    expect(splitter.push('0123456789\n')).toEqual(['0123456789']);
    expect(() => splitter.push('0123456789x\n')).toThrow(LineTooLongError);
    // A line that grows past the cap across chunks is refused before its newline arrives.
    const growing = createLineSplitter({ maxLineLength: 10 });
    expect(growing.push('01234')).toEqual([]);
    expect(growing.push('56789')).toEqual([]);
    expect(() => growing.push('x')).toThrow(new LineTooLongError(10));
    // Afterwards it starts clean.
    expect(growing.push('ok\n')).toEqual(['ok']);
  });

  it('joins a line split across many chunks and trims its padding', () => {
    const splitter = createLineSplitter();
    expect(splitter.push('{"a"')).toEqual([]);
    expect(splitter.push(':1}   ')).toEqual([]);
    expect(splitter.push('  \n\n  \n{"b":2}\n{"c"')).toEqual(['{"a":1}', '{"b":2}']);
    expect(splitter.flush()).toEqual(['{"c"']);
    expect(splitter.flush()).toEqual([]);
  });

  it('names its limit', () => {
    const error = new LineTooLongError(42);
    expect(error.name).toBe('LineTooLongError');
    expect(error.message).toBe('ask-ai-dialog: an NDJSON line is longer than 42 characters.');
  });
});

describe('reading an HTTP answer', () => {
  it('tells HTML by its content type or its first character', () => {
    expect(isHtml(new Response('', { headers: { 'Content-Type': 'text/html; charset=utf-8' } }))).toBe(true);
    expect(isHtml(new Response('', { headers: { 'Content-Type': 'application/xhtml+xml' } }))).toBe(false);
    expect(isHtml(new Response(''), '  <!doctype html>')).toBe(true);
    expect(isHtml(new Response(''), '{"a":"<b>"}')).toBe(false);
    expect(isHtml(new Response(''))).toBe(false);
  });

  it('reads Retry-After as seconds or an HTTP date against the clock', () => {
    expect(retryAfterSeconds(null, 0)).toBeNull();
    expect(retryAfterSeconds('  ', 0)).toBeNull();
    expect(retryAfterSeconds(' 30 ', 0)).toBe(30);
    expect(retryAfterSeconds('30s', 0)).toBeNull();
    expect(retryAfterSeconds('x30', 0)).toBeNull();
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:29:00 GMT'))).toBeNull();
    // Clamped to a sane range: no wait means at once, an absurd one means ten minutes.
    expect(retryAfterSeconds('0', 0)).toBeNull();
    expect(retryAfterSeconds('1', 0)).toBe(1);
    expect(retryAfterSeconds('600', 0)).toBe(600);
    expect(retryAfterSeconds('601', 0)).toBe(600);
    expect(retryAfterSeconds('100000000000000000000', 0)).toBe(600);
  });

  it('maps statuses to failures, with the backend’s message when it sent a real one', () => {
    expect(failureFromStatus(new Response(null, { status: 204 }), null, 0)).toBeNull();
    expect(failureFromStatus(new Response('', { status: 299 }), null, 0)).toBeNull();
    // A redirect the client did not follow is the login page of an expired session.
    expect(failureFromStatus(new Response('', { status: 300 }), { error: 'Moved.' }, 0)).toEqual({
      kind: 'sessionExpired',
    });
    const moved = new Response(null, { status: 307, headers: { Location: 'https://elsewhere.example/' } });
    expect(failureFromStatus(moved, null, 0)).toEqual({ kind: 'sessionExpired' });
    expect(failureFromStatus(new Response('', { status: 400 }), { error: '  ' }, 0)).toEqual({
      kind: 'badRequest',
      message: null,
    });
    expect(failureFromStatus(new Response('', { status: 422 }), { error: 5 }, 0)).toEqual({
      kind: 'backend',
      message: null,
    });
    expect(failureFromStatus(new Response('', { status: 404 }), 'text', 0)).toEqual({
      kind: 'notFound',
      message: null,
    });
    expect(failureFromStatus(new Response('', { status: 503 }), null, 0)).toEqual({
      kind: 'server',
      status: 503,
      message: null,
    });
  });

  it('reads an unparseable 200 as an invalid response and a broken body as a lost connection', async () => {
    expect(await readJsonAnswer(new Response('{"a":', { headers: { 'Content-Type': 'application/json' } }), 0)).toEqual(
      {
        ok: false,
        failure: { kind: 'invalidResponse', detail: 'The answer is not JSON.' },
      },
    );
    const broken = new Response(new ReadableStream({ start: (c) => c.error(new TypeError('reset')) }));
    expect(await readJsonAnswer(broken, 0)).toEqual({ ok: false, failure: { kind: 'connectionLost' } });
    expect(await readJsonAnswer(json({ success: false, error: 'No.' }), 0)).toEqual({
      ok: false,
      failure: { kind: 'backend', message: 'No.' },
    });
    expect(await readJsonAnswer(json({ success: false, error: 'No.' }), 0, { successFalseIsError: false })).toEqual({
      ok: true,
      body: { success: false, error: 'No.' },
    });
  });
});

describe('the cancel request', () => {
  function cancelling(answer: () => Response | Promise<Response>) {
    const warnings: ContractWarning[] = [];
    const sent: Array<{ url: string; init: RequestInit }> = [];
    const transport = createTransport({
      endpoints: ENDPOINTS,
      fetch: (async (url: string, init: RequestInit) => {
        sent.push({ url, init });
        return answer();
      }) as unknown as typeof fetch,
      onContractWarning: (w) => warnings.push(w),
    });
    return { transport, warnings, sent };
  }

  it('posts the target as JSON and is confirmed only by { success: true, cancelled: true }', async () => {
    const { transport, warnings, sent } = cancelling(() => json({ success: true, cancelled: true }));
    expect(await requestCancel(transport, ENDPOINTS.cancel, { runUuid: 'u' }, 0)).toBe(true);
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.body).toBe('{"runUuid":"u"}');
    const headers = new Headers(sent[0]?.init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
    expect(warnings).toEqual([]);
  });

  it.each([
    ['not cancelled', () => json({ success: true, cancelled: false })],
    ['refused', () => json({ success: false, error: 'No.' }, 403)],
    ['off contract', () => json({ ok: true })],
  ])('is not confirmed when the answer is %s, and says so', async (_what, answer) => {
    const { transport, warnings } = cancelling(answer);
    expect(await requestCancel(transport, ENDPOINTS.cancel, { requestId: 'r' }, 0)).toBe(false);
    expect(warnings).toEqual([{ code: 'cancelFailed', message: 'The server did not confirm the cancel.' }]);
  });

  it('is not confirmed when the request fails', async () => {
    const { transport, warnings } = cancelling(() => Promise.reject(new TypeError('offline')));
    expect(await requestCancel(transport, ENDPOINTS.cancel, { requestId: 'r' }, 0)).toBe(false);
    expect(warnings).toEqual([{ code: 'cancelFailed', message: 'The cancel request failed.' }]);
  });
});
