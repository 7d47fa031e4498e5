import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIp } from '@nestjs/throttler';
import {
  ApiEnvelope,
  ApiErrors,
  ApiTag,
  CurrentSession,
  Environment,
  headerValue,
  PlatformException,
  Public,
  RateLimitStore,
  SessionPrincipal,
  SignedIn,
  SuccessMessage,
} from '@platform/pipeline';
import { Actor } from '../audit/audit.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { SessionGateway } from '../sessions/session-gateway.service';
import { Session } from '../sessions/session.entity';
import { SessionsService } from '../sessions/sessions.service';
import { AccountsService } from './accounts.service';
import { clearPlainCookie, DEVICE_COOKIE, requestCookie, SESSION_COOKIE, setCookie } from './cookies';
import { DEVICE_COOKIE_LIFETIME_SECONDS } from './device-cookies.service';
import { AcceptedInvitationView, MeView, SessionView, SignUpView, VerifiedEmailView } from './dto/accounts-views.dto';
import { ChangePasswordDto, EmailDto, LinkTokenDto, ResetPasswordDto, SessionParamsDto, SignInDto, SignUpDto } from './dto/account.dto';
import { isOwnOrigin } from './origins';
import { SignUpsService } from './sign-ups.service';
import { User } from './user.entity';

const TAG = [
  'Accounts',
  'People’s dashboard accounts: sign-up, email verification, sign-in, sign-in unlock, password reset, sessions. Signed-in routes take the session the gateway forwards (X-Platform-Session).',
] as const;
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

export function actorOf(request: FastifyRequest, session: SessionPrincipal, email: string | null = null): Actor & { userId: string } {
  return { userId: session.userId, email, ipAddress: request.ip ?? null };
}

export function userView(user: User) {
  return { id: user.id, email: user.email, name: user.name, emailVerified: !!user.emailVerifiedAt, createdAt: user.createdAt };
}

/** Whether the dashboard's cookies are Secure (and `__Host-`): always, unless it is addressed on loopback over plain HTTP (the one-machine suite). */
function secureCookies(request: FastifyRequest): boolean {
  const host = headerValue(request, 'x-forwarded-host') ?? headerValue(request, 'host') ?? '';
  return request.protocol === 'https' || !LOOPBACK_HOST.test(host);
}

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site
 * POSTs), Secure with the `__Host-` prefix (see cookies.ts), for the session's absolute
 * lifetime. Cleared with an expired one.
 */
function sessionCookies(request: FastifyRequest, value: string, maxAgeSeconds: number): string[] {
  const options = { maxAgeSeconds, secure: secureCookies(request), sameSite: 'Lax' } as const;
  return options.secure ? [setCookie(SESSION_COOKIE, value, options), clearPlainCookie(SESSION_COOKIE, options)] : [setCookie(SESSION_COOKIE, value, options)];
}

/** The device cookie (see DeviceCookies): HttpOnly, SameSite=Strict (only the dashboard's own sign-in needs it), for a year. */
function deviceCookie(request: FastifyRequest, value: string): string {
  return setCookie(DEVICE_COOKIE, value, { maxAgeSeconds: DEVICE_COOKIE_LIFETIME_SECONDS, secure: secureCookies(request), sameSite: 'Strict' });
}

@ApiTag(...TAG)
@Controller('account')
export class AccountController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly signUps: SignUpsService,
    private readonly organizations: OrganizationsService,
    private readonly sessions: SessionsService,
    private readonly gateway: SessionGateway,
    private readonly store: RateLimitStore,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  /**
   * Sign-ups and emailed links asked for from one client address (an IPv6 one by its /64): each
   * sign-up spends a password hash and each request may send an email, so one address gets
   * LOGIN_FAILURES_PER_ADDRESS of them per TOKEN_FAILURE_WINDOW_SECONDS, then 429.
   */
  private async perAddress(request: FastifyRequest): Promise<void> {
    const window = this.env.TOKEN_FAILURE_WINDOW_SECONDS;
    const counted = await this.store.countWithinLimits(
      [{ key: `account-ops:ip:${normalizeIp(request.ip)}`, limit: this.env.LOGIN_FAILURES_PER_ADDRESS }],
      window * 1000,
    );
    if (counted === 0) throw PlatformException.tooManyRequests(window);
  }

  /** A browser's cross-site POST (login CSRF): refused when its Origin is not the dashboard's own (scheme and host). */
  private sameOrigin(request: FastifyRequest): void {
    const origin = headerValue(request, 'origin');
    if (origin === undefined) return;
    const hosts = [headerValue(request, 'x-forwarded-host'), headerValue(request, 'host')].filter((host): host is string => !!host);
    if (!isOwnOrigin(origin, { scheme: request.protocol, hosts, publicBaseUrl: this.env.PUBLIC_BASE_URL })) throw new PlatformException('CSRF_CHECK_FAILED');
  }

  @Post('signup')
  @Public()
  @HttpCode(202)
  @SuccessMessage('signUpReceived')
  @ApiOperation({
    summary: 'Sign up',
    description:
      'Emails a verification link; the account, with this password and name, and an organization it owns (developer-sandbox plan) are made when that link is used, within 24 hours. Each sign-up has its own link: signing up again with the same address sends a new one, and the first link used makes the account and ends the others. An address that already has an account gets an email saying so instead: the answer is the same either way.',
  })
  @ApiEnvelope(202, SignUpView, 'The verification email is on its way.')
  @ApiErrors('CSRF_CHECK_FAILED', 'RATE_LIMIT_EXCEEDED')
  async signUp(@Body() body: SignUpDto, @Req() request: FastifyRequest) {
    this.sameOrigin(request);
    await this.perAddress(request);
    await this.signUps.signUp(body, request.ip);
    return { email: body.email.trim().toLowerCase() };
  }

  @Post('verify-email')
  @Public()
  @HttpCode(200)
  @SuccessMessage('emailVerified')
  @ApiOperation({
    summary: 'Verify an email address with the emailed link’s token',
    description:
      'Makes the account of the sign-up the link was sent for, with its password, name and organization. A link of an address that has an account by now is spent.',
  })
  @ApiEnvelope(200, VerifiedEmailView, 'The address is verified.')
  @ApiErrors('ACCOUNT_LINK_INVALID')
  async verifyEmail(@Body() body: LinkTokenDto, @Req() request: FastifyRequest) {
    const user = await this.signUps.verify(body.token, request.ip ?? null);
    return { email: user.email, emailVerifiedAt: user.emailVerifiedAt };
  }

  @Post('verify-email/resend')
  @Public()
  @HttpCode(202)
  @SuccessMessage('emailSentIfKnown')
  @ApiOperation({
    summary: 'Send the verification email again',
    description:
      'Sends the address’s latest sign-up a new link (the one emailed before stops working). At most 5 account emails an hour per address; the answer is the same whether or not the address has a sign-up waiting.',
  })
  @ApiEnvelope(202, null, 'An email is on its way if the address has a sign-up waiting for its link.', { empty: true })
  @ApiErrors('RATE_LIMIT_EXCEEDED')
  async resendVerification(@Body() body: EmailDto, @Req() request: FastifyRequest) {
    await this.perAddress(request);
    await this.signUps.resend(body.email);
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @SuccessMessage('signedIn')
  @ApiOperation({
    summary: 'Sign in',
    description:
      'Sets the session cookie (HttpOnly, SameSite=Lax; Secure and named `__Host-platform_session` outside loopback) and a device cookie that marks this browser as one the account signed in on (`platform_device`, likewise, for a year). Failed sign-ins are limited per client address (`LOGIN_FAILURES_PER_ADDRESS`, 30) and per account (`LOGIN_FAILURES_PER_ACCOUNT`, 10) over 15 minutes. At the account’s limit its password is checked only on a browser with its device cookie; elsewhere the answer is 429 (`details.unlockByEmail`), right password or not, and `POST /api/v1/account/unlock` emails the owner a link that lifts the limit.',
  })
  @ApiEnvelope(200, MeView, 'The user, their organizations, the session and its CSRF token.')
  @ApiErrors('INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'CSRF_CHECK_FAILED', 'RATE_LIMIT_EXCEEDED')
  async login(@Body() body: SignInDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    this.sameOrigin(request);
    const signedIn = await this.accounts.signIn(body.email, body.password, {
      ip: request.ip,
      ipAddress: request.ip ?? null,
      userAgent: headerValue(request, 'user-agent') ?? null,
      deviceCookie: this.deviceCookieOf(request),
    });
    void reply.header('set-cookie', [
      ...sessionCookies(request, signedIn.token, this.env.SESSION_LIFETIME_SECONDS),
      deviceCookie(request, signedIn.deviceCookie),
    ]);
    void reply.header('cache-control', 'no-store');
    return this.meOf(signedIn.user.id, signedIn.session);
  }

  @Post('logout')
  @SignedIn()
  @HttpCode(200)
  @SuccessMessage('signedOut')
  @ApiOperation({ summary: 'Sign out: the session ends and its cookie is cleared' })
  @ApiEnvelope(200, null, 'Signed out.', { empty: true })
  async logout(@CurrentSession() session: SessionPrincipal, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.accounts.signOut(session.userId, session.sessionId);
    void reply.header('set-cookie', sessionCookies(request, '', 0));
  }

  @Post('password-reset')
  @Public()
  @HttpCode(202)
  @SuccessMessage('emailSentIfKnown')
  @ApiOperation({
    summary: 'Ask for a password reset link',
    description: 'The link works once, for an hour, and only until the password changes. The answer is the same whether or not the address has an account.',
  })
  @ApiEnvelope(202, null, 'An email is on its way if the address has an account.', { empty: true })
  @ApiErrors('RATE_LIMIT_EXCEEDED')
  async requestReset(@Body() body: EmailDto, @Req() request: FastifyRequest) {
    await this.perAddress(request);
    await this.accounts.requestPasswordReset(body.email);
  }

  @Post('password-reset/confirm')
  @Public()
  @HttpCode(200)
  @SuccessMessage('passwordChanged')
  @ApiOperation({
    summary: 'Choose a new password with the reset link’s token',
    description: 'Every session of the account ends, and so does every other link emailed to it (other reset links included).',
  })
  @ApiEnvelope(200, null, 'The password is changed.', { empty: true })
  @ApiErrors('ACCOUNT_LINK_INVALID')
  async confirmReset(@Body() body: ResetPasswordDto, @Req() request: FastifyRequest) {
    await this.accounts.resetPassword(body.token, body.password, request.ip);
  }

  @Post('unlock')
  @Public()
  @HttpCode(202)
  @SuccessMessage('emailSentIfKnown')
  @ApiOperation({
    summary: 'Ask for a sign-in unlock link',
    description:
      'For an account at its failure limit (sign-in answers 429 with `details.unlockByEmail`): emails its owner a link that works once, for an hour. At most 5 account emails an hour per address; the answer is the same whether or not the address has an account, or one at its limit.',
  })
  @ApiEnvelope(202, null, 'An email is on its way if the address has an account at its limit.', { empty: true })
  @ApiErrors('RATE_LIMIT_EXCEEDED')
  async requestUnlock(@Body() body: EmailDto, @Req() request: FastifyRequest) {
    await this.perAddress(request);
    await this.accounts.requestUnlock(body.email);
  }

  @Post('unlock/confirm')
  @Public()
  @HttpCode(200)
  @SuccessMessage('signInUnlocked')
  @ApiOperation({
    summary: 'Lift an account’s failure limit with the unlock link’s token',
    description:
      'Clears the account’s failed sign-ins and sets this browser’s device cookie for the account, so that it can sign in here even if someone fills the limit again.',
  })
  @ApiEnvelope(200, null, 'Sign-in is unlocked.', { empty: true })
  @ApiErrors('ACCOUNT_LINK_INVALID', 'CSRF_CHECK_FAILED')
  async confirmUnlock(@Body() body: LinkTokenDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    this.sameOrigin(request);
    const { deviceCookie: value } = await this.accounts.unlock(body.token);
    void reply.header('set-cookie', deviceCookie(request, value));
    void reply.header('cache-control', 'no-store');
  }

  @Get('me')
  @SignedIn()
  @ApiOperation({ summary: 'Read the signed-in user, their organizations and roles, and the CSRF token' })
  @ApiEnvelope(200, MeView, 'The user, their organizations, the session and its CSRF token.')
  async me(@CurrentSession() session: SessionPrincipal) {
    const current = (await this.sessions.listLive(session.userId)).find((live) => live.id === session.sessionId);
    if (!current) throw new PlatformException('GATEWAY_AUTH_INVALID', { reason: 'revoked' });
    return this.meOf(session.userId, current);
  }

  @Post('me/password')
  @SignedIn()
  @HttpCode(200)
  @SuccessMessage('passwordChanged')
  @ApiOperation({
    summary: 'Change the password',
    description:
      'Needs the current password: a wrong one counts as a failed sign-in of the account and of the client address (429 at their limits, as at sign-in). Every other session of the account ends, and so does every link emailed to it and not used yet.',
  })
  @ApiEnvelope(200, null, 'The password is changed.', { empty: true })
  @ApiErrors('INVALID_CREDENTIALS', 'RATE_LIMIT_EXCEEDED')
  async changePassword(@CurrentSession() session: SessionPrincipal, @Body() body: ChangePasswordDto, @Req() request: FastifyRequest) {
    await this.accounts.changePassword(actorOf(request, session), session.sessionId, body.currentPassword, body.newPassword, {
      ip: request.ip,
      deviceCookie: this.deviceCookieOf(request),
    });
  }

  @Get('sessions')
  @SignedIn()
  @ApiOperation({ summary: 'List the user’s live sessions' })
  @ApiEnvelope(200, SessionView, 'The live sessions, the most recently used first.', { isArray: true })
  async listSessions(@CurrentSession() session: SessionPrincipal) {
    return (await this.sessions.listLive(session.userId)).map((live) => this.sessionView(live, session.sessionId));
  }

  @Delete('sessions/:id')
  @SignedIn()
  @HttpCode(200)
  @SuccessMessage('deleted')
  @ApiOperation({ summary: 'End one of the user’s sessions' })
  @ApiEnvelope(200, null, 'The session has ended; its cookie opens nothing any more.', { empty: true })
  @ApiErrors('SESSION_NOT_FOUND')
  async endSession(@CurrentSession() session: SessionPrincipal, @Param() params: SessionParamsDto, @Req() request: FastifyRequest) {
    await this.accounts.endSession(actorOf(request, session), params.id.toLowerCase());
  }

  @Post('invitations/accept')
  @SignedIn()
  @HttpCode(200)
  @SuccessMessage('ok')
  @ApiOperation({
    summary: 'Accept an invitation to an organization',
    description:
      'The signed-in user’s email must be the one invited, and they may join while they are a member of fewer than `ORGANIZATIONS_PER_USER` organizations (10 by default).',
  })
  @ApiEnvelope(200, AcceptedInvitationView, 'The organization joined, with the role.')
  @ApiErrors('ACCOUNT_LINK_INVALID', 'ORGANIZATION_LIMIT_REACHED')
  async accept(@CurrentSession() session: SessionPrincipal, @Body() body: LinkTokenDto, @Req() request: FastifyRequest) {
    const { organization, role } = await this.organizations.accept(actorOf(request, session), body.token);
    return { organization: { id: organization.id, name: organization.name, plan: organization.plan, role, createdAt: organization.createdAt } };
  }

  private deviceCookieOf(request: FastifyRequest): string | undefined {
    return requestCookie(headerValue(request, 'cookie'), DEVICE_COOKIE);
  }

  private sessionView(session: Session, currentId: string) {
    return {
      id: session.id,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      expiresAt: this.sessions.endsAt(session),
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      current: session.id === currentId,
    };
  }

  private async meOf(userId: string, session: Session) {
    const { user, organizations } = await this.accounts.me(userId);
    return {
      user: userView(user),
      organizations: organizations.map(({ organization, role }) => ({
        id: organization.id,
        name: organization.name,
        plan: organization.plan,
        role,
        createdAt: organization.createdAt,
      })),
      session: this.sessionView(session, session.id),
      csrfToken: this.gateway.csrfTokenOf(session.id),
    };
  }
}
