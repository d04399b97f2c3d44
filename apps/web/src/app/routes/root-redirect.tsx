// '/' opens the dashboard in the stored or browser locale; the dashboard's gate sends signed-out visitors to login.
import { Navigate } from 'react-router';
import { preferredLocale } from '@/lib/locale';

export function RootRedirect() {
  // The session may live only in the HttpOnly cookie, so the dashboard gate (GET /user_details) decides, not local storage.
  return <Navigate to={`/${preferredLocale()}/dashboard`} replace />;
}
