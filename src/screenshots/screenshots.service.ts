import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UserPermissions } from '../auth/user-permissions';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { ComponentLookup } from '../components/component-lookup';
import type { ComponentContext } from '../components/component-context';
import { AppConfig } from '../config/app-config';
import type { FileContent } from '../core/http/multipart';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import { TranslationLookup } from '../translations/translation-lookup';
import { CreateScreenshotDto, UpdateScreenshotDto } from './dto/screenshot-fields.dto';
import { Screenshot } from './screenshot.entity';
import { ScreenshotResponse, serializeScreenshot } from './screenshot.serializer';
import { readImageDimensions } from './image-dimensions';
import { detectImageFormat, ImageFormat, ScreenshotStorage } from './screenshot-storage';
import { ScreenshotContext, ScreenshotFilter, ScreenshotsRepository } from './screenshots.repository';
import { componentScope, projectScope } from '../auth/scopes';
import { isPgError, PG_ERROR } from '../database/pg-error';
import { MESSAGES } from '../core/validation/field-rules';
import { demand } from '../auth/policy/object-rules';
import { SCREENSHOT_RULES } from './screenshot.rules';

/** Who is acting: what they may do and who to record. */
export interface ScreenshotCaller {
  permissions: UserPermissions;
  userId: number | null;
}

export interface ScreenshotImage {
  data: Buffer;
  contentType: string;
}

/**
 * Screenshots and their images. The image file is written before its row and removed after it, so a row
 * never names a missing file; a failure in between leaves at most an unreferenced file, never a broken row.
 */
@Injectable()
export class ScreenshotsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly screenshots: ScreenshotsRepository,
    private readonly components: ComponentLookup,
    private readonly translations: TranslationLookup,
    private readonly storage: ScreenshotStorage,
    private readonly changes: ChangesService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async list(filter: ScreenshotFilter, request: PageRequest, urls: UrlBuilder): Promise<Page<ScreenshotResponse>> {
    const count = await this.screenshots.count(filter);
    return paginate(request, count, async (offset, limit) => {
      const rows = await this.screenshots.page(filter, offset, limit);
      return rows.map((row) => serializeScreenshot(row, urls));
    });
  }

  /**
   * The target comes from the body, so it is checked here: what the caller cannot see is reported as not
   * found on the field that named it (as Weblate does), what they see but may not change is 403.
   */
  async create(fields: CreateScreenshotDto, image: FileContent | undefined, caller: ScreenshotCaller, urls: UrlBuilder): Promise<ScreenshotResponse> {
    const component = await this.visibleComponent(fields.project_slug, fields.component_slug, caller.permissions);
    const translation = await this.translations.findInComponent(component, fields.language_code);
    if (!translation) {
      throw ValidationError.field('language_code', `Translation "${fields.language_code}" was not found.`, 'does_not_exist');
    }
    const { project } = component;
    const scope = componentScope(component, translation.language.id);
    demand(caller.permissions, SCREENSHOT_RULES.add, scope);
    const format = checkImage(image, this.config.screenshotMaxPixels);

    const path = await this.storage.write(project.id, image!.buffer, format);
    let id: number;
    try {
      id = await this.dataSource.transaction(async (manager) => {
        const row = await this.screenshots.insert(manager, {
          name: fields.name,
          repositoryFilename: fields.repository_filename ?? '',
          translationId: translation.translation.id,
          imagePath: path,
          contentType: format.contentType,
          userId: caller.userId,
        });
        await this.changes.record(manager, {
          action: ChangeAction.ScreenshotAdded, userId: caller.userId, translationId: row.translationId, target: row.name, details: { screenshot: row.id },
        });
        return row.id;
      });
    } catch (error) {
      await this.storage.remove(path);
      throw error;
    }
    return this.get(id, urls);
  }

  async get(id: number, urls: UrlBuilder): Promise<ScreenshotResponse> {
    const context = await this.screenshots.findContext(id);
    if (!context) throw new NotFoundError('No Screenshot matches the given query.');
    return serializeScreenshot(context, urls);
  }

  async update(context: ScreenshotContext, fields: UpdateScreenshotDto, urls: UrlBuilder): Promise<ScreenshotResponse> {
    const changes: Partial<Screenshot> = {};
    if (fields.name !== undefined) changes.name = fields.name;
    if (fields.repository_filename !== undefined) changes.repositoryFilename = fields.repository_filename;
    if (Object.keys(changes).length) {
      if (!(await this.screenshots.update(context.screenshot.id, changes))) throw new NotFoundError('No Screenshot matches the given query.');
    }
    return this.get(context.screenshot.id, urls);
  }

  async remove(context: ScreenshotContext, userId: number | null): Promise<void> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const row = await this.screenshots.lockForUpdate(manager, context.screenshot.id);
      if (!row) return null;
      await this.screenshots.delete(manager, row.id);
      await this.changes.record(manager, {
        action: ChangeAction.ScreenshotRemoved, userId, translationId: row.translationId, target: row.name, details: { screenshot: row.id },
      });
      return row;
    });
    if (!removed) throw new NotFoundError('No Screenshot matches the given query.');
    await this.storage.remove(removed.imagePath);
  }

  async readImage(context: ScreenshotContext): Promise<ScreenshotImage> {
    try {
      return { data: await this.storage.read(context.screenshot.imagePath), contentType: context.screenshot.contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundError('File not found.');
      throw error;
    }
  }

  /** A new image for the screenshot; the previous file goes once the row names the new one. */
  async replaceImage(context: ScreenshotContext, image: FileContent | undefined, userId: number | null): Promise<{ result: true }> {
    const format = checkImage(image, this.config.screenshotMaxPixels);
    const path = await this.storage.write(context.translation.component.project.id, image!.buffer, format);
    let previous: string;
    try {
      previous = await this.dataSource.transaction(async (manager) => {
        const row = await this.screenshots.lockForUpdate(manager, context.screenshot.id);
        if (!row) throw new NotFoundError('No Screenshot matches the given query.');
        await this.screenshots.update(row.id, { imagePath: path, contentType: format.contentType }, manager);
        await this.changes.record(manager, {
          action: ChangeAction.ScreenshotUploaded, userId, translationId: row.translationId, target: row.name, details: { screenshot: row.id },
        });
        return row.imagePath;
      });
    } catch (error) {
      await this.storage.remove(path);
      throw error;
    }
    await this.storage.remove(previous);
    return { result: true };
  }

  /** Associates a string of the screenshot's component (as the unit of the screenshot's own translation). */
  async addUnit(context: ScreenshotContext, rawUnitId: unknown, urls: UrlBuilder): Promise<ScreenshotResponse> {
    const unitId = parseUnitId(rawUnitId);
    if (unitId === null) throw ValidationError.field('unit_id', MESSAGES.integer, 'invalid');
    const counterpart = await this.screenshots.findCounterpartUnit(unitId, context.translation.component.component.id, context.screenshot.translationId);
    if (counterpart === null) throw ValidationError.field('unit_id', `Invalid pk "${unitId}" - object does not exist.`, 'does_not_exist');
    try {
      await this.screenshots.addUnit(this.dataSource.manager, context.screenshot.id, counterpart);
    } catch (error) {
      // The screenshot or the unit went away meanwhile (foreign key violation).
      if (isPgError(error, PG_ERROR.foreignKeyViolation)) throw new NotFoundError('No Screenshot matches the given query.');
      throw error;
    }
    return this.get(context.screenshot.id, urls);
  }

  /** Removing a string the screenshot does not show is a no-op, as in Weblate; one of another component is 404. */
  async removeUnit(context: ScreenshotContext, rawUnitId: string): Promise<void> {
    const unitId = parseUnitId(rawUnitId);
    const counterpart = unitId === null
      ? null
      : await this.screenshots.findCounterpartUnit(unitId, context.translation.component.component.id, context.screenshot.translationId);
    if (counterpart === null) throw new NotFoundError('No Unit matches the given query.');
    await this.screenshots.removeUnit(this.dataSource.manager, context.screenshot.id, counterpart);
  }

  /** The component the body names, if the caller can see it; project and component errors name their own field. */
  private async visibleComponent(projectSlug: string, componentPath: string, permissions: UserPermissions): Promise<ComponentContext> {
    const component = await this.components.findByPath(projectSlug, componentPath);
    if (component && permissions.canSee(componentScope(component))) return component;
    const project = component?.project ?? (await this.screenshots.findProjectBySlug(projectSlug));
    if (!project || !permissions.canSee(projectScope(project))) {
      throw ValidationError.field('project_slug', `Project "${projectSlug}" was not found.`, 'does_not_exist');
    }
    throw ValidationError.field('component_slug', `Component "${componentPath}" was not found.`, 'does_not_exist');
  }
}

/**
 * The uploaded image, told by its content: PNG, JPEG, GIF or WebP (the byte limit is the body parser's), no
 * larger than `maxPixels` by the size its header declares, so no oversized image is ever decoded.
 */
function checkImage(image: FileContent | undefined, maxPixels: number): ImageFormat {
  if (!image) throw ValidationError.field('image', 'No file was submitted.', 'required');
  if (image.buffer.length === 0) throw ValidationError.field('image', 'The submitted file is empty.', 'empty');
  const format = detectImageFormat(image.buffer);
  if (!format) {
    throw ValidationError.field('image', 'Unsupported image format: upload a PNG, JPEG, GIF or WebP image.', 'invalid_image');
  }
  const dimensions = readImageDimensions(image.buffer, format);
  if (!dimensions || dimensions.width === 0 || dimensions.height === 0) {
    throw ValidationError.field('image', 'The image is damaged: its size could not be read.', 'invalid_image');
  }
  if (dimensions.width * dimensions.height > maxPixels) {
    throw ValidationError.field(
      'image',
      `The image is too large: ${dimensions.width} × ${dimensions.height} pixels, at most ${maxPixels} pixels are accepted.`,
      'invalid_image',
    );
  }
  return format;
}

/** Ids beyond the integer column's range would be a database error, not a missing unit. */
function parseUnitId(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw > 0 && raw < 1e9 ? raw : null;
  if (typeof raw === 'string' && /^\d{1,9}$/.test(raw.trim())) return Number(raw.trim());
  return null;
}
