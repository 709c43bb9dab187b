import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiToken } from './api-token.entity';
import { ANONYMOUS_USERNAME, User } from './user.entity';

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findAnonymous(): Promise<User> {
    return this.dataSource.getRepository(User).findOneByOrFail({ username: ANONYMOUS_USERNAME });
  }

  findByUsername(username: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ username });
  }

  /** The token row with its user, by the key's hash. */
  findTokenByHash(keyHash: string): Promise<ApiToken | null> {
    return this.dataSource.getRepository(ApiToken).findOne({ where: { keyHash }, relations: { user: true } });
  }

  /** Replaces the user's key in one statement, so the old key stops working the moment the new one exists. */
  async replaceToken(
    manager: EntityManager,
    userId: number,
    token: { keyHash: string; keyPrefix: string; expires: Date | null; projectId: number | null; name: string | null },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO api_tokens (user_id, key_hash, key_prefix, expires, project_id, name) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET key_hash = EXCLUDED.key_hash, key_prefix = EXCLUDED.key_prefix,
         expires = EXCLUDED.expires, project_id = EXCLUDED.project_id, name = EXCLUDED.name, created = now()`,
      [userId, token.keyHash, token.keyPrefix, token.expires, token.projectId, token.name],
    );
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
