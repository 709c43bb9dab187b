import { encodeText } from './text-codec';
import { indentsSequences, LineBreak, readYaml, withBreaks } from './yaml-document';

/** How a YAML file is laid out, as Weblate's "Customize YAML output" add-on sets it (the YAML dumper's arguments). */
export interface YamlLayout {
  /** Spaces per level of a block map. */
  indent: number;
  /** Long scalars are folded at this column (Weblate's 65535 is "no line wrapping"). */
  width: number;
  lineBreak: LineBreak;
}

/**
 * The file written again by yaml in the layout, or null when it already is: values with their types and quoting,
 * comments and the file's habit of indenting lists stay; the file keeps its encoding.
 */
export function layoutYaml(data: Buffer, layout: YamlLayout): Buffer | null {
  const { codec, document } = readYaml(data);
  // An empty file has nothing to lay out (yaml would write `null`).
  if (document.contents === null) return null;
  const text = document.toString({ indent: layout.indent, lineWidth: layout.width, indentSeq: indentsSequences(codec.text, layout.indent) });
  const written = encodeText(withBreaks(text, layout.lineBreak), codec);
  return written.equals(data) ? null : written;
}
