import type { Preview } from '@storybook/react-vite';
import 'ask-ai-dialog/styles.css';
import { createHandlers } from 'ask-ai-dialog/mocks';
import { applySimulation, storyBackend, type StorySimulation } from '../src/stories/story-backend';

let worker: Promise<unknown> | undefined;

/** In the browser, the MSW worker serves the simulated backend; tests bring their own MSW server. */
async function startWorker() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  worker ??= import('msw/browser').then(({ setupWorker }) =>
    setupWorker(...createHandlers(storyBackend)).start({ onUnhandledRequest: 'bypass', quiet: true }),
  );
  await worker;
}

const preview: Preview = {
  loaders: [
    async ({ parameters }) => {
      await startWorker();
      applySimulation(parameters.simulation as StorySimulation | undefined);
      return {};
    },
  ],
  parameters: {
    layout: 'padded',
    a11y: { test: 'error' },
  },
};

export default preview;
