import { execFileSync } from 'node:child_process';
import { po as parsePo } from 'gettext-parser';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { loadTranslationFiles, markWritten } from '../../src/units/translation-files.repository';
import { loadFileUnits, RenderedVersions } from '../../src/units/unit-rows.repository';

/*
 * A commit renders a translation's pending strings into its file and then marks them written. An edit committed
 * between those two steps is not in the file: it must stay pending so the next commit writes it (it was once
 * cleared with the rest, and a later pull then read the stale file value back over the edit).
 */

const PO = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n\nmsgid "Hello"\nmsgstr ""\n\nmsgid "World"\nmsgstr ""\n';

describe('an edit made while a commit renders the file', () => {
  const env = useGitTestEnv();

  it('stays pending and is written by the next commit', async () => {
    const { t, admin } = env;
    const { project, componentId, workDir } = await createGitComponent(env, 'racing', { 'po/cs.po': PO }, { filemask: 'po/*.po', file_format: 'po' });
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const units = (await t.http().get(`${translation}units/`).set('Authorization', admin.auth).expect(200)).body.results as { id: number; source: string[] }[];
    const hello = units.find((unit) => unit.source[0] === 'Hello')!.id;
    const world = units.find((unit) => unit.source[0] === 'World')!.id;
    const edit = (id: number, target: string) => t.http().patch(`/api/units/${id}/`).set('Authorization', admin.auth).send({ target: [target], state: 20 }).expect(200);
    await edit(hello, 'Ahoj');
    await edit(world, 'Svet');

    await t.dataSource.transaction(async (manager) => {
      const [file] = (await loadTranslationFiles(manager, componentId)).filter((info) => info.languageCode === 'cs');
      const rendered: RenderedVersions = { ids: [], versions: [] };
      await loadFileUnits(manager, file!.id, false, { pendingOnly: true, rendered });
      expect(rendered.ids.sort()).toEqual([hello, world].sort());
      // Another request edits a string after the render read it, and commits first.
      await edit(world, 'Svete');
      await markWritten(manager, file!, 'rendered-revision', rendered);
    });

    const status = (await t.http().get(`${translation}repository/`).set('Authorization', admin.auth).expect(200)).body;
    expect(status.needs_commit).toBe(true);
    await t.http().post(`${translation}repository/`).set('Authorization', admin.auth).send({ operation: 'commit' }).expect(200);
    const committed = parsePo.parse(execFileSync('git', ['-C', workDir, 'show', 'HEAD:po/cs.po'])).translations[''] ?? {};
    expect(committed.World?.msgstr).toEqual(['Svete']);
  });
});
