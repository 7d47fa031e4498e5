/**
 * Imported by the one-machine suite right after preload, before its apps' modules load: sets the
 * old generation's growth (HEAP_GROWTH_PERCENT, 50% unless set) before anything else allocates.
 * V8 computes the next limit at the end of each full collection with the growth set then; set in
 * the suite's main, after its imports, it could come after the collection that loading the six
 * apps' modules triggers, and the first load then ran under V8's own limit (four times what
 * survived). The configuration validates the setting when the suite starts; a value it would
 * refuse is not applied here.
 */
import { applyHeapGrowth } from '../library-internals/v8-heap-flags';

/**
 * The growth for the six apps together, unless set: their 46 MB surviving a collection, at the
 * 15% a single service uses, brought a full collection (about 9 ms of pause and 25 ms of
 * marking) every second or two under load, and the GET's p99 with them (9.2–11.4 ms against
 * 6.3–7.5 at 100%). At 100% the old generation grew to twice the 55–60 MB that survive once the
 * apps are warm: over 400,000 GETs the process peaked at 204–206 MB, and beside its own
 * PostgreSQL (40–70 MB) passed the 250 MB the suite should stay within on one machine. At 50%:
 * 187–189 MB, with three or four full collections in those GETs instead of two
 * (docs/decisions/0025-suite-heap-growth.md).
 */
export const SUITE_HEAP_GROWTH_PERCENT = '50';

process.env.HEAP_GROWTH_PERCENT ||= SUITE_HEAP_GROWTH_PERCENT;
const percent = Number(process.env.HEAP_GROWTH_PERCENT);
if (Number.isInteger(percent) && percent >= 0 && percent <= 400) applyHeapGrowth(percent);
