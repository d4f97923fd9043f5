import { PrivacyPolicy } from '../features/legal/components/PrivacyPolicy';
import { useDocumentTitle } from '../lib/use-document-title';

/** /privacy: public, signed in or not. */
export function PrivacyRoute() {
  useDocumentTitle('Privacy Policy');
  return <PrivacyPolicy />;
}
