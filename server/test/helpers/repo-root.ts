import { fileURLToPath } from 'node:url';

/** The project's folder, whatever the folder a test or benchmark was started from. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
