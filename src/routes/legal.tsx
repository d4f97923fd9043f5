import { useRoute } from 'wouter';
import { TERMS_PATH } from '../lib/legal-paths';
import { PrivacyRoute } from './privacy';
import { TermsRoute } from './terms';

/** /terms and /privacy as one entry of the route table: the deck's cold load counts every entry's bytes. */
export function LegalRoute() {
  const [terms] = useRoute(TERMS_PATH);
  return terms ? <TermsRoute /> : <PrivacyRoute />;
}
