import { describe, expect, it } from 'vitest';
import { IDLE_SNAPSHOT, limitContext, taskResult, type RunSnapshot, type RunStepView } from '../../src/client';

const step = (patch: Partial<RunStepView>): RunStepView => ({
  id: 0,
  kind: 'tool',
  toolName: 'get_page_content',
  round: 1,
  durationMs: 1,
  status: 'done',
  ...patch,
});
const run = (patch: Partial<RunSnapshot>): RunSnapshot => ({ ...IDLE_SNAPSHOT, ...patch });

describe('taskResult', () => {
  it('hands over nothing while running, or without an answer', () => {
    expect(taskResult(run({ status: 'running', partialAnswer: 'so far' }))).toBeNull();
    expect(taskResult(run({ status: 'failed', partialAnswer: '  \n' }))).toBeNull();
    expect(taskResult(run({ status: 'idle' }))).toBeNull();
  });

  it('hands over the final answer with its provenance, tools used in order of first use', () => {
    const usage = { promptTokens: 1, completionTokens: 2, totalTokens: 3, estimatedCost: 0.01 };
    const steps = [
      step({ id: 0, kind: 'llm', toolName: null }),
      step({ id: 1, toolName: 'site_rag_query' }),
      step({ id: 2, toolName: 'get_page_content' }),
      step({ id: 3, toolName: 'site_rag_query' }),
      step({ id: 4, toolName: 'failing_tool', status: 'failed' }),
      step({ id: 5, toolName: 'still_running', status: 'running' }),
      step({ id: 6, kind: 'request', toolName: 'not_a_tool_step' }),
      step({ id: 7, toolName: null }),
    ];
    expect(
      taskResult(
        run({
          status: 'done',
          prompt: 'Summarise this text in two sentences.',
          label: 'Summarise',
          answer: '**A**',
          partialAnswer: 'A',
          steps,
          tools: ['site_rag_query', 'get_page_content'],
          runUuid: 'r-1',
          correlationId: 'c-1',
          usage,
          terminationReason: 'completed',
        }),
      ),
    ).toEqual({
      markdown: '**A**',
      meta: {
        instruction: 'Summarise this text in two sentences.',
        // The task's name as the editor picked it: what the answer card shows, never the model's instruction.
        label: 'Summarise',
        runUuid: 'r-1',
        correlationId: 'c-1',
        offeredTools: ['site_rag_query', 'get_page_content'],
        toolsUsed: ['site_rag_query', 'get_page_content'],
        usage,
        terminationReason: 'completed',
        partial: false,
      },
    });
  });

  it('hands over what arrived of an answer that ended without one, marked partial', () => {
    const result = taskResult(run({ status: 'failed', partialAnswer: 'half an answer', answer: null }));
    expect(result?.markdown).toBe('half an answer');
    expect(result?.meta.partial).toBe(true);
    expect(result?.meta.toolsUsed).toEqual([]);
  });
});

describe('limitContext', () => {
  it('leaves a missing context and one within the limit as they are', () => {
    expect(limitContext(undefined, 5)).toEqual({ context: undefined, cut: [] });
    expect(limitContext({ selection: '12345', document: 'abc', recordUid: 3 }, 5)).toEqual({
      context: { selection: '12345', document: 'abc', recordUid: 3 },
      cut: [],
    });
  });

  it('cuts each text part past the limit and says which', () => {
    expect(limitContext({ selection: '123456', document: 'abcdefg', recordTable: 't' }, 5)).toEqual({
      context: { selection: '12345', document: 'abcde', recordTable: 't' },
      cut: ['selection', 'document'],
    });
  });
});
