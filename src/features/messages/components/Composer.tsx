import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../../contract/messages';
import { errorMessage } from '../../../lib/api-client';
import { isOverLimit } from '../../../lib/text-limit';
import { Button } from '../../../ui/Button';
import { FieldCount } from '../../../ui/FieldCount';
import { toast } from '../../../ui/toast-store';

/** The counter shows from this many characters on: a short message needs none. */
const COUNT_FROM = MESSAGE_MAX_LENGTH - 200;

interface Props {
  /** Queues the text (it shows at once); throws when it could not even be queued. */
  onSend: (text: string) => Promise<void>;
  ready: boolean;
  /** 'Message Ada', the field's label. */
  label: string;
}

/**
 * Where the member writes: Enter sends, Shift+Enter starts a new line. The text leaves the field
 * only once it is queued, so nothing typed is lost to a failure.
 */
export function Composer({ onSend, ready, label }: Props) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const countId = useId();
  const count = { length: text.trim().length, max: MESSAGE_MAX_LENGTH };
  const over = isOverLimit(count);
  const empty = count.length === 0;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || over || sending || !ready) return;
    setSending(true);
    try {
      await onSend(text.trim());
      setText('');
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="composer" onSubmit={(event) => void submit(event)}>
      <textarea
        className="composer-field"
        aria-label={label}
        placeholder={label}
        rows={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={over || undefined}
        aria-describedby={count.length >= COUNT_FROM ? countId : undefined}
        enterKeyHint="send"
      />
      {count.length >= COUNT_FROM && <FieldCount id={countId} count={count} />}
      <Button type="submit" disabled={empty || over || !ready} loading={sending}>
        Send
      </Button>
    </form>
  );
}
