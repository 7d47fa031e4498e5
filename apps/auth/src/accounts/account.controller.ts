import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIp } from '@nestjs/throttler';
import { ApiEnvelope, ApiErrors, ApiTag, CurrentSession, Environment, headerValue, PlatformException, Public, RateLimitStore, SessionPrincipal, SignedIn, SuccessMessage } from '@platform/common';
import { Session, User } from './account.entities';
import { AccountsService } from './accounts.service';
import { Actor } from './audit.service';
import { AcceptedInvitationView, MeView, SessionView, SignUpView, VerifiedEmailView } from './dto/account-views.dto';
import { ChangePasswordDto, EmailDto, LinkTokenDto, ResetPasswordDto, SessionParamsDto, SignInDto, SignUpDto } from './dto/account.dto';
import { OrganizationsService } from './organizations.service';
import { SessionGateway } from './session-gateway';
import { SESSION_COOKIE, SessionsService } from './sessions.service';

const TAG = ['Accounts', 'People’s dashboard accounts: sign-up, email verification, sign-in, password reset, sessions. Signed-in routes take the session the gateway forwards (X-Platform-Session).'] as const;
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

export function actorOf(request: FastifyRequest, session: SessionPrincipal, email: string | null = null): Actor & { userId: string } {
  return { userId: session.userId, email, ipAddress: request.ip ?? null };
}

export function userView(user: User) {
  return { id: user.id, email: user.email, name: user.name, emailVerified: !!user.emailVerifiedAt, createdAt: user.createdAt };
}

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site
 * POSTs), Secure unless the dashboard is addressed on loopback over plain HTTP (the one-machine
 * suite), for the session's absolute lifetime. Cleared with an expired one.
 */
function sessionCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const host = headerValue(request, 'x-forwarded-host') ?? headerValue(request, 'host') ?? '';
  const secure = request.protocol === 'https' || !LOOPBACK_HOST.test(host);
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

@ApiTag(...TAG)
@Controller('account')
export class AccountController {
  constructor(
    private readonly accounts: AccountsService,
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
    const counted = await this.store.countWithinLimits([{ key: `account-ops:ip:${normalizeIp(request.ip)}`, limit: this.env.LOGIN_FAILURES_PER_ADDRESS }], window * 1000);
    if (counted === 0) throw PlatformException.tooManyRequests(window);
  }

  /** A browser's cross-site POST (login CSRF): refused when its Origin is not this host's. */
  private sameOrigin(request: FastifyRequest): void {
    const origin = headerValue(request, 'origin');
    if (!origin) return;
    const hosts = [headerValue(request, 'x-forwarded-host'), headerValue(request, 'host'), this.env.PUBLIC_BASE_URL && new URL(this.env.PUBLIC_BASE_URL).host].filter(Boolean);
    let host = '';
    try {
      host = new URL(origin).host;
    } catch {
      // not a URL: refused below
    }
    if (!hosts.includes(host)) throw new PlatformException('CSRF_CHECK_FAILED');
  }

  @Post('signup')
  @Public()
  @HttpCode(202)
  @SuccessMessage('signUpReceived')
  @ApiOperation({
    summary: 'Sign up',
    description: 'Creates the account and an organization it owns (developer-sandbox plan), and emails a verification link. An address that already has an account gets an email saying so instead: the answer is the same either way.',
  })
  @ApiEnvelope(202, SignUpView, 'The verification email is on its way.')
  @ApiErrors('CSRF_CHECK_FAILED', 'RATE_LIMIT_EXCEEDED')
  async signUp(@Body() body: SignUpDto, @Req() request: FastifyRequest) {
    this.sameOrigin(request);
    await this.perAddress(request);
    await this.accounts.signUp(body);
    return { email: body.email.trim().toLowerCase() };
  }

  @Post('verify-email')
  @Public()
  @HttpCode(200)
  @SuccessMessage('emailVerified')
  @ApiOperation({ summary: 'Verify an email address with the emailed link’s token' })
  @ApiEnvelope(200, VerifiedEmailView, 'The address is verified.')
  @ApiErrors('ACCOUNT_LINK_INVALID')
  async verifyEmail(@Body() body: LinkTokenDto) {
    const user = await this.accounts.verifyEmail(body.token);
    return { email: user.email, emailVerifiedAt: user.emailVerifiedAt };
  }

  @Post('verify-email/resend')
  @Public()
  @HttpCode(202)
  @SuccessMessage('emailSentIfKnown')
  @ApiOperation({ summary: 'Send the verification email again', description: 'At most 5 account emails an hour per account; the answer is the same whether or not the address has an account.' })
  @ApiEnvelope(202, null, 'An email is on its way if the address has an unverified account.', { empty: true })
  @ApiErrors('RATE_LIMIT_EXCEEDED')
  async resendVerification(@Body() body: EmailDto, @Req() request: FastifyRequest) {
    await this.perAddress(request);
    await this.accounts.resendVerification(body.email);
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @SuccessMessage('signedIn')
  @ApiOperation({
    summary: 'Sign in',
    description:
      'Sets the session cookie (HttpOnly, SameSite=Lax, Secure outside loopback). Failed sign-ins are limited per client address (`LOGIN_FAILURES_PER_ADDRESS`, 30) and per account (`LOGIN_FAILURES_PER_ACCOUNT`, 10) over 15 minutes; an account at its limit still takes its right password from an address within its limit.',
  })
  @ApiEnvelope(200, MeView, 'The user, their organizations, the session and its CSRF token.')
  @ApiErrors('INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'CSRF_CHECK_FAILED', 'RATE_LIMIT_EXCEEDED')
  async login(@Body() body: SignInDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    this.sameOrigin(request);
    const { user, session, token } = await this.accounts.signIn(body.email, body.password, { ip: request.ip, ipAddress: request.ip ?? null, userAgent: headerValue(request, 'user-agent') ?? null });
    void reply.header('set-cookie', sessionCookie(request, token, this.env.SESSION_LIFETIME_SECONDS));
    void reply.header('cache-control', 'no-store');
    return this.meOf(user.id, session);
  }

  @Post('logout')
  @SignedIn()
  @HttpCode(200)
  @SuccessMessage('signedOut')
  @ApiOperation({ summary: 'Sign out: the session ends and its cookie is cleared' })
  @ApiEnvelope(200, null, 'Signed out.', { empty: true })
  async logout(@CurrentSession() session: SessionPrincipal, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.accounts.signOut(session.userId, session.sessionId);
    void reply.header('set-cookie', sessionCookie(request, '', 0));
  }

  @Post('password-reset')
  @Public()
  @HttpCode(202)
  @SuccessMessage('emailSentIfKnown')
  @ApiOperation({ summary: 'Ask for a password reset link', description: 'The link works once, for an hour. The answer is the same whether or not the address has an account.' })
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
  @ApiOperation({ summary: 'Choose a new password with the reset link’s token', description: 'Every session of the account ends.' })
  @ApiEnvelope(200, null, 'The password is changed.', { empty: true })
  @ApiErrors('ACCOUNT_LINK_INVALID')
  async confirmReset(@Body() body: ResetPasswordDto, @Req() request: FastifyRequest) {
    await this.accounts.resetPassword(body.token, body.password, request.ip ?? null);
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
  @ApiOperation({ summary: 'Change the password', description: 'Needs the current password. Every other session of the account ends.' })
  @ApiEnvelope(200, null, 'The password is changed.', { empty: true })
  @ApiErrors('INVALID_CREDENTIALS')
  async changePassword(@CurrentSession() session: SessionPrincipal, @Body() body: ChangePasswordDto, @Req() request: FastifyRequest) {
    await this.accounts.changePassword(actorOf(request, session), session.sessionId, body.currentPassword, body.newPassword);
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
  @ApiOperation({ summary: 'Accept an invitation to an organization', description: 'The signed-in user’s email must be the one invited, and they may join while they are a member of fewer than `ORGANIZATIONS_PER_USER` organizations (10 by default).' })
  @ApiEnvelope(200, AcceptedInvitationView, 'The organization joined, with the role.')
  @ApiErrors('ACCOUNT_LINK_INVALID', 'ORGANIZATION_LIMIT_REACHED')
  async accept(@CurrentSession() session: SessionPrincipal, @Body() body: LinkTokenDto, @Req() request: FastifyRequest) {
    const { organization, role } = await this.organizations.accept(actorOf(request, session), body.token);
    return { organization: { id: organization.id, name: organization.name, plan: organization.plan, role, createdAt: organization.createdAt } };
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
      organizations: organizations.map(({ organization, role }) => ({ id: organization.id, name: organization.name, plan: organization.plan, role, createdAt: organization.createdAt })),
      session: this.sessionView(session, session.id),
      csrfToken: this.gateway.csrfTokenOf(session.id),
    };
  }
}

