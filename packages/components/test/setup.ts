import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for what they await, not for a clock: testing-library's 1 s default
// failed on a loaded machine. A test that never sees its element still fails, after 15 s.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => cleanup());
