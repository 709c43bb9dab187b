/**
 * The code a new translation file is named with, from Weblate's language code (`pt_BR`, `sr_Latn`) and the
 * component's `language_code_style` (weblate/formats/base.py `get_language_*`). The `_long` and legacy styles
 * need country data this server does not keep; they fall back to their short forms.
 */
export function formatLanguageCode(code: string, style: string, fileFormat: string): string {
  const posix = code.replace(/-/g, '_');
  const bcp = code.replace(/_/g, '-');
  switch (style || FORMAT_DEFAULTS[fileFormat] || 'posix') {
    case 'posix':
    case 'posix_long':
    case 'linux':
      return posix;
    case 'posix_lowercase':
    case 'posix_long_lowercase':
    case 'linux_lowercase':
      return posix.toLowerCase();
    case 'bcp':
    case 'bcp_long':
    case 'bcp_legacy':
    case 'appstore':
    case 'googleplay':
      return bcp;
    case 'bcp_lower':
      return bcp.toLowerCase();
    case 'android':
      return androidCode(posix);
    default:
      return posix;
  }
}

/** Formats whose files use another style than POSIX unless the component says otherwise. */
const FORMAT_DEFAULTS: Record<string, string> = { aresource: 'android', i18next: 'bcp', i18nextv4: 'bcp' };

/** `pt_BR` → `pt-rBR`, `sr_Latn` → `b+sr+Latn`; Android names Chinese scripts by region. */
function androidCode(posix: string): string {
  if (posix === 'zh_Hans') return 'zh-rCN';
  if (posix === 'zh_Hant') return 'zh-rTW';
  const [, second] = posix.split('_');
  if (second && second.length > 2) return `b+${posix.replace(/_/g, '+')}`;
  return posix.replace('_', '-r');
}
