import { useSearchParams } from 'wouter';
import { AuthPage } from '../features/auth/components/AuthPage';
import { useDocumentTitle } from '../lib/use-document-title';

/** /auth: Log in and Sign up tabs; ?tab=signup opens Sign up. */
export function AuthRoute() {
  const [params] = useSearchParams();
  useDocumentTitle('Sign in');
  return <AuthPage initialTab={params.get('tab') === 'signup' ? 'signup' : 'login'} />;
}
