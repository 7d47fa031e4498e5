/**
 * Imported first by every entry point (after reflect-metadata): turns off V8's allocation-site
 * pretenuring before anything is allocated (see disableAllocationSitePretenuring), and loads
 * @nestjs/common without the ICU data its logger's date formatter would map at load (see
 * withDeferredDateTimeFormat).
 */
import { withDeferredDateTimeFormat } from '../library-internals/deferred-intl';
import { disableAllocationSitePretenuring } from '../library-internals/v8-heap-flags';

disableAllocationSitePretenuring();

withDeferredDateTimeFormat(() => require('@nestjs/common'));
