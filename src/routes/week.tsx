import { useParams } from 'wouter';
import { usePromotion } from '../features/promotions/api/get-promotion';
import { PromotionPage } from '../features/promotions/components/PromotionPage';
import { ApiError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { NotFoundRoute } from './not-found';

/** /week/{slug}: a week's promotional page (issue 15); public. */
export function WeekRoute() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { data, error } = usePromotion(slug);
  useDocumentTitle(data?.title);
  if (data) return <PromotionPage promotion={data} />;
  if (error instanceof ApiError && error.status === 404) return <NotFoundRoute />;
  if (error) {
    return (
      <main className="promo">
        <p role="alert" className="promo-body">
          {error.message}
        </p>
      </main>
    );
  }
  // Without embedded data (a later visit served by the service worker) the answer is a moment away.
  return <main className="promo" aria-busy="true" />;
}
