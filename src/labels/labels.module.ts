import { Module } from '@nestjs/common';
import { LabelsController } from './labels.controller';
import { LabelsService } from './labels.service';

/** Project labels; the `:project` target is resolved by the project loader ProjectsModule registers. */
@Module({
  controllers: [LabelsController],
  providers: [LabelsService],
})
export class LabelsModule {}
