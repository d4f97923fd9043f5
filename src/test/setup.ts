import { configure } from '@testing-library/react';

/**
 * The client tests' setup. findBy and waitFor give up after 5 s instead of 1 s: the first screen of
 * a file loads its lazy route chunks through Vite's transform, which on a busy two-core machine
 * (vitest running files side by side) can take over a second. It is a bound against a hang, not a
 * timing under test.
 */
configure({ asyncUtilTimeout: 5_000 });
