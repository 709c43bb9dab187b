import { join } from 'node:path';
import { Project } from '../../src/projects/project.entity';
import { User } from '../../src/users/user.entity';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { GitHttpServer, startGitHttpServer } from './git-http-server';
import { createTestApp, TestApp } from './test-app';

/** An app allowed to clone from the local smart-HTTP git server, that server, and a superuser to call with. */
export interface GitTestEnv {
  t: TestApp;
  git: GitHttpServer;
  admin: UserWithToken;
}

/** Starts the app and git server before the file's tests and stops them after; the fields are set by then. */
export function useGitTestEnv(adminFields: Partial<User> = {}, appEnv: () => Record<string, string> = () => ({})): GitTestEnv {
  const env = {} as GitTestEnv;
  beforeAll(async () => {
    [env.t, env.git] = await Promise.all([createTestApp({ VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false', ...appEnv() }), startGitHttpServer()]);
    env.admin = await createUser(env.t, { isSuperuser: true, ...adminFields });
  });
  afterAll(async () => {
    await env.t.close();
    await env.git.close();
  });
  return env;
}

export interface GitComponent {
  project: Project;
  componentId: number;
  workDir: string;
}

/**
 * A new project with component `app` cloned from a new bare repository `name` holding `files`, its setup task
 * run. `fields` are sent with the creation (filemask, file_format, …).
 */
export async function createGitComponent({ t, git, admin }: GitTestEnv, name: string, files: Record<string, string>, fields: Record<string, unknown>): Promise<GitComponent> {
  const url = await git.createBareRepo(name, files);
  const project = await createProject(t);
  const res = await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
    .send({ name: 'App', slug: 'app', repo: url, ...fields }).expect(201);
  await t.drainTasks();
  return { project, componentId: res.body.id as number, workDir: join(t.config.dataDir, 'vcs', String(project.id), String(res.body.id)) };
}
