import { visibleTags } from '../event-display';

/** An event's categories as chips: 3, then '+ (n) more' (docs/product.md section 9). */
export function TagChips({ labels, max }: { labels: readonly string[]; max?: number }) {
  if (labels.length === 0) return null;
  const { shown, more } = visibleTags(labels, max);
  return (
    <ul className="tag-chips" aria-label="Categories">
      {shown.map((label) => (
        <li key={label} className="tag-chip">
          {label}
        </li>
      ))}
      {more > 0 && <li className="tag-chip tag-chip--more">+ ({more}) more</li>}
    </ul>
  );
}
