/**
 * Imported first by every entry point (after reflect-metadata): turns off V8's allocation-site
 * pretenuring before anything is allocated (see disableAllocationSitePretenuring), and loads
 * @nestjs/common without the ICU data its logger's date formatter would map at load (see
 * withDeferredDateTimeFormat).
 */
import { withDeferredDateTimeFormat } from './deferred-intl';
import { disableAllocationSitePretenuring } from './heap';

disableAllocationSitePretenuring();

withDeferredDateTimeFormat(() => require('@nestjs/common'));
