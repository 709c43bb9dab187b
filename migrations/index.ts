import { CreateUsers1763780000000 } from './1763780000000-create-users';
import { CreateTasks1763780001000 } from './1763780001000-create-tasks';
import { CreateLanguages1763780002000 } from './1763780002000-create-languages';
import { CreateAccessControl1763780003000 } from './1763780003000-create-access-control';
import { CreateProjects1763780004000 } from './1763780004000-create-projects';
import { CreateCategories1763780005000 } from './1763780005000-create-categories';
import { CreateComponents1763780006000 } from './1763780006000-create-components';
import { AddComponentMergeFailure1763780008000 } from './1763780008000-add-component-merge-failure';
import { CreateComponentLists1763780007000 } from './1763780007000-create-component-lists';
import { CreateLabels1763780009000 } from './1763780009000-create-labels';
import { CreateUnitsAndChanges1763780010000 } from './1763780010000-create-units-and-changes';
import { CreateScreenshots1763780011000 } from './1763780011000-create-screenshots';
import { CreateRepositoryUpdates1763780020000 } from './1763780020000-create-repository-updates';
import { CreateEventOutbox1763780040000 } from './1763780040000-create-event-outbox';
import { CreateAddons1763780050000 } from './1763780050000-create-addons';
import { CreateNotificationEmails1763780060000 } from './1763780060000-create-notification-emails';
import { CreateMemory1763780070000 } from './1763780070000-create-memory';
import { ScopeMemoryEntries1763780080000 } from './1763780080000-scope-memory-entries';
import { CreateMachinerySettings1763780090000 } from './1763780090000-create-machinery-settings';
import { IndexUnitSearch1763780120000 } from './1763780120000-index-unit-search';
import { IndexUnitContentHash1763780150000 } from './1763780150000-index-unit-content-hash';
import { CountAccessChanges1763780160000 } from './1763780160000-count-access-changes';
import { CountRecentChanges1763780170000 } from './1763780170000-count-recent-changes';
import { TaskRunners1763780180000 } from './1763780180000-task-runners';
import { CountContextChanges1763780190000 } from './1763780190000-count-context-changes';
import { TranslationPages1763780200000 } from './1763780200000-translation-pages';
import { MemoryBestMatches1763780210000 } from './1763780210000-memory-best-matches';

/** Every migration, oldest first. Append new ones; never edit a merged one. */
export const MIGRATIONS = [
  CreateUsers1763780000000,
  CreateTasks1763780001000,
  CreateLanguages1763780002000,
  CreateAccessControl1763780003000,
  CreateProjects1763780004000,
  CreateCategories1763780005000,
  CreateComponents1763780006000,
  CreateComponentLists1763780007000,
  AddComponentMergeFailure1763780008000,
  CreateLabels1763780009000,
  CreateUnitsAndChanges1763780010000,
  CreateScreenshots1763780011000,
  CreateRepositoryUpdates1763780020000,
  CreateEventOutbox1763780040000,
  CreateAddons1763780050000,
  CreateNotificationEmails1763780060000,
  CreateMemory1763780070000,
  ScopeMemoryEntries1763780080000,
  CreateMachinerySettings1763780090000,
  IndexUnitSearch1763780120000,
  IndexUnitContentHash1763780150000,
  CountAccessChanges1763780160000,
  CountRecentChanges1763780170000,
  TaskRunners1763780180000,
  CountContextChanges1763780190000,
  TranslationPages1763780200000,
  MemoryBestMatches1763780210000,
];
