import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { templateQuery, templatesQuery } from './get-templates';

export async function deleteTemplate(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/templates/${id}`);
}

/** DELETE /api/templates/{id}. Jobs started from the template keep what they copied. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: { id: number; name: string }) => deleteTemplate(template.id),
    onSuccess: async (_, template) => {
      toast({ title: 'Template deleted', description: `"${template.name}" has been deleted. Jobs started from it keep their questions.` });
      queryClient.removeQueries({ queryKey: templateQuery(template.id).queryKey });
      await queryClient.invalidateQueries({ queryKey: templatesQuery.queryKey });
    },
    onError: (error) => {
      toast({ title: 'Error deleting template', description: describeError(error), variant: 'destructive' });
    },
  });
}
