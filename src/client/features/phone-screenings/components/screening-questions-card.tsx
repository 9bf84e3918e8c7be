import { Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { PhoneScreening } from '@/contracts/phone-screenings';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import { useUpdateScreeningQuestions } from '../api/phone-screening';

interface Row {
  id: number;
  text: string;
}

/** The screening's questions: a numbered list, and an editor to rewrite, add and remove them. */
export function ScreeningQuestionsCard({ screening }: { screening: PhoneScreening }) {
  const [draft, setDraft] = useState<Row[] | null>(null);
  const nextId = useRef(0);
  const update = useUpdateScreeningQuestions(screening.id);

  const toRow = (text: string): Row => ({ id: nextId.current++, text });
  const startEditing = () => setDraft(screening.questions.map(toRow));
  const cancel = () => setDraft(null);
  const addQuestion = () => setDraft((rows) => [...(rows ?? []), toRow('New question')]);
  const removeQuestion = (id: number) => setDraft((rows) => (rows ?? []).filter((row) => row.id !== id));
  const setText = (id: number, text: string) =>
    setDraft((rows) => (rows ?? []).map((row) => (row.id === id ? { ...row, text } : row)));

  const save = () => {
    const questions = (draft ?? []).map((row) => row.text.trim()).filter((text) => text.length > 0);
    if (questions.length === 0) {
      toast({ title: 'Validation Error', description: 'Please add at least one question', variant: 'destructive' });
      return;
    }
    update.mutate(questions, { onSuccess: () => setDraft(null) });
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4 space-y-0">
        <CardTitle as="h2">Phone Screening Questions</CardTitle>
        {draft ? null : (
          <Button variant="outline" size="sm" onClick={startEditing}>
            <Pencil aria-hidden="true" />
            Edit Questions
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {draft ? (
          <div className="space-y-4">
            {draft.length === 0 ? (
              <p className="text-sm text-slate-500">No questions. Add one below.</p>
            ) : (
              <ol className="space-y-2">
                {draft.map((row, index) => (
                  <li key={row.id} className="flex items-start gap-2">
                    <span className="mt-2 w-6 shrink-0 text-right text-sm text-slate-500 tabular-nums" aria-hidden="true">
                      {index + 1}.
                    </span>
                    <Textarea
                      aria-label={`Question ${index + 1}`}
                      rows={2}
                      value={row.text}
                      onChange={(event) => setText(row.id, event.target.value)}
                      className="min-h-16 resize-y"
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="shrink-0 text-slate-500 hover:text-red-600"
                      aria-label={`Delete question ${index + 1}`}
                      onClick={() => removeQuestion(row.id)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ol>
            )}
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
              <Button type="button" variant="outline" size="sm" onClick={addQuestion}>
                <Plus aria-hidden="true" />
                Add Question
              </Button>
              <div className="flex gap-2">
                <Button type="button" variant="ghost" size="sm" onClick={cancel} disabled={update.isPending}>
                  Cancel
                </Button>
                <Button type="button" size="sm" onClick={save} disabled={update.isPending}>
                  {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                  Save Changes
                </Button>
              </div>
            </div>
          </div>
        ) : screening.questions.length === 0 ? (
          <p className="text-sm text-slate-500">No questions yet. Use Edit Questions to add some.</p>
        ) : (
          <ol className="space-y-3">
            {screening.questions.map((question, index) => (
              <li key={index} className="flex gap-3 text-sm">
                <span className="w-6 shrink-0 text-right font-medium text-slate-500 tabular-nums">{index + 1}.</span>
                <p className="min-w-0 flex-1 whitespace-pre-line text-slate-800">{question}</p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
