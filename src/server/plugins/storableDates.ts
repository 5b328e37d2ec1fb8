import type { FastifyServerOptions } from 'fastify';

type Ajv = Parameters<NonNullable<NonNullable<FastifyServerOptions['ajv']>['onCreate']>>[0];
type Format = Ajv['formats'][string];

/** 0001-01-01T00:00:00Z and the last millisecond of 9999: the years both PostgreSQL and Date.toISOString write as four digits. */
const firstInstant = Date.parse('0001-01-01T00:00:00Z');
const lastInstant = Date.parse('9999-12-31T23:59:59.999Z');

function validatorOf(format: Format | undefined): (value: string) => boolean {
  if (format === undefined || format === true) return () => true;
  if (format instanceof RegExp) return (value) => format.test(value);
  if (typeof format === 'function') return format;
  if (typeof format === 'object' && 'validate' in format) {
    const { validate } = format;
    if (validate instanceof RegExp) return (value) => validate.test(value);
    if (typeof validate === 'function') return (value) => (validate as (value: string) => boolean)(value);
  }
  return () => true;
}

function compareOf(format: Format | undefined) {
  return typeof format === 'object' && format !== null && !(format instanceof RegExp) && 'compare' in format
    ? format.compare
    : undefined;
}

/**
 * Narrows ajv-formats' `date` and `date-time` to what Baton can store and read back: RFC 3339
 * allows year 0000, a leap second (:60) and an hour-only offset, which PostgreSQL or JavaScript's
 * Date refuse (the request then failed deep in a route with a 500 instead of naming the field).
 */
export function refuseUnstorableDates(ajv: Ajv): void {
  const date = ajv.formats.date;
  const isDate = validatorOf(date);
  ajv.addFormat('date', {
    type: 'string',
    validate: (value: string) => isDate(value) && !value.startsWith('0000'),
    compare: compareOf(date) as never, // ajv-formats' comparator, kept for formatMinimum/formatMaximum
  });

  const dateTime = ajv.formats['date-time'];
  const isDateTime = validatorOf(dateTime);
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (value: string) => {
      if (!isDateTime(value)) return false;
      const instant = Date.parse(value); // NaN for a leap second or an offset like +05
      return instant >= firstInstant && instant <= lastInstant;
    },
    compare: compareOf(dateTime) as never,
  });
}
