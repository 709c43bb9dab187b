import { Language } from '../languages/language.entity';
import { Plural } from '../languages/plural.entity';
import { Task } from '../tasks/task.entity';
import { ApiToken } from '../users/api-token.entity';
import { User } from '../users/user.entity';

/** Every entity of the application; the DataSource loads exactly these. */
export const ENTITIES = [User, ApiToken, Task, Language, Plural];
