import { JsonFormatBase, FoundUnit, JsonSlot } from './json-file';
import { JsonValue, deletePath, setPath } from './json-model';
import { JsonNode, stringLeaves } from './json-scanner';
import { joinKeyPath, splitKeyPath } from './key-path';
import { TranslationUnit } from './translation-format';
import { keyedUnit } from './units';

/**
 * Key/value JSON (Weblate `json`): every string in the tree is a unit keyed by its flattened path. Numbers, booleans
 * and null are not translatable and are kept as they are. New keys are added flat at the top level.
 */
export class JsonFormat extends JsonFormatBase {
  readonly id: string = 'json';
  readonly name: string = 'JSON file';
  /** Whether keys of new units are split on "." into nested objects. */
  protected readonly nested: boolean = false;

  protected find(root: JsonNode): FoundUnit[] {
    return stringLeaves(root).map(({ path, node }) => ({ unit: keyedUnit(joinKeyPath(path), [node.value]), leaves: [node], paths: [path] }));
  }

  protected put(root: JsonValue, unit: TranslationUnit, slot: JsonSlot | undefined): void {
    setPath(root, slot?.paths[0] ?? (this.nested ? splitKeyPath(unit.context) : [unit.context]), unit.target[0] ?? '');
  }

  protected remove(root: JsonValue, slot: JsonSlot): void {
    slot.paths.forEach((path) => deletePath(root, path));
  }
}

/** Nested JSON (Weblate `json-nested`): as `json`, but new keys are written as nested objects. */
export class JsonNestedFormat extends JsonFormat {
  override readonly id = 'json-nested';
  override readonly name = 'JSON nested structure file';
  protected override readonly nested = true;
}
