import { FoundUnit, JsonFormatBase, JsonSlot, putForms } from './json-file';
import { JsonValue, deletePath, setPath } from './json-model';
import { JsonNode, JsonString } from './json-scanner';
import { PathSegment, joinKeyPath, splitKeyPath } from './key-path';
import { isCategory, pluralCategories, sortCategories } from './plurals';
import { SerializeOptions, TranslationUnit } from './translation-format';
import { keyedUnit } from './units';

/**
 * i18next JSON: nested keys, with plural forms as sibling keys sharing a base name. v3 (`i18next`) suffixes them
 * `_plural` (two forms) or `_0`…`_n`; v4 (`i18nextv4`) uses CLDR categories, `_one`/`_other`…
 */
abstract class I18NextBase extends JsonFormatBase {
  /**
   * For the string members of one object: base name → its plural keys in form order. With the translation's
   * `categories`, v4 gives each category's key whether the file has it or not.
   */
  protected abstract pluralGroups(keys: string[], categories?: readonly string[]): Map<string, string[]>;
  /** Keys of the plural forms of `base` for `count` forms. */
  protected abstract formKeys(base: string, count: number, options: SerializeOptions): string[];

  protected find(root: JsonNode, categories?: readonly string[]): FoundUnit[] {
    return this.walk(root, [], categories);
  }

  private walk(node: JsonNode, path: PathSegment[], categories: readonly string[] | undefined): FoundUnit[] {
    if (node.kind === 'string') return [{ unit: keyedUnit(joinKeyPath(path), [node.value]), leaves: [node], paths: [path] }];
    if (node.kind === 'array') return node.items.flatMap((item, index) => this.walk(item, [...path, index], categories));
    if (node.kind !== 'object') return [];
    const strings = new Map<string, JsonString>();
    for (const member of node.members) if (member.value.kind === 'string') strings.set(member.key, member.value);
    const groups = this.pluralGroups([...strings.keys()], categories);
    const owner = new Map<string, string>();
    for (const [base, keys] of groups) keys.forEach((key) => owner.set(key, base));
    const found: FoundUnit[] = [];
    for (const member of node.members) {
      const base = owner.get(member.key);
      if (base === undefined) {
        found.push(...this.walk(member.value, [...path, member.key], categories));
      } else if (groups.get(base)!.find((key) => strings.has(key)) === member.key) {
        // The unit sits where its first form is; the other forms are skipped when the walk reaches them.
        const keys = groups.get(base)!;
        const leaves = keys.map((key) => strings.get(key));
        const forms = leaves.map((leaf) => leaf?.value ?? '');
        found.push({ unit: keyedUnit(joinKeyPath([...path, base]), forms), leaves, paths: keys.map((key) => [...path, key]) });
      }
    }
    return found;
  }

  protected put(root: JsonValue, unit: TranslationUnit, slot: JsonSlot | undefined, options: SerializeOptions): void {
    if (slot && slot.paths.length === unit.target.length) return putForms(root, slot, unit.target);
    const keyPath = splitKeyPath(unit.context);
    const parent = slot ? slot.paths[0].slice(0, -1) : keyPath.slice(0, -1);
    const base = String(keyPath[keyPath.length - 1]);
    const plural = unit.source.length > 1 || unit.target.length > 1;
    const keys = plural ? this.formKeys(base, unit.target.length, options) : [base];
    keys.forEach((key, index) => setPath(root, [...parent, key], unit.target[index]));
    // Old forms go after the new ones are in, so an emptied parent is not pruned and re-created at the end.
    slot?.paths.filter((path) => !keys.includes(String(path[path.length - 1]))).forEach((path) => deletePath(root, path));
  }

  protected remove(root: JsonValue, slot: JsonSlot): void {
    slot.paths.forEach((path) => deletePath(root, path));
  }
}

export class I18NextFormat extends I18NextBase {
  readonly id = 'i18next';
  readonly name = 'i18next JSON file v3';

  protected pluralGroups(keys: string[]): Map<string, string[]> {
    const present = new Set(keys);
    const groups = new Map<string, string[]>();
    for (const key of keys) {
      if (key.endsWith('_plural') && present.has(key.slice(0, -7))) groups.set(key.slice(0, -7), [key.slice(0, -7), key]);
      if (key.endsWith('_0')) {
        const base = key.slice(0, -2);
        const forms: string[] = [];
        for (let index = 0; present.has(`${base}_${index}`); index += 1) forms.push(`${base}_${index}`);
        groups.set(base, forms);
      }
    }
    return groups;
  }

  protected formKeys(base: string, count: number): string[] {
    if (count <= 2) return [base, `${base}_plural`].slice(0, count);
    return Array.from({ length: count }, (_, index) => `${base}_${index}`);
  }
}

export class I18NextV4Format extends I18NextBase {
  readonly id = 'i18nextv4';
  readonly name = 'i18next JSON file v4';
  readonly pluralsByCategory = true;

  /**
   * A base is plural when it has an `_other` key or two category keys: Weblate writes the gettext count of forms,
   * so a Russian file holds `_one`/`_few`/`_many` and no `_other`. A lone `step_one` stays a key of its own.
   */
  protected pluralGroups(keys: string[], categories?: readonly string[]): Map<string, string[]> {
    const byBase = new Map<string, string[]>();
    for (const key of keys) {
      const split = key.lastIndexOf('_');
      const base = key.slice(0, split);
      if (split <= 0 || !isCategory(key.slice(split + 1)) || base.endsWith('_ordinal')) continue;
      byBase.set(base, [...(byBase.get(base) ?? []), key.slice(split + 1)]);
    }
    const groups = new Map<string, string[]>();
    for (const [base, found] of byBase) {
      if (found.length < 2 && !found.includes('other')) continue;
      groups.set(base, (categories ?? sortCategories(found)).map((category) => `${base}_${category}`));
    }
    return groups;
  }

  protected formKeys(base: string, count: number, options: SerializeOptions): string[] {
    return pluralCategories(count, options).map((category) => `${base}_${category}`);
  }
}
