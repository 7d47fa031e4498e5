import { useState } from 'preact/hooks';
import { api, pathSegment, query } from '../api';
import { DateTime, endOfDay, Field, Loading, PageTitle, Pager, SelectField, startOfDay, useLoad } from '../components';
import { formats, useI18n } from '../i18n';
import type { Key, Page, RequestEntry } from '../types';

const LIMIT = 25;

export function RequestsPage({ organizationId }: { organizationId: string }) {
  const { t, language } = useI18n();
  const format = formats(language);
  const base = `/account/organizations/${pathSegment(organizationId)}`;
  const keys = useLoad(() => api<Key[]>('GET', `${base}/keys`), [base]);
  const [draft, setDraft] = useState({ credentialId: '', outcome: '', from: '', to: '' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const requests = useLoad(
    () =>
      api<Page<RequestEntry>>(
        'GET',
        `${base}/requests${query({ page, limit: LIMIT, credentialId: filters.credentialId, outcome: filters.outcome, from: startOfDay(filters.from), to: endOfDay(filters.to) })}`,
      ),
    [base, page, filters],
  );
  const set = (name: keyof typeof draft) => (value: string) => setDraft({ ...draft, [name]: value });
  return (
    <>
      <PageTitle title={t.requestsTitle}>{t.requestsTitle}</PageTitle>
      <form
        class="filters panel"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setFilters({ ...draft });
        }}
      >
        <SelectField
          label={t.key}
          value={draft.credentialId}
          onValue={set('credentialId')}
          options={[['', t.allKeys], ...(keys.data ?? []).map((key): [string, string] => [key.id, `${key.name} (…${key.keyLastFour})`])]}
        />
        <SelectField
          label={t.outcome}
          value={draft.outcome}
          onValue={set('outcome')}
          options={[
            ['', t.all],
            ['success', t.successes],
            ['error', t.errors],
          ]}
        />
        <Field label={t.from} type="date" value={draft.from} onValue={set('from')} optional />
        <Field label={t.to} type="date" value={draft.to} onValue={set('to')} optional />
        <button type="submit">{t.apply}</button>
        <button type="button" onClick={() => void requests.reload()} disabled={requests.loading}>
          {t.refresh}
        </button>
      </form>
      <section aria-labelledby="requests-list" class="panel" aria-busy={requests.loading}>
        <h2 id="requests-list" class="visually-hidden">
          {t.requestsTitle}
        </h2>
        {!requests.data ? (
          <Loading error={requests.error} />
        ) : requests.data.items.length === 0 ? (
          <p>{t.requestsEmpty}</p>
        ) : (
          <>
            <div class="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.time}</th>
                    <th scope="col">{t.key}</th>
                    <th scope="col">{t.method}</th>
                    <th scope="col">{t.route}</th>
                    <th scope="col">{t.status}</th>
                    <th scope="col">{t.duration}</th>
                    <th scope="col">{t.requestId}</th>
                  </tr>
                </thead>
                <tbody>
                  {requests.data.items.map((entry) => (
                    <tr key={entry.id} class={entry.status >= 400 ? 'failed' : undefined}>
                      <td>
                        <DateTime value={entry.occurredAt} />
                      </td>
                      <td>{entry.credentialName ?? t.deletedKey}</td>
                      <td class="mono">{entry.method}</td>
                      <td class="mono">{entry.route}</td>
                      <td>{entry.status}</td>
                      <td>{t.durationMs(format.number(entry.durationMs))}</td>
                      <td class="mono small">{entry.requestId}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={requests.data.page} limit={requests.data.limit} total={requests.data.total} onPage={setPage} />
          </>
        )}
      </section>
    </>
  );
}
