// GET /api/admin/contractors/:id/statement.csv and .pdf: a contractor's monthly statement, downloaded through
// a link so the browser keeps the server's file name and the session cookie goes along.
import { PRODUCT_TIME_ZONE } from '#shared/time';

export const statementUrl = (contractorId: string, month: string, format: 'csv' | 'pdf') =>
  `/api/admin/contractors/${encodeURIComponent(contractorId)}/statement.${format}?month=${encodeURIComponent(month)}`;

/** 'YYYY-MM' of today in Massachusetts, the statements' default month. */
export const currentMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: PRODUCT_TIME_ZONE, year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
