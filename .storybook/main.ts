import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';

const config: StorybookConfig = {
  stories: ['../src/stories/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The accessibility addon runs axe in the browser Storybook already has; no add-on that downloads one.
  addons: ['@storybook/addon-a11y'],
  // MSW's service worker, written by `msw init` when Storybook starts (see package.json).
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  // TanStack Query marks its modules "use client"; in a browser bundle that directive means nothing.
  viteFinal: (config) =>
    mergeConfig(config, {
      build: {
        rolldownOptions: {
          onLog(level: string, log: { code?: string }, handler: (level: string, log: unknown) => void) {
            if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
          },
        },
      },
    }),
};

export default config;
