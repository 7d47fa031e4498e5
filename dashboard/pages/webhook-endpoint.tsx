import { useState } from 'preact/hooks';
import { pathSegment } from '../api';
import {
  Alert,
  DateTime,
  errorText,
  Field,
  FocusedHeading,
  Loading,
  PageTitle,
  Pager,
  SecretPanel,
  SelectField,
  Status,
  useForm,
  useLoad,
} from '../components';
import { formats, useI18n } from '../i18n';
import { BASE, Link, navigate } from '../router';
import { Delivery, DeliveryDetail, MyOrganization, Page, roleAtLeast, WebhookEndpoint } from '../types';
import { EndpointStatus, EventTypePicker, webhooks } from './webhooks';

const LIMIT = 20;

/** One webhook endpoint: its settings, a test event, its secret's rotation, and every delivery with its attempts. */
export function WebhookEndpointPage({ organization, endpointId }: { organization: MyOrganization; endpointId: string }) {
  const { t, language } = useI18n();
  const format = formats(language);
  const endpoint = useLoad(() => webhooks<WebhookEndpoint>(organization.id, 'GET', `/endpoints/${pathSegment(endpointId)}`), [organization.id, endpointId]);
  const [page, setPage] = useState(1);
  const deliveries = useLoad(
    () => webhooks<Page<Delivery>>(organization.id, 'GET', `/endpoints/${pathSegment(endpointId)}/deliveries?page=${page}&limit=${LIMIT}`),
    [organization.id, endpointId, page],
  );
  const [opened, setOpened] = useState<string | null>(null);
  const [panel, setPanel] = useState<'rotate' | 'delete' | 'edit' | null>(null);
  const [secret, setSecret] = useState<{ secret: string; previousSecretsExpireAt: string } | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const canManage = roleAtLeast(organization.role, 'developer');
  const list = `${BASE}/orgs/${organization.id}/webhooks`;

  const act = async (action: () => Promise<void>) => {
    setError('');
    setNotice('');
    try {
      await action();
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };
  const sendTest = () =>
    act(async () => {
      await webhooks(organization.id, 'POST', `/endpoints/${pathSegment(endpointId)}/test`);
      setNotice(t.testSent);
      setPage(1);
      await deliveries.reload();
    });
  const setEnabled = (enabled: boolean) =>
    act(async () => {
      endpoint.setData(await webhooks<WebhookEndpoint>(organization.id, 'POST', `/endpoints/${pathSegment(endpointId)}/${enabled ? 'enable' : 'disable'}`));
    });
  const remove = () =>
    act(async () => {
      await webhooks(organization.id, 'DELETE', `/endpoints/${pathSegment(endpointId)}`);
      navigate(list);
    });

  return (
    <>
      <p>
        <Link href={list}>← {t.backToEndpoints}</Link>
      </p>
      <PageTitle title={t.endpointTitle}>{t.endpointTitle}</PageTitle>
      {!endpoint.data ? (
        <Loading error={endpoint.error} />
      ) : (
        <>
          <section class="panel" aria-labelledby="endpoint-url">
            <h2 id="endpoint-url" class="mono break">
              {endpoint.data.url}
            </h2>
            <dl class="facts">
              <dt>{t.status}</dt>
              <dd>
                <EndpointStatus endpoint={endpoint.data} />
              </dd>
              <dt>{t.eventTypes}</dt>
              <dd>{endpoint.data.eventTypes.length ? endpoint.data.eventTypes.join(', ') : t.allEvents}</dd>
              <dt>{t.description}</dt>
              <dd>{endpoint.data.description ?? t.none}</dd>
              <dt>{t.alertEmail}</dt>
              <dd>{endpoint.data.alertEmail ?? t.none}</dd>
              <dt>{t.created}</dt>
              <dd>
                <DateTime value={endpoint.data.createdAt} />
              </dd>
            </dl>
            {canManage ? (
              <div class="toolbar">
                <button type="button" class="primary" onClick={sendTest}>
                  {t.sendTest}
                </button>
                <button type="button" onClick={() => setPanel('rotate')}>
                  {t.rotateSecret}
                </button>
                <button type="button" onClick={() => setPanel('edit')}>
                  {t.editEndpoint}
                </button>
                <button type="button" onClick={() => setEnabled(endpoint.data!.status !== 'enabled')}>
                  {endpoint.data.status === 'enabled' ? t.disable : t.enable}
                </button>
                <button type="button" class="danger" onClick={() => setPanel('delete')}>
                  {t.deleteEndpoint}
                </button>
              </div>
            ) : null}
            {notice ? <Status>{notice}</Status> : null}
            <Alert>{error}</Alert>
          </section>
          {secret ? (
            <SecretPanel title={t.secretRotatedWebhook} items={[{ label: t.signingSecret, value: secret.secret, secret: true }]} onDone={() => setSecret(null)}>
              <p>{t.previousSecretsUntil(format.dateTime(secret.previousSecretsExpireAt))}</p>
            </SecretPanel>
          ) : null}
          {panel === 'rotate' ? (
            <RotateSecret
              organizationId={organization.id}
              endpointId={endpointId}
              onDone={(rotated) => {
                setPanel(null);
                if (rotated) setSecret(rotated);
              }}
            />
          ) : null}
          {panel === 'edit' ? (
            <EditEndpoint
              organizationId={organization.id}
              endpoint={endpoint.data}
              onDone={(saved) => {
                setPanel(null);
                if (saved) {
                  endpoint.setData(saved);
                  setNotice(t.endpointSaved);
                }
              }}
            />
          ) : null}
          {panel === 'delete' ? (
            <section class="panel confirm" aria-labelledby="delete-title">
              <FocusedHeading id="delete-title">{t.deleteEndpoint}</FocusedHeading>
              <p>{t.deleteEndpointConfirm}</p>
              <button type="button" class="danger" onClick={remove}>
                {t.confirmDelete}
              </button>{' '}
              <button type="button" onClick={() => setPanel(null)}>
                {t.cancel}
              </button>
            </section>
          ) : null}
        </>
      )}
      <section class="panel" aria-labelledby="deliveries-title" aria-busy={deliveries.loading}>
        <div class="section-head">
          <h2 id="deliveries-title">{t.deliveries}</h2>
          <button type="button" onClick={() => void deliveries.reload()} disabled={deliveries.loading}>
            {t.refresh}
          </button>
        </div>
        {!deliveries.data ? (
          <Loading error={deliveries.error} />
        ) : deliveries.data.items.length === 0 ? (
          <p>{t.deliveriesEmpty}</p>
        ) : (
          <>
            <div class="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.created}</th>
                    <th scope="col">{t.eventType}</th>
                    <th scope="col">{t.status}</th>
                    <th scope="col">{t.attempts}</th>
                    <th scope="col">{t.lastAnswer}</th>
                    <th scope="col">{t.nextAttempt}</th>
                    <th scope="col">
                      <span class="visually-hidden">{t.actions}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {deliveries.data.items.map((delivery) => (
                    <tr key={delivery.id} class={delivery.id === opened ? 'selected' : undefined}>
                      <td>
                        <DateTime value={delivery.createdAt} />
                      </td>
                      <td class="mono">{delivery.eventType}</td>
                      <td>
                        <span class={`badge ${delivery.status}`}>{t.deliveryStatuses[delivery.status] ?? delivery.status}</span>
                      </td>
                      <td>{delivery.attempts}</td>
                      <td>{delivery.lastStatusCode ?? (delivery.attempts ? t.noAnswer : '')}</td>
                      <td>
                        <DateTime value={delivery.nextAttemptAt} />
                      </td>
                      <td>
                        <button
                          type="button"
                          aria-expanded={delivery.id === opened}
                          aria-label={t.showAttemptsOf(delivery.eventType, format.dateTime(delivery.createdAt))}
                          onClick={() => setOpened(delivery.id === opened ? null : delivery.id)}
                        >
                          {t.showAttempts}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={deliveries.data.page} limit={deliveries.data.limit} total={deliveries.data.total} onPage={setPage} />
          </>
        )}
      </section>
      {opened ? (
        <DeliveryAttempts key={opened} organizationId={organization.id} deliveryId={opened} canRetry={canManage} onRetried={() => void deliveries.reload()} />
      ) : null}
    </>
  );
}

function RotateSecret({
  organizationId,
  endpointId,
  onDone,
}: {
  organizationId: string;
  endpointId: string;
  onDone: (rotated?: { secret: string; previousSecretsExpireAt: string }) => void;
}) {
  const { t } = useI18n();
  const form = useForm({ grace: '86400' });
  const submit = form.submit(async ({ grace }) => {
    onDone(
      await webhooks<{ secret: string; previousSecretsExpireAt: string }>(organizationId, 'POST', `/endpoints/${pathSegment(endpointId)}/rotate-secret`, {
        graceSeconds: Number(grace),
      }),
    );
  });
  return (
    <section class="panel confirm" aria-labelledby="rotate-title">
      <FocusedHeading id="rotate-title">{t.rotateSecret}</FocusedHeading>
      <form method="post" onSubmit={submit}>
        <SelectField
          label={t.rotateGrace}
          value={form.values.grace}
          onValue={form.set('grace')}
          errors={form.fieldErrors.graceSeconds}
          options={[
            ['86400', t.graceDay],
            ['3600', t.graceHour],
            ['0', t.graceNone],
          ]}
        />
        <Alert>{form.formError}</Alert>
        <button type="submit" class="primary" disabled={form.busy}>
          {t.rotateSecret}
        </button>{' '}
        <button type="button" onClick={() => onDone()}>
          {t.cancel}
        </button>
      </form>
    </section>
  );
}

function EditEndpoint({ organizationId, endpoint, onDone }: { organizationId: string; endpoint: WebhookEndpoint; onDone: (saved?: WebhookEndpoint) => void }) {
  const { t } = useI18n();
  const form = useForm({ url: endpoint.url, description: endpoint.description ?? '', alertEmail: endpoint.alertEmail ?? '' });
  const [eventTypes, setEventTypes] = useState(endpoint.eventTypes);
  const submit = form.submit(async ({ url, description, alertEmail }) => {
    onDone(
      await webhooks<WebhookEndpoint>(organizationId, 'PATCH', `/endpoints/${pathSegment(endpoint.id)}`, {
        url,
        eventTypes,
        description: description || null,
        alertEmail: alertEmail || null,
      }),
    );
  });
  return (
    <section class="panel confirm" aria-labelledby="edit-title">
      <FocusedHeading id="edit-title">{t.editEndpoint}</FocusedHeading>
      <form method="post" onSubmit={submit} noValidate>
        <Field label={t.endpointUrl} type="url" value={form.values.url} onValue={form.set('url')} errors={form.fieldErrors.url} />
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
          value={form.values.alertEmail}
          onValue={form.set('alertEmail')}
          errors={form.fieldErrors.alertEmail}
        />
        <EventTypePicker organizationId={organizationId} value={eventTypes} onValue={setEventTypes} />
        <Alert>{form.formError}</Alert>
        <button type="submit" class="primary" disabled={form.busy}>
          {t.save}
        </button>{' '}
        <button type="button" onClick={() => onDone()}>
          {t.cancel}
        </button>
      </form>
    </section>
  );
}

function DeliveryAttempts({
  organizationId,
  deliveryId,
  canRetry,
  onRetried,
}: {
  organizationId: string;
  deliveryId: string;
  canRetry: boolean;
  onRetried: () => void;
}) {
  const { t } = useI18n();
  const delivery = useLoad(() => webhooks<DeliveryDetail>(organizationId, 'GET', `/deliveries/${pathSegment(deliveryId)}`), [organizationId, deliveryId]);
  const [state, setState] = useState<{ notice?: string; error?: string }>({});
  const retry = async () => {
    try {
      await webhooks(organizationId, 'POST', `/deliveries/${pathSegment(deliveryId)}/retry`);
      setState({ notice: t.retryQueued });
      onRetried();
      await delivery.reload();
    } catch (failure) {
      setState({ error: errorText(failure, t) });
    }
  };
  return (
    <section class="panel" aria-labelledby="delivery-title" aria-busy={delivery.loading}>
      {!delivery.data ? (
        <Loading error={delivery.error} />
      ) : (
        <>
          <div class="section-head">
            <FocusedHeading id="delivery-title">{t.deliveryTitle(delivery.data.eventType)}</FocusedHeading>
            <button type="button" onClick={() => void delivery.reload()}>
              {t.refresh}
            </button>
            {canRetry ? (
              <button type="button" onClick={retry}>
                {t.retryNow}
              </button>
            ) : null}
          </div>
          <p class="small">
            {t.eventId}: <span class="mono">{delivery.data.eventId}</span>
          </p>
          {state.notice ? <Status>{state.notice}</Status> : null}
          <Alert>{state.error}</Alert>
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.attempt}</th>
                  <th scope="col">{t.time}</th>
                  <th scope="col">{t.statusCode}</th>
                  <th scope="col">{t.duration}</th>
                  <th scope="col">{t.error}</th>
                  <th scope="col">{t.response}</th>
                </tr>
              </thead>
              <tbody>
                {delivery.data.attemptLog.map((attempt) => (
                  <tr key={attempt.attempt}>
                    <th scope="row">{attempt.attempt}</th>
                    <td>
                      <DateTime value={attempt.attemptedAt} />
                    </td>
                    <td>{attempt.statusCode ?? t.noAnswer}</td>
                    <td>{t.durationMs(String(attempt.durationMs))}</td>
                    <td>{attempt.error ?? ''}</td>
                    <td>{attempt.responseBody ? <pre class="response">{attempt.responseBody}</pre> : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
