import { ValidatorConstraint, ValidatorConstraintInterface, ValidationArguments } from 'class-validator';
import { HOST_PATTERN, parseAllowedHosts } from '../core/http/allowed-hosts';

@ValidatorConstraint({ name: 'allowedHostsSyntax' })
export class AllowedHostsSyntax implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    const hosts = parseAllowedHosts(value);
    return hosts.length > 0 && hosts.every((host) => HOST_PATTERN.test(host));
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be a comma-separated list of host names (translate.example.org, .example.org for subdomains too, [::1], or *)`;
  }
}
