import { describe, expect, it } from 'vitest';
import { scriptTask } from '../../src/mock-backend/scripted-model';

/** The simulated site search's activity line, for a question of `length` characters. */
function searchActivity(length: number): string | undefined {
  const question = 'Find on the site where the garden is '.padEnd(length, 'x');
  return scriptTask(question, { selection: 'The garden opens in June.' }, ['site_rag_query']).toolCalls.find(
    (call) => call.name === 'site_rag_query',
  )?.activity;
}

describe('the simulated model’s site search', () => {
  it('names the search’s words whole up to 60 characters, and cut to 59 and an ellipsis after', () => {
    expect(searchActivity(60)).toBe(
      `Searching the site for “${'Find on the site where the garden is '.padEnd(60, 'x')}”…`,
    );
    expect(searchActivity(61)).toBe(
      `Searching the site for “${'Find on the site where the garden is '.padEnd(59, 'x')}…”…`,
    );
  });

  it('searches with the question’s first 80 characters', () => {
    const question = 'Search the site for the opening hours of the reading garden, '.padEnd(120, 'y');
    const call = scriptTask(question, undefined, ['site_rag_query']).toolCalls[0];
    expect(call?.arguments).toEqual({ query: question.slice(0, 80) });
  });
});
