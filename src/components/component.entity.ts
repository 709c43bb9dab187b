import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One translatable resource of a project: a file mask in a repository (or uploaded files), one translation per language. */
@Entity('components')
export class Component {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  projectId: number;

  @Column({ type: 'integer', nullable: true })
  categoryId: number | null;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  slug: string;

  @Column({ type: 'varchar', length: 20, default: 'git' })
  vcs: string;

  /** As configured: a remote URL, `weblate://project/component` for a shared repository, or `local:`. */
  @Column({ type: 'varchar', length: 300 })
  repo: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  push: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  branch: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  pushBranch: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  repoweb: string;

  /** Set when `repo` is an internal URL: the component whose working copy this one uses. */
  @Column({ type: 'integer', nullable: true })
  linkedComponentId: number | null;

  @Column({ type: 'varchar', length: 400 })
  filemask: string;

  @Column({ type: 'varchar', length: 400, default: '' })
  template: string;

  @Column({ default: true })
  editTemplate: boolean;

  @Column({ type: 'varchar', length: 400, default: '' })
  intermediate: string;

  @Column({ type: 'varchar', length: 400, default: '' })
  newBase: string;

  @Column({ type: 'varchar', length: 50 })
  fileFormat: string;

  @Column()
  sourceLanguageId: number;

  @Column({ type: 'varchar', length: 150, default: '' })
  license: string;

  @Column({ type: 'text', default: '' })
  agreement: string;

  @Column({ type: 'varchar', length: 10, default: 'add' })
  newLang: string;

  @Column({ type: 'varchar', length: 25, default: '' })
  languageCodeStyle: string;

  @Column({ type: 'text', default: '' })
  checkFlags: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  enforcedChecks: string[];

  @Column({ type: 'smallint', default: 100 })
  priority: number;

  @Column({ default: false })
  restricted: boolean;

  @Column({ type: 'varchar', length: 254, default: '' })
  reportSourceBugs: string;

  @Column({ type: 'varchar', length: 10, default: 'rebase' })
  mergeStyle: string;

  @Column({ type: 'text' })
  commitMessage: string;

  @Column({ type: 'text' })
  addMessage: string;

  @Column({ type: 'text' })
  deleteMessage: string;

  @Column({ type: 'text' })
  mergeMessage: string;

  @Column({ type: 'text' })
  addonMessage: string;

  @Column({ type: 'text' })
  pullMessage: string;

  @Column({ default: true })
  allowTranslationPropagation: boolean;

  @Column({ default: true })
  enableSuggestions: boolean;

  @Column({ default: false })
  suggestionVoting: boolean;

  @Column({ type: 'smallint', default: 0 })
  suggestionAutoaccept: number;

  @Column({ default: true })
  pushOnCommit: boolean;

  /** Hours after which pending changes are committed. */
  @Column({ type: 'smallint', default: 24 })
  commitPendingAge: number;

  @Column({ default: true })
  autoLockError: boolean;

  @Column({ type: 'varchar', length: 500, default: '^[^.]+$' })
  languageRegex: string;

  @Column({ type: 'varchar', length: 190, default: '' })
  variantRegex: string;

  @Column({ default: false })
  manageUnits: boolean;

  @Column({ default: false })
  isGlossary: boolean;

  @Column({ type: 'varchar', length: 30, default: 'silver' })
  glossaryColor: string;

  @Column({ default: false })
  locked: boolean;

  /** Why the last pull could not merge; empty when it did. */
  @Column({ type: 'text', default: '' })
  mergeFailure: string;

  /** The background task that created or is updating the component. */
  @Column({ type: 'uuid', nullable: true })
  taskId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;
}
