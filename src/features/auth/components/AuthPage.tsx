import { lazy, Suspense, useState } from 'react';
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

/** /auth: the welcome page with 'Log in' and 'Sign up' tabs. */
export function AuthPage({ initialTab = 'login' }: { initialTab?: AuthTab }) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  useDocumentTitle(tab === 'login' ? 'Log in' : 'Sign up');
  // Read once: signing in on this page must not change its greeting before it goes.
  const [returning] = useState(() => storage.get(STORAGE_KEYS.signedInBefore) !== null);
  return (
    <AuthLayout>
      <Card className="auth-card">
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
