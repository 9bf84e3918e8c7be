import { retentionDaysField } from '@/contracts/candidate-data';
import { RETENTION_DAY_BOUNDS } from '@/contracts/statuses';
import { useCan } from '@/client/hooks/use-company-role';
import { DaysSettingForm } from './days-setting-form';
import { OwnersOnly, SettingsCard } from './settings-card';

const { min, max } = RETENTION_DAY_BOUNDS;

/** 'Candidate data retention': how many days candidates' data is kept before the daily run deletes it. */
export function RetentionSettingsCard() {
  const canEdit = useCan('owner');
  return (
    <SettingsCard
      title="Candidate data retention"
      description="When an interview or a phone screening ended that many days ago (or its invitation was sent, if it never took place), the recording, transcript, AI feedback text and notes are deleted automatically. The scores stay, anonymised, for statistics. Candidates under a legal hold are kept."
    >
      {(saved) =>
        canEdit ? (
          <DaysSettingForm
            setting="retentionDays"
            field={retentionDaysField}
            bounds={RETENTION_DAY_BOUNDS}
            saved={saved.retentionDays}
            label="Keep candidate data for (days)"
            hint={`Between ${min} days and 4 years (${max} days).`}
            submitLabel="Save"
            warning={(typed) =>
              typed < saved.retentionDays
                ? `Shorter than now (${saved.retentionDays} days): once saved, the next daily run deletes the data of candidates whose interview or call ended more than ${typed} days ago.`
                : null
            }
          />
        ) : (
          <OwnersOnly>Candidate data is kept for {saved.retentionDays} days.</OwnersOnly>
        )
      }
    </SettingsCard>
  );
}
