import { LANGUAGE_DIRECTIONS, LanguageDirection } from '../language.entity';
import { ChoiceField, IntegerField, Optional, Required, TextField } from '../../core/validation/field-rules';
import { LanguageCodeField } from './fields';
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
