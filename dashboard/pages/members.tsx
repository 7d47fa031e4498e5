import { useState } from 'preact/hooks';
import { api, pathSegment } from '../api';
import { Alert, DateTime, errorText, Field, Loading, PageTitle, SelectField, Status, useForm, useLoad } from '../components';
import { useI18n } from '../i18n';
import { BASE, navigate } from '../router';
import { useSession } from '../session';
import { Invitation, Member, MyOrganization, Role, roleAtLeast, ROLES } from '../types';

/** Members and their roles, and invitations: admins manage non-owners, owners anyone; every member may leave. */
export function MembersPage({ organization }: { organization: MyOrganization }) {
  const { t } = useI18n();
  const session = useSession();
  const base = `/account/organizations/${pathSegment(organization.id)}`;
  const members = useLoad(() => api<Member[]>('GET', `${base}/members`), [base]);
  const isAdmin = roleAtLeast(organization.role, 'admin');
  const invitations = useLoad(() => (isAdmin ? api<Invitation[]>('GET', `${base}/invitations`) : Promise.resolve([])), [base, isAdmin]);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const me = session.me!.user.id;
  const roleOptions = (ROLES as Role[])
    .filter((role) => organization.role === 'owner' || role !== 'owner')
    .map((role): [string, string] => [role, t.roles[role]]);

  const act = async (action: () => Promise<string>) => {
    setNotice('');
    setError('');
    try {
      setNotice(await action());
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };
  const changeRole = (member: Member, role: string) =>
    act(async () => {
      await api('PATCH', `${base}/members/${pathSegment(member.userId)}`, { role });
      await members.reload();
      if (member.userId === me) await session.refresh();
      return t.roleChanged(member.name, t.roles[role]);
    });
  const remove = (member: Member) =>
    act(async () => {
      await api('DELETE', `${base}/members/${pathSegment(member.userId)}`);
      if (member.userId === me) {
        await session.refresh();
        navigate(BASE);
      } else await members.reload();
      return t.memberRemoved(member.name);
    });
  const revokeInvitation = (invitation: Invitation) =>
    act(async () => {
      await api('DELETE', `${base}/invitations/${pathSegment(invitation.id)}`);
      await invitations.reload();
      return '';
    });

  return (
    <>
      <PageTitle title={t.membersTitle}>{t.membersTitle}</PageTitle>
      <p>{t.roleNote(t.roles[organization.role])}</p>
      {notice ? <Status>{notice}</Status> : null}
      <Alert>{error}</Alert>
      <section class="panel" aria-labelledby="members-title">
        <h2 id="members-title">{t.membersTitle}</h2>
        {!members.data ? (
          <Loading error={members.error} />
        ) : (
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.member}</th>
                  <th scope="col">{t.email}</th>
                  <th scope="col">{t.role}</th>
                  <th scope="col">{t.joined}</th>
                  <th scope="col">
                    <span class="visually-hidden">{t.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.data.map((member) => (
                  <MemberRow
                    key={member.userId}
                    member={member}
                    self={member.userId === me}
                    canManage={isAdmin && (organization.role === 'owner' || member.role !== 'owner')}
                    roleOptions={roleOptions}
                    onRole={changeRole}
                    onRemove={remove}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {isAdmin ? (
        <>
          <Invite base={base} roleOptions={roleOptions} onInvited={(email) => void invitations.reload().then(() => setNotice(t.invited(email)))} />
          <section class="panel" aria-labelledby="invitations-title">
            <h2 id="invitations-title">{t.invitations}</h2>
            {!invitations.data ? (
              <Loading error={invitations.error} />
            ) : invitations.data.length === 0 ? (
              <p>{t.invitationsEmpty}</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.email}</th>
                    <th scope="col">{t.role}</th>
                    <th scope="col">{t.created}</th>
                    <th scope="col">{t.expires}</th>
                    <th scope="col">
                      <span class="visually-hidden">{t.actions}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {invitations.data.map((invitation) => (
                    <tr key={invitation.id}>
                      <th scope="row">{invitation.email}</th>
                      <td>{t.roles[invitation.role]}</td>
                      <td>
                        <DateTime value={invitation.createdAt} />
                      </td>
                      <td>
                        <DateTime value={invitation.expiresAt} />
                      </td>
                      <td>
                        <button type="button" class="danger" aria-label={t.revokeInvitationOf(invitation.email)} onClick={() => revokeInvitation(invitation)}>
                          {t.revoke}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      ) : null}
    </>
  );
}

function MemberRow({
  member,
  self,
  canManage,
  roleOptions,
  onRole,
  onRemove,
}: {
  member: Member;
  self: boolean;
  canManage: boolean;
  roleOptions: [string, string][];
  onRole: (member: Member, role: string) => void;
  onRemove: (member: Member) => void;
}) {
  const { t } = useI18n();
  const [role, setRole] = useState<string>(member.role);
  return (
    <tr>
      <th scope="row">
        {member.name} {self ? <span class="hint">{t.you}</span> : null}
      </th>
      <td>{member.email}</td>
      <td>
        {canManage ? (
          <form
            class="inline"
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              onRole(member, role);
            }}
          >
            <label class="visually-hidden" for={`role-${member.userId}`}>
              {t.roleOf(member.name)}
            </label>
            <select id={`role-${member.userId}`} value={role} onChange={(event) => setRole(event.currentTarget.value)}>
              {roleOptions.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>{' '}
            <button type="submit" disabled={role === member.role} aria-label={t.changeRoleOf(member.name)}>
              {t.changeRole}
            </button>
          </form>
        ) : (
          t.roles[member.role]
        )}
      </td>
      <td>
        <DateTime value={member.joinedAt} />
      </td>
      <td>
        {self || canManage ? (
          <button type="button" class="danger" aria-label={self ? t.leave : t.removeOf(member.name)} onClick={() => onRemove(member)}>
            {self ? t.leave : t.remove}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function Invite({ base, roleOptions, onInvited }: { base: string; roleOptions: [string, string][]; onInvited: (email: string) => void }) {
  const { t } = useI18n();
  const form = useForm({ email: '', role: 'developer' });
  const submit = form.submit(async ({ email, role }) => {
    const invitation = await api<Invitation>('POST', `${base}/invitations`, { email, role });
    form.setValues({ email: '', role });
    onInvited(invitation.email);
  });
  return (
    <section class="panel" aria-labelledby="invite-title">
      <h2 id="invite-title">{t.invite}</h2>
      <form method="post" onSubmit={submit} noValidate class="filters">
        <Field label={t.email} type="email" autoComplete="off" value={form.values.email} onValue={form.set('email')} errors={form.fieldErrors.email} />
        <SelectField label={t.role} value={form.values.role} onValue={form.set('role')} options={roleOptions} errors={form.fieldErrors.role} />
        <button type="submit" class="primary" disabled={form.busy}>
          {t.inviteButton}
        </button>
      </form>
      <Alert>{form.formError}</Alert>
    </section>
  );
}
