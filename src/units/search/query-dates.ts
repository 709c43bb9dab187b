/**
 * A date or time as typed, widened to the span of time it names: `2024` is the whole year, `2024-03-01` the whole
 * day, `2024-03-01T10:15` the whole minute. `end` is exclusive. Comparing against spans gives every operator the
 * meaning a reader expects: `changed:2024-03-01` is that day, `changed:>2024-03-01` starts the next day.
 * Values without a zone are UTC (Weblate uses the server's zone, which is UTC by default).
 */
export interface DateSpan {
  start: Date;
  end: Date;
}

const DATE_PATTERN =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$/i;

// Date.UTC maps years below 100 into the 1900s, and years past 9999 would not survive the ISO round trip to
// PostgreSQL, so only four-digit years whose span ends within four digits are accepted.
const MIN_YEAR = 1000;
const MAX_YEAR = 9998;

/** The span named by `text`, or undefined when it is not a valid ISO date or date-time. */
export function parseDateSpan(text: string): DateSpan | undefined {
  const match = DATE_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, fractionText, zoneText] = match;
  const year = Number(yearText);
  const month = monthText === undefined ? 1 : Number(monthText);
  const day = dayText === undefined ? 1 : Number(dayText);
  const hour = Number(hourText ?? 0);
  const minute = Number(minuteText ?? 0);
  const second = Number(secondText ?? 0);
  const milliseconds = fractionText === undefined ? 0 : Number(fractionText.slice(0, 3).padEnd(3, '0'));
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return undefined;
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const offsetMinutes = zoneText === undefined ? 0 : parseZoneOffset(zoneText);
  if (offsetMinutes === undefined) return undefined;

  const local = Date.UTC(year, month - 1, day, hour, minute, second, milliseconds);
  const start = local - offsetMinutes * 60_000;
  let end: number;
  if (monthText === undefined) end = Date.UTC(year + 1, 0, 1);
  else if (dayText === undefined) end = Date.UTC(year, month, 1);
  else if (hourText === undefined) end = Date.UTC(year, month - 1, day + 1);
  else end = local + precisionMilliseconds(secondText, fractionText);
  return { start: new Date(start), end: new Date(end - offsetMinutes * 60_000) };
}

function precisionMilliseconds(secondText: string | undefined, fractionText: string | undefined): number {
  if (secondText === undefined) return 60_000;
  if (fractionText === undefined) return 1_000;
  return 10 ** Math.max(0, 3 - fractionText.length);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Minutes east of UTC for `Z`, `+02:00` or `-0530`; undefined when out of range. */
function parseZoneOffset(zone: string): number | undefined {
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 14 || minutes > 59) return undefined;
  return (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
}
