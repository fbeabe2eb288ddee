import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only unmounts automatically when test globals are enabled; we import
// describe/it/expect explicitly instead, so unmount here to keep tests independent.
afterEach(cleanup);
