import { CheckInput, runChecks } from '.';

const check = (source: string, target: string, extra: Partial<CheckInput> = {}) =>
  runChecks({ source: [source], target: [target], flags: '', pluralCount: 2, languageCode: 'de', ...extra });

describe('end_stop', () => {
  it('reports a full stop on one side only', () => {
    expect(check('The file was saved.', 'Die Datei wurde gespeichert')).toEqual(['end_stop']);
    expect(check('The file was saved', 'Die Datei wurde gespeichert.')).toEqual(['end_stop']);
    expect(check('The file was saved.', 'Die Datei wurde gespeichert.')).toEqual([]);
  });

  it('accepts CJK and other scripts’ full stops', () => {
    expect(check('The file was saved.', 'ファイルを保存しました。', { languageCode: 'ja' })).toEqual([]);
    expect(check('The file was saved.', 'फ़ाइल सहेजी गई।', { languageCode: 'hi' })).toEqual([]);
  });

  it('skips short strings and languages without a full stop', () => {
    expect(check('Etc.', 'usw')).toEqual([]);
    expect(check('The file was saved.', 'บันทึกไฟล์แล้ว', { languageCode: 'th' })).toEqual([]);
  });

  it('lets three dots and the ellipsis character stand for each other', () => {
    expect(check('Loading...', 'Wird geladen…')).toEqual([]);
  });

  it('is turned off by ignore-end-stop', () => {
    expect(check('The file was saved.', 'Die Datei wurde gespeichert', { flags: 'ignore-end-stop' })).toEqual([]);
  });
});

describe('end_colon, end_question, end_exclamation', () => {
  it('report a mark the translation lost or gained', () => {
    expect(check('File name:', 'Dateiname')).toEqual(['end_colon']);
    expect(check('Delete the file?', 'Datei löschen')).toEqual(['end_question']);
    expect(check('Well done!', 'Gut gemacht')).toEqual(['end_exclamation']);
  });

  it('accept full-width marks and French spacing before the mark', () => {
    expect(check('File name:', 'ファイル名：', { languageCode: 'zh_Hans' })).toEqual([]);
    expect(check('Delete the file?', '删除文件？', { languageCode: 'zh_Hans' })).toEqual([]);
    expect(check('Delete the file?', 'Supprimer le fichier\u202f?', { languageCode: 'fr' })).toEqual([]);
    expect(check('Well done!', 'Bien joué\u00a0!', { languageCode: 'fr' })).toEqual([]);
  });

  it('accept the Greek question mark', () => {
    expect(check('Delete the file?', 'Διαγραφή του αρχείου;', { languageCode: 'el' })).toEqual([]);
    expect(check('Delete the file?', 'Διαγραφή του αρχείου', { languageCode: 'el' })).toEqual(['end_question']);
  });

  it('are turned off by their ignore flags', () => {
    expect(check('File name:', 'Dateiname', { flags: 'ignore-end-colon' })).toEqual([]);
    expect(check('Delete the file?', 'Datei löschen', { flags: 'ignore-end-question' })).toEqual([]);
    expect(check('Well done!', 'Gut gemacht', { flags: 'ignore-end-exclamation' })).toEqual([]);
  });
});

describe('end_ellipsis', () => {
  it('reports an ellipsis character on one side only', () => {
    expect(check('Loading…', 'Wird geladen')).toEqual(['end_ellipsis']);
    expect(check('Loading…', 'Wird geladen…')).toEqual([]);
  });

  it('reports three dots for an ellipsis character, but not the other way round', () => {
    expect(check('Loading…', 'Wird geladen...')).toEqual(['end_ellipsis']);
    expect(check('Loading...', 'Wird geladen…')).toEqual([]);
  });
});
