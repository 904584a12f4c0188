import { createSimulatedBackend, type SimulationState } from 'ask-ai-dialog/mocks';

/** The simulated nr-llm backend behind every story (one per Storybook, served through MSW). */
export const storyBackend = createSimulatedBackend({ initialState: { latency: 120 } });

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
