import { useState } from 'preact/hooks';
import { api, pathSegment, query } from '../api';
import { DateTime, endOfDay, Field, Loading, PageTitle, Pager, SelectField, startOfDay, useLoad } from '../components';
import { useI18n } from '../i18n';
import type { AuditEntry, Page } from '../types';

const LIMIT = 25;

export function AuditLogPage({ organizationId }: { organizationId: string }) {
  const { t } = useI18n();
  const base = `/account/organizations/${pathSegment(organizationId)}/audit-log`;
  const [draft, setDraft] = useState({ action: '', from: '', to: '' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const entries = useLoad(
    () =>
      api<Page<AuditEntry>>('GET', `${base}${query({ page, limit: LIMIT, action: filters.action, from: startOfDay(filters.from), to: endOfDay(filters.to) })}`),
    [base, page, filters],
  );
  const set = (name: keyof typeof draft) => (value: string) => setDraft({ ...draft, [name]: value });
  return (
    <>
      <PageTitle title={t.auditTitle}>{t.auditTitle}</PageTitle>
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
          label={t.action}
          value={draft.action}
          onValue={set('action')}
          options={[['', t.allActions], ...Object.entries(t.auditActions).map(([action, text]): [string, string] => [action, `${action} (${text})`])]}
        />
        <Field label={t.from} type="date" value={draft.from} onValue={set('from')} optional />
        <Field label={t.to} type="date" value={draft.to} onValue={set('to')} optional />
        <button type="submit">{t.apply}</button>
        <button type="button" onClick={() => void entries.reload()} disabled={entries.loading}>
          {t.refresh}
        </button>
      </form>
      <section class="panel" aria-labelledby="audit-list" aria-busy={entries.loading}>
        <h2 id="audit-list" class="visually-hidden">
          {t.auditTitle}
        </h2>
        {!entries.data ? (
          <Loading error={entries.error} />
        ) : entries.data.items.length === 0 ? (
          <p>{t.auditEmpty}</p>
        ) : (
          <>
            <div class="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.time}</th>
                    <th scope="col">{t.actor}</th>
                    <th scope="col">{t.action}</th>
                    <th scope="col">{t.target}</th>
                    <th scope="col">{t.address}</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.data.items.map((entry) => (
                    <tr key={entry.id}>
                      <td>
                        <DateTime value={entry.occurredAt} />
                      </td>
                      <td>{entry.actor.email ?? ''}</td>
                      <td>
                        <span class="mono">{entry.action}</span>
                        {t.auditActions[entry.action] ? <div class="hint">{t.auditActions[entry.action]}</div> : null}
                      </td>
                      <td class="small">{entry.target ? <span class="mono">{`${entry.target.type} ${entry.target.id}`}</span> : ''}</td>
                      <td>{entry.ipAddress ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={entries.data.page} limit={entries.data.limit} total={entries.data.total} onPage={setPage} />
          </>
        )}
      </section>
    </>
  );
}
