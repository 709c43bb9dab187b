import { HookParser, NOT_A_PUSH, objectAt, optionalString, stringAt, withAndWithoutGitSuffix } from './hook-payload';

/** Pagure: only the `git.receive` topic is a push; the URLs are built from the instance's host and the project. */
export const parsePagure: HookParser = (payload) => {
  if (optionalString(payload, 'topic') !== 'git.receive') return NOT_A_PUSH;
  const message = objectAt(payload, 'msg');
  const server = new URL(stringAt(message, 'pagure_instance')).host;
  const project = stringAt(message, 'project_fullname');
  return {
    service: 'Pagure',
    repoUrls: withAndWithoutGitSuffix([`https://${server}/${project}.git`, `ssh://git@${server}/${project}.git`]),
    branch: optionalString(message, 'branch') ?? null,
    fullName: project,
  };
};
