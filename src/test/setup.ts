import { beforeAll } from 'vitest';
import { configure } from '@testing-library/react';
import { preloadToastItem } from '../ui/Toaster';

/**
 * The client tests' setup. findBy and waitFor give up after 5 s instead of 1 s: the first screen of
 * a file loads its lazy route chunks through Vite's transform, which on a busy two-core machine
 * (vitest running files side by side) can take over a second. It is a bound against a hang, not a
 * timing under test.
 */
configure({ asyncUtilTimeout: 5_000 });

// A notice's own code loads after the first screen in the app (ui/Toaster.tsx); the tests read
// notices from the start, as a member does once the app has settled.
beforeAll(() => preloadToastItem());
