import { createSimulatedBackend, type SimulationState } from 'ask-ai-dialog/mocks';

/** The simulated nr-llm backend behind every story (one per Storybook, served through MSW). */
// The `latency` fault holds the tool list for a minute: a story that shows the waiting state keeps
// showing it however long the dialog's own code takes to load (its tests read it there).
export const storyBackend = createSimulatedBackend({ initialState: { latency: 120 }, latencyFaultMs: 60_000 });

export type StorySimulation = Partial<Omit<SimulationState, 'operator'>> & {
  operator?: Partial<SimulationState['operator']>;
};

/** Each story starts from the default state plus its own `parameters.simulation`. */
export function applySimulation(simulation: StorySimulation | undefined) {
  storyBackend.resetState();
  if (simulation) {
    const result = storyBackend.setState(simulation);
    if (typeof result === 'string') throw new Error(`story simulation: ${result}`);
  }
}
