import { isURL } from 'class-validator';
import { PlatformException } from '@platform/common';
import { MAX_URL_LENGTH } from './dto/webhook-endpoint.dto';

/**
 * Refuses an endpoint URL deliveries must not be sent to: for now, anything but an absolute
 * http(s) URL of at most 2048 characters (VALIDATION_FAILED naming `url`). The one place the
 * endpoints' URLs are checked, before they are stored; the network guard of the transport
 * (which also refuses addresses of refused networks, WEBHOOK_URL_FORBIDDEN) takes its place.
 */
export async function assertEndpointUrl(url: string): Promise<void> {
  const acceptable = url.length <= MAX_URL_LENGTH && isURL(url, { protocols: ['http', 'https'], require_protocol: true, require_valid_protocol: true, require_tld: false });
  if (!acceptable) throw PlatformException.validation({ url: ['url must be an absolute http or https URL'] });
}
