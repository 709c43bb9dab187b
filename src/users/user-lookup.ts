import { Injectable } from '@nestjs/common';
import type { User } from './user.entity';
import { UsersRepository } from './users.repository';

/** How other modules find accounts (e.g. whom to credit with strings): the users module's queries stay behind this. */
@Injectable()
export class UserLookup {
  constructor(private readonly users: UsersRepository) {}

  findById(id: number): Promise<User | null> {
    return this.users.findById(id);
  }

  /** The oldest account with this e-mail address (compared case-insensitively, as the unique index does). */
  idByEmail(email: string): Promise<number | null> {
    return this.users.idByEmail(email);
  }
}
