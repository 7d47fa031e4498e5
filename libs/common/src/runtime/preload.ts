/**
 * Imported first by every entry point (after reflect-metadata): loads @nestjs/common without the
 * ICU data its logger's date formatter would map at load (see withDeferredDateTimeFormat).
 */
import { withDeferredDateTimeFormat } from './deferred-intl';

withDeferredDateTimeFormat(() => require('@nestjs/common'));
