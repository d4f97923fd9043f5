/**
 * The server process under chaos: the crash tests' entry (crash-server.ts) with a short
 * Idempotency-Key lease, started again on the same port whenever it dies, as a process manager
 * would restart it. kill() is kill -9 from outside; armCrash() makes it die right after its next
 * Idempotency-Key claim (SIGUSR2), between the claim and the write.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledCrashServerEntry, startServerProcess, type AppServer } from '../../server/test/helpers/server-process';

export interface SupervisedServer {
  port: number;
  /** How many times the process died (kill -9 from outside or at a claim) and was started again. */
  deaths(): number;
  kill(): Promise<void>;
  armCrash(): Promise<void>;
  /** Resolves once a server is serving (after a restart under way). */
  up(): Promise<void>;
  /** Stops it for good (SIGTERM: the database is closed cleanly). */
  stop(): Promise<void>;
}

export async function superviseServer(serverEnv: Record<string, string>, leaseMs: number, log: (line: string) => void = () => {}): Promise<SupervisedServer> {
  const start = async (port?: number) =>
    startServerProcess(
      { ...serverEnv, SEED_DEMO: 'false', LOG_LEVEL: 'error', DIST_DIR: join(tmpdir(), `mingle-no-dist-${randomUUID()}`) },
      { entry: await compiledCrashServerEntry(), args: [`--lease-ms=${leaseMs}`], apiOnly: true, port },
    );
  let current: AppServer = await start();
  const port = current.port;
  let stopping = false;
  let deaths = 0;
  let restarting: Promise<void> = Promise.resolve();

  async function restart(): Promise<void> {
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      try {
        current = await start(port);
        watch(current);
        log(`server restarted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        return;
      } catch (error) {
        log(`server restart ${attempt} failed: ${String(error)}`);
        if (stopping || attempt >= 3) throw error;
      }
    }
  }
  function watch(server: AppServer): void {
    void server.exited.then(() => {
      if (stopping) return;
      deaths++;
      log(`server died (${deaths})`);
      restarting = restart();
    });
  }
  watch(current);
  // One kill or arming at a time, each on a serving process: two members' kills during one restart
  // would otherwise both hit the process already dead.
  let faults: Promise<void> = Promise.resolve();
  const onServing = (fault: (server: AppServer) => Promise<void> | void) => {
    faults = faults.then(async () => {
      await restarting;
      await fault(current);
    });
    return faults;
  };

  return {
    port,
    deaths: () => deaths,
    kill: () => onServing((server) => server.kill()),
    armCrash: () => onServing((server) => server.signal('SIGUSR2')),
    up: () => restarting,
    async stop() {
      await restarting.catch(() => {});
      stopping = true;
      await current.stop();
    },
  };
}
