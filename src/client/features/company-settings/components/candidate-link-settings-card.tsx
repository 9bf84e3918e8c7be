import { candidateLinkDaysField } from '@/contracts/candidate-data';
import { CANDIDATE_LINK_DAY_BOUNDS, CANDIDATE_REMINDER_DAYS } from '@/contracts/statuses';
import { useCan } from '@/client/hooks/use-company-role';
import { DaysSettingForm } from './days-setting-form';
import { OwnersOnly, SettingsCard } from './settings-card';

const { min, max } = CANDIDATE_LINK_DAY_BOUNDS;

/** 'Candidate links': how many days an interview link starts the interview after it is created or sent (decision 030). */
export function CandidateLinkSettingsCard() {
  const canEdit = useCan('owner');
  return (
    <SettingsCard
      title="Candidate links"
      description={`An interview link starts the interview for this many days after the interview is created or its invitation is sent; resending the invitation starts the period again. A candidate who has not started by then is told whom to contact for a new link; an interview already under way can always be finished. Candidates who have not started ${CANDIDATE_REMINDER_DAYS} days after their invitation get one reminder email.`}
    >
      {(saved) =>
        canEdit ? (
          <DaysSettingForm
            setting="candidateLinkDays"
            field={candidateLinkDaysField}
            bounds={CANDIDATE_LINK_DAY_BOUNDS}
            saved={saved.candidateLinkDays}
            label="Candidate links stay valid for (days)"
            hint={`Between ${min} and ${max} days. Links already sent keep the date they were given.`}
            submitLabel="Save link validity"
          />
        ) : (
          <OwnersOnly>Candidate links stay valid for {saved.candidateLinkDays} days.</OwnersOnly>
        )
      }
    </SettingsCard>
  );
}
