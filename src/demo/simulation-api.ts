import type { SimulationState } from 'ask-ai-dialog/mocks';

/** The simulated backend's state, over HTTP (`/api/ask-ai/simulation`), as any page could change it. */
export interface SimulationView extends SimulationState {
  readonly faults: readonly string[];
  readonly faultDescriptions: Readonly<Record<string, string>>;
  readonly configurations: readonly string[];
}

const URL_ = '/api/ask-ai/simulation';

export async function readSimulation(): Promise<SimulationView | null> {
  try {
    const response = await fetch(URL_);
    return response.ok ? ((await response.json()) as SimulationView) : null;
  } catch {
    return null;
  }
}

export async function changeSimulation(patch: Record<string, unknown>): Promise<SimulationView | null> {
  const response = await fetch(URL_, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(patch),
  });
  return response.ok ? readSimulation() : null;
}

/** Back to the simulation's defaults (`DELETE /simulation`). */
export async function resetSimulation(): Promise<SimulationView | null> {
  const response = await fetch(URL_, { method: 'DELETE' });
  return response.ok ? readSimulation() : null;
}
