import { anyForm, Check, CheckContext, isLanguage, mismatchAt } from './check';

const FULL_STOPS = ['.', '。', '।', '۔', '։', '·', '෴', '។'];
const COLONS = [':', '：', '៖'];
const QUESTION_MARKS = ['?', '՞', '؟', '⸮', '？', '፧', '꘏', '⳺'];
const GREEK_QUESTION_MARKS = ['?', ';', '\u037e'];
const EXCLAMATION_MARKS = ['!', '！', '՜', '᥄', '႟', '߹'];

/** Three dots and the ellipsis character are interchangeable at the end of a string. */
function swapsEllipsis(source: string, target: string): boolean {
  return (source.endsWith('...') && target.endsWith('…')) || (source.endsWith('…') && target.endsWith('...'));
}

/** Lojban has no punctuation of this kind. */
function isLojban(context: CheckContext): boolean {
  return isLanguage(context, 'jbo');
}

function endStopFails(context: CheckContext, source: string, target: string): boolean {
  // Short strings may be abbreviated differently in the translation.
  if (source.length <= 4 || !target) return false;
  // Thai has no full stop.
  if (isLanguage(context, 'th') || isLojban(context)) return false;
  if (swapsEllipsis(source, target)) return false;
  if (isLanguage(context, 'ja') && /[:;]$/.test(source)) {
    // Japanese may end a sentence introducing a list with a full stop.
    return mismatchAt(source, target, -1, [';', ':', '：', '.', '。']);
  }
  if (isLanguage(context, 'hi', 'bn', 'or')) {
    // `|` in place of `।` is not typographically right, but common.
    return mismatchAt(source, target, -1, ['.', '।', '|']);
  }
  return mismatchAt(source, target, -1, FULL_STOPS);
}

function endColonFails(context: CheckContext, source: string, target: string): boolean {
  if (isLojban(context)) return false;
  if (isLanguage(context, 'ja')) {
    return /[:;]$/.test(source) && mismatchAt(source, target, -1, [';', ':', '：', '.', '。']);
  }
  return mismatchAt(source, target, -1, COLONS);
}

function endQuestionFails(context: CheckContext, source: string, target: string): boolean {
  if (isLojban(context)) return false;
  if (isLanguage(context, 'el')) {
    // Greek writes the question mark as `;` (or its own U+037E, which looks the same).
    return source.endsWith('?') && target !== '' && !GREEK_QUESTION_MARKS.includes(target.at(-1)!);
  }
  return mismatchAt(source, target, -1, QUESTION_MARKS);
}

function endExclamationFails(context: CheckContext, source: string, target: string): boolean {
  if (isLojban(context)) return false;
  // Basque may wrap the sentence in ¡…! and move the mark inside.
  if (isLanguage(context, 'eu') && source.endsWith('!') && target.includes('¡') && target.includes('!')) return false;
  return mismatchAt(source, target, -1, EXCLAMATION_MARKS);
}

function endEllipsisFails(context: CheckContext, source: string, target: string): boolean {
  if (isLojban(context)) return false;
  if (source.endsWith('...') && target.endsWith('…')) return false;
  return mismatchAt(source, target, -1, ['…']);
}

/**
 * Only the last character is compared, so French typography (a non-breaking space before `:?!`) passes
 * as it is: "Nom :" still ends with a colon.
 */
export const punctuationChecks: readonly Check[] = [
  { id: 'end_stop', name: 'Mismatched full stop', run: (c) => anyForm(c, (s, t) => endStopFails(c, s, t)) },
  { id: 'end_colon', name: 'Mismatched colon', run: (c) => anyForm(c, (s, t) => endColonFails(c, s, t)) },
  { id: 'end_question', name: 'Mismatched question mark', run: (c) => anyForm(c, (s, t) => endQuestionFails(c, s, t)) },
  {
    id: 'end_exclamation',
    name: 'Mismatched exclamation mark',
    run: (c) => anyForm(c, (s, t) => endExclamationFails(c, s, t)),
  },
  { id: 'end_ellipsis', name: 'Mismatched ellipsis', run: (c) => anyForm(c, (s, t) => endEllipsisFails(c, s, t)) },
];
