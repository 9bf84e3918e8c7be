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
    onSuccess: (saved, input) => {
      queryClient.setQueryData(companySettingsQuery().queryKey, saved);
      // Each card saves its own setting: the toast names the one that was sent.
      const description =
        input.retentionDays === undefined ? `Candidate links stay valid for ${saved.candidateLinkDays} days.` : `Candidate data is kept for ${saved.retentionDays} days.`;
      toast({ title: 'Settings saved', description });
    },
  });
}
