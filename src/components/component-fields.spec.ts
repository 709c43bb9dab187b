import { componentColumns } from './component-fields';

describe('componentColumns', () => {
  it('maps wire names to entity properties and skips fields resolved elsewhere', () => {
    expect(
      componentColumns({ file_format: 'po', push_on_commit: false, source_language: 'cs', category: null, name: 'A', commit_pending_age: 5 }),
    ).toEqual({ fileFormat: 'po', pushOnCommit: false, name: 'A', commitPendingAge: 5 });
  });

  it('leaves out absent fields, so PATCH touches only what was sent', () => {
    expect(componentColumns({ name: undefined, slug: 'x' })).toEqual({ slug: 'x' });
  });
});
