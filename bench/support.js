'use strict';
/** What the bench scripts share: an HTTP call, a free port, a pause. */
const net = require('node:net');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One request: `{ status, body (parsed JSON, if any), text }`; a string body is sent as it is, any other as JSON. */
async function call(base, method, urlPath, { headers = {}, body, timeoutMs = 15_000 } = {}) {
  const response = await fetch(base + urlPath, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, body: json, text };
}

module.exports = { call, freePort, sleep };
