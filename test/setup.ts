import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library cleans up by itself only with test globals, which this project leaves off.
afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
});
