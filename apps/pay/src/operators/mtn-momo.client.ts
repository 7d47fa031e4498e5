import { formatMinor, MINOR_UNITS } from '../money/currency';
import { mtnOutcome, OperatorOutcome } from './operator-outcomes';
import { CallPolicy, DIRECT, failureOf, OperatorCallError, operatorFetch, OperatorResponse, parseDecimalAmount, TokenCache } from './operator-http';

/**
 * MTN MoMo's Open API, as one operator account calls it: a token per product (collection,
 * disbursement) kept until ten minutes before it expires; our id as `X-Reference-Id`, so a call
 * repeated after a timeout or a 5xx can never pay twice (409 means "it exists: ask its status");
 * an unknown outcome thrown as OperatorCallError('unknown'), never read as a failure.
 */

export type MtnProductName = 'collection' | 'disbursement';

export interface MtnProductCredentials {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
}

export interface MtnMomoConfig {
  /** `https://proxy.momoapi.mtn.com` in production, `https://sandbox.momodeveloper.mtn.com` in MTN's sandbox. */
  baseUrl: string;
  /** `sandbox`, `mtncameroon`, `mtnivorycoast`… */
  targetEnvironment: string;
  collection?: MtnProductCredentials;
  disbursement?: MtnProductCredentials;
  /** Where MTN calls back (our public callback route for this account); no callback without it. */
  callbackUrl?: string;
}

export interface MtnMomoOptions {
  /** Each call's timeout. */
  timeoutMs?: number;
  /** How many times a call with an unknown outcome is sent again with the same reference, at once. */
  retries?: number;
  policy?: CallPolicy;
}

/** What MTN holds of a transaction: its outcome, and the amount and currency it says. */
export type MtnTransactionStatus = OperatorOutcome & { amount: number | null; currency: string | null; externalId: string | null };

export interface MtnTransferRequest {
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  externalId: string;
  /** E.164 without the +: 2376XXXXXXXX. */
  msisdn: string;
  payerMessage: string;
  payeeNote: string;
}

const STATUS_PATHS = {
  requesttopay: '/collection/v1_0/requesttopay',
  transfer: '/disbursement/v1_0/transfer',
  refund: '/disbursement/v1_0/refund',
} as const;

export type MtnTransactionKind = keyof typeof STATUS_PATHS;

/** MTN refuses notes over 160 characters and apostrophes (400): ours are cut and cleaned first. */
export function mtnNote(text: string): string {
  return text.replace(/['’]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 160);
}

export class MtnMomoClient {
  private readonly tokens: Partial<Record<MtnProductName, TokenCache>> = {};
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly policy: CallPolicy;

  constructor(
    private readonly config: MtnMomoConfig,
    options: MtnMomoOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 2;
    this.policy = options.policy ?? DIRECT;
    for (const product of ['collection', 'disbursement'] as const) {
      const credentials = config[product];
      if (credentials) this.tokens[product] = new TokenCache(() => this.fetchToken(product, credentials));
    }
  }

  /** Takes a token of each product the account has: saving an account checks its credentials so. */
  async verify(): Promise<void> {
    for (const cache of Object.values(this.tokens)) await cache.get();
  }

  /** Asks the payer to approve a payment on their phone. `exists`: the reference was already sent. */
  requestToPay(reference: string, request: MtnTransferRequest): Promise<'created' | 'exists'> {
    return this.create('collection', '/collection/v1_0/requesttopay', reference, {
      amount: formatMinor(request.amount, request.currency as keyof typeof MINOR_UNITS),
      currency: request.currency,
      externalId: request.externalId,
      payer: { partyIdType: 'MSISDN', partyId: request.msisdn },
      payerMessage: mtnNote(request.payerMessage),
      payeeNote: mtnNote(request.payeeNote),
    });
  }

  /** Pays a mobile money account from the disbursement account. */
  transfer(reference: string, request: MtnTransferRequest): Promise<'created' | 'exists'> {
    return this.create('disbursement', '/disbursement/v1_0/transfer', reference, {
      amount: formatMinor(request.amount, request.currency as keyof typeof MINOR_UNITS),
      currency: request.currency,
      externalId: request.externalId,
      payee: { partyIdType: 'MSISDN', partyId: request.msisdn },
      payerMessage: mtnNote(request.payerMessage),
      payeeNote: mtnNote(request.payeeNote),
    });
  }

  /** Gives back (part of) a collection, named by its reference. */
  refund(reference: string, request: Omit<MtnTransferRequest, 'msisdn'> & { referenceIdToRefund: string }): Promise<'created' | 'exists'> {
    return this.create('disbursement', '/disbursement/v2_0/refund', reference, {
      amount: formatMinor(request.amount, request.currency as keyof typeof MINOR_UNITS),
      currency: request.currency,
      externalId: request.externalId,
      payerMessage: mtnNote(request.payerMessage),
      payeeNote: mtnNote(request.payeeNote),
      referenceIdToRefund: request.referenceIdToRefund,
    });
  }

  /** What MTN holds of a transaction, or null when it never received it (404). */
  async status(kind: MtnTransactionKind, reference: string): Promise<MtnTransactionStatus | null> {
    const product: MtnProductName = kind === 'requesttopay' ? 'collection' : 'disbursement';
    const response = await this.call(product, 'GET', `${STATUS_PATHS[kind]}/${encodeURIComponent(reference)}`);
    if (response.status === 404) return null;
    if (response.status !== 200 || !response.json || typeof response.json !== 'object') throw failureOf('MTN MoMo', `${kind} status`, response);
    const body = response.json as Record<string, unknown>;
    const currency = typeof body.currency === 'string' ? body.currency : null;
    const exponent = currency && currency in MINOR_UNITS ? MINOR_UNITS[currency as keyof typeof MINOR_UNITS] : null;
    return {
      ...mtnOutcome(body),
      amount: exponent === null ? null : parseDecimalAmount(body.amount, exponent),
      currency,
      externalId: typeof body.externalId === 'string' ? body.externalId : null,
    };
  }

  /** The available balance of a product's account, in minor units. */
  async balance(product: MtnProductName): Promise<{ amount: number | null; currency: string }> {
    const response = await this.call(product, 'GET', `/${product}/v1_0/account/balance`);
    if (response.status !== 200) throw failureOf('MTN MoMo', 'balance', response);
    const body = (response.json ?? {}) as { availableBalance?: unknown; currency?: unknown };
    const currency = String(body.currency ?? '');
    const exponent = currency in MINOR_UNITS ? MINOR_UNITS[currency as keyof typeof MINOR_UNITS] : null;
    return { amount: exponent === null ? null : parseDecimalAmount(body.availableBalance, exponent), currency };
  }

  /** Whether a number holds an active MoMo account (404: it does not). */
  async isActiveHolder(product: MtnProductName, msisdn: string): Promise<boolean> {
    const response = await this.call(product, 'GET', `/${product}/v1_0/accountholder/msisdn/${encodeURIComponent(msisdn)}/active`);
    if (response.status === 404) return false;
    if (response.status !== 200) throw failureOf('MTN MoMo', 'account holder', response);
    return (response.json as { result?: unknown } | undefined)?.result === true;
  }

  private async create(product: MtnProductName, path: string, reference: string, body: Record<string, unknown>): Promise<'created' | 'exists'> {
    const headers: Record<string, string> = { 'x-reference-id': reference, 'content-type': 'application/json' };
    if (this.config.callbackUrl) headers['x-callback-url'] = this.config.callbackUrl;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await this.call(product, 'POST', path, headers, JSON.stringify(body));
        if (response.status === 202) return 'created';
        // The reference exists: a repeat of a call that was carried out. Never "pay again".
        if (response.status === 409) return 'exists';
        throw failureOf('MTN MoMo', path, response);
      } catch (error) {
        if (!(error instanceof OperatorCallError) || error.kind !== 'unknown' || attempt >= this.retries) throw error;
      }
    }
  }

  /** One business call with the product's token; a 401 gets one fresh token and one more try. */
  private async call(
    product: MtnProductName,
    method: string,
    path: string,
    extraHeaders: Record<string, string> = {},
    body?: string,
  ): Promise<OperatorResponse> {
    const credentials = this.config[product];
    const cache = this.tokens[product];
    if (!credentials || !cache) throw new OperatorCallError('refused', `MTN MoMo: the account has no ${product} credentials`);
    return this.policy.execute(async () => {
      for (let attempt = 0; ; attempt++) {
        const token = await cache.get();
        const response = await operatorFetch(
          'MTN MoMo',
          `${this.config.baseUrl}${path}`,
          {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              'ocp-apim-subscription-key': credentials.subscriptionKey,
              'x-target-environment': this.config.targetEnvironment,
              ...extraHeaders,
            },
            body,
          },
          this.timeoutMs,
        );
        if (response.status !== 401) return response;
        cache.invalidate(token);
        if (attempt >= 1) throw failureOf('MTN MoMo', path, response);
      }
    });
  }

  private async fetchToken(product: MtnProductName, credentials: MtnProductCredentials): Promise<{ token: string; expiresInSeconds: number }> {
    const response = await this.policy.execute(() =>
      operatorFetch(
        'MTN MoMo',
        `${this.config.baseUrl}/${product}/token/`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString('base64')}`,
            'ocp-apim-subscription-key': credentials.subscriptionKey,
          },
        },
        this.timeoutMs,
      ),
    );
    const body = response.json as { access_token?: unknown; expires_in?: unknown } | undefined;
    // MTN has answered bad credentials with 500 as well as 401: a token that fails sends no payment either way
    if (response.status !== 200 || typeof body?.access_token !== 'string') throw failureOf('MTN MoMo', `${product} token`, response);
    return { token: body.access_token, expiresInSeconds: typeof body.expires_in === 'number' ? body.expires_in : 3600 };
  }
}
