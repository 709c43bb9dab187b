import { parseAzure } from './azure';
import { parseBitbucket } from './bitbucket';
import { parseForgejo, parseGitea } from './gitea';
import { parseGitee } from './gitee';
import { parseGithub } from './github';
import { parseGitlab } from './gitlab';
import { HookParser } from './hook-payload';
import { parsePagure } from './pagure';

export * from './hook-payload';

/** `/hooks/<service>/` → its payload parser. A Map, so a service name from the URL never reaches Object's prototype. */
export const HOOK_PARSERS: ReadonlyMap<string, HookParser> = new Map([
  ['github', parseGithub],
  ['gitlab', parseGitlab],
  ['bitbucket', parseBitbucket],
  ['pagure', parsePagure],
  ['azure', parseAzure],
  ['gitea', parseGitea],
  ['gitee', parseGitee],
  ['forgejo', parseForgejo],
]);
