import { TermsOfService } from '../features/legal/components/TermsOfService';
import { useDocumentTitle } from '../lib/use-document-title';

/** /terms: public, signed in or not. */
export function TermsRoute() {
  useDocumentTitle('Terms of Service');
  return <TermsOfService />;
}
