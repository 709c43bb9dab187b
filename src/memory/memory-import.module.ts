import { Module } from '@nestjs/common';
import { LanguagesModule } from '../languages/languages.module';
import { MemoryImportRepository } from './memory-import.repository';
import { MemoryImportService } from './memory-import.service';

/** Imports of files into the memory, on their own so the admin CLI takes them without the memory's event consumer. */
@Module({
  imports: [LanguagesModule],
  providers: [MemoryImportRepository, MemoryImportService],
  exports: [MemoryImportService],
})
export class MemoryImportModule {}
