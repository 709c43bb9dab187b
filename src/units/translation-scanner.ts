import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Component } from '../components/component.entity';
import { DiscoveryResult, TranslationDiscovery } from '../translations/translation-discovery';
import { Repository } from '../vcs/repository';
import { ImportSummary, UnitImport } from './unit-import';

export type ScanResult = DiscoveryResult & ImportSummary;

/** Brings a component's translations and units in line with the files of its working copy. */
@Injectable()
export class TranslationScanner {
  constructor(
    private readonly discovery: TranslationDiscovery,
    private readonly units: UnitImport,
  ) {}

  async scan(manager: EntityManager, component: Component, repository: Repository, options: { force?: boolean } = {}): Promise<ScanResult> {
    const found = await this.discovery.sync(manager, component, await repository.listFiles(component.filemask));
    const imported = await this.units.importComponent(manager, component, repository, options);
    return { ...found, ...imported };
  }
}
