import { useDocumentTitle } from '../lib/use-document-title';
import { NotFoundMessage } from '../ui/NotFoundMessage';

/** Any path that is not a screen. */
export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return <NotFoundMessage />;
}
