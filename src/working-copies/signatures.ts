import { User } from '../users/user.entity';
import { Signature } from '../vcs/working-copy';

/** Weblate's committer, and the author of commits no person made (merges, imports). */
export const WEBLATE_COMMITTER: Signature = { name: 'Weblate', email: 'noreply@weblate.org' };

/** A user as a commit author; someone without an e-mail address cannot sign, so Weblate signs for them. */
export function signatureOf(user: Pick<User, 'fullName' | 'username' | 'email'> | null | undefined): Signature {
  return user?.email ? { name: user.fullName || user.username, email: user.email } : WEBLATE_COMMITTER;
}
