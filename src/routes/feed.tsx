import { ActivityIcon } from '../ui/icons';
import { EmptyState } from '../ui/EmptyState';
import { useDocumentTitle } from '../lib/use-document-title';

/** /feed: the navigation links here; the activity feed itself is built in a later issue. */
export function FeedRoute() {
  useDocumentTitle('Feed');
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Your feed</h1>
      </header>
      <EmptyState icon={<ActivityIcon />} title="This screen is not built yet">
        Your network activity will be shown here in a later version.
      </EmptyState>
    </div>
  );
}
