import { lazy, Suspense, useState, type ReactNode } from 'react';
import { storage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Card } from '../../../ui/Card';
import { Tabs } from '../../../ui/Tabs';
import { LoginForm } from './LoginForm';
import { AuthLayout } from './AuthLayout';

// Most visitors log in: the sign-up form loads when its tab opens, off the first screen's budget.
const SignupForm = lazy(() => import('./SignupForm').then((m) => ({ default: m.SignupForm })));

export type AuthTab = 'login' | 'signup';

/**
 * /auth: the welcome page with 'Log in' and 'Sign up' tabs. `invite`: what brought the visitor
 * here (a shared profile), shown above; a first visit with one starts on Sign up.
 */
export function AuthPage({ initialTab = 'login', invite }: { initialTab?: AuthTab; invite?: (returning: boolean) => ReactNode }) {
  // Read once: signing in on this page must not change its greeting before it goes.
  const [returning] = useState(() => storage.get(STORAGE_KEYS.signedInBefore) !== null);
  const [tab, setTab] = useState<AuthTab>(invite && !returning ? 'signup' : initialTab);
  useDocumentTitle(tab === 'login' ? 'Log in' : 'Sign up');
  return (
    <AuthLayout>
      <Card className="auth-card">
        {invite?.(returning)}
        <h1 className="auth-title">{tab === 'signup' ? 'Join Mingle' : returning ? 'Welcome back' : 'Welcome'}</h1>
        <Tabs
          label="Log in or sign up"
          value={tab}
          onValueChange={(value) => setTab(value as AuthTab)}
          items={[
            { value: 'login', label: 'Log in', content: <LoginForm /> },
            {
              value: 'signup',
              label: 'Sign up',
              content: (
                <Suspense fallback={<div className="auth-form" aria-busy="true" />}>
                  <SignupForm />
                </Suspense>
              ),
            },
          ]}
        />
      </Card>
    </AuthLayout>
  );
}
