/**
 * `npm run dev`: the API server in watch mode on API_PORT (default 8081) and the Vite dev server,
 * which proxies /api there (vite.config.ts reads the same API_PORT). Written as a script so that
 * setting the API's PORT works the same on every platform.
 */
import concurrently from 'concurrently';

const apiPort = process.env.API_PORT?.trim() || '8081';

const { result } = concurrently(
  [
    // Loopback only: in development the API is reached through Vite's proxy.
    { name: 'api', command: 'tsx watch server/main.ts', env: { PORT: apiPort, HOST: '127.0.0.1', API_PORT: apiPort } },
    { name: 'web', command: 'vite', env: { API_PORT: apiPort } },
  ],
  { killOthersOn: ['failure', 'success'], prefixColors: ['magenta', 'cyan'] },
);

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
