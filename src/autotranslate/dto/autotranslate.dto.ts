import { IsOptional, IsString } from 'class-validator';
import { ChoiceField, IntegerField, MESSAGES, whenPresent } from '../../core/validation/field-rules';
import { AUTO_TRANSLATE_MODES, AutoTranslateMode } from '../../units/auto-translation.service';
import { AsStringList, IsStringList } from '../../units/dto/string-list';
import { AUTO_SOURCES, AutoSource, FILTER_QUERIES } from '../autotranslate-options';

/**
 * POST /api/translations/<project>/<component>/<language>/autotranslate/ (Weblate's AutoForm). Every field may be
 * left out or null: wlc sends `component`, `engines` and `threshold` as null when it has no value for them.
 */
export class AutoTranslateDto {
  @IsOptional() @ChoiceField(AUTO_TRANSLATE_MODES) mode?: AutoTranslateMode;
  @IsOptional() @IsString({ ...whenPresent, message: MESSAGES.string }) q?: string;
  @IsOptional() @ChoiceField(Object.keys(FILTER_QUERIES)) filter_type?: string;
  @IsOptional() @ChoiceField(AUTO_SOURCES) auto_source?: AutoSource;
  /** A component of the project by id, slug or path; blank: all of them. */
  @IsOptional() component?: unknown;
  @IsOptional() @AsStringList() @IsStringList() engines?: string[];
  @IsOptional() @IntegerField(1, 100) threshold?: number;
}
