import { CONTENT_ACTIONS } from '../../changes/change-actions';
import { compileQuery, selectsEveryUnit } from './query-compiler';
import { QuerySyntaxError } from './query-syntax-error';
import { MAX_REGEX_SIZE } from './query-values';

const SOURCE_UNIT = 'EXISTS (SELECT 1 FROM units su WHERE su.id = COALESCE(u.source_unit_id, u.id) AND';
const LABELLED = 'ul.unit_id IN (u.id, COALESCE(u.source_unit_id, u.id))';
/** A condition on the joined plural forms (what the trigram index holds), then the same one form by form for plurals. */
const anyForm = (column: string, condition: string) =>
  `(unit_search_text(u.${column}) ${condition} AND (cardinality(u.${column}) = 1 OR ` +
  `EXISTS (SELECT 1 FROM unnest(u.${column}) AS element(text) WHERE element.text ${condition})))`;
const eachForm = (column: string, condition: string) =>
  `EXISTS (SELECT 1 FROM unnest(u.${column}) AS element(text) WHERE element.text ${condition})`;

function compileError(query: string): QuerySyntaxError {
  try {
    compileQuery(query);
  } catch (error) {
    if (error instanceof QuerySyntaxError) return error;
    throw error;
  }
  throw new Error(`"${query}" compiled without error`);
}

describe('compileQuery', () => {
  it('matches everything for a blank query', () => {
    expect(compileQuery('')).toEqual({ sql: 'TRUE', params: [] });
    expect(compileQuery('   ')).toEqual({ sql: 'TRUE', params: [] });
  });

  it('tells a query that keeps every unit (lists count those from statistics) from one with a term', () => {
    expect(selectsEveryUnit(compileQuery(''))).toBe(true);
    expect(selectsEveryUnit(compileQuery('   '))).toBe(true);
    expect(selectsEveryUnit(compileQuery('source:x'))).toBe(false);
    expect(selectsEveryUnit(compileQuery('NOT source:x'))).toBe(false);
  });

  it('searches source, target and context for free text, with one escaped parameter', () => {
    expect(compileQuery('100%_a\\b')).toEqual({
      sql: `(${anyForm('source', 'ILIKE $1::text')} OR ${anyForm('target', 'ILIKE $1::text')} OR u.context ILIKE $1::text)`,
      params: ['%100\\%\\_a\\\\b%'],
    });
  });

  it('numbers parameters from firstParam', () => {
    expect(compileQuery('state:20 priority:>100', 4)).toEqual({
      sql: '(u.state = $4::integer AND u.priority > $5::integer)',
      params: [20, 100],
    });
  });

  it('combines with AND, OR and NOT', () => {
    expect(compileQuery('NOT (note:a OR location:b) context:c').sql).toBe(
      '(NOT ((u.note ILIKE $1::text OR u.location ILIKE $2::text)) AND u.context ILIKE $3::text)',
    );
  });

  describe('text fields', () => {
    it.each([
      ['source:hi', anyForm('source', 'ILIKE $1::text')],
      ['target:hi', anyForm('target', 'ILIKE $1::text')],
      ['context:hi', 'u.context ILIKE $1::text'],
      ['key:hi', 'u.context ILIKE $1::text'],
      ['note:hi', 'u.note ILIKE $1::text'],
      ['location:hi', 'u.location ILIKE $1::text'],
      ['explanation:hi', `${SOURCE_UNIT} su.explanation ILIKE $1::text)`],
      [
        'suggestion:hi',
        'EXISTS (SELECT 1 FROM suggestions sg, unnest(sg.target) AS element(text) WHERE sg.unit_id = u.id AND element.text ILIKE $1::text)',
      ],
      ['comment:hi', 'EXISTS (SELECT 1 FROM comments cm WHERE cm.unit_id = u.id AND NOT cm.resolved AND cm.comment ILIKE $1::text)'],
      ['resolved_comment:hi', 'EXISTS (SELECT 1 FROM comments cm WHERE cm.unit_id = u.id AND cm.resolved AND cm.comment ILIKE $1::text)'],
    ])('compiles %j', (query, sql) => {
      expect(compileQuery(query)).toEqual({ sql, params: ['%hi%'] });
    });

    it('compares exactly with :=', () => {
      expect(compileQuery('note:="Hi there"')).toEqual({ sql: 'u.note = $1::text', params: ['Hi there'] });
      // The joined plural forms equal no single form: form by form only.
      expect(compileQuery('source:="Hi"').sql).toBe(eachForm('source', '= $1::text'));
    });

    it('reads comparison operators as text, as Weblate does', () => {
      expect(compileQuery('note:<b>')).toEqual({ sql: 'u.note ILIKE $1::text', params: ['%<b>%'] });
    });

    it('matches regular expressions case-sensitively with ~', () => {
      expect(compileQuery('note:r"^a\\d"')).toEqual({ sql: 'u.note ~ $1::text', params: ['^a\\d'] });
      expect(compileQuery('r"(?i)^x"').params).toEqual(['(?i)^x']);
    });

    it('narrows plural forms by a regular expression only when its match cannot depend on the text around it', () => {
      expect(compileQuery('source:r"a.b"').sql).toBe(anyForm('source', '~ $1::text'));
      expect(compileQuery('target:r"(?i)\\d+\\yx"').sql).toBe(anyForm('target', '~ $1::text'));
      for (const pattern of ['^a', 'a$', '[^a]b', '\\Aa', 'a\\Z', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b']) {
        expect(compileQuery(`target:r"${pattern}"`).sql).toBe(eachForm('target', '~ $1::text'));
      }
    });

    it('rejects an invalid regular expression at its position', () => {
      const error = compileError('a note:r"(unclosed"');
      expect(error.position).toBe(7);
      expect(error.message).toMatch(/^Invalid regular expression: .* at position 7$/);
      expect(compileError('r"(?<name>x)"').message).toMatch(/named groups/);
    });

    it(`rejects a pattern that expands past ${MAX_REGEX_SIZE} elements, at its position`, () => {
      expect(compileQuery('source:r"^.{255}$"').params).toEqual(['^.{255}$']);
      const error = compileError('a source:r"(.*){255}(.*){255}N"');
      expect(error.position).toBe(9);
      expect(error.message).toBe(
        `Regular expression is too complex: it expands to 1021 elements (at most ${MAX_REGEX_SIZE}; a counted repetition such as {255} copies what it repeats) at position 9`,
      );
      expect(compileError('r"(?i)(.*){255}"').message).toMatch(/expands to 510 elements/);
    });
  });

  describe('exact fields', () => {
    it.each([
      ['language:cs', 'lower(l.code) = lower($1::text)'],
      ['project:Hello', 'lower(p.slug) = lower($1::text)'],
      [
        'suggestion_author:bob',
        'EXISTS (SELECT 1 FROM suggestions x JOIN users us ON us.id = x.user_id WHERE x.unit_id = u.id AND lower(us.username) = lower($1::text))',
      ],
      [
        'comment_author:bob',
        'EXISTS (SELECT 1 FROM comments x JOIN users us ON us.id = x.user_id WHERE x.unit_id = u.id AND lower(us.username) = lower($1::text))',
      ],
      [
        'changed_by:bob',
        'EXISTS (SELECT 1 FROM changes x JOIN users us ON us.id = COALESCE(x.author_id, x.user_id) WHERE x.unit_id = u.id' +
          ` AND x.action IN (${CONTENT_ACTIONS.join(', ')}) AND lower(us.username) = lower($1::text))`,
      ],
      ['check:same', 'EXISTS (SELECT 1 FROM unnest(u.failing_checks) AS element(text) WHERE lower(element.text) = lower($1::text))'],
      [
        'dismissed_check:same',
        'EXISTS (SELECT 1 FROM unnest(u.dismissed_checks) AS element(text) WHERE lower(element.text) = lower($1::text))',
      ],
      [
        'label:Needs-Review',
        `EXISTS (SELECT 1 FROM unit_labels ul JOIN labels lb ON lb.id = ul.label_id WHERE ${LABELLED} AND lower(lb.name) = lower($1::text))`,
      ],
    ])('compiles %j', (query, sql) => {
      expect(compileQuery(query)).toEqual({ sql, params: [query.slice(query.indexOf(':') + 1)] });
    });

    it('counts only content changes for changed_by, as Weblate (suggestions and comments are not edits)', () => {
      const { sql } = compileQuery('changed_by:bob');
      const actions = /x\.action IN \(([\d, ]+)\)/.exec(sql)![1].split(', ').map(Number);
      expect(actions).toEqual(expect.arrayContaining([2, 5, 7, 36]));
      expect(actions).not.toContain(3);
      expect(actions).not.toContain(4);
    });

    it('matches a component by slug or by part of its name', () => {
      expect(compileQuery('component:android')).toEqual({
        sql: '(lower(c.slug) = lower($1::text) OR c.name ILIKE $2::text)',
        params: ['android', '%android%'],
      });
      expect(compileQuery('component:=Android')).toEqual({
        sql: '(c.slug = $1::text OR c.name = $1::text)',
        params: ['Android'],
      });
    });

    it('is case-sensitive with := and accepts regular expressions', () => {
      expect(compileQuery('language:=pt_BR')).toEqual({ sql: 'l.code = $1::text', params: ['pt_BR'] });
      expect(compileQuery('language:r"^pt"')).toEqual({ sql: 'l.code ~ $1::text', params: ['^pt'] });
    });

    it('rejects comparisons', () => {
      expect(compileError('x language:>cs').message).toBe('Field "language" supports only ":" and ":=" at position 2');
    });
  });

  describe('number fields', () => {
    it.each([
      ['state:>=translated', 'u.state >= $1::integer', [20]],
      ['state:<translated', 'u.state < $1::integer', [20]],
      ['state:needs-editing', 'u.state = $1::integer', [10]],
      ['state:Read-Only', 'u.state = $1::integer', [100]],
      ['state:30', 'u.state = $1::integer', [30]],
      ['priority:<=-5', 'u.priority <= $1::integer', [-5]],
      ['id:7', 'u.id = $1::integer', [7]],
      ['id:1,2,3', 'u.id = ANY($1::integer[])', [[1, 2, 3]]],
      ['position:>3', 'u.position > $1::integer', [3]],
      ['priority:100..200', 'u.priority BETWEEN $1::integer AND $2::integer', [100, 200]],
      [
        'labels_count:>=2',
        `(SELECT count(DISTINCT ul.label_id) FROM unit_labels ul WHERE ${LABELLED}) >= $1::integer`,
        [2],
      ],
      ['pending:yes', 'u.pending = $1::boolean', [true]],
      ['pending:0', 'u.pending = $1::boolean', [false]],
    ])('compiles %j', (query, sql, params) => {
      expect(compileQuery(query)).toEqual({ sql, params });
    });

    it.each([
      ['state:bogus', 'Unknown state "bogus" at position 6'],
      ['priority:1.5', 'Invalid number "1.5" at position 9'],
      ['id:99999999999', 'Invalid number "99999999999" at position 3'],
      ['id:1,x', 'Invalid number "x" at position 3'],
      ['id:>1,2', 'A list of ids needs the ":" operator at position 0'],
      ['priority:>1..2', 'A range needs the ":" operator at position 0'],
      ['pending:maybe', 'Invalid boolean "maybe" at position 8'],
      ['pending:>1', 'Field "pending" needs the ":" operator at position 0'],
      ['priority:r"1"', 'Field "priority" does not accept a regular expression at position 0'],
    ])('rejects %j', (query, message) => {
      expect(compileError(query).message).toBe(message);
    });
  });

  describe('date fields', () => {
    const day = ['2024-01-01T00:00:00.000Z', '2024-01-02T00:00:00.000Z'];

    it.each([
      ['changed:2024-01-01', '(u.last_updated >= $1::timestamptz AND u.last_updated < $2::timestamptz)', day],
      ['last_changed:=2024-01-01', '(u.last_updated >= $1::timestamptz AND u.last_updated < $2::timestamptz)', day],
      ['changed:>2024-01-01', 'u.last_updated >= $1::timestamptz', [day[1]]],
      ['changed:>=2024-01-01', 'u.last_updated >= $1::timestamptz', [day[0]]],
      ['changed:<2024-01-01', 'u.last_updated < $1::timestamptz', [day[0]]],
      ['changed:<=2024-01-01', 'u.last_updated < $1::timestamptz', [day[1]]],
      ['added:>=2024-01-01T12:30:00+01:00', 'u.timestamp >= $1::timestamptz', ['2024-01-01T11:30:00.000Z']],
      [
        'changed:2024-01-01..2024-02-01',
        '(u.last_updated >= $1::timestamptz AND u.last_updated < $2::timestamptz)',
        ['2024-01-01T00:00:00.000Z', '2024-02-02T00:00:00.000Z'],
      ],
      [
        'added:[2023 to 2024-06]',
        '(u.timestamp >= $1::timestamptz AND u.timestamp < $2::timestamptz)',
        ['2023-01-01T00:00:00.000Z', '2024-07-01T00:00:00.000Z'],
      ],
      [
        'change_time:>2024-01-01',
        'EXISTS (SELECT 1 FROM changes ch WHERE ch.unit_id = u.id AND ch.timestamp >= $1::timestamptz)',
        [day[1]],
      ],
    ])('compiles %j', (query, sql, params) => {
      expect(compileQuery(query)).toEqual({ sql, params });
    });

    it('rejects an invalid date at its position', () => {
      expect(compileError('changed:>2024-02-30').message).toBe('Invalid date "2024-02-30" at position 9');
      expect(compileError('changed:2024..soon').message).toBe('Invalid date "soon" at position 8');
    });
  });

  describe('is: and has:', () => {
    it.each([
      ['is:read-only', 'u.state = 100'],
      ['is:readonly', 'u.state = 100'],
      ['is:approved', 'u.state = 30'],
      ['is:fuzzy', 'u.state BETWEEN 10 AND 12'],
      ['is:needs-editing', 'u.state BETWEEN 10 AND 12'],
      ['is:needs_editing', 'u.state BETWEEN 10 AND 12'],
      ['is:translated', 'u.state >= 20'],
      ['is:untranslated', 'u.state < 20'],
      ['is:pending', 'u.pending'],
      ['is:automatically-translated', 'u.automatically_translated'],
      ['has:plural', 'cardinality(u.source) > 1'],
      ['has:suggestion', 'EXISTS (SELECT 1 FROM suggestions sg WHERE sg.unit_id = u.id)'],
      ['has:explanation', `${SOURCE_UNIT} su.explanation <> '')`],
      ['has:location', "u.location <> ''"],
      ['has:note', "u.note <> ''"],
      ['has:comment', 'EXISTS (SELECT 1 FROM comments cm WHERE cm.unit_id = u.id AND NOT cm.resolved)'],
      ['has:resolved-comment', 'EXISTS (SELECT 1 FROM comments cm WHERE cm.unit_id = u.id AND cm.resolved)'],
      ['has:check', 'cardinality(u.failing_checks) > 0'],
      ['has:failing-check', 'cardinality(u.failing_checks) > 0'],
      ['has:dismissed-check', 'cardinality(u.dismissed_checks) > 0'],
      ['has:ignored-check', 'cardinality(u.dismissed_checks) > 0'],
      ['has:translation', 'u.state >= 20'],
      ['has:label', `EXISTS (SELECT 1 FROM unit_labels ul WHERE ${LABELLED})`],
      ['has:context', "u.context <> ''"],
      ['has:flags', `${SOURCE_UNIT} su.extra_flags <> '')`],
    ])('compiles %j', (query, sql) => {
      expect(compileQuery(query)).toEqual({ sql, params: [] });
    });

    it('rejects unknown values at the value', () => {
      expect(compileError('is:bogus').message).toBe('Unknown "is:" value "bogus" at position 3');
      expect(compileError('a has:glossary').message).toBe('Unknown "has:" value "glossary" at position 6');
      expect(compileError('has:>plural').message).toBe('"has:" expects one of its fixed values at position 0');
    });
  });
});
