import { setupServer } from 'msw/node';

/**
 * The network of every component test. Each test adds the answers it needs with
 * `server.use(...)`; any other request fails the test (`onUnhandledRequest: 'error'` in
 * setup.ts), so a component cannot call an endpoint nobody thought about.
 */
export const server = setupServer();
