import { ApiKeysView } from '@/client/features/api-keys/components/api-keys-view';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { SettingsSubpage } from '../settings-subpage';

const ABOUT = (
  <>
    Other systems (an applicant tracking system, a script) call Hireloop&apos;s API with a key, as your company: a read key reads like a viewer, a write key also
    creates jobs and invites candidates like a recruiter. No key can manage members, settings or keys. How to use one:{' '}
    <a href="/api/docs" className="text-brand-700 underline underline-offset-4">
      the API reference
    </a>
    .
  </>
);

/** The company's API keys at /settings/api-keys (owners; decision 033). */
export function ApiKeysPage() {
  useDocumentTitle('API keys — Hireloop');
  return (
    <SettingsSubpage title="API keys" description={ABOUT}>
      <ApiKeysView />
    </SettingsSubpage>
  );
}
