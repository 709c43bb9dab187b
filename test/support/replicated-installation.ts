import { GitHttpServer, startGitHttpServer } from './git-http-server';
import { RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy';
import { createSharedInstallation, ReplicaProcess, SharedInstallation } from './server-process';

/** One installation on several machines, as the reliability suites drive it; the fields are set once started. */
export interface ReplicatedInstallation {
  installation: SharedInstallation;
  /** Two API replicas (RUN_WORKERS=false); a suite that restarts one puts the new process in its place. */
  replicas: ReplicaProcess[];
  /** A round-robin proxy over the replicas, polling their health. */
  proxy: RoundRobinProxy;
  /** A git server for the components' remotes. */
  git: GitHttpServer;
  /** `Token <key>` of a superuser. */
  auth: string;
}

/**
 * Starts, before the file's tests, a shared installation (`env` for every process), two API replicas of it
 * (`replicaEnv` beside) behind a round-robin proxy, and a git server; stops them all after. Workers are the suite's.
 */
export function useReplicatedInstallation(env: Record<string, string>, replicaEnv: Record<string, string> = {}): ReplicatedInstallation {
  const started = {} as ReplicatedInstallation;
  beforeAll(async () => {
    started.git = await startGitHttpServer();
    started.installation = await createSharedInstallation({ VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false', ALLOWED_HOSTS: '*', ...env });
    const replica = { RUN_WORKERS: 'false', ...replicaEnv };
    // The first replica migrates the database; the second finds it ready.
    const first = await started.installation.startServer(replica);
    started.replicas = [first, await started.installation.startServer(replica)];
    started.proxy = await startRoundRobinProxy(started.replicas.map((process) => process.url));
    started.auth = `Token ${await started.installation.createAdmin()}`;
  });
  afterAll(async () => {
    await started.proxy?.close();
    await started.installation?.cleanUp();
    await started.git?.close();
  });
  return started;
}
