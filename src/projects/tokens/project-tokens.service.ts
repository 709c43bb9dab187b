import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NotFoundError, ValidationError } from '../../core/errors/domain-error';
import { UrlBuilder } from '../../core/urls/url-builder';
import { MembershipService } from '../../auth/membership.service';
import { AuthenticationService } from '../../users/authentication.service';
import { BotAccounts, ProjectToken } from '../../users/bot-accounts';
import { Project } from '../project.entity';
import { CreateProjectTokenDto } from './create-project-token.dto';
import { retryingTransaction } from '../../database/retrying-transaction';

export interface ProjectTokenResponse {
  id: number;
  name: string;
  user: string;
  token_prefix: string;
  teams: string[];
  expires: string | null;
  created: string;
  /** The key itself, present only in the answer that created it. */
  token?: string;
}

/**
 * Project-scoped keys (wlp_), as Weblate makes them: each is a bot user (`bot-<project>-<name>`) holding one
 * key limited to the project, acting as a member of the project teams chosen for it.
 */
@Injectable()
export class ProjectTokensService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly authentication: AuthenticationService,
    private readonly bots: BotAccounts,
    private readonly membership: MembershipService,
  ) {}

  async list(project: Project, urls: UrlBuilder): Promise<ProjectTokenResponse[]> {
    return (await this.bots.projectTokens(project.id)).map((row) => serialize(row, urls));
  }

  async create(project: Project, dto: CreateProjectTokenDto, urls: UrlBuilder): Promise<ProjectTokenResponse> {
    const teams = [...new Set(dto.teams ?? [])];
    const expires = dto.expires ? new Date(dto.expires) : null;
    if (expires && expires.getTime() <= Date.now()) throw ValidationError.field('expires', 'The expiry date must be in the future.');
    const botId = await retryingTransaction(this.dataSource, async (manager) => {
      const valid = await this.membership.teamsOfProject(manager, project.id, teams);
      if (valid.length !== teams.length) throw ValidationError.field('teams', 'Choose teams of this project.', 'invalid_choice');
      const id = await this.bots.create(manager, botUsername(project.slug, dto.name), dto.name);
      for (const team of teams) await this.membership.add(id, team, manager);
      return id;
    });
    const token = await this.authentication.issueKey(botId, { kind: 'wlp_', expires, projectId: project.id, name: dto.name });
    const [row] = (await this.bots.projectTokens(project.id)).filter((candidate) => candidate.id === botId);
    return { ...serialize(row, urls), token };
  }

  /** Deleting the bot user revokes the key with it. */
  async remove(project: Project, id: number): Promise<void> {
    if (!(await this.bots.removeProjectBot(project.id, id))) throw new NotFoundError('Token not found.');
  }
}

function botUsername(projectSlug: string, name: string): string {
  return `bot-${projectSlug}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'token'}`.slice(0, 140);
}

function serialize(row: ProjectToken, urls: UrlBuilder): ProjectTokenResponse {
  return {
    id: row.id,
    name: row.name,
    user: urls.user(row.username),
    token_prefix: row.keyPrefix,
    teams: row.teamIds.map((id) => urls.group(id)),
    expires: row.expires ? row.expires.toISOString() : null,
    created: row.created.toISOString(),
  };
}
