import { useState } from 'react';
import { useTemplate } from '../api/get-templates';
import { CreateJobForm } from './create-job-form';
import { TemplatePicker } from './template-picker';

/** The Create Job page's body: 'Start from a template', then the form. */
export function NewJob({ canManageTemplates }: { canManageTemplates: boolean }) {
  const [templateId, setTemplateId] = useState<number | null>(null);
  const { data: template } = useTemplate(templateId);
  return (
    <div className="space-y-6">
      <TemplatePicker selectedId={templateId} onSelect={setTemplateId} canDelete={canManageTemplates} />
      <CreateJobForm templateId={templateId} template={templateId !== null && template?.id === templateId ? template : undefined} />
    </div>
  );
}
