import { http, type HttpHandler } from 'msw';
import type { SimulatedBackend } from './simulated-backend';

/**
 * MSW handlers that hand every request under the backend's base path, on any origin, to the
 * simulated backend: `setupServer(...createHandlers(backend))` in Node tests,
 * `setupWorker(...createHandlers(backend))` in a browser or Storybook.
 */
export function createHandlers(backend: SimulatedBackend): HttpHandler[] {
  return [http.all(`*${backend.basePath}/*`, ({ request }) => backend.handle(request))];
}
