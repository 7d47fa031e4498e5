import { errorCodeRows, eventCatalogue, SERVICES, WEBHOOK_DELIVERY_NOTE } from '@platform/contracts';
import { PLATFORM_CLIENT_ID, TOKEN_LIFETIME_SECONDS } from '@platform/pipeline';

/** Where the docs page lives, under auth's prefix (the Ingress sends `/api/v1` itself to auth). */
export const DOCS_PATH = '/api/v1/docs';

/** The six services' documents, at the paths the Ingress and the one-machine suite route. */
export const SERVICE_DOCUMENTS: readonly { name: string; title: string; prefix: string; url: string }[] = Object.values(SERVICES).map((service) => ({
  name: service.name,
  title: service.title,
  prefix: `/${service.prefix}`,
  url: `/${service.prefix}/openapi.json`,
}));

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);

function errorCodesTable(): string {
  const rows = errorCodeRows()
    .map(({ code, status, messages: [message, ...more] }) => {
      // HTTP_ERROR's messages are one per status; another code's further messages are its reasons'
      const rest = more
        .map((text) => (code === 'HTTP_ERROR' ? `<br>${escapeHtml(text)}` : `<br><span class="reason">or, saying what is wrong: ${escapeHtml(text)}</span>`))
        .join('');
      return `<tr id="code-${code}"><td><code>${code}</code></td><td>${status}</td><td>${escapeHtml(message)}${rest}</td></tr>`;
    })
    .join('\n');
  return `<table class="codes">
<thead><tr><th>code</th><th>status</th><th>message (English; <code>Accept-Language: fr</code> gives French)</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p><code>{name}</code> in a message is filled from the request.</p>`;
}

/** `code` spans of a sentence written with backticks. */
const withCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** Every event type: when it fires, and its example and JSON Schema to unfold. */
function eventTypesTable(): string {
  const rows = eventCatalogue()
    .map(
      (entry) => `<tr id="event-${entry.type}"><td><code>${entry.type}</code></td><td>${entry.service}</td><td>${withCode(entry.description)}
<details class="example"><summary>Example</summary><pre>${escapeHtml(JSON.stringify(entry.example, null, 2))}</pre></details>
<details class="schema"><summary>JSON Schema</summary><pre>${escapeHtml(JSON.stringify(entry.schema, null, 2))}</pre></details></td></tr>`,
    )
    .join('\n');
  return `<table class="codes events">
<thead><tr><th>type</th><th>service</th><th>when</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function servicesList(): string {
  return SERVICE_DOCUMENTS.map(
    (document) =>
      `<li><a href="${document.url}" data-openapi="${escapeHtml(document.title)}">${escapeHtml(document.title)}</a> <code>${document.prefix}</code></li>`,
  ).join('\n');
}

/**
 * The page: how to authenticate, the six services' references (Swagger UI, loading each
 * document from its relative path, so the page works on any host), the event catalogue and the
 * error codes of the registry. Its script is a file of its own: the page's CSP runs no inline script.
 */
export function renderDocsPage(assetBase: string): string {
  const minutes = TOKEN_LIFETIME_SECONDS / 60;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Platform API reference</title>
<link rel="icon" type="image/png" href="${assetBase}/favicon-32x32.png">
<link rel="stylesheet" href="${assetBase}/swagger-ui.css">
<link rel="stylesheet" href="${assetBase}/docs.css">
</head>
<body>
<header class="docs-header">
<h1>Platform API reference</h1>
<nav><a href="#getting-started">Getting started</a> · <a href="#reference">Services</a> · <a href="#events">Events and webhooks</a> · <a href="#error-codes">Error codes</a></nav>
</header>
<main>
<section id="getting-started">
<h2>Getting started</h2>
<ol class="steps">
<li><strong>Get credentials from the CLI</strong>, on the machine that runs the suite (same <code>DATA_DIR</code> or <code>DATABASE_URL</code>):
<pre>npm run -s cli -- developers:create --org "Acme" --plan developer-sandbox --json
# {"organizationId":"…","apiKey":"pk_sandbox_…","apiSecret":"sk_sandbox_…","plan":"developer-sandbox"}</pre>
The secret is shown once; keep it safe. <code>npm run -s cli -- --help</code> lists the other commands.</li>
<li><strong>Exchange them for a ${minutes}-minute token</strong> with <code>POST /api/v1/authorize/token</code> and three headers:
<pre>BASE=<span class="origin">https://api.example.com</span>/api/v1
curl -s -X POST $BASE/authorize/token \\
  -H "X-Platform-Api-Key: $KEY" -H "X-Platform-Api-Secret: $SECRET" \\
  -H "X-Platform-Client-Id: ${PLATFORM_CLIENT_ID}"
# {"success":true,"message":"Access token issued.","data":{"accessToken":"…","tokenType":"Bearer","expiresIn":${TOKEN_LIFETIME_SECONDS},…}}</pre>
A wrong key or secret is 401 <code>DEVELOPER_KEYS_INVALID</code>; repeated failures are 429 <code>RATE_LIMIT_EXCEEDED</code>.</li>
<li><strong>Send three headers on every other call</strong>, all three together (the documents' security requirement names the three schemes):
<pre>Authorization: Bearer &lt;accessToken&gt;
X-Platform-Api-Key: &lt;apiKey&gt;
X-Platform-Client-Id: ${PLATFORM_CLIENT_ID}</pre>
Partners acting for a client company add <code>X-Workspace-Id</code> and <code>X-Acting-Company-Id</code> (both or neither).
When the token expires (401 <code>AUTH_TOKEN_EXPIRED</code>), exchange again.</li>
</ol>
<p>Every answer is an envelope: <code>{ "success": true, "message", "data" }</code>, lists with <code>data: { items, page, limit, total }</code>;
errors <code>{ "success": false, "message", "code", "errors"?, "details"?, "statusCode", "timestamp" }</code>
(<code>errors</code>: each invalid field's messages; <code>details</code>: facts a client can act on, such as the available amount). Branch on <code>code</code> (table below);
<code>message</code> follows <code>Accept-Language</code> (English, French). Every response carries <code>X-Request-Id</code> and the <code>RateLimit-*</code> headers.</p>
</section>
<section id="reference">
<h2>Services</h2>
<p>Each service publishes its OpenAPI document; choose one in the bar below to browse it.</p>
<ul class="services">
${servicesList()}
</ul>
<div id="swagger-ui"></div>
</section>
<section id="events">
<h2>Events and webhooks</h2>
<p>The services record the changes below as events, each in the transaction of its change, and deliver them to the company’s webhook endpoints
in the Standard Webhooks format: a POST whose body is the envelope
<code>{ "id", "type", "occurredAt", "companyId", "data", "version" }</code> (<code>data</code> is the resource as the API answers it after the change),
with the headers <code>webhook-id</code> (the event’s <code>id</code>), <code>webhook-timestamp</code> and <code>webhook-signature</code>.</p>
<p class="delivery">${withCode(WEBHOOK_DELIVERY_NOTE)}</p>
<p>The catalogue below is served as <code>GET /api/v1/app/webhooks/event-types</code> (<code>app:read</code>) and is the <code>x-webhooks</code> of the Utilities document
(each other service’s document lists the events it records).</p>
${eventTypesTable()}
</section>
<section id="error-codes">
<h2>Error codes</h2>
${errorCodesTable()}
</section>
</main>
<script src="${assetBase}/swagger-ui-bundle.js"></script>
<script src="${assetBase}/swagger-ui-standalone-preset.js"></script>
<script src="${assetBase}/docs.js"></script>
</body>
</html>
`;
}
