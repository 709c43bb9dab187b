import { LANGUAGE_DIRECTIONS, LanguageDirection } from '../language.entity';
import { ChoiceField, IntegerField, LanguageCodeField, Optional, Required, TextField } from './fields';
import { PluralDto, PluralField } from './plural.dto';

export class CreateLanguageDto {
  @Required()
  @LanguageCodeField()
  code: string;

  @Required()
  @TextField(100)
  name: string;

  @Optional()
  @ChoiceField(LANGUAGE_DIRECTIONS)
  direction?: LanguageDirection;

  @Optional()
  @IntegerField(0, Number.MAX_SAFE_INTEGER)
  population?: number;

  @Required()
  @PluralField()
  plural: PluralDto;
}
