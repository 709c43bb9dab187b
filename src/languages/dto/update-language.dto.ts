import { LANGUAGE_DIRECTIONS, LanguageDirection } from '../language.entity';
import { ChoiceField, IntegerField, Optional, TextField } from '../../core/validation/field-rules';
import { PluralDto, PluralField } from './plural.dto';

/**
 * The settings PUT and PATCH may change. The code is not among them: it names the language in URLs and
 * files. A plural, when sent, is replaced whole, since a number of forms means nothing without its formula.
 */
export abstract class LanguageSettingsDto {
  @Optional()
  @ChoiceField(LANGUAGE_DIRECTIONS)
  direction?: LanguageDirection;

  @Optional()
  @IntegerField(0, Number.MAX_SAFE_INTEGER)
  population?: number;

  @Optional()
  @PluralField()
  plural?: PluralDto;
}

/** PATCH: any subset of the settings. */
export class UpdateLanguageDto extends LanguageSettingsDto {
  @Optional()
  @TextField(100)
  name?: string;
}
