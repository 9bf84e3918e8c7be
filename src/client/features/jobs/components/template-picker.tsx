import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { TemplateListItem } from '@/contracts/templates';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/cn';
import { describeError } from '@/client/lib/error-messages';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';
import { ConfirmActionDialog } from './confirm-action-dialog';

interface TemplatePickerProps {
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  /** Recruiters and owners may delete templates here. */
  canDelete: boolean;
}

function Option({ name, checked, onChange, label, detail }: { name: string; checked: boolean; onChange: () => void; label: string; detail: string }) {
  return (
    <label
      className={cn(
        'flex min-w-0 flex-1 cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm',
        checked ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:bg-slate-50',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="mt-1 accent-brand-600" />
      <span className="min-w-0">
        <span className="block font-medium break-words text-slate-900">{label}</span>
        <span className="block break-words text-slate-600">{detail}</span>
      </span>
    </label>
  );
}

/** 'Start from a template' on the Create Job page: the company's templates to choose from, or none. */
export function TemplatePicker({ selectedId, onSelect, canDelete }: TemplatePickerProps) {
  const name = useId();
  const { data: templates, isLoading, error } = useTemplates();
  const remove = useDeleteTemplate();
  const [toDelete, setToDelete] = useState<TemplateListItem | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete, {
      onSuccess: () => {
        if (selectedId === toDelete.id) onSelect(null);
        setToDelete(null);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Start from a template</CardTitle>
        <CardDescription>A template brings its interview questions and evaluation criteria; the title and description below stay yours to change.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading templates" />
        ) : error ? (
          <p role="alert" className="text-sm text-red-600">
            Could not load templates. {describeError(error)}
          </p>
        ) : !templates?.length ? (
          <p className="text-sm text-slate-500">No templates yet. Save a job as a template from the Actions menu on its page.</p>
        ) : (
          <fieldset className="space-y-2">
            <legend className="sr-only">Template</legend>
            <Option name={name} checked={selectedId === null} onChange={() => onSelect(null)} label="No template" detail="The AI drafts questions and criteria from the description." />
            {templates.map((t) => (
              <div key={t.id} className="flex items-stretch gap-2">
                <Option
                  name={name}
                  checked={selectedId === t.id}
                  onChange={() => onSelect(t.id)}
                  label={t.name}
                  detail={`${t.title} · ${t.questionCount} question${t.questionCount === 1 ? '' : 's'}`}
                />
                {canDelete ? (
                  <Button type="button" variant="ghost" size="icon" className="self-center" aria-label={`Delete template ${t.name}`} onClick={() => setToDelete(t)}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            ))}
          </fieldset>
        )}
      </CardContent>
      <ConfirmActionDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this template?"
        description={`"${toDelete?.name ?? ''}" is deleted for good. Jobs started from it keep their questions and criteria.`}
        confirmLabel="Delete template"
        destructive
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
