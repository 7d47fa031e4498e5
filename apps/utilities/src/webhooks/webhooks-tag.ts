import { WEBHOOK_DELIVERY_NOTE } from '@platform/contracts';
import { ApiTag } from '@platform/pipeline';

/** The one tag of every webhook route. */
export const WebhooksTag = () =>
  ApiTag(
    'Webhooks',
    'The suite’s domain events, POSTed to the company’s endpoints in the Standard Webhooks format (`webhook-id`, `webhook-timestamp`, `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` with the endpoint’s secret). ' +
      `Every event type, its schema and an example: \`GET /api/v1/app/webhooks/event-types\`, and \`x-webhooks\` of this document. ${WEBHOOK_DELIVERY_NOTE}`,
  );
