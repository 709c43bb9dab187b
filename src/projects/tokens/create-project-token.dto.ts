import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDateString, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MESSAGES, Required } from '../../core/validation/field-rules';

/** Form bodies send one team as a string and several as repeated fields; JSON sends a list. */
const toIdList = ({ value }: { value: unknown }) =>
  (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]).map((item) =>
    typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item,
  );

export class CreateProjectTokenDto {
  @Required() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(100)
  name: string;

  /** ISO 8601 date or date-time; the key stops working then. */
  @IsOptional() @IsDateString({}, { message: 'Enter a valid date, e.g. 2027-01-31.' })
  expires?: string;

  /** Ids of this project's teams the key acts as a member of. */
  @IsOptional() @Transform(toIdList) @IsArray() @ArrayMaxSize(50) @IsInt({ each: true, message: 'Each team must be a team id.' })
  teams?: number[];
}
