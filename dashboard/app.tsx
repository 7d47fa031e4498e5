import { Fragment, type ComponentChildren } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiError, configureApi } from './api';
import { Alert, errorText, PageTitle } from './components';
import { I18n, initialLanguage, Language, LANGUAGES, rememberLanguage, useI18n } from './i18n';
import { AccountPage, NewOrganizationPage } from './pages/account';
import { AuditLogPage } from './pages/audit-log';
import { AcceptInvitation, PasswordReset, pendingInvitation, Unlock, VerifyEmail } from './pages/email-links';
import { KeysPage } from './pages/keys';
import { MembersPage } from './pages/members';
import { RequestsPage } from './pages/requests';
import { SignIn, SignUp } from './pages/sign-in';
import { UsagePage } from './pages/usage';
import { WebhookEndpointPage } from './pages/webhook-endpoint';
import { WebhooksPage } from './pages/webhooks';
import { BASE, isId, Link, match, navigate, usePath } from './router';
import { SessionContext, SessionValue, useSession } from './session';
import type { Me, MyOrganization } from './types';

/** Pages anyone may open; every other one needs a session. */
const PUBLIC_PAGES: Record<string, () => ComponentChildren> = {
  [`${BASE}/verify-email`]: () => <VerifyEmail />,
  [`${BASE}/password-reset`]: () => <PasswordReset />,
  [`${BASE}/unlock`]: () => <Unlock />,
  [`${BASE}/accept-invitation`]: () => <AcceptInvitation />,
};
/** Pages only for the signed out: a signed-in reader goes on to the dashboard. */
const SIGNED_OUT_PAGES = [`${BASE}/sign-in`, `${BASE}/sign-up`];

const SECTIONS = ['usage', 'keys', 'requests', 'webhooks', 'members', 'audit-log'] as const;
type Section = (typeof SECTIONS)[number];

export function App() {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const t = LANGUAGES[language];
  const i18n = useMemo(
    () => ({
      language,
      t,
      setLanguage: (chosen: Language) => {
        rememberLanguage(chosen);
        setLanguage(chosen);
      },
    }),
    [language],
  );
  configureApi({ language });
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const path = usePath();
  // an emailed link opened in a tab already on its page only changes the fragment: its page starts again with the new token
  const [linkOpened, setLinkOpened] = useState(0);
  useEffect(() => {
    const opened = () => {
      if (/(^#|&)token=/.test(location.hash)) setLinkOpened((count) => count + 1);
    };
    addEventListener('hashchange', opened);
    return () => removeEventListener('hashchange', opened);
  }, []);
  /** undefined until /me answers */
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [bootError, setBootError] = useState('');
  const [notice, setNotice] = useState('');
  /** what went wrong outside any page (signing out) */
  const [failure, setFailure] = useState('');
  /** where a reader sent to sign in was going */
  const returnTo = useRef<string | null>(null);

  const adopt = useCallback((value: Me | null) => {
    configureApi({ csrfToken: value?.csrfToken });
    setMe(value);
    return value;
  }, []);
  const refresh = useCallback(async () => {
    try {
      return adopt(await api<Me>('GET', '/account/me'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return adopt(null);
      throw error;
    }
  }, [adopt]);

  useEffect(() => {
    refresh().catch((error) => setBootError(errorText(error, t)));
  }, []);
  // a 401 on any call: the session ended (signed out elsewhere, expired, password reset)
  configureApi({
    onSignedOut: () => {
      if (!me) return;
      adopt(null);
      setNotice(t.sessionEnded);
    },
  });

  const session: SessionValue = {
    me: me ?? null,
    signedIn: (value) => {
      adopt(value);
      setNotice('');
      const pending = pendingInvitation();
      navigate(pending ? `${BASE}/accept-invitation` : (returnTo.current ?? BASE), { replace: true });
      returnTo.current = null;
    },
    refresh,
    signOut: async () => {
      setFailure('');
      try {
        await api('POST', '/account/logout');
      } catch (error) {
        // a session already gone is signed out; otherwise it still opens the dashboard, so say so
        if (!(error instanceof ApiError && error.status === 401)) return setFailure(errorText(error, t));
      }
      adopt(null);
      setNotice('');
      navigate(`${BASE}/sign-in`);
    },
  };

  // Where the path sends this reader, if elsewhere: the sign-in page (coming back here after), or on to the dashboard.
  const redirect = me === undefined ? null : whereTo(path, me);
  useEffect(() => {
    if (!redirect) return;
    if (redirect === `${BASE}/sign-in` && path !== BASE) returnTo.current = path;
    navigate(redirect, { replace: true });
  }, [redirect]);
  useEffect(() => setFailure(''), [path]);

  // after moving to another page, focus goes to its title (screen readers announce it, Tab goes on from there)
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('page-title')?.focus();
  }, [path, me === undefined]);

  let content: ComponentChildren;
  if (bootError) content = <Alert>{bootError}</Alert>;
  else if (me === undefined || redirect) content = <p class="loading">{t.loading}</p>;
  else if (PUBLIC_PAGES[path]) content = <Fragment key={linkOpened}>{PUBLIC_PAGES[path]()}</Fragment>;
  else if (path === `${BASE}/sign-in`) content = <SignIn notice={notice} />;
  else if (path === `${BASE}/sign-up`) content = <SignUp />;
  else content = <SignedInPage path={path} me={me!} />;

  return (
    <I18n.Provider value={i18n}>
      <SessionContext.Provider value={session}>
        <a class="skip" href="#main">
          {t.skipToContent}
        </a>
        <Header me={me ?? null} path={path} />
        {me ? (
          <div class="layout">
            <Navigation me={me} path={path} />
            <main id="main" tabIndex={-1}>
              <Alert>{failure}</Alert>
              {content}
            </main>
          </div>
        ) : (
          <main id="main" tabIndex={-1} class="signed-out">
            {content}
          </main>
        )}
      </SessionContext.Provider>
    </I18n.Provider>
  );
}

function whereTo(path: string, me: Me | null): string | null {
  if (PUBLIC_PAGES[path]) return null;
  if (!me) return SIGNED_OUT_PAGES.includes(path) ? null : `${BASE}/sign-in`;
  if (SIGNED_OUT_PAGES.includes(path) || path === BASE) return me.organizations.length ? `${BASE}/orgs/${me.organizations[0].id}/usage` : `${BASE}/orgs/new`;
  const org = match(`${BASE}/orgs/:id`, path);
  if (org && isId(org.id)) return `${path}/usage`;
  return null;
}

/** The organization of an `/orgs/:id/…` path, and the section; null when an id is not one (the page is not found). */
function organizationPage(path: string): { organizationId: string; section: Section; endpointId?: string } | null {
  const endpoint = match(`${BASE}/orgs/:id/webhooks/:endpointId`, path);
  if (endpoint)
    return isId(endpoint.id) && isId(endpoint.endpointId) ? { organizationId: endpoint.id, section: 'webhooks', endpointId: endpoint.endpointId } : null;
  const page = match(`${BASE}/orgs/:id/:section`, path);
  if (page && isId(page.id) && (SECTIONS as readonly string[]).includes(page.section)) return { organizationId: page.id, section: page.section as Section };
  return null;
}

function SignedInPage({ path, me }: { path: string; me: Me }) {
  const { t } = useI18n();
  if (path === `${BASE}/account`) return <AccountPage />;
  if (path === `${BASE}/orgs/new`) return <NewOrganizationPage />;
  const page = organizationPage(path);
  const organization = page && me.organizations.find((each) => each.id === page.organizationId);
  if (!page || !organization) {
    return (
      <>
        <PageTitle title={t.notFound}>{t.notFound}</PageTitle>
        <p>
          <Link href={BASE}>{t.backHome}</Link>
        </p>
      </>
    );
  }
  return <OrganizationSection organization={organization} section={page.section} endpointId={page.endpointId} />;
}

function OrganizationSection({ organization, section, endpointId }: { organization: MyOrganization; section: Section; endpointId?: string }) {
  switch (section) {
    case 'usage':
      return <UsagePage organizationId={organization.id} />;
    case 'keys':
      return <KeysPage organization={organization} />;
    case 'requests':
      return <RequestsPage organizationId={organization.id} />;
    case 'webhooks':
      return endpointId ? <WebhookEndpointPage organization={organization} endpointId={endpointId} /> : <WebhooksPage organization={organization} />;
    case 'members':
      return <MembersPage organization={organization} />;
    case 'audit-log':
      return <AuditLogPage organizationId={organization.id} />;
  }
}

function Header({ me, path }: { me: Me | null; path: string }) {
  const { t, language, setLanguage } = useI18n();
  const session = useSession();
  const page = organizationPage(path);
  return (
    <header class="top">
      <Link class="brand" href={BASE}>
        {t.brand}
      </Link>
      <div class="controls">
        {me && me.organizations.length ? (
          <div class="control">
            <label for="organization-switch">{t.organization}</label>
            <select
              id="organization-switch"
              value={page?.organizationId ?? ''}
              onChange={(event) => navigate(`${BASE}/orgs/${event.currentTarget.value}/${page?.section ?? 'usage'}`)}
            >
              {page ? null : <option value="">—</option>}
              {me.organizations.map((organization) => (
                <option key={organization.id} value={organization.id}>
                  {organization.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div class="control">
          <label for="language-switch">{t.language}</label>
          <select id="language-switch" value={language} onChange={(event) => setLanguage(event.currentTarget.value as Language)}>
            {(Object.keys(LANGUAGES) as Language[]).map((each) => (
              <option key={each} value={each} lang={each}>
                {LANGUAGES[each].languageName}
              </option>
            ))}
          </select>
        </div>
        {me ? (
          <>
            <span class="who">{t.signedInAs(me.user.name)}</span>
            <button type="button" onClick={() => void session.signOut()}>
              {t.signOut}
            </button>
          </>
        ) : null}
      </div>
    </header>
  );
}

function Navigation({ me, path }: { me: Me; path: string }) {
  const { t } = useI18n();
  const page = organizationPage(path);
  const organizationId = page?.organizationId ?? me.organizations[0]?.id;
  const titles: Record<Section, string> = {
    usage: t.usageTitle,
    keys: t.keysTitle,
    requests: t.requestsTitle,
    webhooks: t.webhooksTitle,
    members: t.membersTitle,
    'audit-log': t.auditTitle,
  };
  const item = (href: string, text: string, current: boolean) => (
    <li key={href}>
      <Link href={href} aria-current={current ? 'page' : undefined}>
        {text}
      </Link>
    </li>
  );
  return (
    <nav class="side" aria-label={t.mainNavigation}>
      {organizationId ? (
        <ul>{SECTIONS.map((section) => item(`${BASE}/orgs/${organizationId}/${section}`, titles[section], page?.section === section))}</ul>
      ) : null}
      <ul>
        {item(`${BASE}/orgs/new`, t.newOrganization, path === `${BASE}/orgs/new`)}
        {item(`${BASE}/account`, t.account, path === `${BASE}/account`)}
      </ul>
    </nav>
  );
}
