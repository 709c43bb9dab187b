import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsNotEmpty, IsString, MaxLength, ValidationArguments } from 'class-validator';
import { isPermission, PROJECT_PERMISSIONS, SITE_PERMISSIONS } from '../../auth/permissions.data';
import { Trimmed, whenList, whenSent, whenString } from '../../core/validation/field-rules';
import { NoControlCharacters } from '../../core/validation/no-control-characters';

const CODENAMES = [...Object.keys(PROJECT_PERMISSIONS), ...Object.keys(SITE_PERMISSIONS)];

function unknownCodename({ value }: ValidationArguments): string {
  const unknown = (value as unknown[]).find((codename) => typeof codename !== 'string' || !isPermission(codename));
  return `"${String(unknown)}" is not a valid choice.`;
}

/** PATCH /api/roles/<id>/: any subset of the fields. */
export class UpdateRoleDto {
  @Trimmed()
  @IsString({ message: 'Not a valid string.', ...whenSent })
  @IsNotEmpty({ message: 'This field may not be blank.', ...whenString })
  @MaxLength(200, { message: 'Ensure this field has no more than 200 characters.', ...whenString })
  @NoControlCharacters()
  name?: string;

  /** A form body with a single `permissions` field carries a string rather than a list. */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value))
  @IsArray({ message: 'Expected a list of items.', ...whenSent })
  @IsIn(CODENAMES, { each: true, message: unknownCodename, ...whenList })
  permissions?: string[];
}
