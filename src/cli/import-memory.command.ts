import { InjectDataSource } from '@nestjs/typeorm';
import { Command, CommandRunner, Option } from 'nest-commander';
import { readFile } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { ValidationError } from '../core/errors/domain-error';
import { MemoryImportService } from '../memory/memory-import.service';
import { connect } from './connect';

interface ImportMemoryOptions {
  sourceLanguage?: string;
  targetLanguage?: string;
}

/**
 * Weblate's `import_memory`: a TMX, memory JSON or PO file into the site-wide memory, which every project and user
 * looks up. Thin wrapper around memory/memory-import.service.ts; a refused file is thrown (main.ts prints it, exit 1).
 */
@Command({ name: 'import-memory', arguments: '<file>', description: 'import a TMX, JSON (Weblate memory export) or PO file into the site-wide translation memory' })
export class ImportMemoryCommand extends CommandRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly importer: MemoryImportService,
  ) {
    super();
  }

  async run([file]: string[], options: ImportMemoryOptions = {}): Promise<void> {
    const data = await readFile(file);
    await connect(this.dataSource);
    try {
      const { total, created } = await this.importer.import({ name: file, data, sourceLanguage: options.sourceLanguage, targetLanguage: options.targetLanguage }, {});
      process.stdout.write(`imported ${created} new entries of ${total} in the file (the others were already in the memory)\n`);
    } catch (error) {
      if (error instanceof ValidationError) throw new Error(`${file}: ${error.errors.map((problem) => problem.detail).join(' ')}`, { cause: error });
      throw error;
    }
  }

  @Option({ flags: '--source-language <code>', description: 'source language of a file that does not name it (PO)' })
  parseSourceLanguage(code: string): string {
    return code;
  }

  @Option({ flags: '--target-language <code>', description: 'target language of a file that does not name it (PO)' })
  parseTargetLanguage(code: string): string {
    return code;
  }
}
