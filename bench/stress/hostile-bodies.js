'use strict';
/**
 * Stress scenario 6: requests shaped to make validation work super-linearly or at length, each
 * about as large as the service takes (1 MiB of body; for the query, the 16 KiB of request line
 * and headers Node reads), against pay, next to a normal authenticated GET. For each shape: the
 * time to answer it, one at a time on an otherwise idle service (its server time, and a loopback
 * transfer of under a millisecond), and the GET's p99 while that shape arrives back to back, next
 * to the GET's p99 alone. Every hostile request must be refused with 400 VALIDATION_FAILED.
 */
const BODY_BYTES = 1 << 20;
const SMOKE_BODY_BYTES = 64 << 10;
/** Node refuses a request line and headers over 16 KiB (431); the auth headers take about 1 KiB of it. */
const QUERY_BYTES = 14 << 10;
const GET_CONNECTIONS = 10;
/**
 * The longest a shape's answer may take (p99), as the e2e tests bound a health check's answer
 * while one is processed. What is left after the bounds is mostly JSON.parse, which takes 1–95 ms
 * of CPU for 1 MiB depending on the shape (the widest object the most); before them, the wide
 * object took 18 s and the long array 2 s.
 */
const TARGET_MS = 500;

/** `unit(0)`, `unit(1)`, … joined by `separator`, as many as fit in `bytes`. */
function fill(bytes, separator, unit) {
  const parts = [];
  for (let i = 0, length = 0; ; i++) {
    const part = unit(i);
    length += part.length + separator.length;
    if (length > bytes) return parts.join(separator);
    parts.push(part);
  }
}

/** The shapes, each a request within `bytes` (the body's envelope of about 100 bytes aside). */
function shapes(bytes) {
  const room = bytes - 100;
  const wallet = (x) => ({ method: 'POST', path: '/api/v1/pay/wallets', body: `{"name":"w","currency":"XAF","x":${x}}` });
  const levels = Math.floor(room / 6);
  const third = Math.floor(room / 3);
  return [
    { id: 'wide-object', label: 'an object of as many keys as fit, under one property', ...wallet(`{${fill(room, ',', (i) => `"k${i}":1`)}}`) },
    { id: 'long-array', label: 'an array of as many numbers as fit', ...wallet(`[${fill(room, ',', () => '1')}]`) },
    { id: 'deep-nesting', label: 'objects nested as deep as fit', ...wallet(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`) },
    {
      id: 'long-strings',
      label: 'a payment whose id, description and phone number share the body, through isUUID, trim and a pattern',
      method: 'POST',
      path: '/api/v1/pay/payments',
      headers: { 'idempotency-key': 'bench-hostile-long-strings' },
      body: JSON.stringify({
        walletId: '0'.repeat(third - 40),
        amount: 1,
        currency: 'XAF',
        description: ' '.repeat(third - 40),
        recipient: { type: 'mobile_money', provider: 'mtn_momo', phoneNumber: `+2376${'7'.repeat(third - 100)}` },
      }),
    },
    {
      id: 'many-query-parameters',
      label: `as many distinct query parameters as fit in ${QUERY_BYTES >> 10} KiB`,
      method: 'GET',
      path: `/api/v1/pay/wallets?${fill(Math.min(bytes, QUERY_BYTES), '&', (i) => `p${i}=1`)}`,
    },
  ];
}

const ms = (value) => (value === null ? '—' : `${value.toFixed(value < 10 ? 2 : 1)} ms`);
const kib = (bytes) => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KiB`;

module.exports = {
  id: 'hostile-bodies',
  number: 6,
  title: 'Hostile request shapes against POST and GET /api/v1/pay/wallets and POST /api/v1/pay/payments',
  measures: `time to answer each hostile shape (wide object, long array, deep nesting, long strings through patterns: 1 MiB of body each; many query parameters: ${QUERY_BYTES >> 10} KiB of query), and the p99 of an authenticated GET of a wallet (${GET_CONNECTIONS} connections) while each arrives back to back, against its p99 alone`,
  app: 'pay',

  async run(ctx) {
    const created = await ctx.call('POST', '/api/v1/pay/wallets', { body: { name: 'Bench wallet', currency: 'XAF' } });
    if (created.status !== 201) throw new Error(`creating a wallet: ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
    const get = { method: 'GET', path: `/api/v1/pay/wallets/${created.body.data.id}`, headers: ctx.headers };
    const seconds = ctx.seconds;
    let errors = 0;
    const load = async () => {
      const run = await ctx.runLoad({ url: ctx.url, connections: GET_CONNECTIONS, duration: seconds, request: get });
      const summary = ctx.summarize(run, seconds);
      errors += summary.responses - summary.ok + summary.socketErrors + summary.timeouts;
      return summary;
    };
    /** Sends a shape, and counts any answer but 400 VALIDATION_FAILED as an error; its time, and the first message, for the record. */
    const send = async (shape) => {
      const answer = await ctx.call(shape.method, shape.path, { headers: shape.headers, body: shape.body });
      if (answer.status !== 400 || answer.body?.code !== 'VALIDATION_FAILED') {
        errors++;
        ctx.log(`${shape.id}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      }
      return { ms: answer.ms, said: `${answer.status} ${answer.body?.code}: ${JSON.stringify(Object.values(answer.body?.errors ?? {})[0]?.[0] ?? '')}` };
    };

    await ctx.runLoad({ url: ctx.url, connections: GET_CONNECTIONS, duration: ctx.smoke ? 0.3 : 1, request: get });
    const alone = await load();
    const figures = { getP99MsAlone: alone.p99Ms, getRpsAlone: alone.rps };
    const lines = [`the GET alone: ${alone.rps.toLocaleString('en-US')} a second, p99 ${ms(alone.p99Ms)}`];
    const targets = [];
    let worst = alone;
    for (const shape of shapes(ctx.smoke ? SMOKE_BODY_BYTES : BODY_BYTES)) {
      ctx.log(`${shape.id}: alone, then next to the GET`);
      // the first answer warms the path, and says what the service answers
      const { said } = await send(shape);
      const times = [];
      for (const until = performance.now() + (seconds / 2) * 1000; times.length === 0 || performance.now() < until;) times.push((await send(shape)).ms);
      let sending = true;
      let during = 0;
      const hostile = (async () => {
        while (sending) {
          await send(shape);
          during++;
        }
      })();
      const mixed = await load().finally(() => (sending = false));
      await hostile;
      // no GET answered while the load ran: the service was held the whole time
      const getP99Ms = mixed.ok ? mixed.p99Ms : Infinity;
      if (getP99Ms > (worst.ok ? worst.p99Ms : Infinity)) worst = mixed;
      times.sort((a, b) => a - b);
      const [median, p99] = [ctx.percentile(times, 50), ctx.percentile(times, 99)];
      Object.assign(figures, { [`${shape.id}.medianMs`]: median, [`${shape.id}.p99Ms`]: p99, [`${shape.id}.getP99Ms`]: mixed.p99Ms });
      const size = shape.body === undefined ? shape.path.length : Buffer.byteLength(shape.body);
      const beside = mixed.ok
        ? `the GET's p99 ${ms(mixed.p99Ms)} (${mixed.rps.toLocaleString('en-US')} a second)`
        : `no GET answered in the ${seconds} s of GET load`;
      lines.push(
        `${shape.id} (${shape.label}, ${kib(size)}) → ${said}: answered in ${ms(median)} (median), ${ms(p99)} (p99) of ${times.length}; ${beside} while ${during} of them arrived`,
      );
      targets.push({ label: `${shape.id} answered within ${TARGET_MS} ms (p99)`, met: p99 <= TARGET_MS });
    }
    return { figures, lines, targets, errors, load: { connections: GET_CONNECTIONS, rps: worst.rps, p50Ms: worst.p50Ms, p99Ms: worst.p99Ms } };
  },
};
