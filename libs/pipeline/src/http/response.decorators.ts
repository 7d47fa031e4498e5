import { SetMetadata } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { SuccessMessageKey } from '../errors/i18n';

export const SUCCESS_MESSAGE_KEY = 'platform:success-message';
export const RAW_RESPONSE_KEY = 'platform:raw-response';

/** The localized `message` of the success envelope for this route. */
export const SuccessMessage = (key: SuccessMessageKey) => SetMetadata(SUCCESS_MESSAGE_KEY, key);

/** The handler's result is sent as it is, without the envelope (metrics, OpenAPI, JWKS). */
export const RawResponse = () => SetMetadata(RAW_RESPONSE_KEY, true);

/** Fastify route config set by @SecretQuery(), read where each route's access-log writer is made. */
export const SECRET_QUERY_CONFIG = 'platformSecretQuery';

/**
 * The route's query string is a credential (a signed link works for days without any other):
 * its access-log lines give the path without the query. Decided once per route, when it is
 * registered, so other routes' requests pay nothing for it.
 */
export const SecretQuery = () => RouteConfig({ [SECRET_QUERY_CONFIG]: true });

/** Fastify route config set by @BodyLimit(), applied where each route is registered. */
export const BODY_LIMIT_CONFIG = 'platformBodyLimit';

/**
 * The route takes bodies up to `bytes` instead of BODY_LIMIT_BYTES: a bulk route whose largest
 * valid list is bigger than one resource's body. Its DTO's MaxInputValues still bounds the work.
 */
export const BodyLimit = (bytes: number) => RouteConfig({ [BODY_LIMIT_CONFIG]: bytes });
