import { Module } from '@nestjs/common';
import { ComponentsModule } from '../components/components.module';
import { TranslationsModule } from '../translations/translations.module';
import { ScreenshotTargetLoader } from './screenshot-target.loader';
import { ScreenshotsController } from './screenshots.controller';
import { ScreenshotsRepository } from './screenshots.repository';
import { ScreenshotsService } from './screenshots.service';

/**
 * Screenshots and their images (under DATA_DIR/screenshots/<project id>/). The `:project/:component` target
 * of the component list is resolved by ComponentsModule's loader, `screenshots/:id` by this module's.
 */
@Module({
  imports: [ComponentsModule, TranslationsModule],
  controllers: [ScreenshotsController],
  providers: [ScreenshotsRepository, ScreenshotsService, ScreenshotTargetLoader],
  exports: [ScreenshotsService],
})
export class ScreenshotsModule {}
