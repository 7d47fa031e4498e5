import { randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MtnMomoFake } from '../src/operators/fakes/mtn-momo.fake';
import { ORANGE_ERROR_CODES, OrangeMoneyFake } from '../src/operators/fakes/orange-money.fake';

/**
 * The operators' fakes answer as the operators document (research on MTN MoMo's Open API and
 * Orange Money's APIs): these tests pin the contract Pay's clients are written to, over HTTP.
 */

interface Received {
  method: string;
  path: string;
  body: any;
}

/** A loopback receiver of callbacks. */
async function receiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void>; waitFor: (n: number) => Promise<Received[]> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method!, path: request.url!, body: body ? JSON.parse(body) : undefined });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const waitFor = async (n: number) => {
    for (let i = 0; i < 250 && received.length < n; i++) await new Promise((r) => setTimeout(r, 20));
    return received;
  };
  return { url, received, waitFor, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `read()` again until `done` holds of it, for up to 5 s; its last value. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 250 && !done(value); i++) {
    await sleep(20);
    value = await read();
  }
  return value;
}

describe('MTN MoMo fake', () => {
  // Outcomes come when a test says (settleNow), but for the "ongoing" sandbox number's own delay.
  const fake = new MtnMomoFake({ settleAfterMs: 60_000, ongoingMs: 300, statusRequestsPerSecond: 1_000 });
  const collection = fake.addAccount({ product: 'collection', targetEnvironment: 'mtncameroon' });
  const disbursement = fake.addAccount({ product: 'disbursement', targetEnvironment: 'mtncameroon', balance: 500_000_00 });
  let callbacks: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    await fake.listen();
    callbacks = await receiver();
  });
  afterAll(async () => {
    await fake.close();
    await callbacks.close();
  });
  beforeEach(() => {
    fake.http.faults.clear();
    fake.callbacks.switches = { drop: 0, duplicate: 0, delayMs: 0, reorder: false };
  });

  async function token(account = collection): Promise<string> {
    const response = await fetch(`${fake.url}/${account.product}/token/`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${account.apiUser}:${account.apiKey}`).toString('base64')}`,
        'ocp-apim-subscription-key': account.subscriptionKey,
      },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  const headers = (account: typeof collection, accessToken: string, reference?: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${accessToken}`,
    'ocp-apim-subscription-key': account.subscriptionKey,
    'x-target-environment': account.targetEnvironment,
    'content-type': 'application/json',
    ...(reference ? { 'x-reference-id': reference } : {}),
    ...extra,
  });

  const rtp = (partyId: string, over: Record<string, unknown> = {}) =>
    JSON.stringify({
      amount: '1500',
      currency: 'XAF',
      externalId: 'inv-1',
      payer: { partyIdType: 'MSISDN', partyId },
      payerMessage: 'Invoice 1',
      payeeNote: 'Invoice 1',
      ...over,
    });

  it('issues tokens for a product with Basic apiUser:apiKey and the subscription key, refusing a body or a wrong key', async () => {
    const basic = `Basic ${Buffer.from(`${collection.apiUser}:${collection.apiKey}`).toString('base64')}`;
    const ok = await fetch(`${fake.url}/collection/token/`, {
      method: 'POST',
      headers: { authorization: basic, 'ocp-apim-subscription-key': collection.subscriptionKey },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ access_token: expect.any(String), token_type: 'access_token', expires_in: 3600 });
    const withBody = await fetch(`${fake.url}/collection/token/`, {
      method: 'POST',
      headers: { authorization: basic, 'ocp-apim-subscription-key': collection.subscriptionKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(withBody.status).toBe(400);
    const wrongProduct = await fetch(`${fake.url}/disbursement/token/`, {
      method: 'POST',
      headers: { authorization: basic, 'ocp-apim-subscription-key': collection.subscriptionKey },
    });
    expect(wrongProduct.status).toBe(401);
  });

  it('answers a request to pay 202 with an empty body, 409 on a reused reference, and its status from PENDING to SUCCESSFUL', async () => {
    const accessToken = await token();
    const reference = randomUUID();
    const created = await fetch(`${fake.url}/collection/v1_0/requesttopay`, {
      method: 'POST',
      headers: headers(collection, accessToken, reference),
      body: rtp('237677000001'),
    });
    expect(created.status).toBe(202);
    expect(await created.text()).toBe('');
    const again = await fetch(`${fake.url}/collection/v1_0/requesttopay`, {
      method: 'POST',
      headers: headers(collection, accessToken, reference),
      body: rtp('237677000001'),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'RESOURCE_ALREADY_EXIST' });
    const pending = await fetch(`${fake.url}/collection/v1_0/requesttopay/${reference}`, { headers: headers(collection, accessToken) });
    expect(await pending.json()).toMatchObject({
      status: 'PENDING',
      amount: '1500',
      currency: 'XAF',
      externalId: 'inv-1',
      payer: { partyIdType: 'MSISDN', partyId: '237677000001' },
    });
    fake.settleNow(reference);
    const done = await fetch(`${fake.url}/collection/v1_0/requesttopay/${reference}`, { headers: headers(collection, accessToken) });
    const body = (await done.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'SUCCESSFUL', financialTransactionId: expect.stringMatching(/^\d+$/) });
    expect(body).not.toHaveProperty('reason');
    const unknown = await fetch(`${fake.url}/collection/v1_0/requesttopay/${randomUUID()}`, { headers: headers(collection, accessToken) });
    expect(unknown.status).toBe(404);
  });

  it('refuses with 400 a reference that is not a UUID v4, a note over 160 characters or with an apostrophe, and a currency not the environment’s', async () => {
    const accessToken = await token();
    const post = (reference: string, body: string) =>
      fetch(`${fake.url}/collection/v1_0/requesttopay`, { method: 'POST', headers: headers(collection, accessToken, reference), body });
    expect((await post('not-a-uuid', rtp('237677000002'))).status).toBe(400);
    expect((await post('6ba7b810-9dad-11d1-80b4-00c04fd430c8', rtp('237677000002'))).status).toBe(400); // a v1 UUID
    expect((await post(randomUUID(), rtp('237677000002', { payerMessage: 'x'.repeat(161) }))).status).toBe(400);
    expect((await post(randomUUID(), rtp('237677000002', { payeeNote: "Salaire d'octobre" }))).status).toBe(400);
    const euro = await post(randomUUID(), rtp('237677000002', { currency: 'EUR' }));
    expect(euro.status).toBe(400);
    expect(await euro.json()).toMatchObject({ code: 'INVALID_CURRENCY' });
    expect((await post(randomUUID(), rtp('237677000002', { payerMessage: 'x'.repeat(160) }))).status).toBe(202);
  });

  it('plays the documented sandbox numbers and planted failure reasons', async () => {
    const accessToken = await token();
    const outcomes: Record<string, unknown> = {};
    fake.plant('237677000099', { status: 'FAILED', reason: 'PAYER_LIMIT_REACHED' });
    for (const number of ['46733123450', '46733123451', '46733123452', '46733123453', '46733123454', '237677000099']) {
      const reference = randomUUID();
      await fetch(`${fake.url}/collection/v1_0/requesttopay`, { method: 'POST', headers: headers(collection, accessToken, reference), body: rtp(number) });
      outcomes[number] = reference;
    }
    const statusOf = async (number: string) =>
      (await (await fetch(`${fake.url}/collection/v1_0/requesttopay/${outcomes[number]}`, { headers: headers(collection, accessToken) })).json()) as any;
    expect(await statusOf('46733123453')).toMatchObject({ status: 'PENDING' });
    for (const number of ['46733123450', '46733123451', '46733123452', '46733123454', '237677000099']) fake.settleNow(outcomes[number] as string);
    expect(await statusOf('46733123450')).toMatchObject({ status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' });
    expect(await statusOf('46733123451')).toMatchObject({ status: 'FAILED', reason: 'APPROVAL_REJECTED' });
    expect(await statusOf('46733123452')).toMatchObject({ status: 'FAILED', reason: 'EXPIRED' });
    expect(await statusOf('46733123454')).toMatchObject({ status: 'PENDING' });
    expect(await statusOf('237677000099')).toMatchObject({ status: 'FAILED', reason: 'PAYER_LIMIT_REACHED' });
    expect(
      await until(
        () => statusOf('46733123453'),
        (body) => body.status !== 'PENDING',
      ),
    ).toMatchObject({ status: 'SUCCESSFUL' });
    expect(await statusOf('46733123454')).toMatchObject({ status: 'PENDING' });
  });

  it('pays out from the disbursement balance, fails NOT_ENOUGH_FUNDS beyond it, and refunds a collection', async () => {
    const accessToken = await token(disbursement);
    const transfer = (reference: string, amount: string) =>
      fetch(`${fake.url}/disbursement/v1_0/transfer`, {
        method: 'POST',
        headers: headers(disbursement, accessToken, reference),
        body: JSON.stringify({
          amount,
          currency: 'XAF',
          externalId: 'slip-1',
          payee: { partyIdType: 'MSISDN', partyId: '237677000003' },
          payerMessage: 'Salary',
          payeeNote: 'Salary',
        }),
      });
    const small = randomUUID();
    const large = randomUUID();
    expect((await transfer(small, '200000')).status).toBe(202);
    expect((await transfer(large, '400000')).status).toBe(202);
    fake.settleNow(small);
    fake.settleNow(large);
    const statusOf = async (reference: string) =>
      (await (await fetch(`${fake.url}/disbursement/v1_0/transfer/${reference}`, { headers: headers(disbursement, accessToken) })).json()) as any;
    expect(await statusOf(small)).toMatchObject({ status: 'SUCCESSFUL', payee: { partyId: '237677000003' } });
    expect(await statusOf(large)).toMatchObject({ status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS' });
    const balance = await fetch(`${fake.url}/disbursement/v1_0/account/balance`, { headers: headers(disbursement, accessToken) });
    expect(await balance.json()).toEqual({ availableBalance: '300000', currency: 'XAF' });

    const collected = randomUUID();
    await fetch(`${fake.url}/collection/v1_0/requesttopay`, {
      method: 'POST',
      headers: headers(collection, await token(), collected),
      body: rtp('237677000004'),
    });
    fake.settleNow(collected);
    const refund = randomUUID();
    const refunded = await fetch(`${fake.url}/disbursement/v2_0/refund`, {
      method: 'POST',
      headers: headers(disbursement, accessToken, refund),
      body: JSON.stringify({
        amount: '500',
        currency: 'XAF',
        externalId: 'refund-1',
        payerMessage: 'Refund',
        payeeNote: 'Refund',
        referenceIdToRefund: collected,
      }),
    });
    expect(refunded.status).toBe(202);
    fake.settleNow(refund);
    const refundStatus = await fetch(`${fake.url}/disbursement/v1_0/refund/${refund}`, { headers: headers(disbursement, accessToken) });
    expect(await refundStatus.json()).toMatchObject({ status: 'SUCCESSFUL', amount: '500', payee: { partyId: '237677000004' } });
  });

  it('refuses an expired token with 401 until a new one is taken', async () => {
    const accessToken = await token();
    fake.expireTokens();
    const refused = await fetch(`${fake.url}/collection/v1_0/requesttopay`, {
      method: 'POST',
      headers: headers(collection, accessToken, randomUUID()),
      body: rtp('237677000005'),
    });
    expect(refused.status).toBe(401);
    const fresh = await token();
    expect(
      (
        await fetch(`${fake.url}/collection/v1_0/requesttopay`, {
          method: 'POST',
          headers: headers(collection, fresh, randomUUID()),
          body: rtp('237677000005'),
        })
      ).status,
    ).toBe(202);
  });

  it('loses the answer of a call it carried out (a timeout after the work): the same reference then gets 409 and its status', async () => {
    const accessToken = await token();
    const reference = randomUUID();
    fake.http.faults.plant({ kind: 'timeout', after: true, method: 'POST', path: /requesttopay$/ });
    await expect(
      fetch(`${fake.url}/collection/v1_0/requesttopay`, {
        method: 'POST',
        headers: headers(collection, accessToken, reference),
        body: rtp('237677000006'),
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    const again = await fetch(`${fake.url}/collection/v1_0/requesttopay`, {
      method: 'POST',
      headers: headers(collection, accessToken, reference),
      body: rtp('237677000006'),
    });
    expect(again.status).toBe(409);
    fake.http.faults.plant({ kind: '500', after: false, method: 'POST', path: /requesttopay$/ });
    const notDone = randomUUID();
    expect(
      (
        await fetch(`${fake.url}/collection/v1_0/requesttopay`, {
          method: 'POST',
          headers: headers(collection, accessToken, notDone),
          body: rtp('237677000006'),
        })
      ).status,
    ).toBe(500);
    expect(fake.transaction(notDone)).toBeUndefined();
    expect(fake.http.faults.injected.map((f) => f.kind)).toEqual(expect.arrayContaining(['timeout', '500']));
  });

  it('calls back with PUT mirroring the status body, duplicated or with an outdated body after it when switched so', async () => {
    const accessToken = await token();
    const before = callbacks.received.length;
    const reference = randomUUID();
    fake.callbacks.switches = { drop: 0, duplicate: 1, delayMs: 0, reorder: true };
    await fetch(`${fake.url}/collection/v1_0/requesttopay`, {
      method: 'POST',
      headers: headers(collection, accessToken, reference, { 'x-callback-url': `${callbacks.url}/mtn/${reference}` }),
      body: rtp('237677000007'),
    });
    fake.settleNow(reference);
    const received = (await callbacks.waitFor(before + 3)).slice(before);
    expect(received.map((r) => [r.method, r.path, r.body.status])).toEqual([
      ['PUT', `/mtn/${reference}`, 'SUCCESSFUL'],
      ['PUT', `/mtn/${reference}`, 'SUCCESSFUL'],
      ['PUT', `/mtn/${reference}`, 'PENDING'],
    ]);
    expect(received[0].body).toMatchObject({ externalId: 'inv-1', amount: '1500', currency: 'XAF', financialTransactionId: expect.any(String) });
  });

  it('answers 429 past 10 status requests a second on one account', async () => {
    const limited = new MtnMomoFake();
    const account = limited.addAccount({ product: 'collection', targetEnvironment: 'mtncameroon' });
    await limited.listen();
    try {
      const basic = `Basic ${Buffer.from(`${account.apiUser}:${account.apiKey}`).toString('base64')}`;
      const issued = await fetch(`${limited.url}/collection/token/`, {
        method: 'POST',
        headers: { authorization: basic, 'ocp-apim-subscription-key': account.subscriptionKey },
      });
      const accessToken = ((await issued.json()) as { access_token: string }).access_token;
      const statuses = await Promise.all(
        Array.from(
          { length: 11 },
          async () => (await fetch(`${limited.url}/collection/v1_0/requesttopay/${randomUUID()}`, { headers: headers(account, accessToken) })).status,
        ),
      );
      expect(statuses.filter((status) => status === 404)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});

describe('Orange Money fake', () => {
  const fake = new OrangeMoneyFake({ settleAfterMs: 60_000, webPaymentValidityMs: 1_500 });
  const merchant = fake.addAccount({ balance: 100_000 });
  let notifications: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    await fake.listen();
    notifications = await receiver();
  });
  afterAll(async () => {
    await fake.close();
    await notifications.close();
  });

  async function token(path = '/token'): Promise<string> {
    const response = await fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${merchant.consumerKey}:${merchant.consumerSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token_type: string; access_token: string; expires_in: number };
    expect(body).toEqual({ token_type: 'Bearer', access_token: expect.any(String), expires_in: 3600 });
    return body.access_token;
  }

  const core = (accessToken: string) => ({
    authorization: `Bearer ${accessToken}`,
    'x-auth-token': Buffer.from(`${merchant.apiUser}:${merchant.apiPassword}`).toString('base64'),
    'content-type': 'application/json',
  });

  async function push(family: 'mp' | 'cashin', subscriberMsisdn: string, amount: string, notifUrl?: string) {
    const accessToken = await token();
    const init = await fetch(`${fake.url}/omcoreapis/1.0.2/${family}/init`, { method: 'POST', headers: core(accessToken) });
    expect(init.status).toBe(200);
    const { data } = (await init.json()) as { data: { payToken: string } };
    const pay = await fetch(`${fake.url}/omcoreapis/1.0.2/${family}/pay`, {
      method: 'POST',
      headers: core(accessToken),
      body: JSON.stringify({
        notifUrl,
        channelUserMsisdn: merchant.channelUserMsisdn,
        amount,
        subscriberMsisdn,
        pin: merchant.pin,
        orderId: `order-${subscriberMsisdn}`,
        description: 'Invoice',
        payToken: data.payToken,
      }),
    });
    return { accessToken, payToken: data.payToken, pay };
  }

  it('issues tokens for client credentials, and refuses calls without a valid token with the gateway’s fault codes', async () => {
    const bad = await fetch(`${fake.url}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${merchant.consumerKey}:wrong`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(bad.status).toBe(401);
    const missing = await fetch(`${fake.url}/omcoreapis/1.0.2/mp/init`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ fault: { code: '900902' } });
    const invalid = await fetch(`${fake.url}/omcoreapis/1.0.2/mp/init`, { method: 'POST', headers: { authorization: 'Bearer nope' } });
    expect(await invalid.json()).toMatchObject({ fault: { code: '900901' } });
    const accessToken = await token();
    const noAuthToken = await fetch(`${fake.url}/omcoreapis/1.0.2/mp/init`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
    expect(noAuthToken.status).toBe(401);
  });

  it('takes a merchant payment from PENDING to SUCCESSFULL and notifies notifUrl with the same data', async () => {
    const before = notifications.received.length;
    const { accessToken, payToken, pay } = await push('mp', '690000001', '2500', `${notifications.url}/orange`);
    expect(pay.status).toBe(200);
    expect(((await pay.json()) as any).data).toMatchObject({
      payToken,
      status: 'PENDING',
      inittxnstatus: '200',
      amount: 2500,
      subscriberMsisdn: '690000001',
      txnid: expect.stringMatching(/^MP/),
    });
    fake.settleNow(payToken);
    const received = (await notifications.waitFor(before + 1)).slice(before);
    expect(received[0]).toMatchObject({ method: 'POST', path: '/orange', body: { data: { payToken, status: 'SUCCESSFULL', confirmtxnstatus: '200' } } });
    const status = await fetch(`${fake.url}/omcoreapis/1.0.2/mp/paymentstatus/${payToken}`, { headers: core(accessToken) });
    expect(((await status.json()) as any).data).toMatchObject({ status: 'SUCCESSFULL' });
    expect(fake.account(merchant.consumerKey)!.balance).toBe(102_500);
    const reused = await fetch(`${fake.url}/omcoreapis/1.0.2/mp/pay`, {
      method: 'POST',
      headers: core(accessToken),
      body: JSON.stringify({
        channelUserMsisdn: merchant.channelUserMsisdn,
        amount: '1',
        subscriberMsisdn: '690000001',
        pin: merchant.pin,
        orderId: 'again',
        payToken,
      }),
    });
    expect(reused.status).toBe(422);
  });

  it('answers business failures with HTTP 200 and the code, at pay or later', async () => {
    fake.plant('690000002', { status: 'FAILED', errorCode: ORANGE_ERROR_CODES.NOT_A_SUBSCRIBER, atInit: true });
    const { pay } = await push('mp', '690000002', '1000');
    expect(pay.status).toBe(200);
    expect(((await pay.json()) as any).data).toMatchObject({ status: 'FAILED', inittxnstatus: '99051' });

    const { accessToken, payToken } = await push('cashin', '690000003', '200000');
    fake.settleNow(payToken);
    const status = await fetch(`${fake.url}/omcoreapis/1.0.2/cashin/paymentstatus/${payToken}`, { headers: core(accessToken) });
    expect(((await status.json()) as any).data).toMatchObject({ status: 'FAILED', txnstatus: '60019' });
  });

  it('runs a Web Payment: 201 with a pay token, INITIATED until the customer confirms, then SUCCESS and a notification with notif_token', async () => {
    const accessToken = await token('/oauth/v3/token');
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const order = {
      merchant_key: merchant.merchantKey,
      currency: 'OUV',
      order_id: 'WEB-1',
      amount: 1200,
      return_url: 'http://x/r',
      cancel_url: 'http://x/c',
      lang: 'fr',
      reference: 'Acme',
    };
    const created = await fetch(`${fake.url}/orange-money-webpay/dev/v1/webpayment`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...order, notif_url: `${notifications.url}/web` }),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as any;
    expect(body).toEqual({
      status: 201,
      message: 'OK',
      pay_token: expect.any(String),
      payment_url: expect.stringContaining(body.pay_token),
      notif_token: expect.any(String),
    });
    const statusOf = async () =>
      (
        await fetch(`${fake.url}/orange-money-webpay/dev/v1/transactionstatus`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ order_id: 'WEB-1', amount: 1200, pay_token: body.pay_token }),
        })
      ).json();
    expect(await statusOf()).toEqual({ status: 'INITIATED', order_id: 'WEB-1', txnid: expect.any(String) });
    const missing = await fetch(`${fake.url}/orange-money-webpay/dev/v1/transactionstatus`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ order_id: 'WEB-1' }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 23, message: 'Missing body field' });
    const before = notifications.received.length;
    fake.customerConfirms(body.pay_token, 'SUCCESS', 500);
    expect(await statusOf()).toMatchObject({ status: 'PENDING' });
    const received = (await notifications.waitFor(before + 1)).slice(before);
    expect(received[0].body).toEqual({ status: 'SUCCESS', notif_token: body.notif_token, txnid: expect.any(String) });
    expect(await statusOf()).toMatchObject({ status: 'SUCCESS' });

    const abandoned = await fetch(`${fake.url}/orange-money-webpay/dev/v1/webpayment`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...order, order_id: 'WEB-2', notif_url: `${notifications.url}/web` }),
    });
    const token2 = ((await abandoned.json()) as any).pay_token;
    await sleep(1_600);
    const expired = await fetch(`${fake.url}/orange-money-webpay/dev/v1/transactionstatus`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ order_id: 'WEB-2', amount: 1200, pay_token: token2 }),
    });
    expect(await expired.json()).toMatchObject({ status: 'EXPIRED' });
  });
});
