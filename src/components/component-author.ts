import { type Automation, automationDetails } from '../units/unit-automation.service';
import type { User } from '../users/user.entity';

/** Who creates or removes a component: a user, or an add-on (weblate.discovery.discovery), named as add-ons' edits are. */
export type ComponentAuthor = Pick<User, 'id'> | Automation;

/** The columns of the change that records it. */
export function changeAuthor(by: ComponentAuthor): { userId: number | null; authorId: number | null; details?: Record<string, unknown> } {
  return 'addonId' in by ? { userId: null, authorId: null, details: automationDetails(by) } : { userId: by.id, authorId: by.id };
}
