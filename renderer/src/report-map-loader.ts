/**
 * The report's map (d3-geo and the bundled land outline, 31 KB gzipped, from the app's own files, never the
 * network): loaded by the Report view as it opens, or ahead of it, in the browser's idle time, once Bulk shows a
 * job's Report button, so the first report opens as fast as the next ones.
 */
import { onDemand } from './on-demand';

export const REPORT_MAP = onDemand(() => import('./components/report-map'));
