import { Global, Module } from '@nestjs/common';
import { ChangesController } from './changes.controller';
import { ChangesRepository } from './changes.repository';
import { ChangesService } from './changes.service';

/**
 * The change log. Global because nearly every module records into it (projects, components, translations,
 * repositories, units), and most of those are imported by the others: importing it everywhere would only
 * add edges. The routes' `:project`/`:component`/`:language` targets are resolved by their modules' loaders.
 */
@Global()
@Module({
  controllers: [ChangesController],
  providers: [ChangesRepository, ChangesService],
  exports: [ChangesService],
})
export class ChangesModule {}
