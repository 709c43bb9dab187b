import { randomBytes } from 'node:crypto';
import { MembershipService } from '../../src/auth/membership.service';
import { AuthenticationService } from '../../src/users/authentication.service';
import { User } from '../../src/users/user.entity';
import { TestApp } from '../support/test-app';

export interface UserWithToken {
  user: User;
  token: string;
  /** `Authorization` header value for this user. */
  auth: string;
}

/** A user with a fresh personal API key, in the default groups new users join; every call makes a distinct user. */
export async function createUser(t: TestApp, overrides: Partial<User> = {}): Promise<UserWithToken> {
  const name = `user_${randomBytes(4).toString('hex')}`;
  const user = await t.dataSource.getRepository(User).save({
    username: name,
    fullName: `Test ${name}`,
    email: `${name}@example.com`,
    isActive: true,
    isSuperuser: false,
    isBot: false,
    ...overrides,
  });
  await t.app.get(MembershipService).joinDefaultGroups(user.id);
  const token = await t.app.get(AuthenticationService).issueKey(user.id);
  return { user, token, auth: `Token ${token}` };
}
