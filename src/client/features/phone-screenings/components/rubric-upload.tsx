import { Loader2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { RUBRIC_FILE_MAX_BYTES, RUBRIC_MAX_CRITERIA } from '@/contracts/phone-screenings';
import { Button } from '@/client/components/ui/button';
import { FieldError } from '@/client/components/ui/form-message';
import { describeError } from '@/client/lib/error-messages';
import { useUploadScreeningRubric } from '../api/phone-screening';

const maxKb = RUBRIC_FILE_MAX_BYTES / 1024;
const UPLOAD_FAILED = 'The upload failed. Please try again.';

/** Why a chosen file was not used, before it is sent (undefined when it may be sent). */
function checkFile(file: File): string | undefined {
  if (!/\.(csv|json)$/i.test(file.name)) return 'Choose a .csv or .json file.';
  if (file.size > RUBRIC_FILE_MAX_BYTES) return `The file is larger than ${maxKb} KB.`;
  return undefined;
}

/** "Upload Rubric": sends a CSV or JSON file as the screening's rubric, and shows the server's reason when it is refused. */
export function RubricUpload({ screeningId }: { screeningId: number }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const [error, setError] = useState<string>();
  const upload = useUploadScreeningRubric(screeningId);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again, once fixed, is a change too.
    event.target.value = '';
    if (!file) return;
    const problem = checkFile(file);
    if (problem) {
      setError(`Could not use ${file.name}: ${problem}`);
      return;
    }
    setError(undefined);
    upload.mutate(file, {
      onError: (err) => {
        const reason = describeError(err, { fallback: UPLOAD_FAILED, offline: UPLOAD_FAILED });
        setError(`Could not use ${file.name}: ${reason}`);
      },
    });
  };

  return (
    <div className="space-y-2">
      <input
        ref={inputRef}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        className="hidden"
        tabIndex={-1}
        aria-label="Rubric file"
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={onChange}
      />
      <Button type="button" variant="outline" size="sm" disabled={upload.isPending} aria-describedby={error ? `${hintId} ${errorId}` : hintId} onClick={() => inputRef.current?.click()}>
        {upload.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
        Upload Rubric
      </Button>
      <p id={hintId} className="text-xs text-slate-500">
        A CSV or JSON file of up to {RUBRIC_MAX_CRITERIA} criteria ({maxKb} KB). A CSV starts with the header row{' '}
        <code className="rounded bg-slate-100 px-1 whitespace-nowrap text-slate-700">name, description, weight</code>; weights are scaled to total 100%. Optional{' '}
        <code className="rounded bg-slate-100 px-1 whitespace-nowrap text-slate-700">weak, adequate, strong</code> columns describe what each kind of answer looks like.
      </p>
      <FieldError id={errorId} message={error} className="whitespace-pre-line" />
    </div>
  );
}
