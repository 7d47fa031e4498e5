import createClient, { type Middleware } from 'openapi-fetch';
import type { paths as AuthApi } from './auth';
import type { paths as HrApi } from './hr';
import type { paths as UtilitiesApi } from './utilities';
import { documentSecurity, HeldCredentials, OpenApiDocument } from './security';

export interface Credentials {
  apiKey: string;
  apiSecret: string;
}

/** What a step answered: its status and body, typed as the document describes its success. */
export interface StepResult<Body = unknown> {
  status: number;
  body: Body;
}

interface Answer<Body> {
  data?: Body;
  error?: unknown;
  response: Response;
}

/** A step that did not answer 2xx stops the walk-through, naming the step and what the server said. */
export class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${step} answered ${status}: ${JSON.stringify(body)}`);
  }
}

function succeeded<Body>(step: string, answer: Answer<Body>): StepResult<Body> {
  if (!answer.response.ok) throw new StepFailed(step, answer.response.status, answer.error);
  return { status: answer.response.status, body: answer.data as Body };
}

/**
 * The README's "Walk-through with curl", step by step, with clients generated from the
 * services' documents: every path, parameter and body below is checked against the generated
 * types. The three auth headers are not written here: the documents' security requirements say
 * which headers each call needs (./security.ts), from what the caller holds.
 */
export async function readmeWalkThrough(baseUrl: string, credentials: Credentials, documents: OpenApiDocument[], ...middleware: Middleware[]) {
  // by the documents' scheme names: `bearer` (the token, once there is one), `apiKey`, `clientId`
  const held: HeldCredentials = { apiKey: credentials.apiKey, clientId: 'platform-developer' };
  const security = documentSecurity(documents, () => held);
  const auth = createClient<AuthApi>({ baseUrl });
  const hr = createClient<HrApi>({ baseUrl });
  const utilities = createClient<UtilitiesApi>({ baseUrl });
  for (const client of [auth, hr, utilities]) client.use(security, ...middleware);

  // 1. exchange the key and secret for a 15-minute token (failing loudly, never carrying on without one)
  const exchanged = await auth.POST('/api/v1/authorize/token', {
    params: {
      header: { 'X-Platform-Api-Key': credentials.apiKey, 'X-Platform-Api-Secret': credentials.apiSecret, 'X-Platform-Client-Id': 'platform-developer' },
    },
  });
  const token = succeeded('1. token exchange', exchanged);
  held.bearer = token.body.data.accessToken;

  // 2. turn SMS on for approvals (flags left out keep their value)
  const preference = succeeded('2. preference', await utilities.PATCH('/api/v1/app/notifications/preferences', { body: { category: 'approval', sms: true } }));

  // 3. create (201) or sync by externalId (200, same id) an employee, then read it
  const employee = {
    externalId: 'EMP-0042',
    firstName: 'Amina',
    lastName: 'Nkemelu',
    email: 'amina@example.cm',
    hireDate: '2024-03-01',
    jobTitle: 'Accountant',
    department: 'Finance',
    status: 'active',
  } as const;
  const created = succeeded('3. employee created', await hr.POST('/api/v1/hr/employees', { body: employee }));
  const synced = succeeded('3. employee synced', await hr.POST('/api/v1/hr/employees', { body: { ...employee, jobTitle: 'Senior Accountant' } }));
  const id = created.body.data.id;
  const read = succeeded('3. employee read', await hr.GET('/api/v1/hr/employees/{id}', { params: { path: { id } } }));

  // plan, limits and usage of the current 30-day period
  const current = succeeded('plan and limits', await auth.GET('/api/v1/authorize/current'));
  const usage = succeeded('usage', await auth.GET('/api/v1/authorize/usage'));

  return { token, preference, created, synced, employeeId: id, read, current, usage };
}
