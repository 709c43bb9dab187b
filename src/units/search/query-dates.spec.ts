import { parseDateSpan } from './query-dates';

function span(text: string): [string, string] | undefined {
  const parsed = parseDateSpan(text);
  return parsed && [parsed.start.toISOString(), parsed.end.toISOString()];
}

describe('parseDateSpan', () => {
  it('widens a year, a month and a day to the whole period', () => {
    expect(span('2024')).toEqual(['2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
    expect(span('2024-12')).toEqual(['2024-12-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
    expect(span('2024-02-29')).toEqual(['2024-02-29T00:00:00.000Z', '2024-03-01T00:00:00.000Z']);
  });

  it('widens a time to its precision', () => {
    expect(span('2024-03-01T10:15')).toEqual(['2024-03-01T10:15:00.000Z', '2024-03-01T10:16:00.000Z']);
    expect(span('2024-03-01 10:15:30')).toEqual(['2024-03-01T10:15:30.000Z', '2024-03-01T10:15:31.000Z']);
    expect(span('2024-03-01T10:15:30.5')).toEqual(['2024-03-01T10:15:30.500Z', '2024-03-01T10:15:30.600Z']);
    expect(span('2024-03-01T10:15:30.123456')).toEqual(['2024-03-01T10:15:30.123Z', '2024-03-01T10:15:30.124Z']);
  });

  it('applies a zone offset, UTC when none is given', () => {
    expect(span('2024-03-01T10:00Z')).toEqual(span('2024-03-01T10:00'));
    expect(span('2024-03-01T10:00+02:00')).toEqual(['2024-03-01T08:00:00.000Z', '2024-03-01T08:01:00.000Z']);
    expect(span('2024-03-01T10:00-0530')).toEqual(['2024-03-01T15:30:00.000Z', '2024-03-01T15:31:00.000Z']);
  });

  it.each(['', 'yesterday', '24-01-01', '2024-13', '2023-02-29', '2024-01-32', '2024-01-01T24:00', '2024-01-01T10:60',
    '2024-01-01T10:00+15:00', '0999', '2024-1-1', '2024-01-01T10'])('rejects %j', (text) => {
    expect(parseDateSpan(text)).toBeUndefined();
  });
});
