import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companySettings, type CompanySettings, type CompanySettingsInput } from '@/contracts/candidate-data';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { companySettingsQuery } from './get-company-settings';

export async function updateCompanySettings(input: CompanySettingsInput): Promise<CompanySettings> {
  return readJson(await apiRequest('PATCH', '/api/company/settings', input), companySettings);
}

/**
 * PATCH /api/company/settings; the answer replaces the cached settings. Failures are the form's to
 * show (a refused value under its field), so there is no error toast here.
 */
export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(companySettingsQuery().queryKey, saved);
      toast({ title: 'Settings saved', description: `Candidate data is kept for ${saved.retentionDays} days.` });
    },
  });
}
