import { Inject, Injectable } from '@nestjs/common';
import { AuthContract } from '@platform/contracts';
import { Environment, InternalApi, PlatformException } from '@platform/pipeline';

export const NOT_A_VERIFIED_MEMBER = 'alertEmail must be the verified email address of a member of the organization';

/**
 * Who may receive a webhook endpoint's alerts: a person auth knows by that verified address as a
 * member of the endpoint's organization. Asked when the address is set and again before each
 * alert, so that an endpoint never mails a stranger, nor a member who has left.
 */
@Injectable()
export class AlertRecipients {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  /** 503 UPSTREAM_UNAVAILABLE when auth does not answer. */
  async isVerifiedMember(organizationId: string, email: string): Promise<boolean> {
    const answer = await this.api.expectOk(this.env.AUTH_URL, AuthContract.ALERT_RECIPIENT, { params: { organizationId }, body: { email } });
    return answer.verifiedMember;
  }

  /** The address to keep (lower-cased, as auth keeps people's), once it is a verified member's; VALIDATION_FAILED on alertEmail otherwise. */
  async admit(organizationId: string, email: string): Promise<string> {
    const address = email.toLowerCase();
    if (!(await this.isVerifiedMember(organizationId, address))) throw PlatformException.validation({ alertEmail: [NOT_A_VERIFIED_MEMBER] });
    return address;
  }
}
