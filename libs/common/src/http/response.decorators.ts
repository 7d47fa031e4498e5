import { SetMetadata } from '@nestjs/common';
import type { SuccessMessageKey } from '../errors/i18n';

export const SUCCESS_MESSAGE_KEY = 'platform:success-message';
export const RAW_RESPONSE_KEY = 'platform:raw-response';

/** The localized `message` of the success envelope for this route. */
export const SuccessMessage = (key: SuccessMessageKey) => SetMetadata(SUCCESS_MESSAGE_KEY, key);

/** The handler's result is sent as it is, without the envelope (metrics, OpenAPI, JWKS). */
export const RawResponse = () => SetMetadata(RAW_RESPONSE_KEY, true);
