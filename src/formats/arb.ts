import { FoundUnit, JsonFormatBase, JsonSlot } from './json-file';
import { JsonValue, deletePath, getChild, setPath } from './json-model';
import { JsonNode } from './json-scanner';
import { TranslationUnit } from './translation-format';
import { keyedUnit } from './units';

/**
 * Flutter ARB (Weblate `arb`): `"key": "value"` with metadata in `"@key": {"description": …, "placeholders": …}` and
 * file-level `@@…` members. Metadata is kept as is; its description is the unit's note. Plurals are ICU messages
 * inside one string, so they need no special handling here.
 */
export class ArbFormat extends JsonFormatBase {
  readonly id = 'arb';
  readonly name = 'ARB file';
  override readonly extensions = ['arb', 'json'];
  protected override readonly localeKey = '@@locale';

  protected find(root: JsonNode): FoundUnit[] {
    if (root.kind !== 'object') return [];
    const metadata = new Map(root.members.filter((m) => m.key.startsWith('@')).map((m) => [m.key.slice(1), m.value]));
    return root.members.flatMap(({ key, value }) => {
      if (key.startsWith('@') || value.kind !== 'string') return [];
      const meta = metadata.get(key);
      const description = meta?.kind === 'object' ? meta.members.find((m) => m.key === 'description')?.value : undefined;
      const note = description?.kind === 'string' ? description.value : '';
      return [{ unit: keyedUnit(key, [value.value], { note }), leaves: [value], paths: [[key]] }];
    });
  }

  protected put(root: JsonValue, unit: TranslationUnit, slot: JsonSlot | undefined): void {
    setPath(root, [unit.context], unit.target[0] ?? '');
    if (!slot && unit.note && getChild(root, `@${unit.context}`) === undefined) {
      setPath(root, [`@${unit.context}`], new Map([['description', unit.note]]));
    }
  }

  protected remove(root: JsonValue, slot: JsonSlot): void {
    deletePath(root, [slot.unit.context]);
    deletePath(root, [`@${slot.unit.context}`]);
  }
}
