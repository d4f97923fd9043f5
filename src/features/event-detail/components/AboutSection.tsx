import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { sanitizeHtml } from '../../../lib/sanitize';
import { ChevronDownIcon } from '../../../ui/event-icons';

/**
 * 'About': the sanitized HTML description, clamped to 3 lines. 'Show more' / 'Show less' appear
 * only when the text is longer than that. Nothing is shown for an empty description.
 */
export function AboutSection({ html }: { html: string | null }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const bodyId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // Measured by a ResizeObserver, whose callbacks run after the browser's own layout and before it
  // paints: reading the size in a layout effect would force that layout inside React's commit (a
  // long task on a slow phone, right before the first paint). flushSync commits the toggle in that
  // same frame, so nothing below the text moves after it painted.
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    // Measured while clamped; once expanded the toggle stays (it was needed to get there).
    const measure = () => {
      if (body.dataset.clamped !== 'true') return;
      const next = body.scrollHeight > body.clientHeight + 1;
      flushSync(() => setOverflows(next));
    };
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    return () => observer.disconnect();
  }, [clean]);

  if (!clean.trim()) return null;

  return (
    <section className="event-section" aria-labelledby={`${bodyId}-title`}>
      <h2 id={`${bodyId}-title`} className="event-section-title">
        About
      </h2>
      <div
        ref={bodyRef}
        id={bodyId}
        className={expanded ? 'event-about' : 'event-about event-about--clamped'}
        data-clamped={expanded ? 'false' : 'true'}
        data-testid="event-about"
        dangerouslySetInnerHTML={{ __html: clean }}
      />
      {overflows && (
        <button type="button" className="event-about-toggle" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Show less' : 'Show more'}
          <ChevronDownIcon size={18} className={expanded ? 'event-about-chevron event-about-chevron--up' : 'event-about-chevron'} />
        </button>
      )}
    </section>
  );
}
