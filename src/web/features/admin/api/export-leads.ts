// GET /api/admin/export-leads: the Leads tab's CSV, as a link rather than a fetch, so the browser
// downloads it with the session cookie and the server's file name.
import { withQuery } from './date-window';

export const leadsExportUrl = (query: string) => withQuery('/api/admin/export-leads', query);
