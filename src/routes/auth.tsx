import { useSearchParams } from 'wouter';
import { AuthPage } from '../features/auth/components/AuthPage';

/** /auth: Log in and Sign up tabs (each titles the page); ?tab=signup opens Sign up. */
export function AuthRoute() {
  const [params] = useSearchParams();
  return <AuthPage initialTab={params.get('tab') === 'signup' ? 'signup' : 'login'} />;
}
