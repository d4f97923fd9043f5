import { FeedScreen } from '../features/feed/components/FeedScreen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /feed. */
export function FeedRoute() {
  useDocumentTitle('Feed');
  return <FeedScreen />;
}
