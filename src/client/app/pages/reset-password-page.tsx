import { useParams } from 'wouter';
import { ResetPasswordView } from '@/client/features/account/components/reset-password-form';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

/** /reset-password/:token, the link from the email: works signed in or out (the reset signs this browser in). */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password — Hireloop');
  const { token } = useParams<{ token: string }>();
  return <ResetPasswordView token={token} />;
}
