import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { biasLabel, type BiasFlag } from '@/contracts/ai';
import type { Job } from '@/contracts/jobs';
import { QuestionsEditor } from '@/client/components/questions-editor';
import { checkQuestions } from '../api/check-questions';
import { useUpdateQuestions } from '../api/update-questions';
import { CollapsiblePanel } from './collapsible-panel';
import { ConfirmActionDialog } from './confirm-action-dialog';

/** One issue the bias check found in a question: what it asks about in plain words, why that matters, and a rewording that keeps the job-related intent. */
function BiasWarning({ flag }: { flag: BiasFlag }) {
  return (
    <div className="mt-2 flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
      <AlertTriangle className="mt-0.5 size-3.5 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="space-y-1">
        <p>
          <span className="font-semibold">Possible bias: {biasLabel(flag.category)}.</span> {flag.reason}
        </p>
        {flag.suggestion ? (
          <p>
            <span className="font-semibold">Suggested wording:</span> {flag.suggestion}
          </p>
        ) : null}
      </div>
    </div>
  );
}

interface Pending {
  flags: BiasFlag[];
  save: () => void;
}

/**
 * The job's interview questions in a collapsible panel, with their bias warnings; the editor also
 * reorders them (not offered without `canEdit`: a viewer). A new or changed question the bias check
 * flags is saved only once the recruiter has seen why and confirmed (issue 31).
 */
export function QuestionsPanel({ job, canEdit = true }: { job: Job; canEdit?: boolean }) {
  const [isOpen, setIsOpen] = useState(true);
  const [pending, setPending] = useState<Pending | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const update = useUpdateQuestions(job.id);

  const beforeSave = (questions: string[], save: () => void) => {
    setIsChecking(true);
    void checkQuestions(questions)
      // Questions saved before and unchanged were confirmed then; their warnings stay on the list.
      .then((flags) => flags.filter((flag) => !job.questions.includes(questions[flag.index ?? -1] ?? '')))
      // The check failing does not stop a save: the saved job is checked again and shows its warnings.
      .catch(() => [])
      .then((flags) => (flags.length ? setPending({ flags, save }) : save()))
      .finally(() => setIsChecking(false));
  };

  return (
    <>
      <QuestionsEditor
        questions={job.questions}
        onSave={(questions, onSaved) => update.mutate({ questions }, { onSuccess: onSaved })}
        isSaving={update.isPending || isChecking}
        newQuestionText=""
        removeVerb="Remove"
        sortableListName="Interview questions"
        renderNote={(index) => job.biasFlags.filter((flag) => flag.index === index).map((flag, flagIndex) => <BiasWarning key={flagIndex} flag={flag} />)}
        beforeSave={beforeSave}
        onStartEditing={() => setIsOpen(true)}
        frame={({ action, body }) => (
          <CollapsiblePanel title="Interview Questions" open={isOpen} onOpenChange={setIsOpen} action={canEdit ? action : null}>
            {body}
          </CollapsiblePanel>
        )}
      />
      <ConfirmActionDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Save questions the bias check flagged?"
        description={
          <span className="block space-y-3">
            <span className="block">Asking these can expose the company to a discrimination claim. Consider the suggested wording first.</span>
            {pending?.flags.map((flag, i) => (
              <span key={i} className="block rounded-md border border-amber-200 bg-amber-50 p-2 text-amber-900">
                <span className="block font-semibold">
                  Question {(flag.index ?? 0) + 1}: {biasLabel(flag.category)}
                </span>
                <span className="block italic">“{flag.text}”</span>
                {flag.suggestion ? <span className="block">Suggested wording: {flag.suggestion}</span> : null}
              </span>
            ))}
          </span>
        }
        confirmLabel="Save anyway"
        isPending={false}
        onConfirm={() => {
          pending?.save();
          setPending(null);
        }}
      />
    </>
  );
}
