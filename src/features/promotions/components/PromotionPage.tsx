import { Link } from 'wouter';
import type { Promotion } from '../../../../contract/promotions';
import { formatStart, formatWeek } from '../promotion-dates';
import './promotion.css';

/** The button's text (docs/product.md section 2). */
export const PRE_MINGLE_LABEL = 'I want to pre-mingle!';

/**
 * The promotional page of a week: hero, title, dates, what it is, the button to the
 * fixed event's join goal page, then the programme. The button comes before the programme so it
 * is in view on a small phone without scrolling. The fixed event's id and join secret live only
 * in the button's href (the join link), never in the text.
 */
export function PromotionPage({ promotion }: { promotion: Promotion }) {
  return (
    <main className="promo">
      {promotion.imageUrl && (
        // Sized by the box, so nothing moves when the picture arrives; the page's largest paint.
        <img className="promo-hero" src={promotion.imageUrl} alt="" width={1200} height={630} fetchPriority="high" decoding="async" />
      )}
      <div className="promo-body">
        <h1 className="promo-title">{promotion.title}</h1>
        <p className="promo-dates">{formatWeek(promotion.startsAt, promotion.endsAt)}</p>
        <p className="promo-description">{promotion.description}</p>
        <Link href={promotion.joinUrl} className="btn btn--primary btn--lg btn--block promo-cta">
          {PRE_MINGLE_LABEL}
        </Link>
        <section aria-labelledby="promo-programme" className="promo-programme">
          <h2 id="promo-programme">Programme</h2>
          <ol className="promo-list">
            {promotion.programme.map((item, index) => (
              <li key={index} className="promo-item">
                <Link href={item.href} className="promo-item-name">
                  {item.name}
                </Link>
                <span className="promo-item-meta">
                  {formatStart(item.startsAt)}
                  {item.location ? ` · ${item.location}` : ''}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </main>
  );
}
