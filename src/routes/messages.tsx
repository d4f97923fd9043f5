import { Route, Switch, useParams } from 'wouter';
import { ConversationScreen } from '../features/messages/components/ConversationScreen';
import { ConversationsScreen } from '../features/messages/components/ConversationsScreen';

function Conversation() {
  const { userId = '' } = useParams<{ userId: string }>();
  return <ConversationScreen key={userId} userId={userId} />;
}

/** The messages screens, one chunk (docs/product.md, 'Messages'): /messages and /messages/{userId}. */
export function MessagesRoute() {
  return (
    <Switch>
      <Route path="/messages">
        <ConversationsScreen />
      </Route>
      <Route path="/messages/:userId">
        <Conversation />
      </Route>
    </Switch>
  );
}
