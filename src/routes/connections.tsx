import { lazy, Suspense, useState } from 'react';
import { ConnectionsScreen } from '../features/connections/components/ConnectionsScreen';
import { useDocumentTitle } from '../lib/use-document-title';

// The scanner's code loads only when asked for (it carries the QR reader).
const QrDialog = lazy(() => import('../features/qr-exchange/components/QrDialog').then((m) => ({ default: m.QrDialog })));

/**
 * /connections; /connections?scan=1 (the installed app's 'Scan QR' shortcut, manifest.webmanifest)
 * opens the QR scanner over it. Here rather than on the profile or the Meet page, whose first-screen
 * JavaScript budgets are used up: a scanned member ends up in this list anyway.
 */
export function ConnectionsRoute() {
  useDocumentTitle('Connections');
  const [scanning, setScanning] = useState(() => new URLSearchParams(window.location.search).get('scan') === '1');
  return (
    <>
      <ConnectionsScreen />
      {scanning && (
        <Suspense fallback={null}>
          <QrDialog mode="scan" onClose={() => setScanning(false)} />
        </Suspense>
      )}
    </>
  );
}
