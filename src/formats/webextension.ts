import { FoundUnit, JsonFormatBase, JsonSlot } from './json-file';
import { JsonValue, deletePath, setPath } from './json-model';
import { JsonNode, JsonObjectNode } from './json-scanner';
import { TranslationUnit } from './translation-format';
import { keyedUnit } from './units';

/**
 * WebExtension `messages.json` (Weblate `webextension`): `{"key": {"message": "…", "description": "…",
 * "placeholders": {…}}}`. The description is the unit's note; placeholders are kept untouched.
 */
export class WebExtensionFormat extends JsonFormatBase {
  readonly id = 'webextension';
  readonly name = 'WebExtension JSON file';
  override readonly bilingualCapable = false;

  protected find(root: JsonNode): FoundUnit[] {
    if (root.kind !== 'object') return [];
    return root.members.flatMap(({ key, value }) => {
      const message = value.kind === 'object' ? member(value, 'message') : undefined;
      if (message?.kind !== 'string') return [];
      const description = member(value as JsonObjectNode, 'description');
      const note = description?.kind === 'string' ? description.value : '';
      return [{ unit: keyedUnit(key, [message.value], { note }), leaves: [message], paths: [[key, 'message']] }];
    });
  }

  protected put(root: JsonValue, unit: TranslationUnit, slot: JsonSlot | undefined): void {
    if (slot) return setPath(root, slot.paths[0], unit.target[0] ?? '');
    const entry = new Map<string, JsonValue>([['message', unit.target[0] ?? '']]);
    if (unit.note) entry.set('description', unit.note);
    setPath(root, [unit.context], entry);
  }

  protected remove(root: JsonValue, slot: JsonSlot): void {
    deletePath(root, [slot.unit.context]);
  }
}

function member(node: JsonObjectNode, key: string): JsonNode | undefined {
  return node.members.find((candidate) => candidate.key === key)?.value;
}
