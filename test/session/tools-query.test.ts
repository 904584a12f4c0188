import { describe, expect, it } from 'vitest';
import type { QueryObserverResult } from '@tanstack/query-core';
import { AskAiRequestError, createTransport, type OfferableTools } from '../../src/client';
import { toolListState, toolsQueryOptions, TOOLS_STALE_TIME_MS } from '../../src/session';
import { sameToolListState, type ToolListState } from '../../src/session/tools-query';
import { ENDPOINTS, simulated } from '../support/backend-fetch';

const result = (patch: Partial<QueryObserverResult<OfferableTools>>) =>
  ({
    status: 'pending',
    data: undefined,
    error: null,
    fetchStatus: 'idle',
    ...patch,
  }) as QueryObserverResult<OfferableTools>;

describe('the tool-list query', () => {
  it('has one key per endpoint and configuration, stays fresh a minute, and is never retried on its own', async () => {
    const { fetch } = simulated();
    const transport = createTransport({ endpoints: ENDPOINTS, fetch });
    const options = toolsQueryOptions(transport, 'eu-hosted');
    expect(options.queryKey).toEqual(['ask-ai-dialog', 'tools', ENDPOINTS.tools, 'eu-hosted']);
    expect(toolsQueryOptions(transport, undefined).queryKey).toEqual(['ask-ai-dialog', 'tools', ENDPOINTS.tools, null]);
    expect(options.staleTime).toBe(TOOLS_STALE_TIME_MS);
    expect(TOOLS_STALE_TIME_MS).toBe(60_000);
    expect(options.retry).toBe(false);
    const list = await options.queryFn({ signal: new AbortController().signal });
    expect(list.configuration).toBe('eu-hosted');
  });

  it('reads a query result as the dialog shows it', () => {
    const data = { configuration: null, unattended: [], withheld: [] };
    expect(toolListState(result({}))).toEqual({ status: 'pending', data: undefined, failure: null, fetching: false });
    expect(toolListState(result({ status: 'success', data, fetchStatus: 'fetching' }))).toEqual({
      status: 'success',
      data,
      failure: null,
      fetching: true,
    });
    const error = new AskAiRequestError({ kind: 'forbidden', message: 'No.' });
    expect(toolListState(result({ status: 'error', error }))).toEqual({
      status: 'error',
      data: undefined,
      failure: { kind: 'forbidden', message: 'No.' },
      fetching: false,
    });
    // Anything else that went wrong reads as a network failure, never as a crash.
    expect(toolListState(result({ status: 'error', error: new TypeError('x') })).failure).toEqual({ kind: 'network' });
  });

  it('tells the session the list changed when any of status, data, failure or fetching did, and only then', () => {
    const data = { configuration: null, unattended: [], withheld: [] } satisfies OfferableTools;
    const shown: ToolListState = { status: 'success', data, failure: null, fetching: false };
    expect(sameToolListState(shown, { ...shown })).toBe(true);
    expect(sameToolListState(shown, { ...shown, status: 'error' })).toBe(false);
    expect(sameToolListState(shown, { ...shown, data: { ...data } })).toBe(false);
    expect(sameToolListState(shown, { ...shown, failure: { kind: 'network' } })).toBe(false);
    expect(sameToolListState(shown, { ...shown, fetching: true })).toBe(false);
  });
});
