import { useParams } from 'wouter';
import { PublicFrame } from '@/client/components/public-frame';
import { ApplyView } from '@/client/features/apply/components/apply-view';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

/** /apply/{slug}: a candidate's public application page (public; its own chunk, no recruiter code: decision 035). */
export function ApplyPage() {
  useDocumentTitle('Apply — Hireloop');
  const { slug } = useParams<{ slug: string }>();
  return (
    <PublicFrame backToSignIn={false}>
      <ApplyView key={slug} slug={slug} />
    </PublicFrame>
  );
}
