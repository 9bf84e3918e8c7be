import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateListItem, type SaveTemplateInput, type TemplateListItem } from '@/contracts/templates';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError, isConflict } from '@/client/lib/error-messages';
import { templatesQuery } from './get-templates';

export async function saveTemplate(values: SaveTemplateInput): Promise<TemplateListItem> {
  return readJson(await apiRequest('POST', '/api/templates', values), templateListItem);
}

/**
 * POST /api/templates: saves a job as a template. A name already in use (409) is left to the
 * form, which shows the server's sentence under the name; other failures are toasted.
 */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: async (saved) => {
      toast({ title: 'Template saved', description: `Start a new job from "${saved.name}" on the New Job page.` });
      await queryClient.invalidateQueries({ queryKey: templatesQuery.queryKey });
    },
    onError: (error) => {
      if (isConflict(error)) return;
      toast({ title: 'Error saving template', description: describeError(error), variant: 'destructive' });
    },
  });
}
