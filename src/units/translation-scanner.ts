import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { Component } from '../components/component.entity';
import { DiscoveryResult, TranslationDiscovery } from '../translations/translation-discovery';
import { WorkingCopy } from '../vcs/working-copy';
import { loadTranslationFiles } from './translation-files.repository';
import { ImportOptions, ImportSummary, UnitImport } from './unit-import';

export type ScanResult = DiscoveryResult & ImportSummary;

/** Brings a component's translations and units in line with the files of its working copy. */
@Injectable()
export class TranslationScanner {
  constructor(
    private readonly discovery: TranslationDiscovery,
    private readonly units: UnitImport,
    private readonly changes: ChangesService,
  ) {}

  async scan(manager: EntityManager, component: Component, repository: WorkingCopy, options: ImportOptions = {}): Promise<ScanResult> {
    const files = await repository.listFiles(component.filemask);
    // Read once for both: when the update left the translations as they are, the import reads the same rows.
    const { only } = options;
    const known = only ? await loadTranslationFiles(manager, component.id) : [];
    const unchanged = only ? this.discovery.unchangedBy(known, files, only) : null;
    const found = unchanged ?? (await this.discovery.sync(manager, component, files));
    // A file of the mask that is no translation is never dropped silently: the log says so, once per file and reason.
    for (const { path, reason, alert } of found.skipped) {
      if (alert) await this.changes.recordOnce(manager, { action: ChangeAction.Alert, componentId: component.id, projectId: component.projectId, target: `Skipped ${path}: ${reason}`, details: { alert } });
    }
    const imported = await this.units.importComponent(manager, component, repository, unchanged ? { ...options, translations: known } : options);
    return { ...found, ...imported };
  }
}
