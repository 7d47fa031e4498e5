import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuthContract } from '@platform/contracts';
import { Environment, InternalApi, PlatformRequest } from '@platform/pipeline';
import { JobQueue } from '@platform/data';

export const RECORD_ENDPOINT_AUDIT = 'utilities:record-endpoint-audit';

/**
 * Webhook endpoint changes in the organization's audit log, which auth keeps: who (the person of
 * the session, or the key), what, to which endpoint, from which address. Each change queues a job
 * once it is made, and the job hands it to auth, retried while auth is away.
 */
@Injectable()
export class WebhookAuditTrail {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
    private readonly queue: JobQueue,
  ) {
    queue.handle<AuthContract.AuditRecord>(
      RECORD_ENDPOINT_AUDIT,
      (record) => this.api.expectOk(this.env.AUTH_URL, AuthContract.RECORD_AUDIT, { body: record, timeoutMs: 10_000 }).then(() => undefined),
      {
        maxAttempts: 20,
        retryBaseMs: 2000,
      },
    );
  }

  async record(request: FastifyRequest, action: string, endpointId: string, data: Record<string, unknown> = {}): Promise<void> {
    const state = (request as PlatformRequest).platform;
    const principal = state?.principal;
    if (!principal) return;
    const session = state?.session;
    const record: AuthContract.AuditRecord = {
      organizationId: principal.organizationId,
      actorUserId: session?.userId ?? null,
      actorCredentialId: session ? null : principal.credentialId,
      action,
      targetType: 'webhook_endpoint',
      targetId: endpointId,
      data: state?.tenant?.actingOnBehalf ? { ...data, companyId: state.tenant.companyId } : data,
      ipAddress: request.ip ?? null,
      at: Date.now(),
    };
    await this.queue.add(RECORD_ENDPOINT_AUDIT, record);
  }
}
