import { TranslationUnitUrls, UrlBuilder } from '../core/urls/url-builder';
import { UnitState } from '../formats';
import { serializeLabel } from '../labels/label.entity';
import { UnitContext } from './units.repository';

export type UnitResponse = ReturnType<typeof serializeWith>;

export function serializeUnit(context: UnitContext, urls: UrlBuilder) {
  return serializeWith(context, urlsOf(context, urls));
}

function urlsOf({ translation }: UnitContext, urls: UrlBuilder): TranslationUnitUrls {
  return urls.unitsOf(translation.component.project.slug, translation.component.path, translation.translation.languageCode);
}

/** Weblate's UnitSerializer. The fuzzy/translated/approved booleans mirror `state`. */
function serializeWith({ unit, translation, labels }: UnitContext, urls: TranslationUnitUrls) {
  return {
    translation: urls.translation,
    language_code: translation.translation.languageCode,
    source: unit.source,
    previous_source: unit.previousSource,
    target: unit.target,
    id_hash: Number(unit.idHash),
    content_hash: Number(unit.contentHash),
    location: unit.location,
    context: unit.context,
    note: unit.note,
    flags: unit.flags,
    labels: labels.map(serializeLabel),
    state: unit.state,
    fuzzy: unit.state >= UnitState.Fuzzy && unit.state < UnitState.Translated,
    translated: unit.state >= UnitState.Translated,
    approved: unit.state === UnitState.Approved,
    position: unit.position,
    has_suggestion: unit.hasSuggestion,
    has_comment: unit.hasComment,
    has_failing_check: unit.failingChecks.length > 0,
    num_words: unit.numWords,
    source_unit: urls.unit(unit.sourceUnitId ?? unit.id),
    priority: unit.priority,
    id: unit.id,
    web_url: urls.unitWeb(unit.idHash),
    url: urls.unit(unit.id),
    explanation: unit.explanation,
    extra_flags: unit.extraFlags,
    pending: unit.pending,
    timestamp: unit.timestamp.toISOString(),
    last_updated: unit.lastUpdated.toISOString(),
    automatically_translated: unit.automaticallyTranslated,
  };
}
