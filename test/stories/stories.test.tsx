// @vitest-environment jsdom
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import axe from 'axe-core';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/mock-backend';
import { storyBackend } from '../../src/stories/story-backend';
import * as stories from '../../src/stories/ask-ai-dialog.stories';
import preview from '../../.storybook/preview';

setProjectAnnotations(preview);

// The stories' backend, through MSW in Node (Storybook serves it through the MSW worker).
const server = setupServer(...createHandlers(storyBackend));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const composed = Object.entries(composeStories(stories));

describe('every story renders and plays', () => {
  it('covers the states the dialog promises', () => {
    expect(composed.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'ToolsLoading',
        'ToolsFailed',
        'Ready',
        'WithheldTools',
        'RunningWithSteps',
        'Streaming',
        'NoDeltas',
        'Done',
        'NoAnswer',
        'Stopped',
        'SuspendedWithRunId',
        'SuspendedWithoutRunId',
        'German',
        'RightToLeft',
        'DarkHost',
        'Variants',
        'Refine',
        'ShowChanges',
        'FeedbackGiven',
        'FeedbackFailed',
        'AllTasks',
        'EmptyField',
        'AltText',
        'Administrator',
        'Typo3Theme',
      ]),
    );
  });

  it.each(composed)(
    '%s',
    async (_name, Story) => {
      const canvasElement = document.createElement('div');
      document.body.append(canvasElement);
      try {
        await Story.run({ canvasElement });
        // Every story opens the dialog; its play function asserted the state it shows.
        const dialog = document.querySelector('dialog[open]');
        expect(dialog).not.toBeNull();
        // The stories' accessibility setting (`a11y: { test: 'error' }`) holds here too: axe on the
        // open dialog, a violation fails the story. (Contrast needs layout: it is checked in Chromium.)
        expect(Story.parameters.a11y).toMatchObject({ test: 'error' });
        const { violations } = await axe.run(dialog!, { resultTypes: ['violations'] });
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      } finally {
        canvasElement.remove();
      }
    },
    15_000,
  );
});
