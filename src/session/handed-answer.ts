import type { TaskAnswer, TaskResult } from '../client/task-result';

/**
 * The answer as a host receives it (Insert, Replace, Copy, feedback): the markdown, and the plain text of
 * the same parse the dialog shows. The parser loads on first use (the dialog's renderer shares it); where
 * it cannot load, the text is the markdown as written, so the answer can still be handed over.
 */
export async function handedAnswer(result: TaskResult): Promise<TaskAnswer> {
  try {
    const { answerText } = await import('../markdown/text');
    return { markdown: result.markdown, text: answerText(result.markdown) };
  } catch {
    return { markdown: result.markdown, text: result.markdown };
  }
}
