import { Global, Module } from '@nestjs/common';
import { ScreenshotStorage } from './screenshot-storage';

/**
 * The screenshot image store on its own, global: project and component deletion remove images too, and
 * importing the screenshots module there would make a cycle (it needs components to resolve its targets).
 */
@Global()
@Module({ providers: [ScreenshotStorage], exports: [ScreenshotStorage] })
export class ScreenshotStorageModule {}
