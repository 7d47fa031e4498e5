import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { Alert, errorText, Field, PageTitle, Status, useForm } from '../components';
import { useI18n } from '../i18n';
import { BASE, Link, navigate, takeLinkToken } from '../router';
import { useSession } from '../session';
import type { MyOrganization } from '../types';
import { ResendVerification } from './sign-in';

/** The pages emailed links open: the token is in the fragment (`#token=…`), which no server sees. */

export function VerifyEmail() {
  const { t } = useI18n();
  const [token] = useState(takeLinkToken);
  const [state, setState] = useState<{ email?: string; error?: string }>({});
  const resend = useForm({ email: '' });
  useEffect(() => {
    if (!token) return;
    api<{ email: string }>('POST', '/account/verify-email', { token }).then(
      ({ email }) => setState({ email }),
      (error) => setState({ error: errorText(error, t) }),
    );
  }, [token]);
  return (
    <div class="card narrow">
      <PageTitle title={t.verifyTitle}>{t.verifyTitle}</PageTitle>
      {!token ? (
        <Alert>{t.linkMissing}</Alert>
      ) : state.email ? (
        <Status>{t.verified(state.email)}</Status>
      ) : state.error ? (
        <Alert>{state.error}</Alert>
      ) : (
        <p class="loading">{t.verifying}</p>
      )}
      {state.email ? (
        <p>
          <Link class="button primary" href={`${BASE}/sign-in`}>
            {t.signIn}
          </Link>
        </p>
      ) : null}
      {!token || state.error ? (
        <form method="post" onSubmit={(event) => event.preventDefault()} noValidate>
          <Field label={t.email} type="email" autoComplete="email" value={resend.values.email} onValue={resend.set('email')} />
          <ResendVerification email={resend.values.email} />
        </form>
      ) : null}
    </div>
  );
}

/** An unlock link's page: the account's failed sign-ins are cleared, and this browser becomes one it signed in on. */
export function Unlock() {
  const { t } = useI18n();
  const [token] = useState(takeLinkToken);
  const [state, setState] = useState<{ done?: boolean; error?: string }>({});
  useEffect(() => {
    if (!token) return;
    api('POST', '/account/unlock/confirm', { token }).then(
      () => setState({ done: true }),
      (error) => setState({ error: errorText(error, t) }),
    );
  }, [token]);
  return (
    <div class="card narrow">
      <PageTitle title={t.unlockTitle}>{t.unlockTitle}</PageTitle>
      {!token ? (
        <Alert>{t.linkMissing}</Alert>
      ) : state.done ? (
        <Status>{t.unlocked}</Status>
      ) : state.error ? (
        <Alert>{state.error}</Alert>
      ) : (
        <p class="loading">{t.unlocking}</p>
      )}
      {state.done ? (
        <p>
          <Link class="button primary" href={`${BASE}/sign-in`}>
            {t.signIn}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export function PasswordReset() {
  const { t } = useI18n();
  const [token] = useState(takeLinkToken);
  const form = useForm({ email: '', password: '' });
  const [done, setDone] = useState(false);
  const request = form.submit(async ({ email }) => {
    await api('POST', '/account/password-reset', { email });
    setDone(true);
  });
  const confirm = form.submit(async ({ password }) => {
    await api('POST', '/account/password-reset/confirm', { token, password });
    setDone(true);
  });
  return (
    <div class="card narrow">
      <PageTitle title={t.resetTitle}>{t.resetTitle}</PageTitle>
      {done ? (
        <>
          <Status>{token ? t.passwordReset : t.resetSent}</Status>
          <p>
            <Link href={`${BASE}/sign-in`}>{t.signIn}</Link>
          </p>
        </>
      ) : token ? (
        <form method="post" onSubmit={confirm} noValidate>
          <Field
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            hint={t.passwordHint}
            value={form.values.password}
            onValue={form.set('password')}
            errors={form.fieldErrors.password}
          />
          <Alert>{form.formError}</Alert>
          <button type="submit" class="primary" disabled={form.busy}>
            {t.setPassword}
          </button>
        </form>
      ) : (
        <form method="post" onSubmit={request} noValidate>
          <p>{t.resetLead}</p>
          <Field label={t.email} type="email" autoComplete="email" value={form.values.email} onValue={form.set('email')} errors={form.fieldErrors.email} />
          <Alert>{form.formError}</Alert>
          <button type="submit" class="primary" disabled={form.busy}>
            {t.sendResetLink}
          </button>
        </form>
      )}
    </div>
  );
}

const PENDING_INVITATION = 'platform-dashboard-invitation';

/** An invitation link's token, kept for this tab while its reader signs in or up. */
export function pendingInvitation(): string | null {
  try {
    return sessionStorage.getItem(PENDING_INVITATION);
  } catch {
    return null;
  }
}

export function AcceptInvitation() {
  const { t } = useI18n();
  const session = useSession();
  const [token] = useState(() => {
    const given = takeLinkToken();
    try {
      if (given) sessionStorage.setItem(PENDING_INVITATION, given);
    } catch {
      // not kept: the link has to be opened again after signing in
    }
    return given ?? pendingInvitation();
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    setError('');
    try {
      const { organization } = await api<{ organization: MyOrganization }>('POST', '/account/invitations/accept', { token });
      sessionStorage.removeItem(PENDING_INVITATION);
      await session.refresh();
      navigate(`${BASE}/orgs/${organization.id}/usage`);
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="card narrow">
      <PageTitle title={t.invitationTitle}>{t.invitationTitle}</PageTitle>
      {!token ? (
        <Alert>{t.linkMissing}</Alert>
      ) : session.me ? (
        <>
          <p>{t.invitationLead}</p>
          <Alert>{error}</Alert>
          <button type="button" class="primary" onClick={accept} disabled={busy}>
            {t.acceptInvitation}
          </button>
        </>
      ) : (
        <>
          <p>{t.invitationSignIn}</p>
          <p>
            <Link class="button primary" href={`${BASE}/sign-in`}>
              {t.signIn}
            </Link>{' '}
            <Link class="button" href={`${BASE}/sign-up`}>
              {t.createAccount}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
