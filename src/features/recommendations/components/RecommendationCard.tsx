import { Link } from 'wouter';
import type { Recommendation } from '../../../../contract/recommendations';
import { eventWhenText, itemLocationText } from '../../events/event-display';
import { scoreTone } from '../score-tone';

/**
 * One pick: its match score (coloured as docs/product.md says), the event's name, when and where, and the
 * reason. A PRO-only event a free member may not open shows only what its preview holds.
 */
export function RecommendationCard({ recommendation }: { recommendation: Recommendation }) {
  const { event, matchScore, motivation } = recommendation;
  const data = event.eventData;
  const locked = !data;
  const when = eventWhenText(data?.dateTime ?? event.previewData?.dateTime, data?.endDateTime);
  const where = itemLocationText(event);
  return (
    <Link href={`/events/${recommendation.eventId}`} className={`recommendation-card${locked ? ' recommendation-card--locked' : ''}`}>
      <span className={`recommendation-score recommendation-score--${scoreTone(matchScore)}`}>{matchScore}% match</span>
      {locked && <span className="recommendation-pro">PRO</span>}
      <span className="recommendation-name">{locked ? 'This event is for Pro users only' : data.name}</span>
      <span className="recommendation-meta">{when}</span>
      {where && <span className="recommendation-meta">{where}</span>}
      <span className="recommendation-why">{motivation}</span>
    </Link>
  );
}
