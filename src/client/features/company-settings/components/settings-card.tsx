import { useId, type ReactNode } from 'react';
import type { CompanySettings } from '@/contracts/candidate-data';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { QueryState } from '@/client/components/query-state';
import { useCompanySettings } from '../api/get-company-settings';

interface SettingsCardProps {
  title: string;
  description: ReactNode;
  /** The card's content once the settings have loaded. */
  children: (saved: CompanySettings) => ReactNode;
}

/** A card of the company's settings: its heading and description, then the settings, loading, or why they could not be loaded. */
export function SettingsCard({ title, description, children }: SettingsCardProps) {
  const headingId = useId();
  const settings = useCompanySettings();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={settings} loading="Loading the settings" failed="The settings could not be loaded.">
          {(data) => (
            children(data)
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** What a member below owner sees instead of a setting's form (decision 026: the settings are the owners'). */
export function OwnersOnly({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm text-slate-700">
      {children} <span className="text-slate-600">Only an owner of your company can change this.</span>
    </p>
  );
}
