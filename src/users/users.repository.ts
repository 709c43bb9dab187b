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
  async replaceToken(manager: EntityManager, userId: number, keyHash: string, keyPrefix: string, expires: Date | null): Promise<void> {
    await manager.query(
      `INSERT INTO api_tokens (user_id, key_hash, key_prefix, expires) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET key_hash = EXCLUDED.key_hash, key_prefix = EXCLUDED.key_prefix,
         expires = EXCLUDED.expires, created = now()`,
      [userId, keyHash, keyPrefix, expires],
    );
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
