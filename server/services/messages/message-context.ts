import type { PushContext } from '../push/deliver';
import type { PublishContext } from '../realtime/realtime';

/** What the message services need: the database, the stream's publishing and the push services. */
export type MessageContext = PublishContext & PushContext;
