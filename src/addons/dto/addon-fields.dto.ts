import { Allow } from 'class-validator';
import { Required, TextField } from '../../core/validation/field-rules';

/** `configuration` is the add-on's own: checked against its schema by the service (addon-configuration.ts). */
export class CreateAddonDto {
  @Required() @TextField(100)
  name: string;

  @Allow()
  configuration?: unknown;
}

/** PUT and PATCH: the name can not change (it may be repeated); the configuration is replaced. */
export class UpdateAddonDto {
  @TextField(100)
  name?: string;

  @Allow()
  configuration?: unknown;
}
