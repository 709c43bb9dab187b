import { Module } from '@nestjs/common';
import { ComponentsModule } from '../components/components.module';
import { TranslationsModule } from '../translations/translations.module';
import { UnitsModule } from '../units/units.module';
import { RepositoryController } from './repository.controller';
import { RepositoryOperationsService } from './repository-operations.service';
import { RepositoryOperationsRepository } from './repository-operations.repository';
import { WorkingCopiesModule } from '../working-copies/working-copies.module';

/** The `/repository/` endpoints of projects, components and translations, and the operations behind them. */
@Module({
  imports: [ComponentsModule, TranslationsModule, UnitsModule, WorkingCopiesModule],
  controllers: [RepositoryController],
  providers: [RepositoryOperationsService, RepositoryOperationsRepository],
  exports: [RepositoryOperationsService],
})
export class RepositoryOperationsModule {}
