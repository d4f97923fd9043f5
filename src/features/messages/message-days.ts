import type { ShownMessage } from './messages-shown';

export interface MessageDay {
  /** 'Today', 'Yesterday', or the date ('Mon 1 Jun', with the year when it is not this year's). */
  label: string;
  messages: ShownMessage[];
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

/** The day a message was written, as a separator names it, in the device's time. */
export function dayLabel(at: Date, now: Date): string {
  if (dayKey(at) === dayKey(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(at) === dayKey(yesterday)) return 'Yesterday';
  const part = (options: Intl.DateTimeFormatOptions) => at.toLocaleDateString('en-GB', options);
  const date = `${part({ weekday: 'short' })} ${at.getDate()} ${part({ month: 'short' })}`;
  return at.getFullYear() === now.getFullYear() ? date : `${date} ${at.getFullYear()}`;
}

/** The messages in runs of one day each, in order, for the day separators. */
export function messageDays(messages: readonly ShownMessage[], now: Date): MessageDay[] {
  const days: MessageDay[] = [];
  let lastKey = '';
  for (const message of messages) {
    const at = new Date(message.sentAt);
    const key = dayKey(at);
    if (key !== lastKey) days.push({ label: dayLabel(at, now), messages: [] });
    days.at(-1)!.messages.push(message);
    lastKey = key;
  }
  return days;
}

/** A message's time of day, as its bubble shows it ('14:05'). */
export const clockOf = (sentAt: string) => new Date(sentAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
