import { ValidationError } from '../core/errors/domain-error';
import { parseChangeFilters, parseIsoDateTime } from './change-filters';

describe('parseIsoDateTime', () => {
  it.each([
    ['2024-03-01', '2024-03-01T00:00:00.000Z'],
    ['2024-03-01T10:20', '2024-03-01T10:20:00.000Z'],
    ['2024-03-01T10:20:30Z', '2024-03-01T10:20:30.000Z'],
    ['2024-03-01 10:20:30.123456', '2024-03-01T10:20:30.123Z'],
    ['2024-03-01T10:20:30+02:00', '2024-03-01T08:20:30.000Z'],
    ['2024-03-01T10:20:30-0130', '2024-03-01T11:50:30.000Z'],
  ])('reads %s', (value, expected) => {
    expect(parseIsoDateTime(value)?.toISOString()).toBe(expected);
  });

  it.each(['yesterday', '2024-02-30', '2024-03-01T25:00', '2024-03-01T10:00+24:00', '1709280000', ''])('rejects %j', (value) => {
    expect(parseIsoDateTime(value)).toBeNull();
  });
});

describe('parseChangeFilters', () => {
  it('reads every filter, with repeated actions', () => {
    const filters = parseChangeFilters(new URLSearchParams('user=jane&action=2&action=5&action=2&timestamp_after=2024-01-01'));
    expect(filters).toEqual({ username: 'jane', actions: [2, 5], after: new Date('2024-01-01T00:00:00Z') });
  });

  it('ignores empty values, as an unfilled form field', () => {
    expect(parseChangeFilters(new URLSearchParams('user=&action=&timestamp_before='))).toEqual({});
  });

  it('names every bad filter in one validation error', () => {
    try {
      parseChangeFilters(new URLSearchParams('action=16&timestamp_before=nope'));
      throw new Error('no error');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors.map((e) => e.attr)).toEqual(['action', 'timestamp']);
    }
  });
});
