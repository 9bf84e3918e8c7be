import { CreatePhoneScreeningForm } from '@/client/features/phone-screenings/components/create-phone-screening-form';
import { PhoneScreeningHeader } from '@/client/features/phone-screenings/components/phone-screening-header';
import { AppShell } from '../app-shell';

export function CreatePhoneScreeningPage() {
  return (
    <AppShell>
      <div className="mx-auto max-w-3xl space-y-6">
        <PhoneScreeningHeader title="Create Phone Screening" />
        <CreatePhoneScreeningForm />
      </div>
    </AppShell>
  );
}
