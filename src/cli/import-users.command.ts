import { InjectDataSource } from '@nestjs/typeorm';
import { Command, CommandRunner, Option } from 'nest-commander';
import { readFile } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { parseUserExport, UserImportError } from '../users/user-import';
import { UserImportService } from '../users/user-import.service';
import { connect } from './connect';

interface ImportUsersOptions {
  check?: boolean;
}

/** Thin wrapper around users/user-import.service.ts: reads the file, prints the outcome. Problems are thrown, so main.ts prints them and exits 1. */
@Command({
  name: 'import-users',
  arguments: '<file>',
  description: 'import user accounts from a JSON export of another installation; existing usernames and emails are skipped',
})
export class ImportUsersCommand extends CommandRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly importer: UserImportService,
  ) {
    super();
  }

  async run([file]: string[], options: ImportUsersOptions = {}): Promise<void> {
    const users = parseUserExport(await readJson(file));
    await connect(this.dataSource);
    const check = options.check ?? false;
    const { created, skipped } = await this.importer.run(users, { check });
    const lines = skipped.map(({ username, reason }) => `skip ${username}: ${reason}`);
    if (check) {
      lines.push(...created.map((username) => `create ${username}`));
      lines.push(`check only, nothing written: would create ${created.length}, skip ${skipped.length} (already present)`);
    } else {
      lines.push(`created ${created.length}, skipped ${skipped.length} (already present)`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  @Option({ flags: '--check', description: 'validate the file and report what would happen, without writing anything' })
  parseCheck(): boolean {
    return true;
  }
}

async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UserImportError([`${file} is not valid JSON: ${(error as Error).message}`]);
  }
}
