import { useState } from 'preact/hooks';
import { api } from '../api';
import { Alert, DateTime, Field, Loading, PageTitle, Pager, SecretPanel, useForm, useLoad } from '../components';
import { useI18n } from '../i18n';
import { BASE, Link } from '../router';
import { EventType, MyOrganization, Page, roleAtLeast, WebhookEndpoint } from '../types';

/** Webhook routes are utilities'; with a session they act for the organization named in X-Organization-Id. */
export function webhooks<T>(organizationId: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return api<T>(method, `/app/webhooks${path}`, body, { organizationId });
}

/** The event types to choose from, by the service that records them; none ticked means every type. */
export function EventTypePicker({ organizationId, value, onValue }: { organizationId: string; value: string[]; onValue: (value: string[]) => void }) {
  const { t } = useI18n();
  const types = useLoad(() => webhooks<{ items: EventType[] }>(organizationId, 'GET', '/event-types'), [organizationId]);
  const services = [...new Set((types.data?.items ?? []).map((type) => type.service))];
  return (
    <fieldset class="checkboxes event-types" aria-describedby="event-types-hint">
      <legend>{t.eventTypes}</legend>
      <p class="hint" id="event-types-hint">
        {t.eventTypesHint}
      </p>
      {!types.data ? (
        <Loading error={types.error} />
      ) : (
        services.map((service) => (
          <div class="group" key={service}>
            <p class="group-name">{service}</p>
            {types
              .data!.items.filter((type) => type.service === service)
              .map((type) => (
                <label class="checkbox" key={type.type} title={type.description}>
                  <input
                    type="checkbox"
                    checked={value.includes(type.type)}
                    onChange={(event) => onValue(event.currentTarget.checked ? [...value, type.type] : value.filter((each) => each !== type.type))}
                  />
                  <span class="mono">{type.type}</span>
                </label>
              ))}
          </div>
        ))
      )}
    </fieldset>
  );
}

export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useI18n();
  if (endpoint.status === 'enabled') return <span class="badge ok">{t.enabled}</span>;
  return (
    <span class="badge off">
      {t.disabled}
      {endpoint.disabledReason ? ` (${t.disabledReasons[endpoint.disabledReason] ?? endpoint.disabledReason})` : ''}
    </span>
  );
}

const LIMIT = 20;

export function WebhooksPage({ organization }: { organization: MyOrganization }) {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const endpoints = useLoad(() => webhooks<Page<WebhookEndpoint>>(organization.id, 'GET', `/endpoints?page=${page}&limit=${LIMIT}`), [organization.id, page]);
  const [created, setCreated] = useState<(WebhookEndpoint & { secret: string }) | null>(null);
  const canManage = roleAtLeast(organization.role, 'developer');
  return (
    <>
      <PageTitle title={t.webhooksTitle}>{t.webhooksTitle}</PageTitle>
      {created ? (
        <SecretPanel title={t.endpointCreated} items={[{ label: t.signingSecret, value: created.secret, secret: true }]} onDone={() => setCreated(null)}>
          <p>
            <Link href={`${BASE}/orgs/${organization.id}/webhooks/${created.id}`}>{t.openEndpoint(created.url)}</Link>
          </p>
        </SecretPanel>
      ) : null}
      <section aria-labelledby="endpoints-title" class="panel">
        <h2 id="endpoints-title">{t.endpoints}</h2>
        {!endpoints.data ? (
          <Loading error={endpoints.error} />
        ) : endpoints.data.items.length === 0 ? (
          <p>{t.endpointsEmpty}</p>
        ) : (
          <>
            <div class="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.endpointUrl}</th>
                    <th scope="col">{t.eventTypes}</th>
                    <th scope="col">{t.status}</th>
                    <th scope="col">{t.created}</th>
                  </tr>
                </thead>
                <tbody>
                  {endpoints.data.items.map((endpoint) => (
                    <tr key={endpoint.id}>
                      <th scope="row">
                        <Link class="mono" href={`${BASE}/orgs/${organization.id}/webhooks/${endpoint.id}`}>
                          {endpoint.url}
                        </Link>
                        {endpoint.description ? <div class="hint">{endpoint.description}</div> : null}
                      </th>
                      <td>{endpoint.eventTypes.length ? endpoint.eventTypes.join(', ') : t.allEvents}</td>
                      <td>
                        <EndpointStatus endpoint={endpoint} />
                      </td>
                      <td>
                        <DateTime value={endpoint.createdAt} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={endpoints.data.page} limit={endpoints.data.limit} total={endpoints.data.total} onPage={setPage} />
          </>
        )}
      </section>
      {canManage ? (
        <CreateEndpoint
          organizationId={organization.id}
          onCreated={(endpoint) => {
            setCreated(endpoint);
            void endpoints.reload();
          }}
        />
      ) : null}
    </>
  );
}

function CreateEndpoint({ organizationId, onCreated }: { organizationId: string; onCreated: (endpoint: WebhookEndpoint & { secret: string }) => void }) {
  const { t } = useI18n();
  const form = useForm({ url: '', description: '', alertEmail: '' });
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const submit = form.submit(async ({ url, description, alertEmail }) => {
    const endpoint = await webhooks<WebhookEndpoint & { secret: string }>(organizationId, 'POST', '/endpoints', {
      url,
      eventTypes,
      ...(description ? { description } : {}),
      ...(alertEmail ? { alertEmail } : {}),
    });
    form.setValues({ url: '', description: '', alertEmail: '' });
    setEventTypes([]);
    onCreated(endpoint);
  });
  return (
    <section aria-labelledby="add-endpoint" class="panel">
      <h2 id="add-endpoint">{t.addEndpoint}</h2>
      <form method="post" onSubmit={submit} noValidate>
        <Field label={t.endpointUrl} type="url" hint={t.endpointUrlHint} value={form.values.url} onValue={form.set('url')} errors={form.fieldErrors.url} />
        <Field
          label={t.description}
          optional
          maxLength={500}
          value={form.values.description}
          onValue={form.set('description')}
          errors={form.fieldErrors.description}
        />
        <Field
          label={t.alertEmail}
          optional
          type="email"
          hint={t.alertEmailHint}
          value={form.values.alertEmail}
          onValue={form.set('alertEmail')}
          errors={form.fieldErrors.alertEmail}
        />
        <EventTypePicker organizationId={organizationId} value={eventTypes} onValue={setEventTypes} />
        {form.fieldErrors.eventTypes ? <p class="field-error">{form.fieldErrors.eventTypes.join(' ')}</p> : null}
        <Alert>{form.formError}</Alert>
        <button type="submit" class="primary" disabled={form.busy}>
          {t.addEndpointButton}
        </button>
      </form>
    </section>
  );
}
