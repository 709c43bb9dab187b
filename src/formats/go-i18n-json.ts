import { FoundUnit, JsonFormatBase, JsonSlot, putForms } from './json-file';
import { JsonMap, JsonValue, deletePath, setPath } from './json-model';
import { JsonNode, JsonString } from './json-scanner';
import { pluralCategories, sortCategories } from './plurals';
import { SerializeOptions, TranslationUnit } from './translation-format';
import { keyedUnit } from './units';

/**
 * go-i18n v1 JSON (Weblate `go-i18n-json`): an array of `{"id": "key", "translation": "…"}`, where a plural
 * translation is an object keyed by CLDR category (`{"one": "…", "other": "…"}`).
 */
export class GoI18nJsonFormat extends JsonFormatBase {
  readonly id = 'go-i18n-json';
  readonly name = 'go-i18n v1 JSON file';
  readonly pluralsByCategory = true;

  protected override emptyDocument(): JsonValue {
    return [];
  }

  protected find(root: JsonNode, categories?: readonly string[]): FoundUnit[] {
    if (root.kind !== 'array') return [];
    return root.items.flatMap((item, index) => {
      if (item.kind !== 'object') return [];
      const id = item.members.find((m) => m.key === 'id')?.value;
      const translation = item.members.find((m) => m.key === 'translation')?.value;
      if (id?.kind !== 'string' || !translation) return [];
      if (translation.kind === 'string') {
        return [{ unit: keyedUnit(id.value, [translation.value]), leaves: [translation], paths: [[index, 'translation']] }];
      }
      if (translation.kind !== 'object') return [];
      const forms = new Map(translation.members.filter((m) => m.value.kind === 'string').map((m) => [m.key, m.value as JsonString]));
      const keys = categories ?? sortCategories(forms.keys());
      const leaves = keys.map((category) => forms.get(category));
      const unit = keyedUnit(id.value, leaves.map((leaf) => leaf?.value ?? ''));
      return [{ unit, leaves, paths: keys.map((category) => [index, 'translation', category]) }];
    });
  }

  protected put(root: JsonValue, unit: TranslationUnit, slot: JsonSlot | undefined, options: SerializeOptions): void {
    if (slot && slot.paths.length === unit.target.length) return putForms(root, slot, unit.target);
    const translation = unit.source.length > 1 || unit.target.length > 1
      ? new Map(pluralCategories(unit.target.length, options).map((category, index) => [category, unit.target[index]]))
      : (unit.target[0] ?? '');
    if (slot) return setPath(root, [slot.paths[0][0], 'translation'], translation);
    const entry: JsonMap = new Map<string, JsonValue>([['id', unit.context], ['translation', translation]]);
    (root as JsonValue[]).push(entry);
  }

  protected remove(root: JsonValue, slot: JsonSlot): void {
    deletePath(root, [slot.paths[0][0]]);
  }
}
