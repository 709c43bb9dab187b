/** A request budget such as `100/day`: at most `limit` requests in `windowMs`. */
export interface Rate {
  limit: number;
  windowMs: number;
}

const PERIOD_MS: Record<string, number> = {
  s: 1_000,
  sec: 1_000,
  second: 1_000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
};

/** Parses the rate syntax Weblate's settings use (`N/second|minute|hour|day`); null when malformed. */
export function parseRate(text: string): Rate | null {
  const match = /^\s*(\d+)\s*\/\s*([a-z]+)\s*$/i.exec(text);
  if (!match) return null;
  const limit = Number(match[1]);
  const windowMs = PERIOD_MS[match[2].toLowerCase()];
  if (!windowMs || limit < 1) return null;
  return { limit, windowMs };
}
