import { ApiProperty } from '@nestjs/swagger';
import { ORGANIZATION_ROLES } from '@platform/pipeline';

/** The shapes the account routes answer in `data` (OpenAPI only: the handlers build them). */

export class UserView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'email', example: 'ada@example.com' })
  email: string;

  @ApiProperty({ example: 'Ada Okonkwo' })
  name: string;

  @ApiProperty()
  emailVerified: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class MyOrganizationView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Acme Payroll' })
  name: string;

  @ApiProperty({ example: 'developer-sandbox' })
  plan: string;

  @ApiProperty({ enum: ORGANIZATION_ROLES, description: 'Your role in it.' })
  role: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class SessionView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', description: 'The last request seen (to the minute).' })
  lastSeenAt: string;

  @ApiProperty({ format: 'date-time', description: 'When it ends if unused: its idle limit or its absolute end, whichever comes first.' })
  expiresAt: string;

  @ApiProperty({ type: String, nullable: true, description: 'The address it signed in from.' })
  ipAddress: string | null;

  @ApiProperty({ type: String, nullable: true })
  userAgent: string | null;

  @ApiProperty({ description: 'Whether it is the session of this request.' })
  current: boolean;
}

export class MeView {
  @ApiProperty({ type: UserView })
  user: UserView;

  @ApiProperty({ type: [MyOrganizationView] })
  organizations: MyOrganizationView[];

  @ApiProperty({ type: SessionView })
  session: SessionView;

  @ApiProperty({ description: 'Send it as `X-CSRF-Token` with every POST, PATCH and DELETE of this session.' })
  csrfToken: string;
}

export class SignUpView {
  @ApiProperty({ format: 'email', description: 'Where the verification link went (if the address had no account yet).' })
  email: string;
}

export class VerifiedEmailView {
  @ApiProperty({ format: 'email' })
  email: string;

  @ApiProperty({ format: 'date-time' })
  emailVerifiedAt: string;
}

export class AcceptedInvitationView {
  @ApiProperty({ type: MyOrganizationView })
  organization: MyOrganizationView;
}
