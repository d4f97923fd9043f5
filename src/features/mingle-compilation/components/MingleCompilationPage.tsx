import { Link } from 'wouter';
import { COMPILATION_MIN_ATTENDEES, COMPILATION_THEME_MIN_MEMBERS, type MingleCompilation } from '../../../../contract/mingle-compilation';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateRange, formatDateWithTime } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { ArrowLeftIcon } from '../../../ui/icons';
import { AlertIcon, UsersIcon } from '../../../ui/event-icons';
import { useMingleCompilation } from '../api/get-mingle-compilation';
import { barPercent, countText, hourSpanText, percentText } from '../figures';
import './mingle-compilation.css';

/** The text a member who is not registered at the event sees (the API's 403). */
export const ATTENDEES_ONLY_TEXT = "The mingle compilation is for the event's attendees.";

const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;

/**
 * /events/{id}/mingle: how the networking of a fixed event went, in counts only. The
 * route answers 404 (the app's not-found screen) and 401 (sign in and come back) itself; this
 * shows loading, the attendees-only refusal, other errors with Retry, and the figures.
 */
export function MingleCompilationPage({ eventId }: { eventId: string }) {
  const query = useMingleCompilation(eventId);
  if (query.isPending) return <CompilationSkeleton />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 403) {
      return (
        <div className="page mingle-page">
          <EmptyState
            icon={<UsersIcon size={20} />}
            title="For the event's attendees"
            action={
              <Link href={eventPath(eventId)} className="btn btn--primary btn--md">
                Go to the event
              </Link>
            }
          >
            {ATTENDEES_ONLY_TEXT} Register for the event to see how its networking went.
          </EmptyState>
        </div>
      );
    }
    return (
      <div className="page mingle-page">
        <EmptyState
          icon={<AlertIcon size={18} />}
          title="Error loading the mingle compilation"
          action={
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              Retry
            </Button>
          }
        >
          {errorMessage(query.error)}
        </EmptyState>
      </div>
    );
  }
  return <Compilation compilation={query.data} />;
}

function Compilation({ compilation }: { compilation: MingleCompilation }) {
  const { event, swipes } = compilation;
  return (
    <article className="page mingle-page" aria-labelledby="mingle-title">
      <Link href={eventPath(event.id)} className="btn btn--ghost btn--sm mingle-back">
        <ArrowLeftIcon />
        Event
      </Link>
      <header className="mingle-header">
        <p className="page-eyebrow">Mingle compilation</p>
        <h1 id="mingle-title" className="mingle-title">
          {event.name}
        </h1>
        <p className="mingle-meta">
          {event.dateTime ? `${formatDateRange(event.dateTime, event.endDateTime)} · ` : ''}
          Figures as of {formatDateWithTime(compilation.computedAt)}
        </p>
      </header>

      <section aria-labelledby="mingle-figures-title">
        <h2 id="mingle-figures-title" className="visually-hidden">
          Figures
        </h2>
        <dl className="mingle-figures">
          <Figure label="Attendees" value={compilation.attendees.toLocaleString('en-US')} />
          <Figure label="Members who swiped" value={compilation.swipers.toLocaleString('en-US')} />
          <Figure
            label="Swipes"
            value={swipes.total.toLocaleString('en-US')}
            detail={`${swipes.right.toLocaleString('en-US')} connect, ${swipes.left.toLocaleString('en-US')} pass`}
          />
          <Figure label="Connections made" value={compilation.connections.toLocaleString('en-US')} />
          <Figure label="Attendees with a new connection" value={percentText(compilation.connectedShare)} />
        </dl>
      </section>

      {swipes.total === 0 && (
        <p className="mingle-note" role="note">
          No swipes yet at this event. The figures fill in as attendees meet each other in Meet Attendees.
        </p>
      )}

      {compilation.detailed ? (
        <div className="mingle-details">
          <Themes compilation={compilation} />
          <Hours compilation={compilation} />
        </div>
      ) : (
        <p className="mingle-note" role="note">
          Fewer than {COMPILATION_MIN_ATTENDEES} people attend this event, so its goal themes and busiest hours are not shown: with so few, they could point at
          someone.
        </p>
      )}

      <p className="mingle-privacy">
        Only counts: no member is named. A goal theme shows when at least {COMPILATION_THEME_MIN_MEMBERS} members' goals mention it.
      </p>
    </article>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card className="mingle-figure">
      <dt className="mingle-figure-label">{label}</dt>
      <dd className="mingle-figure-value">{value}</dd>
      {detail && <dd className="mingle-figure-detail">{detail}</dd>}
    </Card>
  );
}

function Themes({ compilation }: { compilation: MingleCompilation }) {
  return (
    <section className="mingle-section" aria-labelledby="mingle-themes-title">
      <h2 id="mingle-themes-title" className="mingle-section-title">
        Most common goal themes
      </h2>
      {compilation.themes.length === 0 ? (
        <p className="mingle-empty">No theme is in {COMPILATION_THEME_MIN_MEMBERS} or more attendees' goals yet.</p>
      ) : (
        <ol className="chip-list">
          {compilation.themes.map((theme) => (
            <li key={theme.word} className="mingle-theme">
              <span className="mingle-theme-word">{theme.word}</span>
              <span className="mingle-theme-count">{countText(theme.members, 'member')}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Hours({ compilation }: { compilation: MingleCompilation }) {
  const max = Math.max(0, ...compilation.busiestHours.map((hour) => hour.swipes));
  return (
    <section className="mingle-section" aria-labelledby="mingle-hours-title">
      <h2 id="mingle-hours-title" className="mingle-section-title">
        Busiest hours <span className="mingle-zone">({compilation.timeZone})</span>
      </h2>
      {compilation.busiestHours.length === 0 ? (
        <p className="mingle-empty">No swipes yet.</p>
      ) : (
        <ul className="mingle-hours">
          {compilation.busiestHours.map(({ hour, swipes }) => (
            <li key={hour} className="mingle-hour">
              <span className="mingle-hour-label">{hourSpanText(hour)}</span>
              <span className="mingle-hour-bar" aria-hidden="true">
                <span className="mingle-hour-fill" style={{ width: `${barPercent(swipes, max)}%` }} />
              </span>
              <span className="mingle-hour-value">{countText(swipes, 'swipe')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The page's shape while the figures load. */
function CompilationSkeleton() {
  return (
    <div className="page mingle-page" role="status" aria-label="Loading the mingle compilation">
      <div className="mingle-skeleton mingle-skeleton--title" />
      <div className="mingle-figures" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((n) => (
          <div key={n} className="mingle-skeleton mingle-skeleton--figure" />
        ))}
      </div>
    </div>
  );
}
