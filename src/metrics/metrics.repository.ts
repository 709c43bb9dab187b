import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ANONYMOUS_USERNAME } from '../users/user.entity';

export interface SiteCounts {
  units: number;
  units_translated: number;
  users: number;
  changes: number;
  projects: number;
  components: number;
  translations: number;
  languages: number;
  checks: number;
  suggestions: number;
}

/**
 * Site-wide counts in one statement. Units, translated units and failing checks are summed from the aggregates
 * each translation stores (kept by the units module), never counted over the units table.
 */
@Injectable()
export class MetricsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async counts(): Promise<SiteCounts> {
    const [row]: Record<keyof SiteCounts, string>[] = await this.dataSource.query(
      `SELECT
         (SELECT coalesce(sum(total), 0) FROM translations) AS units,
         (SELECT coalesce(sum(translated), 0) FROM translations) AS units_translated,
         (SELECT coalesce(sum(failing), 0) FROM translations) AS checks,
         (SELECT count(*) FROM translations) AS translations,
         (SELECT count(*) FROM users WHERE username <> $1) AS users,
         (SELECT count(*) FROM changes) AS changes,
         (SELECT count(*) FROM projects) AS projects,
         (SELECT count(*) FROM components) AS components,
         (SELECT count(*) FROM languages) AS languages,
         (SELECT count(*) FROM suggestions) AS suggestions`,
      [ANONYMOUS_USERNAME],
    );
    return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as unknown as SiteCounts;
  }
}
