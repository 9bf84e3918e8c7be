import { ForgotPasswordView } from '@/client/features/account/components/forgot-password-form';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

/** /forgot-password (signed out): ask for a reset link by email. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password — Hireloop');
  return <ForgotPasswordView />;
}
