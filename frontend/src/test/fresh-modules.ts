import { vi } from 'vitest';

// The first setup file of every test file. Files share a worker (vitest.config.ts), and with
// it the modules the previous file evaluated: the catalogue's sections it added, the hCaptcha
// script it loaded, the routes' preloads. Forgotten here, each file evaluates the app's
// modules (setup.ts's among them) anew, as in a worker of its own. Packages from
// node_modules are Node's own modules and stay loaded: setup.ts empties what they keep
// (SWR's cache) after each test.
vi.resetModules();
