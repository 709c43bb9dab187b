import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { MemoryConsumer } from './memory-consumer';
import { MemoryImportModule } from './memory-import.module';
import { MemoryLookup } from './memory-lookup';
import { MemoryLookupRepository } from './memory-lookup.repository';
import { MemoryController } from './memory.controller';
import { MemoryRepository } from './memory.repository';
import { MemoryService } from './memory.service';

/**
 * The translation memory: filled by a consumer of saved strings and by imports, served at /api/memory/.
 * `MemoryLookup` is how other modules (machine translation) look strings up.
 */
@Module({
  imports: [MemoryImportModule, ProjectsModule],
  controllers: [MemoryController],
  providers: [MemoryRepository, MemoryLookupRepository, MemoryService, MemoryLookup, MemoryConsumer],
  exports: [MemoryLookup],
})
export class MemoryModule {}
