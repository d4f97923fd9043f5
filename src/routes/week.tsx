import { useEffect } from 'react';
import { useParams } from 'wouter';
import { usePromotion } from '../features/promotions/api/get-promotion';
import { PromotionPage } from '../features/promotions/components/PromotionPage';
import { ApiError } from '../lib/api-client';
import { NotFoundMessage } from '../ui/NotFoundMessage';

/**
 * The document title, set here rather than with lib/use-document-title: that module lives in a
 * chunk shared by the signed-in screens (about 6 KB gzip), which a visitor from a poster would
 * otherwise download for two lines. Same form: 'Nordic Startup Week · Mingle'.
 */
function useTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Mingle` : 'Mingle';
    return () => {
      document.title = 'Mingle';
    };
  }, [title]);
}

/** /week/{slug}: a week's promotional page; public. */
export function WeekRoute() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { data, error } = usePromotion(slug);
  const notFound = error instanceof ApiError && error.status === 404;
  useTitle(data?.title ?? (notFound ? 'Page not found' : undefined));
  if (data) return <PromotionPage promotion={data} />;
  if (notFound) return <NotFoundMessage />;
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
