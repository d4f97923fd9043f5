import { animated, useSpring } from '@react-spring/web';
import { useDrag } from '@use-gesture/react';
import { memo, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { DeckCandidate } from '../../../../contract/attendees';
import { placeText } from '../../../../contract/place-text';
import type { SwipeDirection } from '../../../offline/mutations/swipe';
import { Link } from 'wouter';
import { Avatar } from '../../../ui/Avatar';
import { SafetyButton } from '../../safety/safety-button';

/** docs/product.md section 9: the card animates 500 ms before the action. */
export const SWIPE_FLIGHT_MS = 500;
/** Released past this distance (px) the card flies off. */
export const SWIPE_DISTANCE = 120;
/** Or released with at least this speed (px/ms) in a direction. */
const FLICK_VELOCITY = 0.5;

export interface SwipeCardHandle {
  /** Flies the card off (or not, with reduced motion) and then calls onSwiped. */
  fling(direction: SwipeDirection): void;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** docs/product.md section 2: a known location reads '{name}, {country name}'; else the free text. */
function locationText(candidate: DeckCandidate): string | null {
  return placeText(candidate.locationDisplay, candidate.location);
}

/** `meetHref`: the top card's way to plan a meeting with this attendee instead of swiping. */
function CandidateContentOf({ candidate, meetHref }: { candidate: DeckCandidate; meetHref?: string }) {
  const name = `${candidate.firstName} ${candidate.lastName}`.trim();
  const location = locationText(candidate);
  // Story and goal are clamped to fit the card on a small phone; a tap shows them whole.
  const [expanded, setExpanded] = useState(false);
  const hasText = Boolean(candidate.story || candidate.goal);
  return (
    <>
      <div className="swipe-card-photo">
        <Avatar id={candidate.id} firstName={candidate.firstName} lastName={candidate.lastName} imageUrl={candidate.imageUrl} size="fill" alt={name} />
      </div>
      <div className={expanded ? 'swipe-card-body swipe-card-body--expanded' : 'swipe-card-body'}>
        <h2 className="swipe-card-name">{name}</h2>
        {candidate.role && <p className="swipe-card-role">{candidate.role}</p>}
        {location && <p className="swipe-card-location">{location}</p>}
        {meetHref && (
          <>
            <Link href={meetHref} className="swipe-card-meet">
              Plan a meeting
            </Link>
            <SafetyButton member={candidate} className="swipe-card-meet swipe-card-safety" />
          </>
        )}
        {hasText && (
          <button type="button" className="swipe-card-text" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
            {candidate.story && <span className="swipe-card-story">{candidate.story}</span>}
            {candidate.goal && (
              <span className="swipe-card-goal">
                <strong>Goal: </strong>
                {candidate.goal}
              </span>
            )}
            <span className="visually-hidden">{expanded ? ' (show less)' : ' (show all)'}</span>
          </button>
        )}
      </div>
    </>
  );
}

/** Memoised: a refetched deck keeps unchanged candidates as the same objects, so their cards do not render again. */
export const CandidateContent = memo(CandidateContentOf);

/**
 * The top card: follows the pointer with a slight rotation and a connect/pass hint; released past
 * SWIPE_DISTANCE or with a flick it flies off, otherwise it springs back. Only transform and
 * opacity animate.
 */
function SwipeCardOf({
  candidate,
  meetHref,
  onSwiped,
  ref,
}: {
  candidate: DeckCandidate;
  meetHref?: string;
  onSwiped: (candidate: DeckCandidate, direction: SwipeDirection) => void;
  ref?: Ref<SwipeCardHandle>;
}) {
  const [{ x, opacity }, api] = useSpring(() => ({ x: 0, opacity: 1 }));
  const flying = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The swipe of a card in flight: a card taken away before it lands (the deck waits for its data
  // again, the member leaves the page) still counts it, as the member made it.
  const landing = useRef<(() => void) | undefined>(undefined);
  const onSwipedRef = useRef(onSwiped);
  useEffect(() => {
    onSwipedRef.current = onSwiped;
  });
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      landing.current?.();
    },
    [],
  );

  const fling = (direction: SwipeDirection) => {
    if (flying.current) return;
    flying.current = true;
    if (prefersReducedMotion()) {
      onSwipedRef.current(candidate, direction);
      return;
    }
    const width = typeof window.innerWidth === 'number' && window.innerWidth > 0 ? window.innerWidth : 800;
    void api.start({ x: (direction === 'right' ? 1 : -1) * (width + 200), opacity: 0, config: { duration: SWIPE_FLIGHT_MS } });
    // The action follows the flight by time, not by the spring's end, so it happens even where
    // animation frames are throttled (a background tab).
    const land = () => {
      landing.current = undefined;
      onSwipedRef.current(candidate, direction);
    };
    landing.current = land;
    timer.current = setTimeout(land, SWIPE_FLIGHT_MS);
  };

  useImperativeHandle(ref, () => ({ fling }));

  const bind = useDrag(
    ({ active, movement: [mx], velocity: [vx], direction: [dx] }) => {
      if (flying.current) return;
      if (active) {
        void api.start({ x: mx, immediate: true });
        return;
      }
      const flicked = vx > FLICK_VELOCITY && Math.abs(mx) > 20 && Math.sign(dx) === Math.sign(mx);
      if (Math.abs(mx) > SWIPE_DISTANCE || flicked) fling(mx > 0 ? 'right' : 'left');
      else void api.start({ x: 0, immediate: prefersReducedMotion() });
    },
    { axis: 'x', filterTaps: true },
  );

  return (
    <animated.article
      {...bind()}
      className="swipe-card swipe-card--top"
      aria-label={`${candidate.firstName} ${candidate.lastName}`.trim()}
      style={{ transform: x.to((v) => `translate3d(${v}px,0,0) rotate(${v / 20}deg)`), opacity }}
    >
      <animated.span
        className="swipe-hint swipe-hint--connect"
        aria-hidden="true"
        style={{ opacity: x.to((v) => Math.min(Math.max(v / SWIPE_DISTANCE, 0), 1)) }}
      >
        Connect
      </animated.span>
      <animated.span className="swipe-hint swipe-hint--pass" aria-hidden="true" style={{ opacity: x.to((v) => Math.min(Math.max(-v / SWIPE_DISTANCE, 0), 1)) }}>
        Pass
      </animated.span>
      <CandidateContent candidate={candidate} meetHref={meetHref} />
    </animated.article>
  );
}

/**
 * Memoised: while the member drags, a change elsewhere on the page (a list refreshed, the sync
 * status) does not render the card again; only a new candidate or handler does.
 */
export const SwipeCard = memo(SwipeCardOf);
