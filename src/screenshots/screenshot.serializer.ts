import { UrlBuilder } from '../core/urls/url-builder';
import { ScreenshotContext } from './screenshots.repository';

export interface ScreenshotResponse {
  id: number;
  name: string;
  repository_filename: string;
  translation: string;
  file_url: string;
  units: string[];
  url: string;
}

/** Weblate's ScreenshotSerializer: the translation it belongs to, its image and the strings it shows, as URLs. */
export function serializeScreenshot({ screenshot, translation, unitIds }: ScreenshotContext, urls: UrlBuilder): ScreenshotResponse {
  const { component } = translation;
  return {
    id: screenshot.id,
    name: screenshot.name,
    repository_filename: screenshot.repositoryFilename,
    translation: urls.translation(component.project.slug, component.path, translation.translation.languageCode),
    file_url: urls.screenshotFile(screenshot.id),
    units: unitIds.map((id) => urls.unit(id)),
    url: urls.screenshot(screenshot.id),
  };
}
