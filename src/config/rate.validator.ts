import { ValidatorConstraint, ValidatorConstraintInterface, ValidationArguments } from 'class-validator';
import { parseRate } from '../core/rate-limit/rate';

@ValidatorConstraint({ name: 'rateSyntax' })
export class RateSyntax implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && parseRate(value) !== null;
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must look like N/second, N/minute, N/hour or N/day`;
  }
}
