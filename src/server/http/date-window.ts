// The date filter every back-office list and summary shares (seed 001 §2): a preset (`dateRange` 7d,
// 30d, 90d or all), or `startDate`/`endDate`, or nothing for all time. Plain dates are Massachusetts
// calendar days, endDate included; full ISO date-times are taken as the instants they name.
import { z } from 'zod';
import { DATE_RANGE_PRESETS } from '#shared/constants';
import { DAY_MS, PRODUCT_TIME_ZONE } from '#shared/time';
import { ADMIN_MESSAGES } from '#shared/messages';

/** `from` inclusive, `before` exclusive; null means unbounded. ISO-8601 instants. */
export type DateWindow = { from: string | null; before: string | null };
export type DateWindowQuery = { dateRange?: (typeof DATE_RANGE_PRESETS)[number]; startDate?: string; endDate?: string };

const PRESET_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: PRODUCT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const hourFormat = new Intl.DateTimeFormat('en-US', { timeZone: PRODUCT_TIME_ZONE, hourCycle: 'h23', hour: '2-digit' });

/** 'YYYY-MM-DD' of an instant in Massachusetts. */
export const massachusettsDay = (instant: Date) => dayFormat.format(instant);

/** The instant a Massachusetts calendar day starts; null when the text is not a real date. */
export function massachusettsMidnight(day: string): Date | null {
  const match = DATE_ONLY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcDay = new Date(Date.UTC(year, month - 1, date));
  if (utcDay.getUTCFullYear() !== year || utcDay.getUTCMonth() !== month - 1 || utcDay.getUTCDate() !== date) return null;
  // Massachusetts is UTC−4 in summer and UTC−5 in winter; midnight is whichever of the two reads 00 there.
  for (const offsetHours of [4, 5]) {
    const candidate = new Date(utcDay.getTime() + offsetHours * 60 * 60 * 1000);
    if (massachusettsDay(candidate) === day && Number(hourFormat.format(candidate)) === 0) return candidate;
  }
  return null;
}

function parseBound(value: string, edge: 'start' | 'end'): Date | null {
  if (DATE_ONLY.test(value)) {
    const midnight = massachusettsMidnight(value);
    if (!midnight || edge === 'start') return midnight;
    // The end date is included: the window runs to the next day's midnight (which is 23 or 25 hours on DST days).
    return massachusettsMidnight(massachusettsDay(new Date(midnight.getTime() + DAY_MS + 2 * 60 * 60 * 1000)));
  }
  if (!z.iso.datetime({ offset: true }).safeParse(value).success) return null;
  const instant = new Date(value);
  return edge === 'start' ? instant : new Date(instant.getTime() + 1);
}

// An empty parameter (a cleared date input) counts as absent.
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const dateParameter = (field: string, edge: 'start' | 'end') =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => parseBound(value, edge) !== null, ADMIN_MESSAGES.dateInvalid(field))
      .optional(),
  );

export const dateWindowFields = {
  dateRange: z.preprocess(blankToUndefined, z.enum(DATE_RANGE_PRESETS, { error: 'dateRange must be all, 7d, 30d or 90d.' }).optional()),
  startDate: dateParameter('startDate', 'start'),
  endDate: dateParameter('endDate', 'end'),
};

/** A query schema with the date window and the call's own parameters, the window checked as a whole. */
export function withDateWindow<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...dateWindowFields, ...shape }).superRefine((query, context) => {
    const { dateRange, startDate, endDate } = query as DateWindowQuery;
    if (dateRange && dateRange !== 'all' && (startDate || endDate)) {
      context.addIssue({ code: 'custom', message: ADMIN_MESSAGES.dateRangeConflict, path: ['dateRange'] });
    }
    const from = startDate ? parseBound(startDate, 'start') : null;
    const before = endDate ? parseBound(endDate, 'end') : null;
    if (from && before && from.getTime() >= before.getTime()) {
      context.addIssue({ code: 'custom', message: ADMIN_MESSAGES.dateOrder, path: ['startDate'] });
    }
  });
}

export const dateWindowQuerySchema = withDateWindow({});

/** The bounds of a validated query at the given time. */
export function toDateWindow(query: DateWindowQuery, now: Date): DateWindow {
  if (query.dateRange && query.dateRange !== 'all') {
    return { from: new Date(now.getTime() - PRESET_DAYS[query.dateRange] * DAY_MS).toISOString(), before: null };
  }
  return {
    from: query.startDate ? (parseBound(query.startDate, 'start')?.toISOString() ?? null) : null,
    before: query.endDate ? (parseBound(query.endDate, 'end')?.toISOString() ?? null) : null,
  };
}

/** 'YYYY-MM', the Massachusetts calendar month of an instant: the ledger's period and the caps' month. */
export const massachusettsMonth = (instant: Date) => massachusettsDay(instant).slice(0, 7);

/** The instants a Massachusetts calendar month ('YYYY-MM') starts and the next one starts; null for a malformed month. */
export function monthBounds(period: string): { start: Date; end: Date } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (month < 1 || month > 12) return null;
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  const start = massachusettsMidnight(`${period}-01`);
  const end = massachusettsMidnight(`${next}-01`);
  return start && end ? { start, end } : null;
}
