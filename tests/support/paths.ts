/** Environment variables through which the e2e global setup tells the test workers where things are. */

/** The folder the e2e server serves the built app from (DIST_DIR of the server). */
export const DIST_DIR_ENV = 'E2E_DIST_DIR';

export function e2eDistDir(): string {
  const dir = process.env[DIST_DIR_ENV];
  if (!dir) throw new Error(`${DIST_DIR_ENV} is not set: the e2e global setup builds and serves the app`);
  return dir;
}
