import { useState } from 'preact/hooks';
import { SCOPES } from '@platform/pipeline/plans';
import { api, pathSegment } from '../api';
import { Alert, DateTime, errorText, Field, FocusedHeading, Loading, PageTitle, SecretPanel, SelectField, Status, useForm, useLoad } from '../components';
import { formats, useI18n } from '../i18n';
import { Key, MyOrganization, roleAtLeast } from '../types';

type Shown = { title: string; apiKey?: string; apiSecret: string };

export function KeysPage({ organization }: { organization: MyOrganization }) {
  const { t, language } = useI18n();
  const format = formats(language);
  const base = `/account/organizations/${pathSegment(organization.id)}/keys`;
  const keys = useLoad(() => api<Key[]>('GET', base), [base]);
  const [secret, setSecret] = useState<Shown | null>(null);
  const [acting, setActing] = useState<{ key: Key; action: 'roll' | 'revoke' } | null>(null);
  const [notice, setNotice] = useState('');
  const canManage = roleAtLeast(organization.role, 'developer');

  const created = (key: Key & { apiKey: string; apiSecret: string }) => {
    setNotice('');
    setSecret({ title: t.keyCreated(key.name), apiKey: key.apiKey, apiSecret: key.apiSecret });
    void keys.reload();
  };
  return (
    <>
      <PageTitle title={t.keysTitle}>{t.keysTitle}</PageTitle>
      {secret ? (
        <SecretPanel
          title={secret.title}
          items={[...(secret.apiKey ? [{ label: t.apiKey, value: secret.apiKey }] : []), { label: t.apiSecret, value: secret.apiSecret, secret: true }]}
          onDone={() => setSecret(null)}
        />
      ) : null}
      {notice ? <Status>{notice}</Status> : null}
      {acting?.action === 'roll' ? (
        <RollKey
          base={base}
          keyToRoll={acting.key}
          onDone={(apiSecret) => {
            setActing(null);
            if (apiSecret) setSecret({ title: t.secretRolled(acting.key.name), apiSecret });
            void keys.reload();
          }}
        />
      ) : null}
      {acting?.action === 'revoke' ? (
        <RevokeKey
          base={base}
          keyToRevoke={acting.key}
          onDone={(revoked) => {
            setActing(null);
            if (revoked) setNotice(t.keyRevoked(acting.key.name));
            void keys.reload();
          }}
        />
      ) : null}
      <section aria-labelledby="keys-list" class="panel">
        <h2 id="keys-list">{t.keysTitle}</h2>
        {!keys.data ? (
          <Loading error={keys.error} />
        ) : keys.data.length === 0 ? (
          <p>{t.keysEmpty}</p>
        ) : (
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.keyName}</th>
                  <th scope="col">{t.key}</th>
                  <th scope="col">{t.scopes}</th>
                  <th scope="col">{t.created}</th>
                  <th scope="col">{t.lastUsed}</th>
                  <th scope="col">{t.status}</th>
                  {canManage ? <th scope="col">{t.actions}</th> : null}
                </tr>
              </thead>
              <tbody>
                {keys.data.map((key) => (
                  <tr key={key.id}>
                    <th scope="row">{key.name}</th>
                    <td class="mono">
                      {key.keyPrefix}…{key.keyLastFour}
                    </td>
                    <td>{key.scopes.length === SCOPES.length ? t.allScopes : key.scopes.join(', ')}</td>
                    <td>
                      <DateTime value={key.createdAt} />
                    </td>
                    <td>
                      <DateTime value={key.lastUsedAt} fallback={t.never} />
                    </td>
                    <td>
                      {key.revokedAt ? t.revoked : t.active}
                      {!key.revokedAt && key.previousSecretExpiresAt && Date.parse(key.previousSecretExpiresAt) > Date.now() ? (
                        <div class="hint">{t.previousSecretUntil(format.dateTime(key.previousSecretExpiresAt))}</div>
                      ) : null}
                    </td>
                    {canManage ? (
                      <td class="actions">
                        {key.revokedAt ? null : (
                          <>
                            <button type="button" aria-label={t.rollSecretOf(key.name)} onClick={() => setActing({ key, action: 'roll' })}>
                              {t.rollSecret}
                            </button>
                            <button type="button" class="danger" aria-label={t.revokeOf(key.name)} onClick={() => setActing({ key, action: 'revoke' })}>
                              {t.revoke}
                            </button>
                          </>
                        )}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {canManage ? <CreateKey base={base} onCreated={created} /> : <p class="hint">{t.viewerCannotManageKeys}</p>}
    </>
  );
}

function CreateKey({ base, onCreated }: { base: string; onCreated: (key: Key & { apiKey: string; apiSecret: string }) => void }) {
  const { t } = useI18n();
  const form = useForm({ name: '' });
  const [scopes, setScopes] = useState<string[]>([...SCOPES]);
  const submit = form.submit(async ({ name }) => {
    const key = await api<Key & { apiKey: string; apiSecret: string }>('POST', base, scopes.length === SCOPES.length ? { name } : { name, scopes });
    form.setValues({ name: '' });
    setScopes([...SCOPES]);
    onCreated(key);
  });
  const toggle = (scope: string, on: boolean) =>
    setScopes((current) => (on ? SCOPES.filter((each) => each === scope || current.includes(each)) : current.filter((each) => each !== scope)));
  return (
    <section aria-labelledby="create-key" class="panel">
      <h2 id="create-key">{t.createKey}</h2>
      <form method="post" onSubmit={submit} noValidate>
        <Field label={t.keyName} hint={t.keyNameHint} maxLength={100} value={form.values.name} onValue={form.set('name')} errors={form.fieldErrors.name} />
        <fieldset class="checkboxes" aria-describedby="scopes-hint">
          <legend>{t.scopes}</legend>
          <p class="hint" id="scopes-hint">
            {t.scopesHint}
          </p>
          {SCOPES.map((scope) => (
            <label key={scope} class="checkbox">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(event) => toggle(scope, event.currentTarget.checked)} />
              <span class="mono">{scope}</span>
            </label>
          ))}
          {form.fieldErrors.scopes ? <p class="field-error">{form.fieldErrors.scopes.join(' ')}</p> : null}
        </fieldset>
        <Alert>{form.formError}</Alert>
        <button type="submit" class="primary" disabled={form.busy}>
          {t.createKeyButton}
        </button>
      </form>
    </section>
  );
}

function RollKey({ base, keyToRoll, onDone }: { base: string; keyToRoll: Key; onDone: (apiSecret?: string) => void }) {
  const { t } = useI18n();
  const form = useForm({ grace: '3600' });
  const submit = form.submit(async ({ grace }) => {
    const rolled = await api<Key & { apiSecret: string }>('POST', `${base}/${pathSegment(keyToRoll.id)}/roll`, { graceSeconds: Number(grace) });
    onDone(rolled.apiSecret);
  });
  return (
    <section aria-labelledby="roll-title" class="panel confirm">
      <FocusedHeading id="roll-title">{t.rollTitle(keyToRoll.name)}</FocusedHeading>
      <p>{t.rollLead}</p>
      <form method="post" onSubmit={submit}>
        <SelectField
          label={t.grace}
          value={form.values.grace}
          onValue={form.set('grace')}
          errors={form.fieldErrors.graceSeconds}
          options={[
            ['0', t.graceNone],
            ['3600', t.graceHour],
            ['86400', t.graceDay],
          ]}
        />
        <Alert>{form.formError}</Alert>
        <button type="submit" class="primary" disabled={form.busy}>
          {t.rollSecret}
        </button>{' '}
        <button type="button" onClick={() => onDone()}>
          {t.cancel}
        </button>
      </form>
    </section>
  );
}

function RevokeKey({ base, keyToRevoke, onDone }: { base: string; keyToRevoke: Key; onDone: (revoked: boolean) => void }) {
  const { t } = useI18n();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    setBusy(true);
    try {
      await api('DELETE', `${base}/${pathSegment(keyToRevoke.id)}`);
      onDone(true);
    } catch (failure) {
      setError(errorText(failure, t));
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="revoke-title" class="panel confirm">
      <FocusedHeading id="revoke-title">{t.revokeTitle(keyToRevoke.name)}</FocusedHeading>
      <p>{t.revokeLead}</p>
      <Alert>{error}</Alert>
      <button type="button" class="danger" onClick={revoke} disabled={busy}>
        {t.revokeKey}
      </button>{' '}
      <button type="button" onClick={() => onDone(false)}>
        {t.cancel}
      </button>
    </section>
  );
}
