import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsNotEmpty, IsString, MaxLength, ValidationArguments } from 'class-validator';
import { isPermission, PROJECT_PERMISSIONS, SITE_PERMISSIONS } from '../../auth/permissions.data';
import { MESSAGES, Trimmed, whenList, whenSent, whenString } from '../../core/validation/field-rules';
import { NoControlCharacters } from '../../core/validation/no-control-characters';

const CODENAMES = [...Object.keys(PROJECT_PERMISSIONS), ...Object.keys(SITE_PERMISSIONS)];

function unknownCodename({ value }: ValidationArguments): string {
  const unknown = (value as unknown[]).find((codename) => typeof codename !== 'string' || !isPermission(codename));
  return MESSAGES.choice({ value: unknown });
}

/** PATCH /api/roles/<id>/: any subset of the fields. */
export class UpdateRoleDto {
  @Trimmed()
  @IsString({ message: MESSAGES.string, ...whenSent })
  @IsNotEmpty({ message: MESSAGES.blank, ...whenString })
  @MaxLength(200, { message: MESSAGES.maxLength(200), ...whenString })
  @NoControlCharacters()
  name?: string;

  /** A form body with a single `permissions` field carries a string rather than a list. */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value))
  @IsArray({ message: 'Expected a list of items.', ...whenSent })
  @IsIn(CODENAMES, { each: true, message: unknownCodename, ...whenList })
  permissions?: string[];
}
