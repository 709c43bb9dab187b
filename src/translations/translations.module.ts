import { Module } from '@nestjs/common';
import { LanguagesModule } from '../languages/languages.module';
import { TranslationDiscovery } from './translation-discovery';

@Module({
  imports: [LanguagesModule],
  providers: [TranslationDiscovery],
  exports: [TranslationDiscovery],
})
export class TranslationsModule {}
