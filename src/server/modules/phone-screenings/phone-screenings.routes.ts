import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  candidateInput,
  createPhoneScreeningInput,
  phoneScreening,
  phoneScreeningListItem,
  RUBRIC_FILE_MAX_BYTES,
  screeningCandidate,
  updatePhoneScreeningInput,
  updateScreeningQuestionsInput,
} from '../../../contracts/phone-screenings';
import { requireUser } from '../../plugins/access';
import { idParam, idParams } from '../../../contracts/ids';
import {
  addCandidate,
  createScreening,
  getOwnScreening,
  listCandidates,
  listScreenings,
  regenerateScreeningRubric,
  toScreening,
  updateCandidate,
  updateScreening,
  updateScreeningQuestions,
  uploadScreeningRubric,
} from './phone-screenings.service';
import type { RubricFileFormat } from './rubric-file';

/** What the rubric route's content-type parsers make of the uploaded file: its text, and which format the Content-Type named. */
const rubricFile = z.object({ format: z.enum(['csv', 'json']), text: z.string() }, { error: 'Send the rubric file with the content type text/csv or application/json' });

export async function phoneScreeningRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const user = { access: 'user' } as const;

  r.get('/api/phone-screening', { config: { ...user, apiKey: 'List the phone screenings of the company' }, schema: { response: { 200: z.array(phoneScreeningListItem) } } }, (request) => listScreenings(db, requireUser(request)));

  r.post('/api/phone-screening', { config: { ...user, apiKey: 'Create a phone screening' }, schema: { body: createPhoneScreeningInput, response: { 201: phoneScreening } } }, async (request, reply) =>
    reply.code(201).send(toScreening(await createScreening({ db, ai: app.deps.ai }, requireUser(request), request.body))),
  );

  r.get('/api/phone-screening/:id', { config: { ...user, apiKey: 'Get a phone screening' }, schema: { params: idParams, response: { 200: phoneScreening } } }, async (request) =>
    toScreening(await getOwnScreening(db, requireUser(request), request.params.id)),
  );

  r.patch('/api/phone-screening/:id', { config: { ...user, apiKey: 'Change the details of a phone screening' }, schema: { params: idParams, body: updatePhoneScreeningInput, response: { 200: phoneScreening } } }, async (request) =>
    toScreening(await updateScreening(db, requireUser(request), request.params.id, request.body)),
  );

  // The rubric file arrives as the raw body: text/csv, or application/json (a list of criteria or
  // { rubric: [...] }). Both are read as text here, in a scope of their own, so a broken file gets
  // a message about the file rather than the framework's; every other route keeps the JSON parser.
  await app.register(async (scope) => {
    const asText = (format: RubricFileFormat) => (_request: unknown, text: string | Buffer, done: (err: Error | null, body?: unknown) => void) =>
      done(null, { format, text: text.toString() });
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: RUBRIC_FILE_MAX_BYTES }, asText('json'));
    scope.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: RUBRIC_FILE_MAX_BYTES }, asText('csv'));
    scope
      .withTypeProvider<ZodTypeProvider>()
      .put('/api/phone-screening/:id/rubric', { config: user, bodyLimit: RUBRIC_FILE_MAX_BYTES, schema: { params: idParams, body: rubricFile, response: { 200: phoneScreening } } }, async (request) =>
        toScreening(await uploadScreeningRubric(db, requireUser(request), request.params.id, request.body)),
      );
  });

  r.post('/api/phone-screening/:id/rubric/regenerate', { config: { ...user, apiKey: 'Have the AI write the rubric of a phone screening again' }, schema: { params: idParams, response: { 200: phoneScreening } } }, async (request) =>
    toScreening(await regenerateScreeningRubric({ db, ai: app.deps.ai }, requireUser(request), request.params.id)),
  );

  r.patch('/api/phone-screening/:id/questions', { config: { ...user, apiKey: 'Replace the questions of a phone screening' }, schema: { params: idParams, body: updateScreeningQuestionsInput, response: { 200: phoneScreening } } }, async (request) =>
    toScreening(await updateScreeningQuestions(db, requireUser(request), request.params.id, request.body.questions)),
  );

  r.get('/api/phone-screening/:id/candidates', { config: { ...user, apiKey: 'List the candidates of a phone screening' }, schema: { params: idParams, response: { 200: z.array(screeningCandidate) } } }, (request) =>
    listCandidates(db, requireUser(request), request.params.id),
  );

  r.post('/api/phone-screening/:id/candidates', { config: { ...user, apiKey: 'Add a candidate to a phone screening' }, schema: { params: idParams, body: candidateInput, response: { 201: screeningCandidate } } }, async (request, reply) =>
    reply.code(201).send(await addCandidate(db, requireUser(request), request.params.id, request.body)),
  );

  r.patch(
    '/api/phone-screening/candidates/:candidateId',
    { config: { ...user, apiKey: 'Change a phone screening candidate' }, schema: { params: z.object({ candidateId: idParam('candidateId') }), body: candidateInput.omit({ screeningId: true }), response: { 200: screeningCandidate } } },
    (request) => updateCandidate(db, requireUser(request), request.params.candidateId, request.body),
  );
}
