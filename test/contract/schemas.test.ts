import { describe, expect, it } from 'vitest';
import {
  AwaitingApprovalEventSchema,
  AwaitingInputEventSchema,
  CancelAnswerSchema,
  CancelRequestSchema,
  CancelledEventSchema,
  DeltaEventSchema,
  DoneEventSchema,
  ErrorBodySchema,
  ErrorEventSchema,
  GuardrailEventSchema,
  RunContextSchema,
  RunRequestSchema,
  StartedEventSchema,
  StepEventSchema,
  ToolEntrySchema,
  ToolsAnswerSchema,
  UnknownTerminalEventSchema,
  UnstreamedAnswerSchema,
  UsageSchema,
} from '../../src/contract';

const traits = { approvalMarker: false, remote: false, remoteApproval: null, effect: null, requiresInput: false };
const usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15, estimatedCost: null };

describe('tools answer', () => {
  it('accepts the envelope with or without the server’s unattended list, ignoring extra fields', () => {
    expect(ToolsAnswerSchema.safeParse({ success: true, tools: [], extra: 1 }).success).toBe(true);
    expect(
      ToolsAnswerSchema.safeParse({ success: true, configuration: 'default', tools: [{}], unattended: ['a'] }).success,
    ).toBe(true);
  });

  it('refuses an envelope without success: true or without a tools list', () => {
    expect(ToolsAnswerSchema.safeParse({ success: true }).success).toBe(false);
    expect(ToolsAnswerSchema.safeParse({ success: false, tools: [] }).success).toBe(false);
    expect(ToolsAnswerSchema.safeParse({ success: true, tools: {} }).success).toBe(false);
    expect(ToolsAnswerSchema.safeParse({ success: true, tools: [], unattended: 'a' }).success).toBe(false);
  });

  it('judges a tool entry on its own: traits required, display fields optional, hints ignored', () => {
    const ok = ToolEntrySchema.safeParse({ name: 'get_page_content', traits, readOnlyHint: true });
    expect(ok.success && ok.data).toEqual({ name: 'get_page_content', traits });
    expect(ToolEntrySchema.safeParse({ name: 'x', traits: { ...traits, effect: 'write' } }).success).toBe(false);
    expect(ToolEntrySchema.safeParse({ name: 'x', traits: { ...traits, requiresInput: undefined } }).success).toBe(
      false,
    );
    expect(ToolEntrySchema.safeParse({ name: '', traits }).success).toBe(false);
    expect(ToolEntrySchema.safeParse({ name: 'x', label: 3, traits }).success).toBe(false);
  });
});

describe('run request', () => {
  it('needs a tools list, possibly empty, and a requestId', () => {
    expect(RunRequestSchema.safeParse({ prompt: 'p', tools: [], stream: true, requestId: 'r' }).success).toBe(true);
    expect(RunRequestSchema.safeParse({ prompt: 'p', stream: true, requestId: 'r' }).success).toBe(false);
    expect(RunRequestSchema.safeParse({ prompt: 'p', tools: [], stream: true, requestId: '' }).success).toBe(false);
  });

  it("reads PHP's [] as an empty context", () => {
    expect(RunContextSchema.safeParse([]).success && RunContextSchema.parse([])).toEqual({});
    expect(RunContextSchema.parse({ selection: 's', recordUid: 12, other: 1 })).toEqual({
      selection: 's',
      recordUid: 12,
    });
  });
});

describe('NDJSON events', () => {
  it('reads progress events', () => {
    expect(StartedEventSchema.safeParse({ event: 'started', runUuid: 'u' }).success).toBe(true);
    expect(StartedEventSchema.safeParse({ event: 'started' }).success).toBe(false);
    expect(DeltaEventSchema.safeParse({ event: 'delta', text: 'Hel' }).success).toBe(true);
    expect(DeltaEventSchema.safeParse({ event: 'delta', text: 5 }).success).toBe(false);
    const step = {
      kind: 'tool',
      round: 1,
      durationMs: 12,
      toolName: 'get_page_content',
      toolArguments: [],
      toolIsError: false,
      raw: 'x',
    };
    expect(StepEventSchema.safeParse({ event: 'step', step }).success).toBe(true);
    expect(StepEventSchema.safeParse({ event: 'step', step: { kind: 'tool' } }).success).toBe(false);
  });

  it('reads done with optional extension fields and PHP’s [] usage', () => {
    const done = { event: 'done', success: true, finalContent: 'A', iterations: 1, truncated: false, usage };
    expect(DoneEventSchema.safeParse(done).success).toBe(true);
    expect(
      DoneEventSchema.safeParse({
        ...done,
        terminationReason: 'completed',
        runUuid: 'u',
        correlationId: 'c',
        dryRun: false,
      }).success,
    ).toBe(true);
    expect(DoneEventSchema.safeParse({ ...done, usage: [] }).success).toBe(true);
    expect(DoneEventSchema.safeParse({ ...done, finalContent: undefined }).success).toBe(false);
    expect(UsageSchema.safeParse({ promptTokens: 1, completionTokens: 1, totalTokens: 2 }).success).toBe(true);
  });

  it('reads the suspensions, guardrails, cancellations and errors', () => {
    expect(
      AwaitingApprovalEventSchema.safeParse({
        event: 'awaiting_approval',
        success: true,
        runUuid: 'u',
        pendingTools: [{ name: 'w', arguments: [] }],
      }).success,
    ).toBe(true);
    expect(
      AwaitingApprovalEventSchema.safeParse({ event: 'awaiting_approval', success: true, pendingTools: 'w' }).success,
    ).toBe(false);
    expect(
      AwaitingInputEventSchema.safeParse({
        event: 'awaiting_input',
        success: true,
        runUuid: 'u',
        inputRequest: { tool: 't', schema: [] },
      }).success,
    ).toBe(true);
    expect(
      GuardrailEventSchema.safeParse({
        event: 'guardrail_approval_required',
        success: false,
        guardrail: 'g',
        error: 'e',
      }).success,
    ).toBe(true);
    expect(
      CancelledEventSchema.safeParse({ event: 'cancelled', success: false, status: 'cancelled', error: 'e' }).success,
    ).toBe(true);
    // Without its text still an error (the generic sentence): a backend failing badly says least.
    expect(ErrorEventSchema.safeParse({ event: 'error', success: false }).success).toBe(true);
    expect(ErrorEventSchema.safeParse({ event: 'error', success: true }).success).toBe(false);
    expect(UnknownTerminalEventSchema.safeParse({ event: 'lease_lost', success: false }).success).toBe(true);
    expect(UnknownTerminalEventSchema.safeParse({ event: 'lease_lost' }).success).toBe(false);
  });

  it('reads an unstreamed answer, with or without status', () => {
    expect(UnstreamedAnswerSchema.safeParse({ success: true, finalContent: 'A', steps: [] }).success).toBe(true);
    expect(UnstreamedAnswerSchema.safeParse({ success: false, status: 'cancelled', error: 'e' }).success).toBe(true);
  });
});

describe('error body and cancel', () => {
  it('reads { success: false, error } with optional status and runUuid', () => {
    expect(
      ErrorBodySchema.safeParse({ success: false, error: 'e', status: 'awaiting_approval', runUuid: 'u' }).success,
    ).toBe(true);
    expect(ErrorBodySchema.safeParse({ success: true }).success).toBe(false);
  });

  it('cancels by runUuid or requestId', () => {
    expect(CancelRequestSchema.safeParse({ runUuid: 'u' }).success).toBe(true);
    expect(CancelRequestSchema.safeParse({ requestId: 'r' }).success).toBe(true);
    expect(CancelRequestSchema.safeParse({}).success).toBe(false);
    expect(CancelAnswerSchema.safeParse({ success: true, cancelled: true }).success).toBe(true);
  });
});
