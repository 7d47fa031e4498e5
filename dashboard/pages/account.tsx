import { useState } from 'preact/hooks';
import { api, pathSegment } from '../api';
import { Alert, DateTime, errorText, Field, Loading, PageTitle, Status, useForm, useLoad } from '../components';
import { formats, useI18n } from '../i18n';
import { BASE, navigate } from '../router';
import { useSession } from '../session';
import type { MyOrganization, Session } from '../types';

/** The signed-in person: profile, password, live sessions. */
export function AccountPage() {
  const { t, language } = useI18n();
  const format = formats(language);
  const session = useSession();
  const sessions = useLoad(() => api<Session[]>('GET', '/account/sessions'), []);
  const [state, setState] = useState<{ notice?: string; error?: string }>({});
  const password = useForm({ currentPassword: '', newPassword: '' });
  const changePassword = password.submit(async (values) => {
    await api('POST', '/account/me/password', values);
    password.setValues({ currentPassword: '', newPassword: '' });
    setState({ notice: t.passwordChanged });
    await sessions.reload();
  });
  const end = async (ended: Session) => {
    try {
      await api('DELETE', `/account/sessions/${pathSegment(ended.id)}`);
      setState({ notice: t.sessionEndedDone });
      await sessions.reload();
    } catch (failure) {
      setState({ error: errorText(failure, t) });
    }
  };
  const user = session.me!.user;
  return (
    <>
      <PageTitle title={t.account}>{t.account}</PageTitle>
      {state.notice ? <Status>{state.notice}</Status> : null}
      <Alert>{state.error}</Alert>
      <section class="panel" aria-labelledby="profile-title">
        <h2 id="profile-title">{t.profile}</h2>
        <dl class="facts">
          <dt>{t.name}</dt>
          <dd>{user.name}</dd>
          <dt>{t.email}</dt>
          <dd>{user.email}</dd>
          <dt>{t.created}</dt>
          <dd>
            <DateTime value={user.createdAt} />
          </dd>
        </dl>
      </section>
      <section class="panel" aria-labelledby="password-title">
        <h2 id="password-title">{t.changePassword}</h2>
        <form method="post" onSubmit={changePassword} noValidate>
          <Field
            label={t.currentPassword}
            type="password"
            autoComplete="current-password"
            value={password.values.currentPassword}
            onValue={password.set('currentPassword')}
            errors={password.fieldErrors.currentPassword}
          />
          <Field
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            hint={t.passwordHint}
            value={password.values.newPassword}
            onValue={password.set('newPassword')}
            errors={password.fieldErrors.newPassword}
          />
          <Alert>{password.formError}</Alert>
          <button type="submit" class="primary" disabled={password.busy}>
            {t.changePassword}
          </button>
        </form>
      </section>
      <section class="panel" aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t.sessions}</h2>
        {!sessions.data ? (
          <Loading error={sessions.error} />
        ) : (
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.started}</th>
                  <th scope="col">{t.lastSeen}</th>
                  <th scope="col">{t.address}</th>
                  <th scope="col">{t.browser}</th>
                  <th scope="col">
                    <span class="visually-hidden">{t.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sessions.data.map((live) => (
                  <tr key={live.id}>
                    <td>
                      <DateTime value={live.createdAt} />
                    </td>
                    <td>
                      <DateTime value={live.lastSeenAt} />
                    </td>
                    <td>{live.ipAddress ?? ''}</td>
                    <td class="small">{live.userAgent ?? ''}</td>
                    <td>
                      {live.current ? (
                        <strong>{t.thisSession}</strong>
                      ) : (
                        <button type="button" aria-label={t.endSessionOf(format.dateTime(live.createdAt))} onClick={() => end(live)}>
                          {t.endSession}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <button type="button" onClick={() => void session.signOut()}>
          {t.signOut}
        </button>
      </section>
    </>
  );
}

export function NewOrganizationPage() {
  const { t } = useI18n();
  const session = useSession();
  const form = useForm({ name: '' });
  const submit = form.submit(async ({ name }) => {
    const organization = await api<MyOrganization>('POST', '/account/organizations', { name });
    await session.refresh();
    navigate(`${BASE}/orgs/${organization.id}/usage`);
  });
  return (
    <>
      <PageTitle title={t.newOrganization}>{t.newOrganization}</PageTitle>
      {session.me?.organizations.length ? null : <p>{t.noOrganization}</p>}
      <section class="panel">
        <p>{t.newOrganizationLead}</p>
        <form method="post" onSubmit={submit} noValidate>
          <Field
            label={t.organizationName}
            autoComplete="organization"
            maxLength={200}
            value={form.values.name}
            onValue={form.set('name')}
            errors={form.fieldErrors.name}
          />
          <Alert>{form.formError}</Alert>
          <button type="submit" class="primary" disabled={form.busy}>
            {t.createOrganization}
          </button>
        </form>
      </section>
    </>
  );
}
