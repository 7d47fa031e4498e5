import { useState } from 'preact/hooks';
import { api } from '../api';
import { Alert, errorText, Field, PageTitle, Status, useForm } from '../components';
import { useI18n } from '../i18n';
import { BASE, Link } from '../router';
import { useSession } from '../session';
import type { Me } from '../types';

/** Asks for the verification email again: offered when a sign-in or a link says the address is not verified. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<{ sent?: boolean; error?: string }>({});
  const resend = async () => {
    try {
      await api('POST', '/account/verify-email/resend', { email });
      setState({ sent: true });
    } catch (error) {
      setState({ error: errorText(error, t) });
    }
  };
  return (
    <div class="inline-action">
      <button type="button" onClick={resend}>
        {t.resendVerification}
      </button>
      {state.sent ? <Status>{t.verificationResent}</Status> : null}
      <Alert>{state.error}</Alert>
    </div>
  );
}

/** Asks for an unlock link: offered when a sign-in says the account is at its failure limit. */
export function RequestUnlock({ email }: { email: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<{ sent?: boolean; error?: string }>({});
  const request = async () => {
    try {
      await api('POST', '/account/unlock', { email });
      setState({ sent: true });
    } catch (error) {
      setState({ error: errorText(error, t) });
    }
  };
  return (
    <div class="inline-action">
      <button type="button" onClick={request}>
        {t.requestUnlock}
      </button>
      {state.sent ? <Status>{t.unlockSent}</Status> : null}
      <Alert>{state.error}</Alert>
    </div>
  );
}

export function SignIn({ notice }: { notice?: string }) {
  const { t } = useI18n();
  const session = useSession();
  const form = useForm({ email: '', password: '' });
  const submit = form.submit(async ({ email, password }) => {
    session.signedIn(await api<Me>('POST', '/account/login', { email, password }));
  });
  return (
    <div class="card narrow">
      <PageTitle title={t.signIn}>{t.signInTitle}</PageTitle>
      {notice ? <Status>{notice}</Status> : null}
      <form method="post" onSubmit={submit} noValidate>
        <Field label={t.email} type="email" autoComplete="username" value={form.values.email} onValue={form.set('email')} errors={form.fieldErrors.email} />
        <Field
          label={t.password}
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onValue={form.set('password')}
          errors={form.fieldErrors.password}
        />
        <Alert>{form.formError}</Alert>
        {form.failure?.code === 'EMAIL_NOT_VERIFIED' ? <ResendVerification email={form.values.email} /> : null}
        {form.failure?.details.unlockByEmail ? <RequestUnlock email={form.values.email} /> : null}
        <button type="submit" class="primary" disabled={form.busy}>
          {t.signIn}
        </button>
      </form>
      <p>
        <Link href={`${BASE}/password-reset`}>{t.forgotPassword}</Link>
      </p>
      <p>
        {t.noAccount} <Link href={`${BASE}/sign-up`}>{t.createAccount}</Link>
      </p>
    </div>
  );
}

export function SignUp() {
  const { t } = useI18n();
  const form = useForm({ name: '', email: '', password: '', organizationName: '' });
  const [sentTo, setSentTo] = useState('');
  const submit = form.submit(async (values) => {
    const { email } = await api<{ email: string }>('POST', '/account/signup', values);
    setSentTo(email);
  });
  if (sentTo) {
    return (
      <div class="card narrow">
        <PageTitle title={t.signUpDone}>{t.signUpDone}</PageTitle>
        <Status>{t.signUpSent(sentTo)}</Status>
        <ResendVerification email={sentTo} />
        <p>
          <Link href={`${BASE}/sign-in`}>{t.signIn}</Link>
        </p>
      </div>
    );
  }
  return (
    <div class="card narrow">
      <PageTitle title={t.createAccount}>{t.signUpTitle}</PageTitle>
      <p>{t.signUpLead}</p>
      <form method="post" onSubmit={submit} noValidate>
        <Field label={t.name} autoComplete="name" maxLength={200} value={form.values.name} onValue={form.set('name')} errors={form.fieldErrors.name} />
        <Field label={t.email} type="email" autoComplete="email" value={form.values.email} onValue={form.set('email')} errors={form.fieldErrors.email} />
        <Field
          label={t.password}
          type="password"
          autoComplete="new-password"
          hint={t.passwordHint}
          value={form.values.password}
          onValue={form.set('password')}
          errors={form.fieldErrors.password}
        />
        <Field
          label={t.organizationName}
          autoComplete="organization"
          maxLength={200}
          value={form.values.organizationName}
          onValue={form.set('organizationName')}
          errors={form.fieldErrors.organizationName}
        />
        <Alert>{form.formError}</Alert>
        <button type="submit" class="primary" disabled={form.busy}>
          {t.createAccount}
        </button>
      </form>
      <p>
        {t.haveAccount} <Link href={`${BASE}/sign-in`}>{t.signIn}</Link>
      </p>
    </div>
  );
}
