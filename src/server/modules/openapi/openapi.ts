import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { version } from '../../../../package.json';
import { API_KEY_PREFIX } from '../../../contracts/api-keys';
import { errorCodes } from '../../../contracts/errors';

/**
 * The OpenAPI 3.1 document of the routes an API key may call (docs/decisions/033-api-keys-and-openapi.md),
 * written from the routes' own zod schemas by @fastify/swagger: registered before the routes, it
 * sees each one as it is added. A route is in the document exactly when its config has `apiKey`
 * (its summary); every other route is hidden.
 */

/** The document's tags, by module: the first rule whose pattern matches the route's address names it. */
const TAGS = [
  { name: 'Imports', description: 'Candidates from a CSV file: a preview with per-row errors, then all of them or none.', pattern: /\/import(\/preview)?$/ },
  { name: 'Candidate data', description: "Everything stored about one candidate, as a ZIP (an access request's answer).", pattern: /\/export$/ },
  {
    name: 'Reports',
    description: 'Scores, feedback, transcripts and reviews of finished interviews and screenings.',
    pattern: /\/(review|transcripts|result|analytics|agreement|interviews\.csv)$/,
  },
  { name: 'Phone screenings', description: 'AI phone screenings and their candidates.', pattern: /^\/api\/phone-screening/ },
  { name: 'Interviews', description: 'Candidates invited to a job, their links and their interviews.', pattern: /\/interview|send-candidate-emails/ },
  { name: 'Jobs', description: 'Jobs with their questions and weighted rubric.', pattern: /^\/api\/job/ },
] as const;
const OTHER_TAG = 'Other';

export function tagOf(url: string): string {
  return TAGS.find((tag) => tag.pattern.test(url))?.name ?? OTHER_TAG;
}

const DESCRIPTION = `Hireloop's API for other systems: jobs, candidates' interviews and phone screenings, imports and reports, with the same rules as the app.

## Authentication

An owner makes a key at Settings → API keys. The key is shown once; send it in the \`Authorization\` header of every request:

\`\`\`sh
curl -H "Authorization: Bearer ${API_KEY_PREFIX}…" https://your-hireloop/api/job
\`\`\`

A **read** key acts as a viewer of the company (it reads); a **write** key acts as a recruiter (it also creates jobs, invites candidates, imports and records decisions). A key sees its own company's records only. A request without a valid key answers 401, one the key may not make 403, always as \`{ "error": "a sentence", "code": "MACHINE_CODE" }\`. Every failure has that shape: the code names the condition (\`JOB_CLOSED\`, \`INTERVIEW_SUBMITTED\`, \`NAME_TAKEN\`, …) and always answers with the same status; a few codes add \`details\` (an import refused for its rows, \`IMPORT_ROWS_INVALID\`, carries every row with its errors). Revoking a key stops it at once.`;

/** The one shape of every failure (src/contracts/errors.ts), as a component each operation points to. */
const errorSchema = {
  type: 'object' as const,
  required: ['error', 'code'],
  properties: {
    error: { type: 'string' as const, description: 'A sentence a person can read' },
    code: { type: 'string' as const, enum: [...errorCodes], description: 'What went wrong, by name; each code always answers with the same status' },
    details: {
      type: 'object' as const,
      description:
        'Only for some codes: IMPORT_ROWS_INVALID carries the preview (columns, rows with their errors, counts); LINK_NO_LONGER_VALID and CALL_OPTED_OUT carry { reason }; APPLICATION_INVALID carries { fields }',
    },
  },
};

export async function registerOpenApi(app: FastifyInstance, options: { appUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Hireloop API', version, description: DESCRIPTION },
      servers: [{ url: options.appUrl }],
      // Shown broadest first (Jobs); TAGS is ordered for matching, narrowest first.
      tags: TAGS.map(({ name, description }) => ({ name, description })).reverse(),
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: `A company API key (${API_KEY_PREFIX}…), made by an owner at Settings → API keys.` } },
        schemas: { Error: errorSchema },
      },
    },
    transform: (input) => {
      const { route, url } = input;
      const summary = route.config?.apiKey;
      if (!summary) return { schema: { hide: true }, url };
      const isPublic = route.config?.access === 'public';
      const schema: FastifySchema = { ...input.schema, summary, tags: [tagOf(url)], security: isPublic ? [] : [{ bearerAuth: [] }] };
      const transformed = jsonSchemaTransform({ ...input, schema });
      const errors = { description: 'The request was refused: a sentence and a code', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
      // A route without a success schema answers a file (CSV, ZIP) or nothing (204).
      const response = (transformed.schema.response as Record<string, unknown> | undefined) ?? { '2XX': { type: 'null', description: 'Done: a file to download (CSV or ZIP), or no content' } };
      return { ...transformed, schema: { ...transformed.schema, response: { ...response, '4XX': errors } } };
    },
    transformObject: jsonSchemaTransformObject,
  });
}
