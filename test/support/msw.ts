import { setupServer } from 'msw/node';

/** The one msw server of a test file; tests add handlers with `mswServer.use(...)`. */
export const mswServer = setupServer();
