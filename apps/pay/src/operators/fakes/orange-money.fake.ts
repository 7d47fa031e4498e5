import { randomBytes } from 'node:crypto';
import { CallbackSender, FakeHttpServer, FakeReply, FakeRequest } from './fake-http';
import { hundredths } from './mtn-momo.fake';

/**
 * A fake of Orange Money's two APIs, written to their contracts (README.md beside this file says
 * which parts Orange documents and which come from integrators' code):
 * - **Cameroon's USSD-push API** ("omcoreapis"): `POST /token` (Basic consumer key and
 *   secret, `grant_type=client_credentials`); every call with the Bearer token and
 *   `X-AUTH-TOKEN: base64(apiUser:apiPassword)`; merchant payments (`mp/init`, `mp/pay`,
 *   `mp/paymentstatus/{payToken}`) and cash-in payouts (`cashin/…`, answering `txnstatus` and
 *   `txnmessage`); business failures as HTTP 200 with a code in `inittxnstatus`/`txnstatus`;
 *   statuses INITIATED, PENDING, SUCCESSFULL (so spelled), FAILED, CANCELLED, EXPIRED; a pay
 *   token used twice gets 422; a notification to `notifUrl` mirroring `data`.
 * - **Web Payment**: `POST /oauth/v3/token`; `POST /orange-money-webpay/{country}/v1/webpayment`
 *   → 201 `{ status: 201, message: 'OK', pay_token, payment_url, notif_token }`;
 *   `POST …/transactionstatus` → 201 `{ status, order_id, txnid }` (400 code 23 on a missing
 *   field); statuses INITIATED, PENDING, EXPIRED, SUCCESS, FAILED; a notification
 *   `{ status, notif_token, txnid }` only once the customer confirmed and it ended SUCCESS or FAILED.
 */

export type OrangeCoreStatus = 'INITIATED' | 'PENDING' | 'SUCCESSFULL' | 'FAILED' | 'CANCELLED' | 'EXPIRED';
export type OrangeWebStatus = 'INITIATED' | 'PENDING' | 'EXPIRED' | 'SUCCESS' | 'FAILED';

/** The business error codes integrators report (HTTP 200 with this code instead of "200"). */
export const ORANGE_ERROR_CODES = {
  INSUFFICIENT_BALANCE: '60019',
  NOT_AN_ORANGE_NUMBER: '00671',
  NOT_A_SUBSCRIBER: '99051',
  ACCOUNT_INACTIVE: '60021',
  LIMIT_EXCEEDED: '60022',
  SERVICE_UNAVAILABLE: '60026',
  INVALID_NUMBER: '60031',
  ACCOUNT_BLOCKED: '60033',
} as const;

const ERROR_MESSAGES: Record<string, string> = {
  '60019': 'Insufficient balance',
  '00671': 'The number is not an Orange number',
  '99051': 'The number is not an Orange Money subscriber',
  '60021': 'Account inactive',
  '60022': 'Limit exceeded',
  '60026': 'Service unavailable',
  '60031': 'Invalid number',
  '60033': 'Account blocked',
};

export interface OrangeAccount {
  consumerKey: string;
  consumerSecret: string;
  apiUser: string;
  apiPassword: string;
  /** The merchant's channel user number (9 digits) and PIN, for USSD-push calls. */
  channelUserMsisdn: string;
  pin: string;
  /** The Web Payment merchant key. */
  merchantKey: string;
  /** In the currency's unit (XAF has no minor unit). */
  balance: number;
}

/** What a number does, planted by a test: the final status (or a business error code at `pay`). */
export interface OrangeOutcome {
  status: 'SUCCESSFULL' | 'FAILED' | 'CANCELLED' | 'EXPIRED' | 'PENDING';
  /** A code of ORANGE_ERROR_CODES: with `atInit`, `pay` answers it at once (HTTP 200, status FAILED). */
  errorCode?: string;
  atInit?: boolean;
  afterMs?: number;
}

export interface OrangeCoreTransaction {
  family: 'mp' | 'cashin';
  payToken: string;
  consumerKey: string;
  orderId: string;
  amount: string;
  subscriberMsisdn: string;
  channelUserMsisdn: string;
  description: string;
  notifUrl?: string;
  txnid: string;
  createdAt: number;
  settlesAt: number;
  finalStatus: OrangeCoreStatus;
  errorCode?: string;
  /** Whether `pay` was called (an init alone is INITIATED). */
  paid: boolean;
  /** Whether `pay` itself answered the business error (`inittxnstatus`), rather than the outcome later. */
  failedAtPay: boolean;
  applied: boolean;
}

export interface OrangeWebTransaction {
  payToken: string;
  notifToken: string;
  merchantKey: string;
  orderId: string;
  amount: number;
  currency: string;
  notifUrl: string;
  txnid: string;
  createdAt: number;
  status: OrangeWebStatus;
}

export interface OrangeMoneyFakeOptions {
  tokenTtlSeconds?: number;
  /** How long a paid USSD-push transaction stays PENDING before its outcome. */
  settleAfterMs?: number;
  /** How long a Web Payment's pay token is valid (Orange: 10 minutes). */
  webPaymentValidityMs?: number;
  /** Web Payment's currency per country segment (`dev` is the sandbox's OUV). */
  webCurrencies?: Record<string, string>;
}

const error = (status: number, body: unknown): FakeReply => ({ status, body });
const gatewayFault = (code: '900901' | '900902', message: string): FakeReply => error(401, { fault: { code, message, description: message } });

export class OrangeMoneyFake {
  readonly http = new FakeHttpServer('Orange Money fake');
  readonly callbacks = new CallbackSender();
  private readonly accounts = new Map<string, OrangeAccount>();
  private readonly tokens = new Map<string, { consumerKey: string; expiresAt: number }>();
  private readonly core = new Map<string, OrangeCoreTransaction>();
  private readonly web = new Map<string, OrangeWebTransaction>();
  private readonly planted = new Map<string, OrangeOutcome>();
  private readonly options: Required<OrangeMoneyFakeOptions>;
  private sequence = 0;

  constructor(options: OrangeMoneyFakeOptions = {}) {
    this.options = {
      tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
      settleAfterMs: options.settleAfterMs ?? 200,
      webPaymentValidityMs: options.webPaymentValidityMs ?? 10 * 60_000,
      webCurrencies: { dev: 'OUV', cm: 'XAF', ci: 'XOF', sn: 'XOF', ...options.webCurrencies },
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

  addAccount(account: Partial<OrangeAccount> = {}): OrangeAccount {
    const full: OrangeAccount = {
      consumerKey: randomBytes(12).toString('hex'),
      consumerSecret: randomBytes(16).toString('hex'),
      apiUser: `user${randomBytes(4).toString('hex')}`,
      apiPassword: randomBytes(12).toString('hex'),
      channelUserMsisdn: '691234567',
      pin: '2222',
      merchantKey: randomBytes(8).toString('hex'),
      balance: 0,
      ...account,
    };
    this.accounts.set(full.consumerKey, full);
    return full;
  }

  account(consumerKey: string): OrangeAccount | undefined {
    return this.accounts.get(consumerKey);
  }

  /** Every token issued so far expires now (the next call with one gets 401). */
  expireTokens(): void {
    for (const token of this.tokens.values()) token.expiresAt = 0;
  }

  plant(subscriberMsisdn: string, outcome: OrangeOutcome): void {
    this.planted.set(subscriberMsisdn, outcome);
  }

  unplant(subscriberMsisdn: string): void {
    this.planted.delete(subscriberMsisdn);
  }

  /** A USSD-push transaction with its status now. */
  transaction(payToken: string): (OrangeCoreTransaction & { status: OrangeCoreStatus }) | undefined {
    const transaction = this.core.get(payToken);
    return transaction && { ...transaction, status: this.statusOf(transaction) };
  }

  allTransactions(): Array<OrangeCoreTransaction & { status: OrangeCoreStatus }> {
    return [...this.core.values()].map((t) => ({ ...t, status: this.statusOf(t) }));
  }

  /** Changes what the operator holds, as a reconciliation test plants a discrepancy. */
  tamper(payToken: string, change: Partial<Pick<OrangeCoreTransaction, 'amount' | 'finalStatus'>>): void {
    const transaction = this.core.get(payToken);
    if (!transaction) throw new Error(`no transaction ${payToken}`);
    Object.assign(transaction, change, { settlesAt: Math.min(transaction.settlesAt, Date.now()) });
  }

  forget(payToken: string): void {
    this.core.delete(payToken);
  }

  webPayment(payToken: string): OrangeWebTransaction | undefined {
    const transaction = this.web.get(payToken);
    if (transaction) this.expireWeb(transaction);
    return transaction && { ...transaction };
  }

  /** The customer confirms (PENDING, then `outcome` after settleAfterMs) as on the payment page. */
  customerConfirms(payToken: string, outcome: 'SUCCESS' | 'FAILED', afterMs = this.options.settleAfterMs): void {
    const transaction = this.web.get(payToken);
    if (!transaction) throw new Error(`no web payment ${payToken}`);
    this.expireWeb(transaction);
    if (transaction.status !== 'INITIATED') return;
    transaction.status = 'PENDING';
    const timer = setTimeout(() => {
      transaction.status = outcome;
      this.callbacks.send(transaction.notifUrl, 'POST', { status: outcome, notif_token: transaction.notifToken, txnid: transaction.txnid });
    }, afterMs);
    timer.unref();
  }

  private routes(): void {
    const http = this.http;
    http.route('POST', '/token', (request) => this.token(request));
    http.route('POST', '/oauth/v3/token', (request) => this.token(request));
    for (const family of ['mp', 'cashin'] as const) {
      http.route('POST', `/omcoreapis/1.0.2/${family}/init`, (request) => this.init(family, request));
      http.route('POST', `/omcoreapis/1.0.2/${family}/pay`, (request) => this.pay(family, request));
      http.route('GET', `/omcoreapis/1.0.2/${family}/paymentstatus/:payToken`, (request) => this.coreStatus(family, request));
    }
    http.route('POST', '/orange-money-webpay/:country/v1/webpayment', (request) => this.webCreate(request));
    http.route('POST', '/orange-money-webpay/:country/v1/transactionstatus', (request) => this.webStatus(request));
    http.route('GET', '/webpayment/pay/:payToken', (request) => this.paymentPage(request), { faulty: false });
    http.route('POST', '/webpayment/pay/:payToken', (request) => this.paymentPageAnswer(request), { faulty: false });
  }

  private token(request: FakeRequest): FakeReply {
    const basic = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''));
    const [key, secret] = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':') : [];
    const account = key ? this.accounts.get(key) : undefined;
    if (request.form?.get('grant_type') !== 'client_credentials')
      return error(400, { error: 'invalid_request', error_description: 'grant_type must be client_credentials' });
    if (!account || account.consumerSecret !== secret) return error(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, { consumerKey: key, expiresAt: Date.now() + this.options.tokenTtlSeconds * 1000 });
    return { status: 200, body: { token_type: 'Bearer', access_token: accessToken, expires_in: this.options.tokenTtlSeconds } };
  }

  /** The account behind the Bearer token (and, for USSD-push calls, the X-AUTH-TOKEN), or the refusal. */
  private caller(request: FakeRequest, core: boolean): OrangeAccount | FakeReply {
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''));
    if (!bearer) return gatewayFault('900902', 'Missing Credentials');
    const token = this.tokens.get(bearer[1]);
    if (!token || token.expiresAt <= Date.now()) return gatewayFault('900901', 'Invalid Credentials');
    const account = this.accounts.get(token.consumerKey);
    if (!account) return gatewayFault('900901', 'Invalid Credentials');
    if (core) {
      const expected = Buffer.from(`${account.apiUser}:${account.apiPassword}`).toString('base64');
      if (request.headers['x-auth-token'] !== expected) return error(401, { message: 'Invalid X-AUTH-TOKEN' });
    }
    return account;
  }

  private init(family: 'mp' | 'cashin', request: FakeRequest): FakeReply {
    const account = this.caller(request, true);
    if (!('consumerKey' in account)) return account;
    const payToken = `${family === 'mp' ? 'MP' : 'CI'}${new Date().toISOString().slice(2, 10).replace(/-/g, '')}${randomBytes(8).toString('hex').toUpperCase()}`;
    this.core.set(payToken, {
      family,
      payToken,
      consumerKey: account.consumerKey,
      orderId: '',
      amount: '',
      subscriberMsisdn: '',
      channelUserMsisdn: account.channelUserMsisdn,
      description: '',
      txnid: '',
      createdAt: Date.now(),
      settlesAt: Infinity,
      finalStatus: 'INITIATED',
      paid: false,
      failedAtPay: false,
      applied: false,
    });
    return { status: 200, body: { message: `${family === 'mp' ? 'Payment' : 'Cashin'} request successfully initiated`, data: { payToken } } };
  }

  private pay(family: 'mp' | 'cashin', request: FakeRequest): FakeReply {
    const account = this.caller(request, true);
    if (!('consumerKey' in account)) return account;
    const body = (request.json ?? {}) as Record<string, unknown>;
    const transaction = this.core.get(String(body.payToken ?? ''));
    if (!transaction || transaction.family !== family || transaction.consumerKey !== account.consumerKey) {
      return error(422, { message: 'Invalid payToken' });
    }
    if (transaction.paid) return error(422, { message: 'payToken already used' });
    for (const field of ['channelUserMsisdn', 'amount', 'subscriberMsisdn', 'pin', 'orderId']) {
      if (typeof body[field] !== 'string' || !body[field]) return error(400, { message: `${field} is required` });
    }
    if (body.channelUserMsisdn !== account.channelUserMsisdn || body.pin !== account.pin) return error(401, { message: 'Invalid channel user or PIN' });
    if (!/^\d{1,15}$/.test(String(body.amount))) return error(400, { message: 'amount must be a whole number' });
    const subscriber = String(body.subscriberMsisdn);
    Object.assign(transaction, {
      orderId: String(body.orderId),
      amount: String(body.amount),
      subscriberMsisdn: subscriber,
      description: String(body.description ?? ''),
      notifUrl: typeof body.notifUrl === 'string' && body.notifUrl ? body.notifUrl : undefined,
      txnid: `${family === 'mp' ? 'MP' : 'CI'}${Date.now().toString().slice(-10)}.${String(++this.sequence).padStart(4, '0')}.C${randomBytes(3).toString('hex').toUpperCase()}`,
      paid: true,
    });
    const outcome = this.planted.get(subscriber) ?? { status: 'SUCCESSFULL' };
    if (outcome.atInit && outcome.errorCode) {
      transaction.finalStatus = 'FAILED';
      transaction.errorCode = outcome.errorCode;
      transaction.settlesAt = Date.now();
      transaction.failedAtPay = true;
      transaction.applied = true;
      return { status: 200, body: { message: ERROR_MESSAGES[outcome.errorCode] ?? 'Transaction failed', data: this.view(transaction, 'FAILED') } };
    }
    transaction.finalStatus = outcome.status === 'PENDING' ? 'PENDING' : outcome.status;
    transaction.errorCode = outcome.errorCode;
    transaction.settlesAt = outcome.status === 'PENDING' ? Infinity : Date.now() + (outcome.afterMs ?? this.options.settleAfterMs);
    if (transaction.settlesAt !== Infinity) {
      const timer = setTimeout(() => this.settle(transaction), Math.max(0, transaction.settlesAt - Date.now()));
      timer.unref();
    }
    return { status: 200, body: { message: 'Payment request successfully initiated', data: this.view(transaction, 'PENDING') } };
  }

  private statusOf(transaction: OrangeCoreTransaction): OrangeCoreStatus {
    if (!transaction.paid) return 'INITIATED';
    if (transaction.settlesAt > Date.now()) return 'PENDING';
    this.apply(transaction);
    return transaction.finalStatus;
  }

  /** A successful payment credits the merchant, a cash-in debits it (or fails 60019), once. */
  private apply(transaction: OrangeCoreTransaction): void {
    if (transaction.applied) return;
    transaction.applied = true;
    if (transaction.finalStatus !== 'SUCCESSFULL') return;
    const account = this.accounts.get(transaction.consumerKey);
    if (!account) return;
    const amount = hundredths(transaction.amount) / 100;
    if (transaction.family === 'mp') account.balance += amount;
    else if (account.balance < amount) {
      transaction.finalStatus = 'FAILED';
      transaction.errorCode = ORANGE_ERROR_CODES.INSUFFICIENT_BALANCE;
    } else account.balance -= amount;
  }

  /** Ends a pending USSD-push transaction now with its planned outcome, and notifies. */
  settleNow(payToken: string): void {
    const transaction = this.core.get(payToken);
    if (transaction && transaction.paid && transaction.settlesAt !== Infinity && !transaction.applied) this.settle(transaction);
  }

  private settle(transaction: OrangeCoreTransaction): void {
    if (!this.core.has(transaction.payToken) || transaction.applied) return;
    transaction.settlesAt = Math.min(transaction.settlesAt, Date.now());
    const before = this.view(transaction, 'PENDING');
    const status = this.statusOf(transaction);
    if (transaction.notifUrl)
      this.callbacks.send(
        transaction.notifUrl,
        'POST',
        { message: 'Payment status', data: this.view(transaction, status) },
        { message: 'Payment status', data: before },
      );
  }

  private view(transaction: OrangeCoreTransaction, status: OrangeCoreStatus): Record<string, unknown> {
    const failed = status === 'FAILED' && transaction.errorCode;
    const code = failed ? transaction.errorCode : '200';
    const message = failed ? (ERROR_MESSAGES[transaction.errorCode!] ?? 'Transaction failed') : 'Success';
    const common = {
      id: transaction.txnid ? Number(transaction.txnid.replace(/\D/g, '').slice(-8)) : null,
      createtime: String(Math.floor(transaction.createdAt / 1000)),
      subscriberMsisdn: transaction.subscriberMsisdn || null,
      amount: transaction.amount ? Number(transaction.amount) : null,
      payToken: transaction.payToken,
      txnid: transaction.txnid || null,
      txnmode: transaction.orderId || null,
      status,
      notifUrl: transaction.notifUrl ?? null,
      description: transaction.description || null,
      channelUserMsisdn: transaction.channelUserMsisdn,
    };
    return transaction.family === 'mp'
      ? {
          ...common,
          inittxnstatus: transaction.paid ? (transaction.failedAtPay ? code : '200') : null,
          inittxnmessage: transaction.paid ? message : null,
          confirmtxnstatus: status === 'SUCCESSFULL' || status === 'FAILED' ? code : null,
          confirmtxnmessage: status === 'SUCCESSFULL' || status === 'FAILED' ? message : null,
        }
      : { ...common, txnstatus: transaction.paid ? code : null, txnmessage: transaction.paid ? message : null };
  }

  private coreStatus(family: 'mp' | 'cashin', request: FakeRequest): FakeReply {
    const account = this.caller(request, true);
    if (!('consumerKey' in account)) return account;
    const transaction = this.core.get(request.params.payToken);
    if (!transaction || transaction.family !== family || transaction.consumerKey !== account.consumerKey)
      return error(404, { message: 'Transaction not found' });
    return { status: 200, body: { message: 'Transaction retrieved successfully', data: this.view(transaction, this.statusOf(transaction)) } };
  }

  private webCreate(request: FakeRequest): FakeReply {
    const account = this.caller(request, false);
    if (!('consumerKey' in account)) return account;
    const body = (request.json ?? {}) as Record<string, unknown>;
    for (const field of ['merchant_key', 'currency', 'order_id', 'amount', 'return_url', 'cancel_url', 'notif_url', 'lang', 'reference']) {
      if (body[field] === undefined || body[field] === '') return error(400, { code: 23, message: 'Missing body field', description: `${field} is missing` });
    }
    if (body.merchant_key !== account.merchantKey) return error(400, { message: 'Invalid merchant key' });
    const currency = this.options.webCurrencies[request.params.country];
    if (body.currency !== currency) return error(400, { message: 'Invalid currency' });
    if (!Number.isInteger(body.amount) || (body.amount as number) <= 0) return error(400, { message: 'amount must be a positive integer' });
    const orderId = String(body.order_id);
    if (orderId.length > 30 || String(body.reference).length > 30) return error(400, { message: 'order_id and reference: at most 30 characters' });
    for (const field of ['return_url', 'cancel_url', 'notif_url']) {
      if (String(body[field]).length > 120) return error(400, { message: `${field}: at most 120 characters` });
    }
    if ([...this.web.values()].some((t) => t.orderId === orderId)) return error(400, { message: 'order_id already used' });
    const payToken = `v1${randomBytes(20).toString('hex')}`;
    const transaction: OrangeWebTransaction = {
      payToken,
      notifToken: randomBytes(16).toString('hex'),
      merchantKey: account.merchantKey,
      orderId,
      amount: body.amount as number,
      currency,
      notifUrl: String(body.notif_url),
      txnid: `MP${Date.now().toString().slice(-10)}.${String(++this.sequence).padStart(4, '0')}.W${randomBytes(3).toString('hex').toUpperCase()}`,
      createdAt: Date.now(),
      status: 'INITIATED',
    };
    this.web.set(payToken, transaction);
    return {
      status: 201,
      body: { status: 201, message: 'OK', pay_token: payToken, payment_url: `${this.url}/webpayment/pay/${payToken}`, notif_token: transaction.notifToken },
    };
  }

  private expireWeb(transaction: OrangeWebTransaction): void {
    if (transaction.status === 'INITIATED' && Date.now() - transaction.createdAt > this.options.webPaymentValidityMs) transaction.status = 'EXPIRED';
  }

  private webStatus(request: FakeRequest): FakeReply {
    const account = this.caller(request, false);
    if (!('consumerKey' in account)) return account;
    const body = (request.json ?? {}) as Record<string, unknown>;
    for (const field of ['order_id', 'amount', 'pay_token']) {
      if (body[field] === undefined || body[field] === '') return error(400, { code: 23, message: 'Missing body field' });
    }
    const transaction = this.web.get(String(body.pay_token));
    if (!transaction || transaction.orderId !== body.order_id || transaction.amount !== body.amount || transaction.merchantKey !== account.merchantKey) {
      return error(400, { message: 'Transaction not found' });
    }
    this.expireWeb(transaction);
    return { status: 201, body: { status: transaction.status, order_id: transaction.orderId, txnid: transaction.txnid } };
  }

  private paymentPage(request: FakeRequest): FakeReply {
    const transaction = this.web.get(request.params.payToken);
    if (!transaction) return { status: 404, body: 'Unknown payment' };
    const page =
      `<!doctype html><title>Orange Money (sandbox)</title><p>Pay ${transaction.amount} ${transaction.currency} (order ${escapeHtml(transaction.orderId)})</p>` +
      `<form method="post"><button name="answer" value="SUCCESS">Confirm</button> <button name="answer" value="FAILED">Refuse</button></form>`;
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page };
  }

  private paymentPageAnswer(request: FakeRequest): FakeReply {
    const answer = request.form?.get('answer');
    if (!this.web.has(request.params.payToken) || (answer !== 'SUCCESS' && answer !== 'FAILED')) return { status: 400, body: 'Bad answer' };
    this.customerConfirms(request.params.payToken, answer);
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html><p>Thank you.</p>' };
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
