#!/usr/bin/env node
'use strict';
// The limit: a bare Fastify server (no Nest, no pipeline, no database) answering the same
// routes with the same success envelope `{ success, message, data }` and a body of the same
// shape and size. Whatever the real services do on top of this is what the ratio measures.
//
// With BASELINE_DATABASE_URL, the PATCH writes as well: the same one-row change of a company's
// preference (BASELINE_COMPANY_ID), in the suite's own table, one UPDATE a request in a
// transaction of its own, on a `pg` pool of one connection per client connection. It is the limit
// of a write on that PostgreSQL: the suite's PATCH measured against it is measured against the
// same server, commits and WAL flushes.
//
//   PORT=3999 node bench/baseline.js
//   PORT=3999 BASELINE_DATABASE_URL=postgres://… BASELINE_COMPANY_ID=<uuid> node bench/baseline.js
const fastify = require('fastify');

const port = Number(process.env.PORT || 3999);
const host = process.env.HOST || '127.0.0.1';
const app = fastify({ logger: false });

const CATEGORIES = ['assigned', 'approval', 'mention', 'comment', 'calendar', 'drive', 'crm', 'due', 'general'];
const UPDATED_AT = '2026-01-01T00:00:00.000Z';
const preference = (category) => ({ category, inApp: true, email: true, push: true, sms: false, whatsapp: false, updatedAt: UPDATED_AT });
const preferences = CATEGORIES.map(preference);

const employees = Array.from({ length: 20 }, (_, i) => {
  const n = String(i + 1).padStart(4, '0');
  return {
    id: `00000000-0000-4000-8000-00000000${n}`,
    companyId: '00000000-0000-4000-8000-000000000001',
    externalId: `BENCH-${n}`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    email: `bench${n}@example.com`,
    phone: null,
    hireDate: '2024-03-01',
    jobTitle: 'Accountant',
    department: 'Finance',
    status: 'active',
    terminationDate: null,
    nationalId: null,
    socialInsuranceNumber: null,
    country: 'CM',
    payout: null,
    createdAt: UPDATED_AT,
    updatedAt: UPDATED_AT,
  };
});

// A token of the size auth issues (ES256 JWT with the platform claims).
const fakeToken = `eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImJlbmNoIn0.${Buffer.from('x'.repeat(520)).toString('base64url')}.${'s'.repeat(86)}`;

const ok = (data, message = 'Request succeeded.') => ({ success: true, message, data });

app.get('/healthz/ready', async () => ({ status: 'ok' }));
app.get('/api/v1/app/notifications/preferences', async () => ok({ items: preferences }));
const CHANNELS = ['inApp', 'email', 'push', 'sms', 'whatsapp'];
const database = process.env.BASELINE_DATABASE_URL ? preferenceWriter(process.env.BASELINE_DATABASE_URL, process.env.BASELINE_COMPANY_ID) : undefined;
app.patch('/api/v1/app/notifications/preferences', async (request) => {
  const body = request.body || {};
  const category = CATEGORIES.includes(body.category) ? body.category : 'approval';
  if (database)
    return ok(
      await database.update(
        category,
        CHANNELS.map((channel) => (typeof body[channel] === 'boolean' ? body[channel] : null)),
      ),
      'Notification preference updated.',
    );
  const view = { ...preference(category) };
  for (const channel of CHANNELS) if (typeof body[channel] === 'boolean') view[channel] = body[channel];
  view.updatedAt = new Date().toISOString();
  return ok(view, 'Notification preference updated.');
});

/** The plain way to write a preference: one prepared UPDATE of its row, the flags not sent kept. */
function preferenceWriter(url, companyId) {
  const { Pool } = require('pg');
  const pool = new Pool({ connectionString: url, max: Number(process.env.BASELINE_POOL_SIZE || 10), application_name: 'platform-bench-limit' });
  // an idle connection that PostgreSQL ends (the suite stopping with its server) is the pool's to drop
  pool.on('error', () => undefined);
  const columns = ['in_app', 'email', 'push', 'sms', 'whatsapp'];
  const text =
    `UPDATE utilities.notification_preferences SET ${columns.map((column, i) => `${column} = COALESCE($${i + 3}, ${column})`).join(', ')}, updated_at = now() ` +
    `WHERE company_id = $1 AND category = $2 RETURNING category, ${columns.join(', ')}, updated_at`;
  return {
    async update(category, flags) {
      const { rows } = await pool.query({ name: 'update-preference', text, values: [companyId, category, ...flags] });
      const row = rows[0];
      if (!row) throw new Error(`no preference ${category} for company ${companyId}`);
      return { category, inApp: row.in_app, email: row.email, push: row.push, sms: row.sms, whatsapp: row.whatsapp, updatedAt: row.updated_at.toISOString() };
    },
    close: () => pool.end(),
  };
}
app.get('/api/v1/hr/employees', async () => ok({ items: employees, page: 1, limit: 20, total: 50 }));
app.post('/api/v1/authorize/token', async (request, reply) => {
  if (!request.headers['x-platform-api-key'] || !request.headers['x-platform-api-secret']) return reply.code(401).send({ success: false });
  const now = Date.now();
  return ok(
    { accessToken: fakeToken, tokenType: 'Bearer', expiresIn: 900, expiresAt: new Date(now + 900_000).toISOString(), scope: 'all', plan: 'api-enterprise' },
    'Access token issued.',
  );
});

app.listen({ port, host }).catch((error) => {
  process.stderr.write(`baseline: ${error.message}\n`);
  process.exit(1);
});
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () =>
    app
      .close()
      .then(() => database?.close())
      .finally(() => process.exit(0)),
  );
