import { randomUUID } from 'node:crypto';
import { MtnMomoClient } from '../src/operators/mtn-momo.client';
import { OperatorCallError } from '../src/operators/operator-http';
import { orangeLocalNumber, OrangeMoneyClient } from '../src/operators/orange-money.client';
import { MtnMomoFake } from '../src/operators/fakes/mtn-momo.fake';
import { ORANGE_ERROR_CODES, OrangeMoneyFake } from '../src/operators/fakes/orange-money.fake';

/** Pay's operator clients against the operators' fakes over HTTP: the reference discipline, tokens, faults. */

describe('MTN MoMo client', () => {
  const fake = new MtnMomoFake({ settleAfterMs: 60_000, statusRequestsPerSecond: 1_000 });
  const collection = fake.addAccount({ product: 'collection', targetEnvironment: 'mtncameroon' });
  const disbursement = fake.addAccount({ product: 'disbursement', targetEnvironment: 'mtncameroon', balance: 1_000_000_00 });
  let client: MtnMomoClient;
  const credentials = (account: typeof collection) => ({ subscriptionKey: account.subscriptionKey, apiUser: account.apiUser, apiKey: account.apiKey });
  const payment = (msisdn: string, amount = 1500) => ({
    amount,
    currency: 'XAF',
    externalId: 'pay-1',
    msisdn,
    payerMessage: 'Facture 12',
    payeeNote: 'Facture 12',
  });
  const tokenCalls = (product: string) => fake.http.calls.filter((call) => call.path === `/${product}/token/`).length;
  const postsOf = (reference: string) => fake.http.calls.filter((call) => call.method === 'POST' && call.headers['x-reference-id'] === reference);

  beforeAll(async () => {
    await fake.listen();
    client = new MtnMomoClient(
      { baseUrl: fake.url, targetEnvironment: 'mtncameroon', collection: credentials(collection), disbursement: credentials(disbursement) },
      { timeoutMs: 400, retries: 2 },
    );
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.http.faults.clear());

  it('takes one token for all concurrent calls and keeps it', async () => {
    const before = tokenCalls('collection');
    const references = Array.from({ length: 5 }, () => randomUUID());
    expect(await Promise.all(references.map((reference) => client.requestToPay(reference, payment('237677100001'))))).toEqual(Array(5).fill('created'));
    await client.requestToPay(randomUUID(), payment('237677100001'));
    expect(tokenCalls('collection') - before).toBe(1);
  });

  it('reads a status in minor units: pending, then succeeded with the operator’s transaction id', async () => {
    const reference = randomUUID();
    await client.requestToPay(reference, payment('237677100002', 2_500));
    expect(await client.status('requesttopay', reference)).toMatchObject({ state: 'pending', operatorStatus: 'PENDING', amount: 2_500, currency: 'XAF' });
    fake.settleNow(reference);
    expect(await client.status('requesttopay', reference)).toMatchObject({
      state: 'succeeded',
      operatorTransactionId: expect.any(String),
      amount: 2_500,
      currency: 'XAF',
      externalId: 'pay-1',
    });
    expect(await client.status('requesttopay', randomUUID())).toBeNull();
  });

  it('sends a call whose answer was lost again with the same reference, and reads the 409 as "it exists", never paying twice', async () => {
    const reference = randomUUID();
    fake.http.faults.plant({ kind: 'timeout', after: true, method: 'POST', path: /transfer$/ });
    expect(await client.transfer(reference, payment('237677100003', 10_000))).toBe('exists');
    expect(postsOf(reference)).toHaveLength(2);
    expect(fake.allTransactions().filter((t) => t.reference === reference)).toHaveLength(1);

    const after500 = randomUUID();
    fake.http.faults.plant({ kind: '500', after: false, method: 'POST', path: /transfer$/ });
    expect(await client.transfer(after500, payment('237677100003', 10_000))).toBe('created');
    expect(postsOf(after500).map((call) => call.status)).toEqual([500, 202]);
  });

  it('leaves an outcome it cannot learn unknown, never failed', async () => {
    const reference = randomUUID();
    fake.http.faults.plant({ kind: '503', after: false, method: 'POST', path: /requesttopay$/, times: 3 });
    const error = await client.requestToPay(reference, payment('237677100004')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorCallError);
    expect(error).toMatchObject({ kind: 'unknown', status: 503 });
    expect(postsOf(reference)).toHaveLength(3);
    expect(await client.status('requesttopay', reference)).toBeNull();
  });

  it('takes a fresh token once when the operator says the token expired', async () => {
    await client.requestToPay(randomUUID(), payment('237677100005'));
    const before = tokenCalls('collection');
    fake.expireTokens();
    expect(await client.requestToPay(randomUUID(), payment('237677100005'))).toBe('created');
    expect(tokenCalls('collection') - before).toBe(1);
  });

  it('maps failure reasons, cleans notes MTN would refuse, and reads balances in minor units', async () => {
    fake.plant('237677100006', { status: 'FAILED', reason: 'PAYEE_NOT_FOUND' });
    const reference = randomUUID();
    await client.transfer(reference, { ...payment('237677100006'), payerMessage: "Salaire d'octobre ".repeat(20) });
    fake.settleNow(reference);
    expect(await client.status('transfer', reference)).toMatchObject({
      state: 'failed',
      failureCode: 'OPERATOR_PARTY_NOT_FOUND',
      operatorReason: 'PAYEE_NOT_FOUND',
    });
    expect(await client.balance('disbursement')).toEqual({ amount: expect.any(Number), currency: 'XAF' });
    fake.markUnknownHolder('237677100007');
    expect(await client.isActiveHolder('collection', '237677100007')).toBe(false);
    expect(await client.isActiveHolder('collection', '237677100008')).toBe(true);
  });

  it('refunds a collection by its reference', async () => {
    const collected = randomUUID();
    await client.requestToPay(collected, payment('237677100009', 5_000));
    fake.settleNow(collected);
    const refund = randomUUID();
    expect(
      await client.refund(refund, {
        amount: 2_000,
        currency: 'XAF',
        externalId: 'refund-1',
        payerMessage: 'Refund',
        payeeNote: 'Refund',
        referenceIdToRefund: collected,
      }),
    ).toBe('created');
    fake.settleNow(refund);
    expect(await client.status('refund', refund)).toMatchObject({ state: 'succeeded', amount: 2_000 });
  });

  it('refuses wrong credentials as unauthorized', async () => {
    const wrong = new MtnMomoClient({ baseUrl: fake.url, targetEnvironment: 'mtncameroon', collection: { ...credentials(collection), apiKey: 'wrong' } });
    await expect(wrong.verify()).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    await expect(client.verify()).resolves.toBeUndefined();
  });
});

describe('Orange Money client', () => {
  const fake = new OrangeMoneyFake({ settleAfterMs: 60_000 });
  const merchant = fake.addAccount({ balance: 50_000 });
  let client: OrangeMoneyClient;

  beforeAll(async () => {
    await fake.listen();
    client = new OrangeMoneyClient(
      {
        baseUrl: fake.url,
        webBaseUrl: fake.url,
        consumerKey: merchant.consumerKey,
        consumerSecret: merchant.consumerSecret,
        apiUser: merchant.apiUser,
        apiPassword: merchant.apiPassword,
        channelUserMsisdn: merchant.channelUserMsisdn,
        pin: merchant.pin,
        merchantKey: merchant.merchantKey,
        webCountry: 'dev',
        notifyUrl: 'http://127.0.0.1:9/callbacks',
      },
      { timeoutMs: 400 },
    );
  });
  afterAll(() => fake.close());

  it('collects with a pay token kept before paying, and reads its status', async () => {
    const payToken = await client.init('mp');
    const subscriberMsisdn = orangeLocalNumber('+237690100001');
    expect(subscriberMsisdn).toBe('690100001');
    expect(await client.pay('mp', payToken, { amount: 3_000, subscriberMsisdn, orderId: 'col-1', description: 'Invoice' })).toMatchObject({ state: 'pending' });
    expect(await client.pay('mp', payToken, { amount: 3_000, subscriberMsisdn, orderId: 'col-1', description: 'Invoice' })).toBe('already_sent');
    fake.settleNow(payToken);
    expect(await client.status('mp', payToken)).toMatchObject({ state: 'succeeded', operatorStatus: 'SUCCESSFULL', amount: 3_000, payToken });
    expect(await client.status('mp', 'MP-unknown')).toBeNull();
  });

  it('reads a business failure answered with HTTP 200, at pay and later', async () => {
    fake.plant('690100002', { status: 'FAILED', errorCode: ORANGE_ERROR_CODES.ACCOUNT_BLOCKED, atInit: true });
    const payToken = await client.init('cashin');
    expect(await client.pay('cashin', payToken, { amount: 1_000, subscriberMsisdn: '690100002', orderId: 'out-1', description: 'Salary' })).toMatchObject({
      state: 'failed',
      failureCode: 'OPERATOR_PARTY_NOT_ALLOWED',
      operatorReason: '60033',
    });
    const large = await client.init('cashin');
    await client.pay('cashin', large, { amount: 900_000, subscriberMsisdn: '690100003', orderId: 'out-2', description: 'Salary' });
    fake.settleNow(large);
    expect(await client.status('cashin', large)).toMatchObject({ state: 'failed', failureCode: 'OPERATOR_INSUFFICIENT_FUNDS' });
  });

  it('starts a Web Payment and follows it', async () => {
    const started = await client.webPayment({
      orderId: 'web-1',
      amount: 1_200,
      currency: 'OUV',
      returnUrl: 'http://x/r',
      cancelUrl: 'http://x/c',
      lang: 'fr',
      reference: 'Acme',
    });
    expect(started).toEqual({ payToken: expect.any(String), paymentUrl: expect.stringContaining('/webpayment/pay/'), notifToken: expect.any(String) });
    expect(await client.webStatus({ orderId: 'web-1', amount: 1_200, payToken: started.payToken })).toMatchObject({
      state: 'pending',
      operatorStatus: 'INITIATED',
    });
  });

  it('refuses wrong credentials as unauthorized', async () => {
    const wrong = new OrangeMoneyClient({ baseUrl: fake.url, consumerKey: merchant.consumerKey, consumerSecret: 'wrong', apiUser: 'x', apiPassword: 'y' });
    await expect(wrong.verify()).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
  });
});
