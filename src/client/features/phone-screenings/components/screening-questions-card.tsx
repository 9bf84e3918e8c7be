import type { PhoneScreening } from '@/contracts/phone-screenings';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { QuestionsEditor } from '@/client/components/questions-editor';
import { useCan } from '@/client/hooks/use-company-role';
import { useUpdateScreeningQuestions } from '../api/phone-screening';

/** The screening's questions in a card: a numbered list, and an editor to rewrite, add and delete them. */
export function ScreeningQuestionsCard({ screening }: { screening: PhoneScreening }) {
  const update = useUpdateScreeningQuestions(screening.id);

  return (
    <QuestionsEditor
      questions={screening.questions}
      onSave={(questions, onSaved) => update.mutate(questions, { onSuccess: onSaved })}
      isSaving={update.isPending}
      newQuestionText="New question"
      removeVerb="Delete"
      readOnly={!useCan('recruiter')}
      frame={({ action, body }) => (
        <Card>
          <CardHeader className="flex-row items-center justify-between gap-4 space-y-0">
            <CardTitle as="h2">Phone Screening Questions</CardTitle>
            {action}
          </CardHeader>
          <CardContent>{body}</CardContent>
        </Card>
      )}
    />
  );
}
