import { PricingScreen } from '../features/subscription/components/PricingScreen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /pricing. */
export function PricingRoute() {
  useDocumentTitle('Plans');
  return <PricingScreen />;
}
