import { orangeCoreOutcome, orangeWebOutcome, OperatorOutcome } from './operator-outcomes';
import { CallPolicy, DIRECT, failureOf, OperatorCallError, operatorFetch, OperatorResponse, TokenCache } from './operator-http';

/**
 * Orange Money as one operator account calls it. Two APIs:
 * - Cameroon's USSD push (`omcoreapis`): a payment (`mp`, money in) or a cash-in (`cashin`,
 *   money out) is `init` (a pay token, kept before anything else), then `pay`, then its
 *   `paymentstatus`. The pay token is the transaction's reference: after a timeout the status is
 *   asked before anything else, and a pay token is never paid twice (Orange answers 422).
 * - Web Payment: the customer is sent to Orange's page; `transactionstatus` says what became of it.
 * Amounts are whole francs (XAF, XOF have no minor unit).
 */

export type OrangeFamily = 'mp' | 'cashin';

export interface OrangeMoneyConfig {
  /** The USSD-push API's host (`https://api-s1.orange.cm`), and Web Payment's (`https://api.orange.com`). */
  baseUrl: string;
  webBaseUrl?: string;
  consumerKey: string;
  consumerSecret: string;
  /** USSD push: the API user and password (X-AUTH-TOKEN), the merchant's channel number and PIN. */
  apiUser?: string;
  apiPassword?: string;
  channelUserMsisdn?: string;
  pin?: string;
  /** Web Payment: the merchant key and the country segment (`dev`, `cm`, `ci`…). */
  merchantKey?: string;
  webCountry?: string;
  /** Where Orange notifies (our public callback route for this account). */
  notifyUrl?: string;
}

export interface OrangeMoneyOptions {
  timeoutMs?: number;
  policy?: CallPolicy;
}

export interface OrangePayRequest {
  /** Whole francs. */
  amount: number;
  /** The subscriber's number as Orange Cameroon takes it: 9 digits, without 237. */
  subscriberMsisdn: string;
  orderId: string;
  description: string;
}

export type OrangeStatus = OperatorOutcome & { amount: number | null; payToken: string };

/** Orange Cameroon's number of a +237 E.164 number (the 9 national digits). */
export function orangeLocalNumber(e164: string): string {
  return e164.replace(/^\+?237/, '');
}

export class OrangeMoneyClient {
  /** Each API has its own token: the USSD push's from `{baseUrl}/token`, Web Payment's from `{webBaseUrl}/oauth/v3/token`. */
  private readonly coreTokens: TokenCache;
  private readonly webTokens: TokenCache;
  private readonly timeoutMs: number;
  private readonly policy: CallPolicy;

  constructor(
    private readonly config: OrangeMoneyConfig,
    options: OrangeMoneyOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.policy = options.policy ?? DIRECT;
    this.coreTokens = new TokenCache(() => this.fetchToken(config.baseUrl, '/token'));
    this.webTokens = new TokenCache(() => this.fetchToken(config.webBaseUrl ?? config.baseUrl, '/oauth/v3/token'));
  }

  /** Takes a token of each API the account is set up for: saving an account checks its credentials so. */
  async verify(): Promise<void> {
    if (this.config.apiUser) await this.coreTokens.get();
    if (this.config.merchantKey) await this.webTokens.get();
  }

  /** A pay token for one payment (mp) or cash-in: the transaction's reference from now on. */
  async init(family: OrangeFamily): Promise<string> {
    const response = await this.core('POST', `/omcoreapis/1.0.2/${family}/init`);
    const payToken = (response.json as { data?: { payToken?: unknown } } | undefined)?.data?.payToken;
    if (response.status !== 200 || typeof payToken !== 'string' || !payToken) throw failureOf('Orange Money', `${family}/init`, response);
    return payToken;
  }

  /**
   * Sends the payment of `payToken`. A business failure comes back as HTTP 200 with its code:
   * the outcome says it. 422 (the pay token was already used) means it was sent before: the
   * status says what became of it.
   */
  async pay(family: OrangeFamily, payToken: string, request: OrangePayRequest): Promise<OperatorOutcome | 'already_sent'> {
    const { channelUserMsisdn, pin } = this.config;
    if (!channelUserMsisdn || !pin) throw new OperatorCallError('refused', 'Orange Money: the account has no channel user number and PIN');
    const response = await this.core(
      'POST',
      `/omcoreapis/1.0.2/${family}/pay`,
      JSON.stringify({
        notifUrl: this.config.notifyUrl ?? '',
        channelUserMsisdn,
        amount: String(request.amount),
        subscriberMsisdn: request.subscriberMsisdn,
        pin,
        orderId: request.orderId.slice(0, 30),
        description: request.description.slice(0, 120),
        payToken,
      }),
    );
    if (response.status === 422) return 'already_sent';
    const data = (response.json as { data?: Record<string, unknown> } | undefined)?.data;
    if (response.status !== 200 || !data) throw failureOf('Orange Money', `${family}/pay`, response);
    return orangeCoreOutcome(data);
  }

  /** What Orange holds of a pay token, or null when it knows none. */
  async status(family: OrangeFamily, payToken: string): Promise<OrangeStatus | null> {
    const response = await this.core('GET', `/omcoreapis/1.0.2/${family}/paymentstatus/${encodeURIComponent(payToken)}`);
    if (response.status === 404) return null;
    const data = (response.json as { data?: Record<string, unknown> } | undefined)?.data;
    if (response.status !== 200 || !data) throw failureOf('Orange Money', `${family}/paymentstatus`, response);
    const amount = typeof data.amount === 'number' || typeof data.amount === 'string' ? Number(data.amount) : NaN;
    return { ...orangeCoreOutcome(data), amount: Number.isSafeInteger(amount) ? amount : null, payToken };
  }

  /** A Web Payment: where to send the customer, and the tokens to follow it with. */
  async webPayment(request: { orderId: string; amount: number; currency: string; returnUrl: string; cancelUrl: string; lang: string; reference: string }) {
    const { merchantKey, webCountry } = this.config;
    if (!merchantKey || !webCountry) throw new OperatorCallError('refused', 'Orange Money: the account has no Web Payment merchant key');
    const response = await this.web(
      `/orange-money-webpay/${webCountry}/v1/webpayment`,
      JSON.stringify({
        merchant_key: merchantKey,
        currency: request.currency,
        order_id: request.orderId.slice(0, 30),
        amount: request.amount,
        return_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        notif_url: this.config.notifyUrl ?? '',
        lang: request.lang,
        reference: request.reference.slice(0, 30),
      }),
    );
    const body = response.json as { pay_token?: unknown; payment_url?: unknown; notif_token?: unknown } | undefined;
    if (response.status !== 201 || typeof body?.pay_token !== 'string' || typeof body.payment_url !== 'string' || typeof body.notif_token !== 'string') {
      throw failureOf('Orange Money', 'webpayment', response);
    }
    return { payToken: body.pay_token, paymentUrl: body.payment_url, notifToken: body.notif_token };
  }

  async webStatus(request: { orderId: string; amount: number; payToken: string }): Promise<OperatorOutcome> {
    const response = await this.web(
      `/orange-money-webpay/${this.config.webCountry}/v1/transactionstatus`,
      JSON.stringify({ order_id: request.orderId.slice(0, 30), amount: request.amount, pay_token: request.payToken }),
    );
    if (response.status !== 201 && response.status !== 200) throw failureOf('Orange Money', 'transactionstatus', response);
    return orangeWebOutcome((response.json ?? {}) as Record<string, unknown>);
  }

  private core(method: string, path: string, body?: string): Promise<OperatorResponse> {
    const { apiUser, apiPassword } = this.config;
    if (!apiUser || !apiPassword) throw new OperatorCallError('refused', 'Orange Money: the account has no API user and password');
    const authToken = Buffer.from(`${apiUser}:${apiPassword}`).toString('base64');
    return this.call(
      this.coreTokens,
      this.config.baseUrl,
      method,
      path,
      { 'x-auth-token': authToken, ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
    );
  }

  private web(path: string, body: string): Promise<OperatorResponse> {
    return this.call(this.webTokens, this.config.webBaseUrl ?? this.config.baseUrl, 'POST', path, { 'content-type': 'application/json' }, body);
  }

  /** One call with the token; a 401 gets one fresh token and one more try. */
  private call(tokens: TokenCache, baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<OperatorResponse> {
    return this.policy.execute(async () => {
      for (let attempt = 0; ; attempt++) {
        const token = await tokens.get();
        const response = await operatorFetch(
          'Orange Money',
          `${baseUrl}${path}`,
          { method, headers: { authorization: `Bearer ${token}`, ...headers }, body },
          this.timeoutMs,
        );
        if (response.status !== 401) return response;
        tokens.invalidate(token);
        if (attempt >= 1) throw failureOf('Orange Money', path, response);
      }
    });
  }

  private async fetchToken(base: string, path: string): Promise<{ token: string; expiresInSeconds: number }> {
    const response = await this.policy.execute(() =>
      operatorFetch(
        'Orange Money',
        `${base}${path}`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${this.config.consumerKey}:${this.config.consumerSecret}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials',
        },
        this.timeoutMs,
      ),
    );
    const json = response.json as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (response.status !== 200 || typeof json?.access_token !== 'string') throw failureOf('Orange Money', 'token', response);
    // Web Payment has issued 90-day tokens: whatever `expires_in` says is honoured
    return { token: json.access_token, expiresInSeconds: typeof json.expires_in === 'number' ? json.expires_in : 3600 };
  }
}
