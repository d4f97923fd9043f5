import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Me } from '../../../contract/user';
import { Tabs } from '../../ui/Tabs';
import { authKeys } from '../../lib/signed-in-member';
import { LoginForm } from './components/LoginForm';
import { SignupForm } from './components/SignupForm';
import './components/auth.css';

export type InlineAuthTab = 'login' | 'signup';

export interface InlineAuthProps {
  initialTab?: InlineAuthTab;
  /** Called once when a member signs in or signs up here. */
  onAuthenticated?: (me: Me) => void;
}

/**
 * The auth feature's public entry for pages that sign a visitor in where they are (the join page):
 * the 'Log in' and 'Sign up' tabs of /auth, without its frame and without its redirects. Signing
 * in stores the member like /auth does; the page stays and carries on from there.
 */
export function InlineAuth({ initialTab = 'signup', onAuthenticated }: InlineAuthProps) {
  const [tab, setTab] = useState<InlineAuthTab>(initialTab);
  const queryClient = useQueryClient();
  const callback = useRef(onAuthenticated);
  useEffect(() => {
    callback.current = onAuthenticated;
  });

  // Told by the query cache itself, at the moment the member is stored: the page usually replaces
  // this component as soon as it knows the member, before an effect here could see it.
  useEffect(() => {
    let done = false;
    return queryClient.getQueryCache().subscribe((event) => {
      if (done || event.type !== 'updated' || event.query.queryKey[0] !== authKeys.all[0] || event.query.queryKey[1] !== 'me') return;
      const me = event.query.state.data as Me | null | undefined;
      if (!me) return;
      done = true;
      callback.current?.(me);
    });
  }, [queryClient]);

  return (
    <Tabs
      label="Log in or sign up"
      value={tab}
      onValueChange={(value) => setTab(value as InlineAuthTab)}
      items={[
        { value: 'login', label: 'Log in', content: <LoginForm /> },
        { value: 'signup', label: 'Sign up', content: <SignupForm /> },
      ]}
    />
  );
}
