import { Module } from '@nestjs/common';
import { MemoryConsumer } from './memory-consumer';
import { MemoryController } from './memory.controller';
import { MemoryRepository } from './memory.repository';
import { MemoryService } from './memory.service';

/** The translation memory: filled by a consumer of saved strings, served at /api/memory/. */
@Module({
  controllers: [MemoryController],
  providers: [MemoryRepository, MemoryService, MemoryConsumer],
})
export class MemoryModule {}
