import { ConnectionsScreen } from '../features/connections/components/ConnectionsScreen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /connections. */
export function ConnectionsRoute() {
  useDocumentTitle('Connections');
  return <ConnectionsScreen />;
}
