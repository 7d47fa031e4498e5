import { randomBytes, randomUUID } from 'node:crypto';
import { CallbackSender, FakeHttpServer, FakeReply, FakeRequest } from './fake-http';

/**
 * A fake of the MTN MoMo Open API, written to its documented contract (README.md beside this
 * file lists what it follows and what it chose where MTN documents nothing):
 * - tokens: `POST /{product}/token/`, Basic `apiUser:apiKey`, no body, `expires_in` seconds;
 * - `POST /collection/v1_0/requesttopay`, `/disbursement/v1_0/transfer`, `/deposit`, `/refund`
 *   (v1_0 and v2_0): 202 and an empty body; `X-Reference-Id` a UUID v4 that becomes the
 *   resource's id (409 `RESOURCE_ALREADY_EXIST` when reused); 400 for a bad UUID, a note over
 *   160 characters or with an apostrophe, or a currency that is not the environment's;
 * - `GET …/{reference}`: `{ financialTransactionId, externalId, amount, currency, payer|payee,
 *   payerMessage, payeeNote, status: PENDING|SUCCESSFUL|FAILED, reason? }`;
 * - balance, account holder, sandbox provisioning of API users;
 * - callbacks (PUT, POST for deposits) to `X-Callback-Url` mirroring the status body;
 * - the sandbox numbers: 46733123450 fails, …451 is rejected, …452 times out, …453 succeeds
 *   after a while, …454 stays pending; any other number succeeds.
 */

export type MtnProduct = 'collection' | 'disbursement' | 'remittance';
export type MtnStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED';
type Kind = 'requesttopay' | 'transfer' | 'deposit' | 'refund';

export interface MtnAccount {
  product: MtnProduct;
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  /** `sandbox`, or the country's environment (`mtncameroon`, `mtnivorycoast`…). */
  targetEnvironment: string;
  /** When set, a callback URL must be on this host (the sandbox's providerCallbackHost). */
  providerCallbackHost?: string;
  /** In hundredths of the currency's unit (XAF 1,000 is 100000). */
  balance: number;
}

export interface MtnTransaction {
  reference: string;
  kind: Kind;
  product: MtnProduct;
  apiUser: string;
  externalId: string;
  /** As sent, a decimal string. */
  amount: string;
  currency: string;
  party: { partyIdType: string; partyId: string };
  payerMessage: string;
  payeeNote: string;
  referenceIdToRefund?: string;
  callbackUrl?: string;
  createdAt: number;
  /** When the transaction reaches `finalStatus` (Infinity: never). */
  settlesAt: number;
  finalStatus: MtnStatus;
  reason?: string;
  financialTransactionId?: string;
  /** Whether the final status was applied to the balances (once). */
  applied: boolean;
}

/** What a number does, planted by a test: the final status, its reason, and how long it stays pending. */
export interface MtnOutcome {
  status: 'SUCCESSFUL' | 'FAILED' | 'PENDING';
  reason?: string;
  afterMs?: number;
}

export interface MtnMomoFakeOptions {
  /** Token lifetime, s (MTN: 3600). */
  tokenTtlSeconds?: number;
  /** How long a transaction stays PENDING before its outcome (the payer approving on their phone). */
  settleAfterMs?: number;
  /** How long the "ongoing" sandbox number (…453) stays pending (MTN: about 30 s). */
  ongoingMs?: number;
  /** Status requests allowed per account per second (MTN asks for at most 10); more get 429. */
  statusRequestsPerSecond?: number;
  /** The currency of each target environment. */
  currencies?: Record<string, string>;
}

/** The sandbox numbers and what the documentation says they do. */
export const MTN_SANDBOX_NUMBERS: Record<string, MtnOutcome> = {
  '46733123450': { status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' },
  '46733123451': { status: 'FAILED', reason: 'APPROVAL_REJECTED' },
  '46733123452': { status: 'FAILED', reason: 'EXPIRED' },
  '46733123453': { status: 'SUCCESSFUL' }, // after ongoingMs
  '46733123454': { status: 'PENDING' }, // for ever
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;
const PARTY_TYPES = new Set(['MSISDN', 'EMAIL', 'PARTY_CODE']);

/** Hundredths of a decimal amount string. */
export function hundredths(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const fromHundredths = (value: number) => (value % 100 === 0 ? String(value / 100) : (value / 100).toFixed(2));

const error = (status: number, code: string, message: string): FakeReply => ({ status, body: { code, message } });

export class MtnMomoFake {
  readonly http = new FakeHttpServer('MTN MoMo fake');
  readonly callbacks = new CallbackSender();
  private readonly accounts = new Map<string, MtnAccount>();
  private readonly tokens = new Map<string, { apiUser: string; product: MtnProduct; expiresAt: number }>();
  private readonly transactions = new Map<string, MtnTransaction>();
  private readonly planted = new Map<string, MtnOutcome>();
  private readonly unknownHolders = new Set<string>();
  private readonly statusWindow = new Map<string, number[]>();
  private readonly options: Required<MtnMomoFakeOptions>;

  constructor(options: MtnMomoFakeOptions = {}) {
    this.options = {
      tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
      settleAfterMs: options.settleAfterMs ?? 200,
      ongoingMs: options.ongoingMs ?? 30_000,
      statusRequestsPerSecond: options.statusRequestsPerSecond ?? 10,
      currencies: { sandbox: 'EUR', mtncameroon: 'XAF', mtnivorycoast: 'XOF', ...options.currencies },
    };
    this.routes();
  }

  get url(): string {
    return this.http.url;
  }

  listen(port = 0, host = '127.0.0.1'): Promise<string> {
    return this.http.listen(port, host);
  }

  async close(): Promise<void> {
    this.callbacks.stop();
    await this.http.close();
  }

  /** An API user of a product, with its key and its wallet's balance. */
  addAccount(account: Partial<MtnAccount> & Pick<MtnAccount, 'product'>): MtnAccount {
    const full: MtnAccount = {
      subscriptionKey: randomBytes(16).toString('hex'),
      apiUser: randomUUID(),
      apiKey: randomBytes(16).toString('hex'),
      targetEnvironment: 'sandbox',
      balance: 0,
      ...account,
    };
    this.accounts.set(full.apiUser, full);
    return full;
  }

  account(apiUser: string): MtnAccount | undefined {
    return this.accounts.get(apiUser);
  }

  /** Every token issued so far expires now (the next call with one gets 401). */
  expireTokens(): void {
    for (const token of this.tokens.values()) token.expiresAt = 0;
  }

  /** What the next transactions with this party id do (until planted again or `unplant`). */
  plant(partyId: string, outcome: MtnOutcome): void {
    this.planted.set(partyId, outcome);
  }

  unplant(partyId: string): void {
    this.planted.delete(partyId);
  }

  /** The account holder check answers 404 for this number. */
  markUnknownHolder(partyId: string): void {
    this.unknownHolders.add(partyId);
  }

  /** A transaction as the operator holds it (with its status now), or undefined. */
  transaction(reference: string): (MtnTransaction & { status: MtnStatus }) | undefined {
    const transaction = this.transactions.get(reference);
    return transaction && { ...transaction, status: this.statusOf(transaction) };
  }

  /** Every transaction, with its status now. */
  allTransactions(): Array<MtnTransaction & { status: MtnStatus }> {
    return [...this.transactions.values()].map((t) => ({ ...t, status: this.statusOf(t) }));
  }

  /** Changes what the operator holds, as a reconciliation test plants a discrepancy. */
  tamper(reference: string, change: Partial<Pick<MtnTransaction, 'amount' | 'currency' | 'finalStatus' | 'reason'>>): void {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`no transaction ${reference}`);
    Object.assign(transaction, change, { settlesAt: Math.min(transaction.settlesAt, Date.now()) });
  }

  /** Forgets a transaction, as if the operator never received it. */
  forget(reference: string): void {
    this.transactions.delete(reference);
  }

  private routes(): void {
    const http = this.http;
    for (const product of ['collection', 'disbursement', 'remittance'] as const) {
      http.route('POST', `/${product}/token/`, (request) => this.token(product, request));
      http.route('GET', `/${product}/v1_0/account/balance`, (request) => this.balance(product, request));
      http.route('GET', `/${product}/v1_0/accountholder/:type/:id/active`, (request) => this.holderActive(product, request));
    }
    http.route('POST', '/collection/v1_0/requesttopay', (request) => this.create('collection', 'requesttopay', request));
    http.route('GET', '/collection/v1_0/requesttopay/:reference', (request) => this.status('collection', 'requesttopay', request));
    for (const product of ['disbursement', 'remittance'] as const) {
      http.route('POST', `/${product}/v1_0/transfer`, (request) => this.create(product, 'transfer', request));
      http.route('GET', `/${product}/v1_0/transfer/:reference`, (request) => this.status(product, 'transfer', request));
    }
    for (const version of ['v1_0', 'v2_0']) {
      http.route('POST', `/disbursement/${version}/deposit`, (request) => this.create('disbursement', 'deposit', request));
      http.route('POST', `/disbursement/${version}/refund`, (request) => this.create('disbursement', 'refund', request));
    }
    http.route('GET', '/disbursement/v1_0/deposit/:reference', (request) => this.status('disbursement', 'deposit', request));
    http.route('GET', '/disbursement/v1_0/refund/:reference', (request) => this.status('disbursement', 'refund', request));
    // Sandbox provisioning: an API user is created with a product's subscription key.
    http.route('POST', '/v1_0/apiuser', (request) => this.createApiUser(request), { faulty: false });
    http.route('POST', '/v1_0/apiuser/:id/apikey', (request) => this.createApiKey(request), { faulty: false });
    http.route('GET', '/v1_0/apiuser/:id', (request) => this.getApiUser(request), { faulty: false });
  }

  private token(product: MtnProduct, request: FakeRequest): FakeReply {
    if (request.body.length) return error(400, 'BAD_REQUEST', 'The token request takes no body.');
    const basic = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''));
    const [apiUser, apiKey] = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':') : [];
    const account = apiUser ? this.accounts.get(apiUser) : undefined;
    if (!account || account.apiKey !== apiKey || account.product !== product || request.headers['ocp-apim-subscription-key'] !== account.subscriptionKey) {
      return error(401, 'UNAUTHORIZED', 'Invalid API user, API key or subscription key.');
    }
    const accessToken = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${randomBytes(24).toString('base64url')}.`;
    this.tokens.set(accessToken, { apiUser, product, expiresAt: Date.now() + this.options.tokenTtlSeconds * 1000 });
    return { status: 200, body: { access_token: accessToken, token_type: 'access_token', expires_in: this.options.tokenTtlSeconds } };
  }

  /** The account of a business call, or the reply that refuses it. */
  private caller(product: MtnProduct, request: FakeRequest): MtnAccount | FakeReply {
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''));
    const token = bearer ? this.tokens.get(bearer[1]) : undefined;
    if (!token || token.product !== product) return error(401, 'UNAUTHORIZED', 'Missing or invalid access token.');
    if (token.expiresAt <= Date.now()) return error(401, 'UNAUTHORIZED', 'The access token has expired.');
    const account = this.accounts.get(token.apiUser);
    if (!account || request.headers['ocp-apim-subscription-key'] !== account.subscriptionKey) {
      return error(401, 'UNAUTHORIZED', 'Invalid subscription key.');
    }
    if (request.headers['x-target-environment'] !== account.targetEnvironment) {
      return error(500, 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'Access to the target environment is forbidden.');
    }
    return account;
  }

  private create(product: MtnProduct, kind: Kind, request: FakeRequest): FakeReply {
    const account = this.caller(product, request);
    if (!('apiUser' in account)) return account;
    const reference = String(request.headers['x-reference-id'] ?? '');
    if (!UUID_V4.test(reference)) return error(400, 'BAD_REQUEST', 'X-Reference-Id must be a UUID version 4.');
    if (this.transactions.has(reference)) return error(409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation of resource failed.');
    const body = request.json as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return error(400, 'BAD_REQUEST', 'The body must be JSON.');
    const { amount, currency, externalId, payerMessage = '', payeeNote = '' } = body as Record<string, string>;
    if (typeof amount !== 'string' || !AMOUNT.test(amount)) return error(400, 'BAD_REQUEST', 'amount must be a decimal string.');
    if (currency !== this.options.currencies[account.targetEnvironment]) return error(400, 'INVALID_CURRENCY', 'Currency not supported.');
    for (const note of [payerMessage, payeeNote]) {
      if (typeof note !== 'string' || note.length > 160 || note.includes("'"))
        return error(400, 'BAD_REQUEST', 'payerMessage and payeeNote: at most 160 characters, no apostrophe.');
    }
    const callbackUrl = request.headers['x-callback-url'] ? String(request.headers['x-callback-url']) : undefined;
    if (callbackUrl && account.providerCallbackHost && safeHost(callbackUrl) !== account.providerCallbackHost) {
      return error(500, 'INVALID_CALLBACK_URL_HOST', 'Callback URL host does not match the one registered.');
    }
    let party = { partyIdType: 'MSISDN', partyId: '' };
    let referenceIdToRefund: string | undefined;
    if (kind === 'refund') {
      referenceIdToRefund = String(body.referenceIdToRefund ?? '');
      const original = this.transactions.get(referenceIdToRefund);
      if (!original || original.kind !== 'requesttopay') return error(404, 'RESOURCE_NOT_FOUND', 'The transaction to refund does not exist.');
      party = original.party;
    } else {
      const given = (kind === 'requesttopay' ? body.payer : body.payee) as { partyIdType?: string; partyId?: string } | undefined;
      if (!given || !PARTY_TYPES.has(String(given.partyIdType)) || typeof given.partyId !== 'string' || !given.partyId) {
        return error(400, 'BAD_REQUEST', `${kind === 'requesttopay' ? 'payer' : 'payee'} must have a partyIdType and a partyId.`);
      }
      party = { partyIdType: String(given.partyIdType), partyId: given.partyId };
    }
    const now = Date.now();
    const outcome = this.outcomeFor(party.partyId);
    const transaction: MtnTransaction = {
      reference,
      kind,
      product,
      apiUser: account.apiUser,
      externalId: String(externalId ?? ''),
      amount,
      currency,
      party,
      payerMessage,
      payeeNote,
      referenceIdToRefund,
      callbackUrl,
      createdAt: now,
      settlesAt: outcome.status === 'PENDING' ? Infinity : now + (outcome.afterMs ?? this.options.settleAfterMs),
      finalStatus: outcome.status === 'PENDING' ? 'PENDING' : outcome.status,
      reason: outcome.reason,
      applied: false,
    };
    this.transactions.set(reference, transaction);
    if (transaction.settlesAt !== Infinity) {
      const timer = setTimeout(() => this.settle(transaction), Math.max(0, transaction.settlesAt - now));
      timer.unref();
    }
    return { status: 202 };
  }

  private outcomeFor(partyId: string): MtnOutcome {
    const planted = this.planted.get(partyId);
    if (planted) return planted;
    const sandbox = MTN_SANDBOX_NUMBERS[partyId];
    if (sandbox) return partyId === '46733123453' ? { ...sandbox, afterMs: this.options.ongoingMs } : sandbox;
    return { status: 'SUCCESSFUL' };
  }

  /** The status now; a transaction past its time gets its outcome applied once. */
  private statusOf(transaction: MtnTransaction): MtnStatus {
    if (transaction.settlesAt > Date.now()) return 'PENDING';
    this.apply(transaction);
    return transaction.finalStatus;
  }

  /**
   * Moves the money of a successful transaction, once: a collection credits the collecting
   * account; a transfer, deposit or refund (a disbursement) debits the paying account, and fails
   * NOT_ENOUGH_FUNDS when it cannot cover it.
   */
  private apply(transaction: MtnTransaction): void {
    if (transaction.applied) return;
    transaction.applied = true;
    if (transaction.finalStatus !== 'SUCCESSFUL') return;
    const account = this.accounts.get(transaction.apiUser);
    const amount = hundredths(transaction.amount);
    if (transaction.kind === 'requesttopay') {
      if (account) account.balance += amount;
    } else if (account && account.balance < amount) {
      transaction.finalStatus = 'FAILED';
      transaction.reason = 'NOT_ENOUGH_FUNDS';
      return;
    } else if (account) {
      account.balance -= amount;
    }
    transaction.financialTransactionId = String(Math.floor(1e8 + Math.random() * 9e8));
  }

  /** Ends a pending transaction now with its planned outcome (PENDING for ever stays so), and calls back. */
  settleNow(reference: string): void {
    const transaction = this.transactions.get(reference);
    if (transaction && transaction.settlesAt !== Infinity && !transaction.applied) this.settle(transaction);
  }

  private settle(transaction: MtnTransaction): void {
    if (!this.transactions.has(transaction.reference) || transaction.applied) return;
    // a timer may fire a millisecond before Date.now() reaches settlesAt
    transaction.settlesAt = Math.min(transaction.settlesAt, Date.now());
    const before = this.view(transaction, 'PENDING');
    this.statusOf(transaction);
    if (transaction.callbackUrl) {
      this.callbacks.send(transaction.callbackUrl, transaction.kind === 'deposit' ? 'POST' : 'PUT', this.view(transaction, transaction.finalStatus), before);
    }
  }

  private view(transaction: MtnTransaction, status: MtnStatus): Record<string, unknown> {
    const partyKey = transaction.kind === 'requesttopay' ? 'payer' : 'payee';
    return {
      ...(status === 'SUCCESSFUL' ? { financialTransactionId: transaction.financialTransactionId } : {}),
      externalId: transaction.externalId,
      amount: transaction.amount,
      currency: transaction.currency,
      [partyKey]: transaction.party,
      payerMessage: transaction.payerMessage,
      payeeNote: transaction.payeeNote,
      status,
      ...(status === 'FAILED' && transaction.reason ? { reason: transaction.reason } : {}),
    };
  }

  private status(product: MtnProduct, kind: Kind, request: FakeRequest): FakeReply {
    const account = this.caller(product, request);
    if (!('apiUser' in account)) return account;
    if (!this.withinStatusLimit(account.apiUser)) return error(429, 'TOO_MANY_REQUESTS', 'At most 10 status requests a second.');
    const transaction = this.transactions.get(request.params.reference);
    if (!transaction || transaction.kind !== kind || transaction.apiUser !== account.apiUser) {
      return error(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
    }
    return { status: 200, body: this.view(transaction, this.statusOf(transaction)) };
  }

  private withinStatusLimit(apiUser: string): boolean {
    const now = Date.now();
    const recent = (this.statusWindow.get(apiUser) ?? []).filter((t) => t > now - 1000);
    if (recent.length >= this.options.statusRequestsPerSecond) return false;
    recent.push(now);
    this.statusWindow.set(apiUser, recent);
    return true;
  }

  private balance(product: MtnProduct, request: FakeRequest): FakeReply {
    const account = this.caller(product, request);
    if (!('apiUser' in account)) return account;
    // Transactions past their time count before the balance is read.
    for (const transaction of this.transactions.values()) if (transaction.apiUser === account.apiUser) this.statusOf(transaction);
    return { status: 200, body: { availableBalance: fromHundredths(account.balance), currency: this.options.currencies[account.targetEnvironment] } };
  }

  private holderActive(product: MtnProduct, request: FakeRequest): FakeReply {
    const account = this.caller(product, request);
    if (!('apiUser' in account)) return account;
    if (this.unknownHolders.has(request.params.id)) return error(404, 'RESOURCE_NOT_FOUND', 'Account holder not found.');
    return { status: 200, body: { result: true } };
  }

  private productOfKey(key: unknown): MtnProduct | undefined {
    for (const account of this.accounts.values()) if (account.subscriptionKey === key) return account.product;
    return undefined;
  }

  private createApiUser(request: FakeRequest): FakeReply {
    const product = this.productOfKey(request.headers['ocp-apim-subscription-key']);
    if (!product) return error(401, 'UNAUTHORIZED', 'Invalid subscription key.');
    const reference = String(request.headers['x-reference-id'] ?? '');
    if (!UUID_V4.test(reference)) return error(400, 'BAD_REQUEST', 'X-Reference-Id must be a UUID version 4.');
    if (this.accounts.has(reference)) return error(409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation of resource failed.');
    const host = (request.json as { providerCallbackHost?: unknown } | undefined)?.providerCallbackHost;
    if (typeof host !== 'string' || !host) return error(400, 'BAD_REQUEST', 'providerCallbackHost is required.');
    const subscriptionKey = String(request.headers['ocp-apim-subscription-key']);
    this.accounts.set(reference, {
      product,
      subscriptionKey,
      apiUser: reference,
      apiKey: '',
      targetEnvironment: 'sandbox',
      providerCallbackHost: host,
      balance: 0,
    });
    return { status: 201 };
  }

  private createApiKey(request: FakeRequest): FakeReply {
    const account = this.accounts.get(request.params.id);
    if (!account || request.headers['ocp-apim-subscription-key'] !== account.subscriptionKey) return error(404, 'RESOURCE_NOT_FOUND', 'API user not found.');
    account.apiKey = randomBytes(16).toString('hex');
    return { status: 201, body: { apiKey: account.apiKey } };
  }

  private getApiUser(request: FakeRequest): FakeReply {
    const account = this.accounts.get(request.params.id);
    if (!account || request.headers['ocp-apim-subscription-key'] !== account.subscriptionKey) return error(404, 'RESOURCE_NOT_FOUND', 'API user not found.');
    return { status: 200, body: { providerCallbackHost: account.providerCallbackHost ?? '', targetEnvironment: account.targetEnvironment } };
  }
}

function safeHost(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
