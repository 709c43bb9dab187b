import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { Language } from './language.entity';
import { PluralSource } from './plural.entity';

@Injectable()
export class LanguagesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Languages with their default plural only, the one the API shows. */
  private withDefaultPlural(): SelectQueryBuilder<Language> {
    return this.dataSource
      .getRepository(Language)
      .createQueryBuilder('language')
      .leftJoinAndSelect('language.plurals', 'plural', 'plural.source = :source', { source: PluralSource.Default });
  }

  page(offset: number, limit: number): Promise<Language[]> {
    return this.withDefaultPlural().orderBy('language.name').addOrderBy('language.code').offset(offset).limit(limit).getMany();
  }

  count(): Promise<number> {
    return this.dataSource.getRepository(Language).count();
  }

  findByCode(code: string): Promise<Language | null> {
    return this.withDefaultPlural().where('language.code = :code', { code }).getOne();
  }
}
