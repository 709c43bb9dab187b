import { Injectable } from '@nestjs/common';
import { AuthenticationFailedError } from '../core/errors/domain-error';
import { ApiKeyKind, generateApiKey, hashApiKey } from './api-key';
import { User } from './user.entity';
import { UsersRepository } from './users.repository';

/** Who is calling: a user, and for project-scoped keys the one project the key opens. */
export interface Caller {
  user: User;
  tokenProjectId: number | null;
  /** The access generation read with a key's holder; null for anonymous callers, whose lookup is cached. */
  accessGeneration: string | null;
}

/** Turns an `Authorization` header into a caller, and issues API keys. */
@Injectable()
export class AuthenticationService {
  private anonymous: Promise<User> | null = null;

  constructor(private readonly users: UsersRepository) {}

  /**
   * `Token <key>` and `Bearer <key>` authenticate; no header (or another scheme, such as a browser's Basic)
   * means the anonymous user, as in Weblate.
   */
  async authenticate(authorization: string | undefined): Promise<Caller> {
    const match = /^\s*(Token|Bearer)\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) {
      if (/^\s*(Token|Bearer)\b/i.test(authorization ?? '')) throw new AuthenticationFailedError('Invalid token header. No credentials provided.');
      return { user: await this.anonymousUser(), tokenProjectId: null, accessGeneration: null };
    }
    const holder = await this.users.findTokenHolder(hashApiKey(match[2]));
    if (!holder || (holder.expires && holder.expires.getTime() <= Date.now())) throw new AuthenticationFailedError('Invalid token.');
    if (!holder.user.isActive) throw new AuthenticationFailedError('User inactive or deleted.');
    return { user: holder.user, tokenProjectId: holder.projectId, accessGeneration: holder.accessGeneration };
  }

  /** Issues a new key for the user, replacing (and so revoking) any earlier one; returns the plain key. */
  async issueKey(userId: number, options: { kind?: ApiKeyKind; expires?: Date | null; projectId?: number; name?: string } = {}): Promise<string> {
    const key = generateApiKey(options.kind ?? 'wlu_');
    await this.users.transaction((manager) =>
      this.users.replaceToken(manager, userId, {
        keyHash: hashApiKey(key),
        keyPrefix: key.slice(0, 8),
        expires: options.expires ?? null,
        projectId: options.projectId ?? null,
        name: options.name ?? null,
      }),
    );
    return key;
  }

  /** The anonymous user never changes identity, so one lookup per process is enough. */
  private anonymousUser(): Promise<User> {
    this.anonymous ??= this.users.findAnonymous().catch((error: unknown) => {
      this.anonymous = null;
      throw error;
    });
    return this.anonymous;
  }
}
