import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useMe } from '../../../lib/signed-in-member';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { useMessageSettings, useSaveMessageSettings } from '../../messages/api/message-settings';
import { useUnblockMember } from '../api/block';
import { useBlocked } from '../api/get-blocked';
import { useSetNetworking } from '../api/networking';
import './safety.css';

/**
 * The profile's 'Privacy and safety': not networking for a while, read receipts, and the members
 * the member blocked, each with Unblock (docs/product.md, 'Safety' and 'Messages').
 */
export function SafetySettings() {
  const headingId = useId();
  const { me } = useMe();
  const networking = useSetNetworking();
  const messageSettings = useMessageSettings();
  const saveMessageSettings = useSaveMessageSettings();
  const blocked = useBlocked();
  const unblock = useUnblockMember();
  // The choice just made shows in the same render as the press (a controlled box would snap back meanwhile).
  const [pausedIntent, setPausedIntent] = useState<boolean | null>(null);
  const [receiptsIntent, setReceiptsIntent] = useState<boolean | null>(null);
  const error = networking.error ?? saveMessageSettings.error ?? unblock.error;

  return (
    <section className="card safety-settings" aria-labelledby={headingId}>
      <h2 id={headingId} className="safety-settings-title">
        Privacy and safety
      </h2>
      <label className="safety-toggle">
        <input
          type="checkbox"
          checked={pausedIntent ?? me?.networkingPaused ?? false}
          disabled={pausedIntent !== null || !me}
          onChange={(event) => {
            const paused = event.target.checked;
            setPausedIntent(paused);
            networking.mutate({ paused }, { onSettled: () => setPausedIntent(null) });
          }}
        />
        <span>
          <span className="safety-toggle-label">Not networking right now</span>
          <span className="safety-toggle-hint">Nobody sees you in a deck or can ask you to meet. You stay registered at your events.</span>
        </span>
      </label>
      {messageSettings.data ? (
        <label className="safety-toggle">
          <input
            type="checkbox"
            checked={receiptsIntent ?? messageSettings.data.readReceipts}
            disabled={receiptsIntent !== null}
            onChange={(event) => {
              const readReceipts = event.target.checked;
              setReceiptsIntent(readReceipts);
              saveMessageSettings.mutate({ readReceipts }, { onSettled: () => setReceiptsIntent(null) });
            }}
          />
          <span>
            <span className="safety-toggle-label">Read receipts</span>
            <span className="safety-toggle-hint">Others see when you read their messages. Off: you do not see when they read yours.</span>
          </span>
        </label>
      ) : (
        messageSettings.isPending && <Spinner label="Loading message settings" />
      )}
      {error && (
        <p className="safety-error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <h3 className="safety-settings-title">Blocked members</h3>
      {blocked.isPending ? (
        <Spinner label="Loading blocked members" />
      ) : blocked.isError ? (
        <p className="safety-error" role="alert">
          {errorMessage(blocked.error)}{' '}
          <Button variant="link" onClick={() => void blocked.refetch()}>
            Retry
          </Button>
        </p>
      ) : blocked.data.length === 0 ? (
        <p className="safety-note">You have not blocked anyone.</p>
      ) : (
        <ul className="safety-blocked">
          {blocked.data.map((member) => {
            const name = `${member.firstName} ${member.lastName}`.trim();
            return (
              <li key={member.id}>
                <Avatar id={member.id} firstName={member.firstName} lastName={member.lastName} imageUrl={member.imageUrl} size="sm" alt="" />
                <span className="safety-blocked-name">{name}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Unblock ${name}`}
                  loading={unblock.isPending && unblock.variables === member.id}
                  onClick={() => unblock.mutate(member.id)}
                >
                  Unblock
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
