import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { jobTemplate, templateListItem } from '@/contracts/templates';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/templates: the company's interview templates, by name. */
export const templatesQuery = jsonQuery('/api/templates', z.array(templateListItem));

export function useTemplates() {
  return useQuery(templatesQuery);
}

/** GET /api/templates/{id}: what a job started from the template gets. */
export function templateQuery(id: number) {
  return jsonQuery(`/api/templates/${id}`, jobTemplate);
}

export function useTemplate(id: number | null) {
  return useQuery({ ...templateQuery(id ?? 0), enabled: id !== null });
}
