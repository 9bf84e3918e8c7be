import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import type { Job } from '@/contracts/jobs';
import { QuestionsEditor } from '@/client/components/questions-editor';
import { useUpdateQuestions } from '../api/update-questions';
import { CollapsiblePanel } from './collapsible-panel';

type BiasFlag = Job['biasFlags'][number];

function BiasWarning({ flag }: { flag: BiasFlag }) {
  return (
    <div className="mt-2 flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
      <AlertTriangle className="mt-0.5 size-3.5 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="space-y-1">
        <p>
          <span className="font-semibold">Possible bias ({flag.category}):</span> {flag.reason}
        </p>
        {flag.suggestion ? (
          <p>
            <span className="font-semibold">Suggested neutral wording:</span> {flag.suggestion}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The job's interview questions in a collapsible panel, with their bias warnings; the editor also
 * reorders them (not offered without `canEdit`: a viewer).
 */
export function QuestionsPanel({ job, canEdit = true }: { job: Job; canEdit?: boolean }) {
  const [isOpen, setIsOpen] = useState(true);
  const update = useUpdateQuestions(job.id);

  return (
    <QuestionsEditor
      questions={job.questions}
      onSave={(questions, onSaved) => update.mutate({ questions }, { onSuccess: onSaved })}
      isSaving={update.isPending}
      newQuestionText=""
      removeVerb="Remove"
      sortableListName="Interview questions"
      renderNote={(index) =>
        job.biasFlags.filter((flag) => flag.index === index).map((flag, flagIndex) => <BiasWarning key={flagIndex} flag={flag} />)
      }
      onStartEditing={() => setIsOpen(true)}
      frame={({ action, body }) => (
        <CollapsiblePanel title="Interview Questions" open={isOpen} onOpenChange={setIsOpen} action={canEdit ? action : null}>
          {body}
        </CollapsiblePanel>
      )}
    />
  );
}
