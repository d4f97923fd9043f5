import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-store';
import { useMe } from '../../../lib/signed-in-member';
import { aiConsentErrorText, useAiConsent, useSetAiConsent } from '../api/ai-consent';
import { useAiStatus } from '../api/get-ai-status';
import { useRecommendations } from '../api/get-recommendations';
import { RecommendationCard } from './RecommendationCard';
import { UnlockMoreDialog } from './UnlockMoreDialog';
import './recommendations.css';

/**
 * The AI recommendations block of the events list (docs/product.md sections 2, 4 and 8): a prompt to turn
 * them on while the member has not decided; with them on, the switch 'AI enabled' and a carousel of
 * picks, one batch of three more at a time for PRO members (others get 'Unlock more
 * recommendations'); turned off, 'AI disabled' and a note. Hidden when the status call fails or AI
 * is off on this server.
 */
export function Recommendations() {
  const headingId = useId();
  const status = useAiStatus();
  const consent = useAiConsent();
  const setConsent = useSetAiConsent();
  const on = consent.data?.consent === true;
  const picks = useRecommendations(on && status.data?.aiEnabled === true);
  const { me } = useMe();
  const [upsell, setUpsell] = useState(false);

  if (status.isError || status.data?.aiEnabled === false) return null;

  const change = (next: boolean) =>
    setConsent.mutate(next, { onError: (error) => toast({ title: 'Error', description: aiConsentErrorText(error), variant: 'destructive' }) });

  const loadMore = () => {
    if (!me?.hasProAccess) return setUpsell(true);
    void picks.fetchNextPage().then((result) => {
      if (result.isError) toast({ title: 'Error', description: 'Failed to load more recommendations', variant: 'destructive' });
    });
  };

  const decided = consent.data?.consent;
  const recommendations = picks.data?.pages.flatMap((page) => page.recommendations) ?? [];

  return (
    <section className="recommendations" aria-labelledby={headingId}>
      <div className="recommendations-header">
        <h2 className="recommendations-title" id={headingId}>
          AI recommendations
        </h2>
        {typeof decided === 'boolean' && (
          <button type="button" role="switch" aria-checked={on} className="recommendations-switch" disabled={setConsent.isPending} onClick={() => change(!on)}>
            <span className="recommendations-switch-track" aria-hidden="true" />
            {on ? 'AI enabled' : 'AI disabled'}
          </button>
        )}
      </div>
      {status.isPending || consent.isPending ? (
        <PicksSkeleton />
      ) : consent.isError ? (
        <LoadError onRetry={() => void consent.refetch()} />
      ) : decided === null || decided === undefined ? (
        <div className="recommendations-prompt">
          <p>Get three events picked for you from your profile, the events you join and your network. You can turn this off at any time.</p>
          <Button loading={setConsent.isPending} onClick={() => change(true)}>
            Enable AI recommendations
          </Button>
        </div>
      ) : !on ? (
        <p className="recommendations-note">
          AI recommendations are turned off and the ones you had were removed. Turn AI on to get events picked for you again.
        </p>
      ) : picks.isPending ? (
        <PicksSkeleton />
      ) : picks.isError && recommendations.length === 0 ? (
        <LoadError onRetry={() => void picks.refetch()} />
      ) : recommendations.length === 0 ? (
        <p className="recommendations-note">No picks yet. Join a few events and tell us about yourself on your profile to get better ones.</p>
      ) : (
        <>
          <ul className="recommendations-list" aria-labelledby={headingId}>
            {recommendations.map((recommendation) => (
              <li key={recommendation.eventId}>
                <RecommendationCard recommendation={recommendation} />
              </li>
            ))}
          </ul>
          {picks.hasNextPage && (
            <Button variant="secondary" size="sm" loading={picks.isFetchingNextPage} onClick={loadMore} className="recommendations-more">
              Load more recommendations
            </Button>
          )}
        </>
      )}
      <UnlockMoreDialog open={upsell} onClose={() => setUpsell(false)} />
    </section>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="recommendations-error" role="alert">
      <p>Unable to load recommendations at the moment. Please try again</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

function PicksSkeleton() {
  return (
    <ul className="recommendations-list" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <li key={index}>
          <div className="recommendation-card recommendation-card--skeleton" />
        </li>
      ))}
    </ul>
  );
}
