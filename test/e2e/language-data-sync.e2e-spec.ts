import { LanguageDataSync } from '../../src/languages/language-data.sync';
import { createTestApp, TestApp } from '../support/test-app';

const czechName = async (t: TestApp) => (await t.dataSource.query("SELECT name FROM languages WHERE code = 'cs'"))[0].name as string;

describe('shipped language definitions', () => {
  it('refreshes shipped definitions at migrate time by default', async () => {
    const t = await createTestApp();
    try {
      await t.dataSource.query("UPDATE languages SET name = 'Old name' WHERE code = 'cs'");
      await t.app.get(LanguageDataSync).sync();
      expect(await czechName(t)).toBe('Czech');
    } finally {
      await t.close();
    }
  });

  it('seeds a fresh installation but then leaves the definitions alone with UPDATE_LANGUAGES=false', async () => {
    const t = await createTestApp({ UPDATE_LANGUAGES: 'false' });
    try {
      expect(await czechName(t)).toBe('Czech');
      await t.dataSource.query("UPDATE languages SET name = 'Old name' WHERE code = 'cs'");
      await t.app.get(LanguageDataSync).sync();
      expect(await czechName(t)).toBe('Old name');
    } finally {
      await t.close();
    }
  });
});
