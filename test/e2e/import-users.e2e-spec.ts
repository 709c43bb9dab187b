import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportUsersCommand } from '../../src/cli/import-users.command';
import { parseUserExport, UserImportError } from '../../src/users/user-import';
import { UserImportService } from '../../src/users/user-import.service';
import { createUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const FIXTURE = join(__dirname, '../fixtures/users-export.json');
const FIXTURE_USERNAMES = ['alice', 'bob.builder', 'carol+translator', 'dave@home', 'erin_2', 'frank-dump'];

describe('import-users', () => {
  let t: TestApp;
  let importer: UserImportService;
  let command: ImportUsersCommand;
  let scratch: string;
  let output: string[];

  beforeAll(async () => {
    t = await createTestApp();
    importer = t.app.get(UserImportService);
    command = new ImportUsersCommand(t.dataSource, importer);
    scratch = await mkdtemp(join(tmpdir(), 'import-users-'));
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
    await t.close();
  });

  beforeEach(() => {
    output = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      output.push(String(chunk));
      return true;
    });
  });

  afterEach(() => jest.restoreAllMocks());

  const userCount = async () => Number((await t.dataSource.query('SELECT count(*) AS n FROM users'))[0].n);
  const fixture = async () => JSON.parse(await readFile(FIXTURE, 'utf8')) as unknown;
  const writeJson = async (name: string, content: unknown) => {
    const path = join(scratch, name);
    await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const problemsOf = (run: () => unknown): string[] => {
    try {
      run();
    } catch (error) {
      if (error instanceof UserImportError) return error.problems;
      throw error;
    }
    throw new Error('expected a UserImportError');
  };

  describe('checking the file', () => {
    it('names the entry and the field of every problem', () => {
      const problems = problemsOf(() =>
        parseUserExport([
          { username: 'ok' },
          { username: 'has space', email: 'not-an-address' },
          'just a string',
          { username: 'flags', is_active: 'yes', date_joined: 'last tuesday' },
          { username: 'ok', full_name: 42 },
        ]),
      );
      expect(problems).toEqual([
        'entry 1 (has space): username: must be 1 to 150 letters, digits and @.+-_',
        'entry 1 (has space): email: not a valid email address: not-an-address',
        'entry 2: expected an object',
        'entry 3 (flags): is_active: must be true or false',
        'entry 3 (flags): date_joined: must be an ISO 8601 date or timestamp',
        'entry 4 (ok): full_name: must be a string',
      ]);
    });

    it('refuses usernames and addresses repeated inside the file', () => {
      const problems = problemsOf(() =>
        parseUserExport([
          { username: 'one', email: 'Same@example.org' },
          { username: 'two', email: 'same@EXAMPLE.org' },
          { username: 'one' },
        ]),
      );
      expect(problems).toEqual(['entry 1 (two): email: same address as entry 0', 'entry 2 (one): username: duplicate of entry 0']);
    });

    it('refuses a file that is not an array', () => {
      expect(problemsOf(() => parseUserExport({ username: 'alone' }))).toEqual(['the file must hold a JSON array of user objects']);
    });
  });

  describe('the command', () => {
    it('imports nothing from a file with an invalid entry', async () => {
      const entries = [...((await fixture()) as object[]), { username: 'bad', email: 'nope' }];
      const before = await userCount();
      await expect(command.run([await writeJson('invalid.json', entries)], {})).rejects.toThrow(/entry 6 \(bad\): email/);
      await expect(command.run([await writeJson('broken.json', '[{"username": ')], {})).rejects.toThrow(/is not valid JSON/);
      expect(await userCount()).toBe(before);
    });

    it('only reports what it would do with --check', async () => {
      const before = await userCount();
      await command.run([FIXTURE], { check: true });
      expect(await userCount()).toBe(before);
      const printed = output.join('');
      for (const username of FIXTURE_USERNAMES) expect(printed).toContain(`create ${username}\n`);
      expect(printed).toContain('would create 6, skip 0 (already present)');
    });
  });

  describe('importing', () => {
    it('creates the users once, and skips them all the second time', async () => {
      const users = parseUserExport(await fixture());
      const first = await importer.run(users, { check: false });
      expect(first).toEqual({ created: FIXTURE_USERNAMES, skipped: [] });
      const second = await importer.run(users, { check: false });
      expect(second.created).toEqual([]);
      expect(second.skipped.map((skip) => skip.username)).toEqual(FIXTURE_USERNAMES);

      const rows: { username: string; full_name: string; email: string; is_active: boolean; is_superuser: boolean; date_joined: Date }[] =
        await t.dataSource.query(
          'SELECT username, full_name, email, is_active, is_superuser, date_joined FROM users WHERE username = ANY($1) ORDER BY id',
          [FIXTURE_USERNAMES],
        );
      expect(rows.map(({ username, full_name, email, is_active, is_superuser }) => [username, full_name, email, is_active, is_superuser])).toEqual([
        ['alice', 'Alice Liddell', 'alice@example.org', true, true],
        ['bob.builder', 'Bob Builder', 'Bob@Example.org', true, false],
        ['carol+translator', 'Carol', 'carol@example.org', false, false],
        ['dave@home', 'dave@home', '', true, false],
        ['erin_2', 'Erin Example', '', true, false],
        ['frank-dump', 'Frank Dumpdata', 'frank@example.org', true, false],
      ]);
      expect(rows[0].date_joined.toISOString()).toBe('2019-03-14T09:26:53.000Z');
      expect(rows[2].date_joined.toISOString()).toBe('2021-11-30T17:00:00.123Z');
    });

    it('puts imported users in the default groups', async () => {
      const groups: { name: string }[] = await t.dataSource.query(
        `SELECT g.name FROM user_groups ug JOIN groups g ON g.id = ug.group_id JOIN users u ON u.id = ug.user_id
         WHERE u.username = 'bob.builder' ORDER BY g.name`,
      );
      expect(groups.map((group) => group.name)).toEqual(['Users', 'Viewers']);
    });

    it('prints the counts when run again through the command', async () => {
      await command.run([FIXTURE], {});
      expect(output.join('')).toContain('created 0, skipped 6 (already present)');
    });

    it('skips an entry whose email belongs to another user, whatever its case', async () => {
      const owner = await createUser(t, { email: 'Taken@Example.org' });
      const result = await importer.run(parseUserExport([{ username: 'newcomer', email: 'taken@example.ORG' }, { username: 'other-newcomer' }]), {
        check: false,
      });
      expect(result).toEqual({
        created: ['other-newcomer'],
        skipped: [{ username: 'newcomer', reason: `email taken@example.ORG belongs to ${owner.user.username}` }],
      });
    });
  });
});
