import { Link } from 'wouter';
import type { ChatEventCard, ChatMessage } from '../../../../contract/chat';
import { formatDate } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-store';

export interface MessageItemProps {
  message: ChatMessage;
  /** Quick replies are offered on the last answer only. */
  showChips: boolean;
  busy: boolean;
  onChip(text: string): void;
  onChoose(card: ChatEventCard): void;
  /** Makes the suggested goal the member's goal for the chat's event; absent without an event. */
  onUseGoal?: (goal: string) => void;
  /** The goal is being saved, or cannot be yet. */
  goalBusy?: boolean;
}

/** One message: the text, and what the assistant attached (event cards, people, drafts, chips). */
export function MessageItem({ message, showChips, busy, onChip, onChoose, onUseGoal, goalBusy }: MessageItemProps) {
  const mine = message.role === 'USER';
  const { metadata } = message;
  return (
    <li className={`assistant-message assistant-message--${mine ? 'user' : 'assistant'}${metadata.error ? ' assistant-message--error' : ''}`}>
      <span className="visually-hidden">{mine ? 'You:' : 'Assistant:'}</span>
      <div className="assistant-bubble">{message.content}</div>
      {metadata.goalSuggestion && (
        <div className="assistant-goal">
          <strong>Suggested goal</strong>
          <p>{metadata.goalSuggestion}</p>
          {onUseGoal && (
            <Button variant="secondary" size="sm" loading={goalBusy} onClick={() => onUseGoal(metadata.goalSuggestion!)}>
              Use as my goal
            </Button>
          )}
        </div>
      )}
      {metadata.events && metadata.events.length > 0 && (
        <ul className="assistant-cards" aria-label="Events">
          {metadata.events.map((card) => (
            <li key={card.eventId}>
              <EventCard card={card} busy={busy} onChoose={onChoose} />
            </li>
          ))}
        </ul>
      )}
      {metadata.attendees && metadata.attendees.length > 0 && (
        <ul className="assistant-people" aria-label="People to meet">
          {metadata.attendees.map((person) => (
            <li key={person.userId} className="assistant-person">
              {/* An attendee of the member's event: their profile opens without a link's secret. */}
              <Link href={`/users/${encodeURIComponent(person.userId)}`} className="assistant-person-name">
                {person.firstName} {person.lastName}
              </Link>
              {person.role && <span className="assistant-person-role">{person.role}</span>}
              <span className="assistant-person-reason">{person.reason}</span>
            </li>
          ))}
        </ul>
      )}
      {metadata.followUps && metadata.followUps.length > 0 && (
        <ul className="assistant-people" aria-label="Follow-up messages">
          {metadata.followUps.map((draft) => (
            <li key={draft.userId} className="assistant-person">
              <span className="assistant-person-name">
                To <Link href={`/connections/${encodeURIComponent(draft.userId)}`}>{`${draft.firstName} ${draft.lastName}`}</Link>
              </span>
              <p className="assistant-draft">{draft.message}</p>
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => void copy(draft.message)}>
                Copy message
              </button>
            </li>
          ))}
        </ul>
      )}
      {showChips && metadata.chips && metadata.chips.length > 0 && (
        <div className="assistant-chips" role="group" aria-label="Quick replies">
          {metadata.chips.map((chip) => (
            <button key={chip} type="button" className="assistant-chip" disabled={busy} onClick={() => onChip(chip)}>
              {chip}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Message copied' });
  } catch {
    toast({ title: 'Failed to copy message', variant: 'destructive' });
  }
}

function EventCard({ card, busy, onChoose }: { card: ChatEventCard; busy: boolean; onChoose(card: ChatEventCard): void }) {
  const when = card.dateTime ? formatDate(card.dateTime) : 'Date TBD';
  if (card.locked) {
    return (
      <div className="assistant-card assistant-card--locked">
        <span className="badge">PRO ONLY</span>
        <span className="assistant-card-name">This event is for Pro users only</span>
        <span className="assistant-card-meta">
          {when}
          {card.location ? ` · ${card.location}` : ''}
        </span>
        {card.blurb && <span className="assistant-card-reason">{card.blurb}</span>}
        <Link href="/pricing" className="assistant-card-action">
          Upgrade to view
        </Link>
      </div>
    );
  }
  return (
    <div className="assistant-card">
      <Link href={`/events/${card.eventId}`} className="assistant-card-name">
        {card.name}
      </Link>
      <span className="assistant-card-meta">
        {when}
        {card.location ? ` · ${card.location}` : ''}
      </span>
      {card.reason && <span className="assistant-card-reason">{card.reason}</span>}
      {card.selectable && (
        <button type="button" className="btn btn--primary btn--sm assistant-card-action" disabled={busy} onClick={() => onChoose(card)}>
          Choose this event
        </button>
      )}
    </div>
  );
}
